package ascalion

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// midGame plays a 4-player game at random for a while and returns the position.
func midGame(b testing.TB) *state {
	s, _ := playRandom(b, rules.Setup{Seats: 4, Seed: 5, Options: map[string]string{"setup": "quick"}}, 600)
	return s
}

func BenchmarkChoicesRoot(b *testing.B) {
	s := midGame(b)
	p := rules.Seat(s.awaited()[0])
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := s.Choices(p, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApply applies a whole transport (horse ride with loads) to a fresh copy each time.
func BenchmarkApply(b *testing.B) {
	f := newFixture(&testing.T{}, 2).own(0, "Ys", "Comorium", "Doilan")
	f.put("Ys", "horse 2gold coal weapon").put("Comorium", "wood iron")
	f.transportTurn(0, 2)
	m := rules.Move{"horse", "ys", "+gold", "+gold", "+coal", "+weapon", "comorium", "-gold", "-coal", "+wood", "+iron", "doilan", "end"}
	b.ReportAllocs()
	for b.Loop() {
		c := f.s.clone()
		if _, err := c.Apply(0, m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomMove is what a selfplay step costs: walking the tree token by token.
func BenchmarkRandomMove(b *testing.B) {
	s := midGame(b)
	r := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		p := s.Awaiting()[0].Seat
		if _, err := rules.RandomMove(s, p, r); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzApply: any token soup is either a legal move or refused with a reason, leaving the state
// untouched; it never panics.
func FuzzApply(f *testing.F) {
	for _, seed := range []string{"done", "offer blue wood for gold", "horse ys +gold comorium end", "attack albur", "boat boat1 s3 r0 end", "nw ys", "put ys wood"} {
		f.Add(seed)
	}
	base := midGame(f)
	f.Fuzz(func(t *testing.T, notation string) {
		m, err := rules.ParseMove(notation)
		if err != nil {
			return
		}
		for _, p := range base.awaited() {
			s := base.clone()
			before, _ := s.Encode()
			_, err := s.Apply(rules.Seat(p), m)
			if err == nil {
				continue
			}
			if _, ok := rules.IsIllegal(err); !ok {
				t.Fatalf("%q: error without a reason: %v", notation, err)
			}
			after, _ := s.Encode()
			if string(before) != string(after) {
				t.Fatalf("%q refused but changed the state", notation)
			}
		}
	})
}
