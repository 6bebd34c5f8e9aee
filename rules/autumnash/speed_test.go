package autumnash

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The fast paths give the same tokens, the same random moves and the same states as the slow
// ones, over random games of every variant.
func TestFastPathsAgree(t *testing.T) {
	var setups []rules.Setup
	for i, v := range []string{VariantStandard, VariantBeginner, VariantUnsettled} {
		setups = append(setups, rules.Setup{Seats: 2, Seed: uint64(i), Options: map[string]string{OptVariant: v}})
	}
	rulestest.RunFast(t, Game, rulestest.Config{Games: 3, Setups: setups})
}

// anyBasicMove's hint only saves time: with any step as the hint, right or wrong, the answer is
// the one without a hint. Checked where Xeno is shut in (after the Rainbow queen in cornered
// becomes a yellow drone on A3, though the Xeno drone could still turn), in random positions of
// every variant, and in those with every stash used up (no leaf has a piece to turn into).
func TestBasicMoveHintNeverTrusted(t *testing.T) {
	allHints := func(t *testing.T, what string, s *state, b *board, seat rules.Seat, counts *[numColours][4]int, want bool) {
		t.Helper()
		if got := anyBasicMove(s.v, b, seat, counts, nil); got != want {
			t.Fatalf("%s: seat %d can move: %v, want %v", what, seat, got, want)
		}
		for from := 0; from < b.n(); from++ {
			for _, to := range s.v.near[from] {
				h := basicHint{ok: true, from: from, to: int(to)}
				if got := anyBasicMove(s.v, b, seat, counts, &h); got != want {
					t.Fatalf("%s: seat %d with hint %s-%s can move: %v, want %v",
						what, seat, s.v.label(from), s.v.label(int(to)), got, want)
				}
			}
		}
	}

	s := pos(t, cornered)
	b3, _ := s.v.parseSquare("b3")
	a3, _ := s.v.parseSquare("a3")
	shut := s.b
	q := shut.pop(b3)
	shut.push(a3, newPiece(data.next[q.colour()], Drone))
	allHints(t, "cornered, B3-A3 as a drone", s, &shut, 1, &s.counts, false)

	var used [numColours][4]int
	for c := range used {
		used[c] = data.total[c]
	}
	for i, variant := range []string{VariantStandard, VariantBeginner, VariantUnsettled} {
		st, err := Game.New(rules.Setup{Seats: 2, Options: map[string]string{OptVariant: variant}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		r := rand.New(rand.NewPCG(uint64(i), 7))
		for ply := 0; ply < 60 && s.result == nil; ply++ {
			if ply%10 == 0 {
				what := fmt.Sprintf("%s ply %d", variant, ply)
				for seat := rules.Seat(0); seat < 2; seat++ {
					allHints(t, what, s, &s.b, seat, &s.counts, anyBasicMove(s.v, &s.b, seat, &s.counts, nil))
					allHints(t, what+" with every stash used", s, &s.b, seat, &used, false)
				}
			}
			m, err := rules.RandomMove(s, s.turn, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(s.turn, m); err != nil {
				t.Fatal(err)
			}
		}
	}
}
