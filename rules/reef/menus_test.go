package reef

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Every level of the choice tree fits one Discord select menu (25 options) and every option has a
// label, at every position of random games.
func TestMenusFitDiscord(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	widest := 0
	for seats := 2; seats <= 4; seats++ {
		s := newGame(t, seats, uint64(seats), VariantStandard)
		for step := 0; s.Res == nil && step < 3000; step++ {
			seat := s.Awaiting()[0].Seat
			var path rules.Move
			for {
				next, complete, err := s.Choices(seat, path)
				if err != nil {
					t.Fatalf("%q: %v", path, err)
				}
				if len(next) > 25 {
					t.Fatalf("%q offers %d options", path, len(next))
				}
				widest = max(widest, len(next))
				for _, c := range next {
					if strings.TrimSpace(c.English()) == "" || c.Token == "" || len(c.Token) > 8 {
						t.Fatalf("%q: option %+v", path, c)
					}
				}
				if len(next) == 0 || (complete && r.IntN(3) == 0) {
					break
				}
				path = append(path, next[r.IntN(len(next))].Token)
			}
			m, err := rules.RandomMove(s, seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("widest menu: %d options", widest)
}

// The whole turn written out in docs/rules/reef-encounter.md plays as described.
func TestDocumentedTurn(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, White, "1:E3")
	giveCube(t, s, 0, White)
	give(t, s, 0, White, 3)
	mustApply(t, s, 0, "grow w")
	mustApply(t, s, 0, "1 e 4")
	if s.Polyp[at("1:D4")] != White {
		t.Fatalf("no extra growth into 1:D4")
	}
	mustApply(t, s, 0, "1 f 3")
	mustApply(t, s, 0, "done")
	mustApply(t, s, 0, "add 1 e 3")
	mustApply(t, s, 0, "take w")
	if cm := s.corals(); cm.size[cm.id[at("1:E3")]] != 4 || cm.shrimp[cm.id[at("1:E3")]] != 0 || s.Turn != 1 {
		t.Errorf("after the documented turn: coral of %d", cm.size[cm.id[at("1:E3")]])
	}
}

// Typed notation is matched ignoring case, through the platform's canonicaliser.
func TestCanonicalNotation(t *testing.T) {
	s := fixture(t, 2)
	giveCube(t, s, 0, White)
	give(t, s, 0, White, 3)
	m, err := rules.Canonical(s, 0, rules.Move{"GROW", "W"})
	if err != nil || m.String() != "grow w" {
		t.Fatalf("canonical: %q %v", m, err)
	}
	mustApply(t, s, 0, m.String())
	m, err = rules.Canonical(s, 0, rules.Move{"1", "E", "4"})
	if err != nil || m.String() != "1 e 4" {
		t.Fatalf("canonical square: %q %v", m, err)
	}
}
