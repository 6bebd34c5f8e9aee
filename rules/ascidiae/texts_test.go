package ascidiae

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// badText finds what a player must never read: a singular count with a plural noun, "a" before
// a vowel, "(s)", an unrendered or old-style seat name, engine notation, doubled punctuation.
var badText = []struct {
	what string
	re   *regexp.Regexp
}{
	{"1 with a plural", regexp.MustCompile(`\b1 (tadpoles|colonies|turns|rounds|ascidiae|cards|piles|tokens|spaces|blacks|whites|reds|blues)\b`)},
	{"a before a vowel", regexp.MustCompile(`(^|\W)[Aa] [aeiouAEIOU]`)},
	{"(s)", regexp.MustCompile(`\(s\)`)},
	{"seat placeholder", regexp.MustCompile(`\{seat:`)},
	{"lower-case seat", regexp.MustCompile(`\bseat \d`)},
	{"data letters", regexp.MustCompile(`\b[KWRB]{3,}\b`)},
	{"token joins", regexp.MustCompile(`\b(black|white|red|blue)\+`)},
	{"doubled punctuation", regexp.MustCompile(`[.;:,] ?[.;:,]|\s\s|\( |\)\(`)},
	{"parser words", regexp.MustCompile(`cannot come next|does not fit after|goes on with|whole move yet`)},
}

var quoted = regexp.MustCompile(`"[^"]*"`)

// probeTokens are words of the notation, for slips.
var probeTokens = func() []string {
	out := []string{"flow", "basica", "habilis", "colonize", "root", "displace", "spin", "block", "puff", "rest",
		"up", "right", "down", "left", "black", "white", "red", "blue", "black+red", "red+black", "1", "2", "3", "g1", "g2", "g9", "e5"}
	out = append(out, spaceNames[:]...)
	for _, c := range data.Cards {
		out = append(out, c.ID)
	}
	return out
}()

// textsOf plays a random game and hands every text a player meets to f, rendered as a record
// would (rules.PlainSeats): prompts, menu labels along each move, events, refusals of a wrong
// token, a cut-short move, a move too long and a seat out of turn, and the result.
func textsOf(t *testing.T, s rules.Setup, f func(kind, text string)) {
	t.Helper()
	st, err := Game.New(s)
	if err != nil {
		t.Fatal(err)
	}
	plain := func(kind, text string) { f(kind, rules.PlainSeats(st, text)) }
	refusal := func(kind string, err error) {
		if reason, ok := rules.IsIllegal(err); ok {
			plain(kind, reason)
		}
	}
	r := rand.New(rand.NewPCG(s.Seed, 5))
	for n := 0; st.Result() == nil && n < 3000; n++ {
		ps := st.Awaiting()
		for _, p := range ps {
			plain("prompt", p.English())
		}
		p := ps[r.IntN(len(ps))].Seat
		m, err := rules.RandomMove(st, p, r)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k <= len(m); k++ {
			next, _, err := st.Choices(p, m[:k])
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range next {
				plain("label", c.English())
			}
		}
		_, err = st.Apply(p, append(append(rules.Move{}, m[:len(m)-1]...), "zz9"))
		refusal("refusal", err)
		_, err = st.Apply(p, append(append(rules.Move{}, m...), "up"))
		refusal("refusal", err)
		if len(m) > 1 {
			_, err = st.Apply(p, m[:len(m)-1])
			refusal("refusal", err)
		}
		// A few slips with real words in the wrong place, to reach the specific refusals.
		for i := 0; i < 3; i++ {
			k := r.IntN(len(m))
			slip := append(append(rules.Move{}, m[:k]...), probeTokens[r.IntN(len(probeTokens))])
			if _, err := st.(*State).clone().Apply(p, slip); err != nil {
				refusal("refusal", err)
			}
		}
		if len(ps) == 1 && s.Seats > 1 {
			_, err = st.Apply((p+1)%rules.Seat(s.Seats), m)
			refusal("refusal", err)
		}
		ev, err := st.Apply(p, m)
		if err != nil {
			t.Fatalf("%q: %v", m, err)
		}
		for _, e := range ev {
			plain("event", e.English())
		}
	}
	if res := st.Result(); res != nil {
		plain("result", res.English())
	}
}

