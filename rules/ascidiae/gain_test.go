package ascidiae

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// What a move gains is what playing it scores, and a win exactly where its claim ends the game
// with the seat first: along random games at every number of seats, every move of a seat offered the
// central board is played on a copy and compared with its Gain.
func TestGainIsWhatTheMoveScores(t *testing.T) {
	claims, wins, checked := 0, 0, 0
	for seats := 1; seats <= 4; seats++ {
		for seed := uint64(1); seed <= 2; seed++ {
			g := newTestGame(t, seats, nil)
			r := rand.New(rand.NewPCG(seed, uint64(seats)))
			for i := 0; i < 600 && g.Res == nil; i++ {
				seat := g.Awaiting()[0].Seat
				if g.Turn.Wait == waitCentral && !g.setupPhase() {
					moves, _, err := rules.Enumerate(g, seat, 40)
					if err != nil {
						t.Fatal(err)
					}
					for _, m := range moves {
						gain := g.Gain(seat, m)
						cp := g.clone()
						before := len(cp.Players[seat].Colonies)
						if _, err := cp.Apply(seat, m); err != nil {
							t.Fatalf("%q: %v", m, err)
						}
						got := len(cp.Players[seat].Colonies) - before
						// A claim that ends the game wins it; a game ended otherwise (the last
						// round, the piles run out) is not foreseen.
						won := got > 0 && cp.Res != nil && cp.Res.Ranks[seat] == 1 && seats > 1
						if gain.Points != got || gain.Wins != won {
							t.Fatalf("%d seats, seed %d, move %d, %q: gain %+v; scores %d, wins %v", seats, seed, i, m, gain, got, won)
						}
						checked++
						if got > 0 {
							claims++
						}
						if won {
							wins++
						}
					}
				}
				m, err := rules.RandomMove(g, seat, r)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := g.Apply(seat, m); err != nil {
					t.Fatalf("%q: %v", m, err)
				}
			}
		}
	}
	// Random play claims rarely (TestGainOfAClaim claims for sure); the moves checked are many.
	if checked < 100 {
		t.Errorf("only %d central moves checked", checked)
	}
	t.Logf("%d central moves, %d claims, %d of them winning", checked, claims, wins)
}

// A first claim is a point; the claim of the colony a seat still needs wins; resting gains nothing.
func TestGainOfAClaim(t *testing.T) {
	g := scenario(t, 2, nil)
	g.colonies("black1", "black2", "black3")
	g.put(0, "b2", "sverk", Up, "KKWR")
	g.put(1, "b2", "sverk", Up, "KKWR")
	g.begin(0)
	check := func(move string, want rules.Gain) {
		t.Helper()
		if got := g.Gain(g.Awaiting()[0].Seat, rules.Move(strings.Fields(move))); got != want {
			t.Errorf("%q gains %+v, want %+v", move, got, want)
		}
	}
	check("colonize g1", rules.Gain{Points: 1})
	check("rest", rules.Gain{})
	check("colonize", rules.Gain{}) // not a whole move
	if g.Gain(1, rules.Move{"colonize", "g1"}) != (rules.Gain{}) {
		t.Errorf("a seat not to move gains")
	}
	play(t, g, "colonize g1", "rest", "rest", "rest")
	g.at(0, "b2").T = pool("KKRB")
	g.begin(0)
	check("colonize g3", rules.Gain{Points: 1, Wins: true})
}
