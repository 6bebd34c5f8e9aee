package ascidiae

import (
	"bytes"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// newTestGame builds a game with defaulted options over opts.
func newTestGame(t testing.TB, seats int, opts map[string]string) *State {
	t.Helper()
	s, err := Game.Info().ValidateSetup(rules.Setup{Seats: seats, Seed: 1, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// scenario is a game past setup with empty grids, on current 1a (a1 b1 c1 d1 d2 c2 b2 a2 a3 b3
// c3 d3), no learning turns, and the first game's piles; put cards, then begin a turn.
func scenario(t testing.TB, seats int, opts map[string]string) *State {
	t.Helper()
	o := map[string]string{"current": "1a", "rearrange": "0"}
	for k, v := range opts {
		o[k] = v
	}
	g := newTestGame(t, seats, o)
	for i := range g.Players {
		g.Players[i].Placed = true
	}
	return g
}

// put places a card on seat's grid with tadpoles written in data letters ("KKW").
func (g *State) put(seat int, space, card string, o Dir, tadpoles string) *Placed {
	sp, ok := spaceByName(space)
	if !ok {
		panic("bad space " + space)
	}
	if _, ok := Card(card); !ok {
		panic("bad card " + card)
	}
	c := g.place(seat, sp, card, o)
	for _, r := range tadpoles {
		c.T[strings.IndexRune(colourLetters, r)]++
	}
	return c
}

// at returns the card on space of seat's grid (nil when empty).
func (g *State) at(seat int, space string) *Placed {
	sp, _ := spaceByName(space)
	return g.Players[seat].Grid[sp]
}

// begin starts seat's turn and runs it to the first decision. With several seats, a last seat
// left empty gets a habilis, whose colour question stops the run at the end of the turns before.
func (g *State) begin(seat int) []rules.Event {
	var ev []rules.Event
	if last := g.Seats - 1; last > 0 && seat != last {
		empty := true
		for _, c := range g.Players[last].Grid {
			empty = empty && c == nil
		}
		if empty {
			g.put(last, "d3", "habilis", Up, "")
		}
	}
	g.startTurn(seat)
	g.run(&ev)
	return ev
}

// play applies moves for the seat to move, failing the test on a refusal.
func play(t testing.TB, g *State, moves ...string) []rules.Event {
	t.Helper()
	var all []rules.Event
	for _, s := range moves {
		m, err := rules.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		seat := g.Turn.Seat
		if ps := g.Awaiting(); len(ps) > 0 {
			seat = int(ps[0].Seat)
		}
		ev, err := g.Apply(rules.Seat(seat), m)
		if err != nil {
			t.Fatalf("%q refused: %v\nprompt: %s\nlog: %s", s, err, g.promptText(), strings.Join(g.Log, "\n"))
		}
		all = append(all, ev...)
	}
	return all
}

// refusedWith checks that move is refused for seat with a reason containing want, and that the
// state is unchanged.
func refusedWith(t testing.TB, g *State, seat int, move, want string) {
	t.Helper()
	before, _ := g.Encode()
	m, _ := rules.ParseMove(move)
	_, err := g.Apply(rules.Seat(seat), m)
	reason, ok := rules.IsIllegal(err)
	if !ok {
		t.Fatalf("%q: want refusal, got %v", move, err)
	}
	if !strings.Contains(reason, want) {
		t.Errorf("%q refused with %q, want it to mention %q", move, reason, want)
	}
	after, _ := g.Encode()
	if !bytes.Equal(before, after) {
		t.Errorf("%q: refused move changed the state", move)
	}
}

// tokens lists the tokens that may come next.
func tokens(t testing.TB, g *State, partial string) []string {
	t.Helper()
	m, _ := rules.ParseMove(partial)
	if partial == "" {
		m = nil
	}
	next, _, err := g.Choices(rules.Seat(g.Turn.Seat), m)
	if err != nil {
		t.Fatalf("choices after %q: %v", partial, err)
	}
	var out []string
	for _, c := range next {
		out = append(out, c.Token)
	}
	return out
}

func pool(letters string) Pool {
	var p Pool
	for _, r := range letters {
		p[strings.IndexRune(colourLetters, r)]++
	}
	return p
}

func logText(g *State) string {
	var lines []string
	for _, r := range g.Recent {
		lines = append(lines, r.Lines...)
	}
	return strings.Join(append(lines, g.Log...), "\n")
}

// testCard registers a made-up species for the test, to isolate one action's rule.
func testCard(t testing.TB, id string, abilities ...string) {
	t.Helper()
	c := &CardDef{ID: id, Name: "Ascidia " + id, Kind: KindSpecial, Copies: 8, Capacity: data.Rules.Capacity}
	for _, s := range abilities {
		ab, err := ParseAbility(s)
		if err != nil {
			t.Fatal(err)
		}
		c.Abilities = append(c.Abilities, ab)
	}
	data.byID[id] = c
	t.Cleanup(func() { delete(data.byID, id) })
}

// lineParts are the parts of the activation under way, in English.
func lineParts(g *State) []string {
	var out []string
	for _, m := range g.Turn.Parts {
		out = append(out, m.English())
	}
	return out
}
