package ascalion

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The fast paths give the same tokens, the same random moves and the same states as the slow
// ones, over random games at several seat counts, with the draft and the expansion.
// The default suite plays the 2-seat game and the expansion with reach; the long tier all four.
func TestFastPathsAgree(t *testing.T) {
	setups := []rules.Setup{
		{Seats: 2, Seed: 1},
		{Seats: 3, Seed: 3, Options: map[string]string{"expansion": "on", "trade": "reach"}},
		{Seats: 4, Seed: 2, Options: map[string]string{"setup": "quick"}},
		{Seats: 6, Seed: 4, Options: map[string]string{"setup": "quick", "rounds": "15"}},
	}
	setups = setups[:rulestest.Scale(2, len(setups))]
	rulestest.RunFast(t, Game, rulestest.Config{Games: 1, Every: 20, MaxMoves: 20000, Exhaustive: 16, Setups: setups})
}

// The one-pass firstMove (prompt defaults) gives the move the walk through Choices gives: the
// first token wherever there is a choice, stopping as soon as the move is complete. The default
// suite follows the first 500 moves of each game, the long tier 3000.
func TestFirstMoveAgrees(t *testing.T) {
	steps := rulestest.Scale(500, 3000)
	for _, setup := range []rules.Setup{{Seats: 3, Seed: 7}, {Seats: 5, Seed: 8, Options: map[string]string{"setup": "quick"}}} {
		st := rulestest.Start(t, Game, setup)
		r := rand.New(rand.NewPCG(setup.Seed, 1))
		for step := 0; step < steps && st.Result() == nil; step++ {
			s := st.(*state)
			for _, p := range s.Awaiting() {
				if got, want := s.firstMove(int(p.Seat)), firstByChoices(s, p.Seat); !got.Equal(want) {
					t.Fatalf("move %d seat %d: firstMove %q, walking Choices %q", step, p.Seat, got.String(), want.String())
				}
			}
			if err := rulestest.Step(st, r); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func firstByChoices(s *state, seat rules.Seat) rules.Move {
	var m rules.Move
	for len(m) < rules.MaxTreeDepth {
		next, complete, err := s.Choices(seat, m)
		switch {
		case err != nil || (!complete && len(next) == 0):
			return nil
		case complete:
			return m
		}
		m = append(m, next[0].Token)
	}
	return nil
}

// At an optional point the one-pass reader offers that point's menu with the move complete,
// without asking the tree: no move reads a token after an optional point that ended it. With
// checkOptional every such point is checked against ChoiceTokens, over random games.
func TestOptionalPointEndsMove(t *testing.T) {
	checkOptional = true
	defer func() { checkOptional = false }()
	for _, setup := range []rules.Setup{
		{Seats: 2, Seed: 11},
		{Seats: 3, Seed: 12, Options: map[string]string{"expansion": "on", "trade": "reach"}},
		{Seats: 5, Seed: 13, Options: map[string]string{"setup": "quick"}},
	} {
		st := rulestest.Start(t, Game, setup)
		r := rand.New(rand.NewPCG(setup.Seed, 2))
		for step := 0; step < 4000 && st.Result() == nil; step++ {
			if err := rulestest.Step(st, r); err != nil {
				t.Fatalf("%d seats, move %d: %v", setup.Seats, step, err)
			}
		}
	}
}

// The prompts' plain answers (plainlyAccepts) agree with the tree wherever they are sure, and
// the prompts built with them are the prompts built by asking the tree, over random games.
func TestPlainAcceptsAgree(t *testing.T) {
	words := []string{"done", "pass", "end", "yes", "no", "temple", "allow", "refuse", "attacker", "defender", "neutral"}
	seen := map[string]int{}
	for _, setup := range []rules.Setup{
		{Seats: 2, Seed: 21},
		{Seats: 3, Seed: 22, Options: map[string]string{"expansion": "on", "trade": "reach"}},
		{Seats: 4, Seed: 23, Options: map[string]string{"setup": "quick", "expansion": "on"}},
		{Seats: 6, Seed: 24, Options: map[string]string{"setup": "quick"}},
	} {
		st := rulestest.Start(t, Game, setup)
		s := st.(*state)
		r := rand.New(rand.NewPCG(setup.Seed, 3))
		for step := 0; step < 3000 && st.Result() == nil; step++ {
			quick := s.Awaiting()
			treePrompts = true
			tree := s.Awaiting()
			for _, p := range s.awaited() {
				cands := make([]rules.Move, 0, len(words)+2*len(s.Offers))
				for _, w := range words {
					cands = append(cands, rules.Move{w})
				}
				for _, o := range s.Offers {
					id := strconv.Itoa(o.ID)
					cands = append(cands, rules.Move{"accept", id}, rules.Move{"reject", id})
				}
				for _, m := range cands {
					ok, sure := s.plainlyAccepts(p, m)
					if !sure {
						continue
					}
					want, _ := s.accepts(p, m)
					if ok != want {
						treePrompts = false
						t.Fatalf("%d seats, move %d, stage %d, seat %d: %q plainly %v, by the tree %v", setup.Seats, step, s.Stage, p, m.String(), ok, want)
					}
					seen[fmt.Sprintf("%s %v", m[0], ok)]++
				}
			}
			treePrompts = false
			if !reflect.DeepEqual(quick, tree) {
				t.Fatalf("%d seats, move %d: prompts %+v, by the tree %+v", setup.Seats, step, quick, tree)
			}
			if err := rulestest.Step(st, r); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{"done true", "done false", "accept true", "accept false", "reject true", "pass true", "pass false", "no true", "temple false"} {
		if seen[k] == 0 {
			t.Errorf("never checked %q (seen %v)", k, seen)
		}
	}
}

// A move RandomMoveFrom drew is applied by keeping the copy it was read on, with the same events
// and the same state as playing it again; Apply spends it, a clone does not inherit it, and a
// different move or seat is played as usual.
func TestDrawnMoveAppliesAsPlayed(t *testing.T) {
	for _, setup := range []rules.Setup{
		{Seats: 2, Seed: 31},
		{Seats: 3, Seed: 32, Options: map[string]string{"expansion": "on", "trade": "reach"}},
		{Seats: 5, Seed: 33, Options: map[string]string{"setup": "quick"}},
	} {
		st := rulestest.Start(t, Game, setup)
		s := st.(*state)
		r := rand.New(rand.NewPCG(setup.Seed, 4))
		for step := 0; step < 2000 && s.Result() == nil; step++ {
			ps := s.Awaiting()
			p := ps[r.IntN(len(ps))].Seat
			played := s.clone()
			m, err := s.RandomMoveFrom(p, nil, r)
			if err != nil {
				t.Fatal(err)
			}
			if played.drawn.Load() != nil {
				t.Fatalf("move %d: a clone inherited the drawn move", step)
			}
			if d := s.drawn.Load(); d == nil || !d.m.Equal(m) {
				t.Fatalf("move %d: the drawn move %q is not kept", step, m.String())
			}
			if len(ps) > 1 && step%7 == 0 {
				// Another seat's move first: the drawn one is spent and s plays as usual.
				q := ps[0].Seat
				if q == p {
					q = ps[1].Seat
				}
				m, err = s.RandomMoveFrom(q, nil, r)
				if err != nil {
					t.Fatal(err)
				}
				p = q
				s.drawn.Store(&drawnMove{seat: int(p) + 1, m: m, x: s.scratchCopy()})
			}
			rulestest.ApplyAlike(t, s, played, p, m, step, "keeping the drawn copy differs from playing the move")
			if s.drawn.Load() != nil {
				t.Fatalf("move %d: the drawn move outlived Apply", step)
			}
		}
	}
}
