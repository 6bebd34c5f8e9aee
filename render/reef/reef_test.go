package reef

import (
	"bytes"
	"flag"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	rf "github.com/boardbot/boardbot/rules/reef"
)

var _ = flag.Bool("update", false, "rewrite golden images")

// position plays n random moves of a seeded game: deterministic, so golden images are stable.
func position(t testing.TB, seats int, variant string, seed uint64, n int) rules.State {
	t.Helper()
	st, err := rf.Game.New(rules.Setup{Seats: seats, Seed: seed, Options: map[string]string{rf.OptVariant: variant}})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 3))
	for i := 0; i < n && st.Result() == nil; i++ {
		ps := st.Awaiting()
		p := ps[r.IntN(len(ps))]
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
	moves int
	seat  rules.Seat
}{
	{"setup-3p", 3, 1, rules.Spectator},
	{"early-2p", 2, 40, rules.Spectator},
	{"mid-4p", 4, 150, rules.Spectator},
	{"mid-3p-private", 3, 120, 1},
	{"over-2p", 2, 100000, rules.Spectator},
}

func TestGolden(t *testing.T) {
	for _, c := range cases {
		st := position(t, c.seats, rf.VariantStandard, 11, c.moves)
		img, err := Image(st.View(c.seat), render.SampleMeta(c.seats))
		if err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("REEF_PNG_DIR"); dir != "" {
			b, _ := PNG(st.View(c.seat), render.Meta{})
			os.WriteFile(filepath.Join(dir, c.name+".png"), b, 0o644)
		}
		render.Golden(t, c.name, img)
		b, err := PNG(st.View(c.seat), render.Meta{})
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > 150_000 {
			t.Errorf("%s: PNG is %d bytes, over 150 KB", c.name, len(b))
		}
	}
}

func TestRejectsOtherViews(t *testing.T) {
	for _, v := range []any{42, nil, (*rf.View)(nil)} {
		if _, err := Image(v, render.Meta{}); err == nil {
			t.Errorf("drew %T", v)
		}
	}
}

// Every phase and player count draws without trouble, in the public and each private view, and the
// PNG stays small.
func TestDrawsEveryPhase(t *testing.T) {
	for seats := 2; seats <= 4; seats++ {
		for _, n := range []int{0, 5, 60, 100000} {
			st := position(t, seats, rf.VariantAdvanced, uint64(seats*7+n), n)
			for seat := rules.Spectator; int(seat) < seats; seat++ {
				b, err := PNG(st.View(seat), render.Meta{})
				if err != nil {
					t.Fatal(err)
				}
				if len(b) > 150_000 {
					t.Errorf("%d seats, %d moves, seat %d: %d bytes", seats, n, seat, len(b))
				}
			}
		}
	}
}

func BenchmarkRenderPNG(b *testing.B) {
	for _, c := range []struct {
		name  string
		seats int
		moves int
	}{{"2p", 2, 80}, {"4p", 4, 150}} {
		st := position(b, c.seats, rf.VariantStandard, 11, c.moves)
		v := st.View(rules.Spectator)
		b.Run(c.name, func(b *testing.B) {
			var size int
			done := render.CPUPerOp(b)
			for i := 0; i < b.N; i++ {
				png, err := PNG(v, render.Meta{})
				if err != nil {
					b.Fatal(err)
				}
				size = len(png)
			}
			done(b.N)
			b.ReportMetric(float64(size), "bytes")
		})
	}
}