// Every text of many random games, every seat count and preset, reads as words: right plurals
// and articles, players named, no notation.
func TestTextsReadAsWords(t *testing.T) {
	seen := map[string]int{}
	bad := map[string]string{}
	for i, p := range data.Presets {
		for seats := 1; seats <= 4; seats++ {
			s, _ := Game.Info().ValidateSetup(rules.Setup{Seats: seats, Seed: uint64(10*i + seats), Options: map[string]string{"preset": p.ID, "difficulty": "black"}})
			textsOf(t, s, func(kind, text string) {
				seen[kind]++
				if text == "" {
					bad["empty "+kind] = text
				}
				// What the player typed, or is to type, is quoted: it may be notation.
				words := quoted.ReplaceAllString(text, `"…"`)
				for _, b := range badText {
					if b.re.MatchString(words) {
						bad[b.what] = kind + ": " + text
					}
				}
				// A seat without a player is "Player 2" (rules.SeatTitle): the game gives seats
				// no names of its own, as "#2" read like a piece or a count.
				if kind != "label" && text != "" && (text[0] < 'A' || text[0] > 'Z') && text[0] != '"' {
					bad["lower-case start"] = kind + ": " + text
				}
			})
		}
	}
	for what, text := range bad {
		t.Errorf("%s: %q", what, text)
	}
	for _, kind := range []string{"prompt", "label", "event", "refusal", "result"} {
		if seen[kind] == 0 {
			t.Errorf("no %s read", kind)
		}
	}
	t.Logf("texts read: %v", seen)
}

// Every event of a turn names a player: an activation names the card's owner, since every player
// has a basica and a habilis.
func TestEventsNameTheOwner(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "a1", "basica", Right, "")
	g.put(1, "a1", "habilis", Right, "")
	ev := g.begin(0)
	if len(ev) == 0 {
		t.Fatal("no event")
	}
	want := "Player 1's basica on a1 spawns 1 black; pushes 1 black to empty b1 (lost)."
	if got := rules.PlainSeats(g, ev[0].English()); got != want {
		t.Errorf("event %q, want %q", got, want)
	}
	if ev[0].Kind != "activation" {
		t.Errorf("event kind %q", ev[0].Kind)
	}
	// The board's log keeps the line under a header naming the seat.
	if got := logText(g); got != "basica on a1 spawns 1 black; pushes 1 black to empty b1 (lost)." {
		t.Errorf("log line %q", got)
	}
	// Every public event of random games starts with a player, or is the game's end.
	s, _ := Game.Info().ValidateSetup(rules.Setup{Seats: 3, Seed: 3})
	st, _ := Game.New(s)
	r := rand.New(rand.NewPCG(3, 3))
	for st.Result() == nil {
		p := st.Awaiting()[0].Seat
		m, _ := rules.RandomMove(st, p, r)
		ev, err := st.Apply(p, m)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ev {
			if !strings.HasPrefix(e.English(), "{seat:") && !strings.HasPrefix(e.English(), "The turn limit") {
				t.Fatalf("event %q does not start with a player", e.English())
			}
		}
	}
}

// placeAll has the seats in order place: seat i plays moves[i].
func placeAll(t *testing.T, g *State, moves []string) []rules.Event {
	t.Helper()
	var all []rules.Event
	for i, s := range moves {
		m, _ := rules.ParseMove(s)
		ev, err := g.Apply(rules.Seat(i), m)
		if err != nil {
			t.Fatalf("seat %d %q: %v", i, s, err)
		}
		all = append(all, ev...)
	}
	return all
}

