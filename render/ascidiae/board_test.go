package ascidiae

import (
	"bytes"
	"flag"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	asc "github.com/boardbot/boardbot/rules/ascidiae"
)

var _ = flag.Bool("update", false, "rewrite golden images")

// position plays n random moves of a seeded game: deterministic, so golden images are stable.
func position(t testing.TB, seats int, opts map[string]string, seed uint64, n int) rules.State {
	t.Helper()
	s, err := asc.Game.Info().ValidateSetup(rules.Setup{Seats: seats, Seed: seed, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	st, err := asc.Game.New(s)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 3))
	for i := 0; i < n && st.Result() == nil; i++ {
		p := st.Awaiting()[0]
		m, err := rules.RandomMove(st, p.Seat, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(p.Seat, m); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

var cases = []struct {
	name  string
	seats int
	opts  map[string]string
	moves int
}{
	{"setup-2p", 2, nil, 1},
	{"first-2p", 2, map[string]string{"preset": "first"}, 45},
	{"fourth-4p", 4, map[string]string{"preset": "fourth", "rearrange": "0"}, 140},
	{"solo-third", 1, map[string]string{"preset": "third"}, 40},
	{"finished-2p", 2, map[string]string{"preset": "second", "difficulty": "black"}, 100000},
}

func TestGolden(t *testing.T) {
	for _, c := range cases {
		st := position(t, c.seats, c.opts, 7, c.moves)
		img, err := Image(st.View(rules.Spectator), render.SampleMeta(c.seats))
		if err != nil {
			t.Fatal(err)
		}
		render.Golden(t, c.name, img)
		b, err := PNG(st.View(rules.Spectator), render.Meta{})
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > 150_000 {
			t.Errorf("%s: PNG is %d bytes, over 150 KB", c.name, len(b))
		}
	}
}

// TestGoldenSnapshots draws busy positions from greedy games, stored as snapshots.
func TestGoldenSnapshots(t *testing.T) {
	for _, name := range []string{"midgame-2p", "midgame-3p"} {
		b, err := os.ReadFile(filepath.Join("testdata", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		st, err := asc.Game.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		img, err := Image(st.View(rules.Spectator), render.Meta{})
		if err != nil {
			t.Fatal(err)
		}
		render.Golden(t, name, img)
	}
}

func TestRejectsOtherViews(t *testing.T) {
	if _, err := Image(42, render.Meta{}); err == nil {
		t.Errorf("a non-ascidiae view was drawn")
	}
}

func BenchmarkRenderPNG(b *testing.B) {
	for _, c := range cases[1:3] {
		st := position(b, c.seats, c.opts, 7, c.moves)
		v := st.View(rules.Spectator)
		b.Run(c.name, func(b *testing.B) {
			size := 0
			done := render.CPUPerOp(b)
			for i := 0; i < b.N; i++ {
				p, err := PNG(v, render.Meta{})
				if err != nil {
					b.Fatal(err)
				}
				size = len(p)
			}
			done(b.N)
			b.ReportMetric(float64(size), "bytes")
		})
	}
}

// BenchmarkFocus is the focus image posted with the board, drawn and encoded.
func BenchmarkFocus(b *testing.B) {
	for _, c := range cases[1:3] {
		st := position(b, c.seats, c.opts, 7, c.moves)
		v := st.View(rules.Spectator)
		meta := render.SampleMeta(c.seats)
		b.Run(c.name, func(b *testing.B) {
			size := 0
			done := render.CPUPerOp(b)
			for i := 0; i < b.N; i++ {
				p, err := Focus(v, meta)
				if err != nil {
					b.Fatal(err)
				}
				size = len(p)
			}
			done(b.N)
			b.ReportMetric(float64(size), "bytes")
		})
	}
}

// TestRenderSweep draws positions all along random games of every seat count and preset: no
// error, and every PNG under 150 KB.
func TestRenderSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("renders many boards")
	}
	presets := []string{"first", "second", "third", "fourth", "random"}
	biggest := 0
	for seats := 1; seats <= 4; seats++ {
		pr := presets[seats%len(presets)]
		s, _ := asc.Game.Info().ValidateSetup(rules.Setup{Seats: seats, Seed: uint64(seats), Options: map[string]string{"preset": pr, "long": "yes"}})
		st, err := asc.Game.New(s)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(seats), 5))
		for i := 0; ; i++ {
			if i%15 == 0 || st.Result() != nil {
				b, err := PNG(st.View(rules.Spectator), render.Meta{})
				if err != nil {
					t.Fatalf("%d seats move %d: %v", seats, i, err)
				}
				biggest = max(biggest, len(b))
				if len(b) > 150_000 {
					t.Errorf("%d seats move %d: PNG %d bytes", seats, i, len(b))
				}
			}
			if st.Result() != nil {
				break
			}
			p := st.Awaiting()[0]
			m, err := rules.RandomMove(st, p.Seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(p.Seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("largest PNG %d bytes", biggest)
}

// BenchmarkImage is the drawing alone, without the PNG encoding.
func BenchmarkImage(b *testing.B) {
	v := position(b, 4, map[string]string{"preset": "fourth", "rearrange": "0"}, 7, 140).View(rules.Spectator)
	for i := 0; i < b.N; i++ {
		if _, err := Image(v, render.Meta{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestGoldenFocus keeps the focus image posted with the board at mid-game moments: the central
// board, the players, the awaited player's grid and the log.
func TestGoldenFocus(t *testing.T) {
	for _, c := range cases {
		if c.moves < 40 || c.moves > 1000 {
			continue // mid-game moments only
		}
		st := position(t, c.seats, c.opts, 7, c.moves)
		b, err := Focus(st.View(rules.Spectator), render.SampleMeta(c.seats))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		render.Golden(t, "focus-"+c.name, img)
	}
}

// The board of a game that ended asks nobody anything (no "Now:" question of the turn a
// resignation cut short), and a finished game's log shows the turn that won it.
func TestEndedBoardShowsNoQuestionAndTheWinningTurn(t *testing.T) {
	labels := func(v any, m render.Meta) string {
		stop := render.RecordLabels()
		if _, err := Image(v, m); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range stop() {
			out = append(out, l.Text)
		}
		return strings.Join(out, "\n")
	}
	mid := position(t, 2, map[string]string{"preset": "first"}, 4, 45)
	if !strings.Contains(labels(mid.View(rules.Spectator), render.Meta{}), "Now: ") {
		t.Fatal("a running game's board asks its question")
	}
	resigned := &rules.Result{Ranks: []int{2, 1}, ReasonMsg: rules.Verbatim("alice resigned")}
	for _, m := range []render.Meta{{Result: resigned}, {Aborted: true}} {
		if got := labels(mid.View(rules.Spectator), m); strings.Contains(got, "Now: ") {
			t.Fatalf("an ended game's board still asks (%+v):\n%s", m, got)
		}
	}
	// A win in the middle of a turn (a colony claimed) ends the game with that turn's log.
	won := *mid.View(rules.Spectator).(*asc.View)
	if len(won.Log) == 0 {
		t.Fatal("the position has no turn in progress")
	}
	won.Result = &rules.Result{Ranks: []int{1, 2}, ReasonMsg: rules.Verbatim("alice claims a second colony and wins.")}
	if got := labels(&won, render.Meta{}); !strings.Contains(got, ", this turn:") {
		t.Fatalf("the final board does not show the winning turn %q:\n%s", won.Log, got)
	}
}

// One clock on the board and the focus image (issue 38: "round 6/40" over "bob, turn 5"): with
// players the log heads a turn by its round, and the focus image counts no turns per player;
// solo, where the goal counts turns, the log does too.
func TestOneClock(t *testing.T) {
	labels := func(draw func(any, render.Meta) error, v any) string {
		stop := render.RecordLabels()
		if err := draw(v, render.Meta{}); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range stop() {
			out = append(out, l.Text)
		}
		return strings.Join(out, "\n")
	}
	mid := position(t, 2, map[string]string{"preset": "first"}, 4, 45).View(rules.Spectator)
	board := func(v any, m render.Meta) error { _, err := Image(v, m); return err }
	focus := func(v any, m render.Meta) error { _, err := Focus(v, m); return err }
	for name, draw := range map[string]func(any, render.Meta) error{"board": board, "focus": focus} {
		got := labels(draw, mid)
		if !strings.Contains(got, "round") || strings.Contains(got, "turn ") {
			t.Errorf("%s: two clocks or none:\n%s", name, got)
		}
	}
	solo := position(t, 1, map[string]string{"preset": "third"}, 4, 40).View(rules.Spectator)
	if got := labels(board, solo); strings.Contains(got, "round") || !strings.Contains(got, ", turn ") {
		t.Errorf("solo:\n%s", got)
	}
}

// Solo, the set-up status speaks to the one player, not of "every player" (issue 38).
func TestSoloSetupStatus(t *testing.T) {
	for _, c := range []struct {
		seats int
		want  string
	}{{1, "Setup: place A. basica"}, {2, "Setup: every player places"}} {
		st := position(t, c.seats, nil, 1, 0)
		stop := render.RecordLabels()
		if _, err := Focus(st.View(rules.Spectator), render.Meta{}); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range stop() {
			out = append(out, l.Text)
		}
		if got := strings.Join(out, "\n"); !strings.Contains(got, c.want) {
			t.Errorf("%d seats: no %q in\n%s", c.seats, c.want, got)
		}
	}
}

// Every species' ability rows fit a pile card's width once split and drawn (issue 38: iota's row ran off
// its card, the text kept at its smallest size while the row was shrunk in proportion).
func TestAbilityRowsFitAPile(t *testing.T) {
	c := render.AcquireCanvas(400, 40, render.Paper)
	defer c.Release()
	maxW := pileW - 10
	for _, d := range asc.GameData().Cards {
		for i, ab := range d.Abilities {
			for _, scale := range []float64{1, 0.8, 0.6} {
				row := append([]glyph{{text: itoa(i+1) + ":", bold: true}}, abilityGlyphs(ab, asc.Up, "en")...)
				for _, part := range splitRow(row, maxW) {
					if w := drawRow(c, 0, 20, maxW, part, scale); w > maxW+0.5 {
						t.Errorf("%s ability %d at scale %.1f: %.1f px wide, the card has %.1f", d.ID, i+1, scale, w, maxW)
					}
				}
			}
		}
	}
}

// At 3 and 4 seats the log tells every other seat's turn since the awaited seat's last one, as
// the post does (issue 38: only the last player's turn was drawn), and the turn being played; on
// the board and on the focus image, whose shorter log still heads every turn.
func TestLogTellsEveryTurnSinceTheAwaitedSeats(t *testing.T) {
	for _, c := range []struct {
		seats int
		opts  map[string]string
		moves int
	}{
		{2, map[string]string{"preset": "first"}, 45},
		{3, map[string]string{"preset": "second", "rearrange": "0"}, 120},
		{4, map[string]string{"preset": "fourth", "rearrange": "0"}, 140},
	} {
		v := position(t, c.seats, c.opts, 7, c.moves).View(rules.Spectator).(*asc.View)
		if len(v.Recent) < c.seats || len(v.Log) == 0 {
			t.Fatalf("%d seats: a position without a whole round and a turn in play", c.seats)
		}
		meta := render.SampleMeta(c.seats)
		var want []string
		for k := 1; k < c.seats; k++ {
			s := (v.Seat + k) % c.seats
			want = append(want, meta.Player(rules.Seat(s), "", 16)+", round ")
		}
		want = append(want, meta.Player(rules.Seat(v.Seat), "", 16)+", this turn:")
		for name, focus := range map[string]bool{"board": false, "focus": true} {
			b := newBoard(v, meta)
			if focus {
				b.setCell(focusCell)
				b.width = math.Ceil(b.gridW + 2*margin)
				b.logMax = focusLogMax
				b.phone = true
			}
			var heads []string
			for _, r := range b.wrappedLog() {
				if r.head != "" {
					heads = append(heads, r.head)
				}
			}
			if len(b.wrappedLog()) > b.logMax {
				t.Errorf("%d seats, %s: %d log lines, at most %d", c.seats, name, len(b.wrappedLog()), b.logMax)
			}
			if len(heads) != len(want) {
				t.Fatalf("%d seats, %s: turns %q, want %q", c.seats, name, heads, want)
			}
			for i, h := range heads {
				if !strings.HasPrefix(h, strings.TrimSuffix(want[i], " ")) {
					t.Errorf("%d seats, %s: turn %d is %q, want %q…", c.seats, name, i+1, h, want[i])
				}
			}
		}
	}
}

// A log too long for its lines keeps every turn's first line and ends a cut turn in an ellipsis;
// the latest turn keeps the most.
func TestLogRowsKeepEveryTurn(t *testing.T) {
	long := strings.Repeat("basica on b1 spawns 1 black; pushes 1 black to empty b2 (lost). ", 12)
	paras := []logPara{{"ann, round 3:", []string{long}}, {"bob, round 3:", []string{long}}, {"cy, round 3:", []string{"fusca on c3 spawns 1 black."}}}
	rows := logRows(paras, 560, 6)
	if len(rows) != 6 {
		t.Fatalf("%d rows, want 6: %q", len(rows), rows)
	}
	if rows[0].head != "ann, round 3:" || !strings.HasSuffix(rows[0].text, " …") {
		t.Errorf("the oldest turn: %+v", rows[0])
	}
	if rows[1].head != "bob, round 3:" || rows[5].head != "cy, round 3:" || !strings.HasSuffix(rows[4].text, " …") {
		t.Errorf("rows %+v", rows)
	}
	for _, r := range rows {
		if w := render.TextWidth(r.head+" ", logHeadStyle) + render.TextWidth(r.text, logStyle); r.head != "" && w > 560 {
			t.Errorf("%q is %.0f px wide, over 560", r.head+" "+r.text, w)
		}
	}
}

// No log line is cut in any language (issue 38: German, Spanish and French lines ran off as
// "basica auf …"): a turn too long for its lines keeps its first whole sentences, on the board and
// on the phone image, at every seat count and at several moments.
func TestLogCutsNoSentence(t *testing.T) {
	shortened := 0
	for _, c := range []struct {
		seats int
		opts  map[string]string
		moves int
	}{
		{2, map[string]string{"preset": "first"}, 45},
		{3, map[string]string{"preset": "second", "rearrange": "0"}, 120},
		{4, map[string]string{"preset": "fourth", "rearrange": "0"}, 140},
		{4, nil, 160},
	} {
		v := position(t, c.seats, c.opts, 11, c.moves).View(rules.Spectator).(*asc.View)
		for _, lang := range []string{"en", "de", "es", "fr"} {
			meta := render.SampleMeta(c.seats)
			meta.Lang = lang
			for _, phone := range []bool{false, true} {
				b := newBoard(v, meta)
				if phone {
					b.setCell(focusCell)
					b.width = math.Ceil(b.gridW + 2*margin)
					b.logMax, b.phone = focusLogMax, true
				}
				paras := b.logParas()
				if len(paras) > b.logMax {
					paras = paras[len(paras)-b.logMax:]
				}
				var turns []string
				for _, r := range b.wrappedLog() {
					if r.head != "" {
						turns = append(turns, r.text)
					} else {
						turns[len(turns)-1] += " " + r.text
					}
				}
				if len(turns) != len(paras) {
					t.Fatalf("%d seats, %s: %d turns drawn, %d told", c.seats, lang, len(turns), len(paras))
				}
				for i, p := range paras {
					got := strings.Join(strings.Fields(turns[i]), " ")
					whole := strings.Join(strings.Fields(strings.Join(p.lines, " ")), " ")
					if got == whole {
						continue
					}
					shortened++
					kept, ok := strings.CutSuffix(got, " …")
					fits := false
					for n := 1; n < len(p.lines); n++ {
						fits = fits || kept == strings.Join(strings.Fields(strings.Join(p.lines[:n], " ")), " ")
					}
					if !ok || !fits {
						t.Errorf("%d seats, %s, phone %v: turn %q cut inside a sentence:\n%q\nof\n%q", c.seats, lang, phone, p.head, got, p.lines)
					}
				}
			}
		}
	}
	if shortened == 0 {
		t.Error("no turn shortened: the positions test nothing")
	}
}

// A card over its capacity between activations is legal (the rulebook purges "on activation"
// only, rules/ascidiae TestPurgeOnlyOnActivation); the board and the phone image say in every
// language that its red load purges when it next activates (issue 38: a reader took an 8/6 for
// a purge the rules forgot), and say nothing when no card is over.
func TestOverCapacityIsExplained(t *testing.T) {
	st := position(t, 2, map[string]string{"preset": "first"}, 7, 45)
	for _, over := range []bool{false, true} {
		v := st.View(rules.Spectator).(*asc.View)
		if over {
			cp := *v
			cp.Players = append([]asc.PlayerView(nil), v.Players...)
			p := &cp.Players[1]
			p.Cells = append([]asc.CellView(nil), p.Cells...)
			for i := range p.Cells {
				if p.Cells[i].Card != "" {
					p.Cells[i].Tadpoles = asc.Pool{p.Cells[i].Capacity + 2}
					break
				}
			}
			v = &cp
		}
		for _, lang := range []string{"en", "de", "es", "fr"} {
			meta := render.SampleMeta(2)
			meta.Lang = lang
			for name, draw := range map[string]func(any, render.Meta) error{
				"board": func(v any, m render.Meta) error { _, err := PNG(v, m); return err },
				"phone": func(v any, m render.Meta) error { _, err := Focus(v, m); return err },
			} {
				stop := render.RecordLabels()
				if err := draw(v, meta); err != nil {
					t.Fatal(err)
				}
				all := ""
				for _, l := range stop() {
					all += l.Text + " "
				}
				want := map[string]string{"en": "purges them all", "de": "stößt alle ab", "es": "los expulsa todos", "fr": "les expulse tous"}[lang]
				if got := strings.Contains(all, want); got != over {
					t.Errorf("%s, %s, a card over its capacity %v: the note shown %v", name, lang, over, got)
				}
			}
		}
	}
}