// BenchmarkFocus is the focus image posted with the board, drawn and encoded.
func BenchmarkFocus(b *testing.B) {
	st := position(b, 4, rf.VariantStandard, 11, 150)
	v := st.View(rules.Spectator)
	meta := render.SampleMeta(4)
	var size int
	done := render.CPUPerOp(b)
	for i := 0; i < b.N; i++ {
		png, err := Focus(v, meta)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	done(b.N)
	b.ReportMetric(float64(size), "bytes")
}

// BenchmarkImage is the drawing alone, without the PNG encoding.
func BenchmarkImage(b *testing.B) {
	st := position(b, 4, rf.VariantStandard, 11, 150)
	v := st.View(rules.Spectator)
	for i := 0; i < b.N; i++ {
		if _, err := Image(v, render.Meta{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestGoldenFocus keeps the focus image posted with the board at mid-game moments: whose turn,
// the last move, the board it changed and every player's box.
func TestGoldenFocus(t *testing.T) {
	for _, c := range []struct {
		name         string
		seats, moves int
	}{{"focus-mid-4p", 4, 150}, {"focus-early-2p", 2, 40}} {
		st := position(t, c.seats, rf.VariantStandard, 11, c.moves)
		b, err := Focus(st.View(rules.Spectator), render.SampleMeta(c.seats))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		render.Golden(t, c.name, img)
	}
}

// At a turn's free choice the focus image adds the coral tiles and the open sea, where a take and
// an alga are chosen; during a larva play it keeps to the board.
func TestFocusShowsTilesAndSeaForATurnsChoice(t *testing.T) {
	for _, seats := range []int{2, 4} {
		var larva, free rules.State
		for n := 120; n < 400 && (larva == nil || free == nil); n++ {
			st := position(t, seats, rf.VariantStandard, 11, n)
			v := st.View(rules.Spectator).(*rf.View)
			if v.Phase != "play" {
				continue
			}
			if focusTable(v) && free == nil {
				free = st
			} else if !focusTable(v) && larva == nil {
				larva = st
			}
		}
		if larva == nil || free == nil {
			t.Fatalf("%d seats: no position of each kind", seats)
		}
		height := func(st rules.State) int {
			b, err := Focus(st.View(rules.Spectator), render.SampleMeta(seats))
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > 60_000 {
				t.Errorf("%d seats: focus PNG of %d bytes", seats, len(b))
			}
			return img.Bounds().Dy()
		}
		// Boards apart (each view names its own), the free choice adds the table.
		boards := func(st rules.State) int {
			return len(focusBoards(st.View(rules.Spectator).(*rf.View))) * (boardH + margin)
		}
		if hf, hl := height(free)-boards(free), height(larva)-boards(larva); hf-hl < focusTableH-60 {
			t.Errorf("%d seats: focus %d px high at a free choice, %d in a larva play: no tiles and sea", seats, hf, hl)
		}
		b, _ := Focus(free.View(rules.Spectator), render.SampleMeta(seats))
		img, _ := png.Decode(bytes.NewReader(b))
		render.Golden(t, fmt.Sprintf("focus-choice-%dp", seats), img)
	}
}

// greedyGame plays a seeded game as the easy AI would (setup by random moves, then the greedy
// player) until turns turns are over, and returns it with the lines a thread post would carry
// for the last round, one turn per seat ("" between turns, no housekeeping), in English.
func greedyGame(t testing.TB, seats int, seed uint64, turns int) (rules.State, []string) {
	t.Helper()
	st := position(t, seats, rf.VariantStandard, seed, seats) // the setup choices
	g := st.(interface {
		GreedyMove(rules.Seat, uint64) rules.Move
	})
	meta := render.SampleMeta(seats)
	var rounds [][]string
	done, cur := 0, []string{}
	for n := 0; done < turns && st.Result() == nil; n++ {
		if n > 2000 {
			t.Fatal("the game does not get on")
		}
		ps := st.Awaiting()
		seat := ps[0].Seat
		before := st.View(rules.Spectator).(*rf.View).Turn
		evs, err := st.Apply(seat, g.GreedyMove(seat, seed+uint64(n)))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if len(e.To) == 0 && !e.Routine && !e.Detail { // as a post tells them
				cur = append(cur, meta.Text(e.English(), func(rules.Seat) string { return "" }))
			}
		}
		if st.View(rules.Spectator).(*rf.View).Turn != before {
			rounds = append(rounds, cur)
			cur, done = []string{}, done+1
		}
	}
	var last []string
	for i, r := range rounds[max(0, len(rounds)-seats):] {
		if i > 0 {
			last = append(last, "")
		}
		last = append(last, r...)
	}
	return st, last
}

// Goldens of a board after whole turns: each player's latest turn marked in its colour, and the
// post's lines in the box under the status.
func TestGoldenTurns(t *testing.T) {
	for _, c := range []struct {
		name         string
		seats, turns int
	}{{"turns-2p", 2, 9}, {"turns-4p", 4, 14}} {
		st, last := greedyGame(t, c.seats, 5, c.turns)
		m := render.SampleMeta(c.seats)
		m.Last = last
		img, err := Image(st.View(rules.Spectator), m)
		if err != nil {
			t.Fatal(err)
		}
		render.Golden(t, c.name, img)
	}
}

// BenchmarkRenderTurns is a board after whole greedy turns, every seat's turn marked, with a
// thread post's lines in the box.
func BenchmarkRenderTurns(b *testing.B) {
	st, last := greedyGame(b, 4, 5, 14)
	v := st.View(rules.Spectator)
	m := render.SampleMeta(4)
	m.Last = last
	var size int
	b.ResetTimer()
	done := render.CPUPerOp(b)
	for i := 0; i < b.N; i++ {
		png, err := PNG(v, m)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	done(b.N)
	b.ReportMetric(float64(size), "bytes")
}

// The focus image draws the boards the view names (rf.View.Focus), stacked; a snapshot from
// before Focus existed still gets one board.
func TestFocusDrawsTheNamedBoards(t *testing.T) {
	st := position(t, 4, rf.VariantStandard, 11, 150)
	v := *st.View(rules.Spectator).(*rf.View)
	height := func(focus []int) int {
		v.Focus = focus
		b, err := Focus(&v, render.SampleMeta(4))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return img.Bounds().Dy()
	}
	one, two, old := height([]int{3}), height([]int{3, 0}), height(nil)
	if two-one != boardH+margin {
		t.Errorf("two boards %d px high, one %d: not one board more", two, one)
	}
	if old != one {
		t.Errorf("without Focus %d px high, with one board %d", old, one)
	}
	if got := focusBoards(&rf.View{Boards: v.Boards, Focus: []int{7, 1}}); len(got) != 1 || got[0] != 1 {
		t.Errorf("a board out of range is drawn: %v", got)
	}
}

// A 4-seat board with every seat's turn marked stays within the 60 KB budget with room: the worst
// of the moments measured (after 8, 14, 20 and 32 greedy turns, and random positions). It was
// 80.8 KB at 14 turns; sharp labels and the harder deflate brought it to 66.8 KB; the one-line
// box (the post's sentences left to the post), solid turn marks and badges (crisp.go) and a
// 36-colour palette to 50.0 KB.
func TestPNGSize4Seats(t *testing.T) {
	worst := 0
	for _, turns := range []int{14} {
		st, last := greedyGame(t, 4, 5, turns)
		m := render.SampleMeta(4)
		m.Last = last
		b, err := PNG(st.View(rules.Spectator), m)
		if err != nil {
			t.Fatal(err)
		}
		worst = max(worst, len(b))
	}
	for _, n := range []int{150, 250} {
		b, err := PNG(position(t, 4, rf.VariantStandard, 11, n).View(rules.Spectator), render.SampleMeta(4))
		if err != nil {
			t.Fatal(err)
		}
		worst = max(worst, len(b))
	}
	t.Logf("worst 4-seat PNG: %d bytes", worst)
	if worst > 55_000 {
		t.Errorf("a 4-seat PNG of %d bytes", worst)
	}
}