// public is what anyone but the given seats sees of a game: the spectator's view, the views of
// the other seats, the prompts, and the menus and refusals of every seat still to place.
func public(t *testing.T, g *State, except ...int) string {
	t.Helper()
	var b strings.Builder
	w := func(v any) {
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	w(g.View(rules.Spectator))
	w(g.Awaiting())
	for s := 0; s < g.Seats; s++ {
		skip := false
		for _, e := range except {
			skip = skip || e == s
		}
		if skip {
			continue
		}
		w(g.View(rules.Seat(s)))
		for _, m := range []rules.Move{nil, {"b2"}, {"b2", "up"}, {"b2", "up", "c2"}, {"b2", "up", "b2"}, {"zz"}, {"b2", "up", "c2", "up", "up"}} {
			next, complete, err := g.Choices(rules.Seat(s), m)
			w(next)
			w(complete)
			w(fmt.Sprint(err))
		}
		_, err := g.Apply(rules.Seat(s), rules.Move{"b2", "up"})
		w(fmt.Sprint(err))
	}
	return b.String()
}

// All players place at the same time: until the last has placed, a seat's placement reaches only
// that seat (the others hear only that it placed). What everyone else sees (views, prompts, public events, their menus and refusals) is
// the same whatever the first seats chose; the last placement reveals every one.
func TestPlacementStaysSecret(t *testing.T) {
	choices := []string{"b2 up c2 up", "a1 left d3 down", "d1 right a3 up"}
	for seats := 2; seats <= 4; seats++ {
		// The first seats place one way or another; the last still has to.
		var views []string
		for _, pick := range choices {
			g := newTestGame(t, seats, nil)
			moves := make([]string, seats-1)
			for i := range moves {
				moves[i] = pick
			}
			for _, e := range placeAll(t, g, moves) {
				// Everyone hears that a seat placed (issue 38), without where.
				if e.Public() && e.Msg != nil && e.Msg.ID == "ev_placed_hidden" && len(e.Msg.Args) == 1 {
					continue
				}
				if len(e.To) != 1 {
					t.Fatalf("%d seats: placement event %q reaches %v, want only the seat that placed", seats, e.English(), e.To)
				}
			}
			placed := make([]int, seats-1)
			for i := range placed {
				placed[i] = i
			}
			views = append(views, public(t, g, placed...))
		}
		for i := 1; i < len(views); i++ {
			if views[i] != views[0] {
				t.Errorf("%d seats: what the others see depends on the first seats' placements:\n%s\n%s", seats, views[0], views[i])
			}
		}
		// The placer sees its own grid; the last placement reveals everyone's, publicly, and
		// cannot be taken back by an undo.
		g := newTestGame(t, seats, nil)
		placeAll(t, g, []string{"a1 left d3 down"})
		if own := g.view(0).Players[0].Cells[0]; own.Card != "basica" || own.Orient != Left {
			t.Errorf("the placer does not see its own basica on a1: %+v", own)
		}
		if other := g.view(1).Players[0]; !other.Hidden || other.Cells[0].Card != "" {
			t.Errorf("seat 2 sees seat 1's placement: %+v", other)
		}
		rest := []string{"a1 left d3 down"}
		for len(rest) < seats {
			rest = append(rest, choices[len(rest)%len(choices)])
		}
		g = newTestGame(t, seats, nil)
		placeAll(t, g, rest[:seats-1])
		m, _ := rules.ParseMove(rest[seats-1])
		ev, err := g.Apply(rules.Seat(seats-1), m)
		if err != nil {
			t.Fatal(err)
		}
		revealed := 0
		for _, e := range ev {
			if strings.Contains(e.English(), " places basica") {
				if !e.Public() || !e.Reveals {
					t.Errorf("reveal %q: to %v, reveals %v; want public and final", e.English(), e.To, e.Reveals)
				}
				revealed++
			}
		}
		if revealed != seats {
			t.Errorf("%d seats: %d placements revealed", seats, revealed)
		}
		if got, want := rules.PlainSeats(g, ev[0].English()), "Player 1 places basica on a1 facing left and habilis on d3 facing down."; got != want {
			t.Errorf("reveal %q, want %q", got, want)
		}
		if v := g.view(rules.Spectator).Players[0]; v.Hidden || v.Cells[0].Card != "basica" {
			t.Errorf("after the last placement the board still hides seat 1: %+v", v)
		}
	}
}

// A seat's menus, labels and refusals are the same under every re-deal of what it cannot see
// (Scramble): during the placement, the others' placements.
func TestChoicesIgnoreWhatCannotBeSeen(t *testing.T) {
	for seats := 2; seats <= 4; seats++ {
		g := newTestGame(t, seats, nil)
		placeAll(t, g, []string{"b2 up c2 up"})
		for s := 1; s < seats; s++ {
			want := public(t, g, 0)
			for seed := uint64(1); seed <= 5; seed++ {
				sc, err := Scramble(g, rules.Seat(s), seed)
				if err != nil {
					t.Fatal(err)
				}
				if got := public(t, sc.(*State), 0); got != want {
					t.Fatalf("%d seats: seat %d's menus or views change with seat 1's hidden placement", seats, s+1)
				}
			}
		}
	}
}

// Labels of moves say what the rules make certain before the move: a card that purges before
// the next decision, and a win.
func TestLabelsWarnOfWhatTheMoveCauses(t *testing.T) {
	t.Run("purge", func(t *testing.T) {
		// basica on a1 faces right: its first ability pushes a black into the rubra on b1, which
		// holds 6 and activates next on current 1a: it purges. Its think stops before that.
		g := scenario(t, 2, nil)
		g.put(0, "a1", "basica", Right, "W")
		g.put(0, "b1", "rubra", Up, "RRRRRR")
		g.begin(0)
		before, _ := g.Encode()
		next, _, err := g.Choices(0, nil)
		if err != nil {
			t.Fatal(err)
		}
		if after, _ := g.Encode(); !bytes.Equal(before, after) {
			t.Fatal("labelling the menu changed the game")
		}
		want := map[string]string{
			"1": "Spawn 1 black, then push 1 black right (b1); then your rubra on b1 purges its 7 tadpoles",
			"2": "Think (any central board action)",
		}
		for _, c := range next {
			if c.English() != want[c.Token] {
				t.Errorf("%s: label %q, want %q", c.Token, c.English(), want[c.Token])
			}
		}
	})
	t.Run("win", func(t *testing.T) {
		g := scenario(t, 2, nil)
		g.colonies("black1", "black2", "black3")
		g.Colonies[1].By = 0
		g.Players[0].Colonies = []string{"black2"}
		g.put(0, "b2", "sverk", Up, "KKWR")
		g.begin(0)
		next := choicesOf(t, g, "colonize")
		if len(next) != 1 || next[0].English() != "you win the game · Claim colony g1: pays 2 black, 1 white, 1 red (extras stay)" {
			t.Errorf("colonize menu %+v", next)
		}
	})
	t.Run("solo win", func(t *testing.T) {
		// The sverk on a1 claims g1, then the one on b1 claims g2 and the turn ends: a victory.
		g := scenario(t, 1, nil)
		g.colonies("black1", "black2", "black3")
		g.put(0, "a1", "sverk", Up, "KKWR")
		g.put(0, "b1", "sverk", Up, "KKWB")
		g.begin(0)
		play(t, g, "colonize g1", "rest")
		next := choicesOf(t, g, "colonize")
		if len(next) != 1 || next[0].English() != "you win: a minor victory · Claim colony g2: pays 2 black, 1 white, 1 blue (extras stay)" {
			t.Errorf("colonize menu %+v", next)
		}
	})
	t.Run("the other seat's purge", func(t *testing.T) {
		// Seat 1 rests on its last card; seat 2's first card then purges its 7.
		testCard(t, "thinker", "think")
		g := scenario(t, 2, nil)
		g.put(0, "d3", "thinker", Up, "K")
		g.put(1, "a1", "rubra", Up, "RRRRRRR")
		g.put(1, "d3", "habilis", Up, "")
		g.begin(0)
		found := false
		for _, c := range choicesOf(t, g, "") {
			if c.Token == wRest {
				found = true
				if c.English() != restLabelMsg.English()+"; then Player 2's rubra on a1 purges its 7 tadpoles" {
					t.Errorf("rest: %q", c.English())
				}
			}
		}
		if !found {
			t.Error("rest is not offered")
		}
	})
}

// choicesOf is the menu after partial for the seat to move, with its seat names rendered.
func choicesOf(t *testing.T, g *State, partial string) []rules.Choice {
	t.Helper()
	var m rules.Move
	if partial != "" {
		m, _ = rules.ParseMove(partial)
	}
	next, _, err := g.Choices(rules.Seat(g.Turn.Seat), m)
	if err != nil {
		t.Fatal(err)
	}
	for i := range next {
		next[i].Msg = rules.Verbatim(rules.PlainSeats(g, next[i].English()))
	}
	return next
}

// Pushes that move nothing make one clause, not one each: gemmata pushes four colours.
func TestPushesOfNothingShareAClause(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "b2", "gemmata", Up, "")
	ev := g.begin(0)
	want := "Player 1's gemmata on b2 cannot push 1 black up (b1), nor 1 white right (c2), nor 1 red down (b3), nor 1 blue left (a2)."
	if len(ev) == 0 || rules.PlainSeats(g, ev[0].English()) != want {
		t.Errorf("events %+v\nwant %q", ev, want)
	}
}
