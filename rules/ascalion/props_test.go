package ascalion

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

func playRandom(t testing.TB, setup rules.Setup, maxMoves int) (*state, int) {
	t.Helper()
	g, err := Game.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*state)
	r := rand.New(rand.NewPCG(setup.Seed, 9))
	n := 0
	for ; n < maxMoves && s.Result() == nil; n++ {
		ps := s.Awaiting()
		if len(ps) == 0 {
			t.Fatalf("move %d: nobody awaited", n)
		}
		p := ps[r.IntN(len(ps))]
		m, err := rules.RandomMove(s, p.Seat, r)
		if err != nil {
			b, _ := json.Marshal(s.View(p.Seat))
			t.Fatalf("move %d stage %d: %v\n%s", n, s.Stage, err, b)
		}
		if _, err := s.Apply(p.Seat, m); err != nil {
			t.Fatalf("move %d: %q refused: %v", n, m, err)
		}
	}
	return s, n
}

// Random legal play reaches a result with every seat count, with and without the expansion,
// without a round limit.
func TestRandomPlayouts(t *testing.T) {
	cases := []rules.Setup{
		{Seats: 2, Seed: 2},
		{Seats: 4, Seed: 4},
		{Seats: 6, Seed: 6, Options: map[string]string{"expansion": "on"}},
	}
	if testing.Short() {
		cases = cases[:1]
	}
	for _, c := range cases {
		s, n := playRandom(t, c, 30000)
		if s.Result() == nil {
			t.Errorf("%d seats %v: no result after %d moves (round %d)", c.Seats, c.Options, n, s.Round)
			continue
		}
		t.Logf("%d seats %v: %d moves, %d rounds: %s", c.Seats, c.Options, n, s.Round, s.Result().English())
	}
}

// suiteSetups: every seat count and every option value; a round limit keeps random games short.
func suiteSetups() []rules.Setup {
	var out []rules.Setup
	for n := 2; n <= 6; n++ {
		out = append(out, rules.Setup{Seats: n, Seed: uint64(n), Options: map[string]string{"rounds": "15"}})
	}
	for _, o := range Game.Info().Options {
		for _, c := range o.Choices {
			if c.Value == o.Default || o.Key == "rounds" {
				continue
			}
			opts := map[string]string{o.Key: c.Value, "rounds": "15"}
			out = append(out, rules.Setup{Seats: 3, Seed: uint64(len(out) + 11), Options: opts})
		}
	}
	out = append(out, rules.Setup{Seats: 6, Seed: 99, Options: map[string]string{"expansion": "on", "trade": "reach", "rounds": "15"}})
	return out
}

func TestPropertySuite(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	// The default suite checks every other setup and the last (2, 4 and 6 seats, half the
	// option values, the expansion with reach); the long tier all of them.
	setups := suiteSetups()
	if !rulestest.Long() {
		var half []rules.Setup
		for i, s := range setups {
			if i%2 == 0 || i == len(setups)-1 {
				half = append(half, s)
			}
		}
		setups = half
	}
	errs, st := rulestest.CheckStats(Game, rulestest.Config{Setups: setups, Games: 1, Every: 25, Exhaustive: 24, Scramble: Scramble, MaxMoves: 20000})
	for _, e := range errs {
		t.Error(e)
	}
	t.Logf("%+v", st)
	if st.Finished != st.Games {
		t.Errorf("%d of %d playouts finished", st.Finished, st.Games)
	}
}

// Every menu fits a Discord select (25 options) and every option has a label, along random games.
func TestMenusFit(t *testing.T) {
	for _, setup := range []rules.Setup{
		{Seats: 6, Seed: 61, Options: map[string]string{"expansion": "on"}},
		{Seats: 2, Seed: 21, Options: map[string]string{"trade": "reach"}},
	} {
		g, _ := Game.New(setup)
		s := g.(*state)
		r := rand.New(rand.NewPCG(setup.Seed, 5))
		for n := 0; n < 2500 && s.Result() == nil; n++ {
			ps := s.Awaiting()
			for _, pr := range ps {
				// The clock's default must always be a legal move.
				if pr.Default == nil {
					t.Fatalf("stage %d: seat %d has no default", s.Stage, pr.Seat)
				}
				if err := rules.Check(s, pr.Seat, pr.Default); err != nil {
					t.Fatalf("stage %d: default %q refused: %v", s.Stage, pr.Default, err)
				}
			}
			p := ps[r.IntN(len(ps))]
			m, err := rules.RandomMove(s, p.Seat, r)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i <= len(m); i++ {
				next, _, err := s.Choices(p.Seat, m[:i])
				if err != nil {
					t.Fatalf("%q: %v", m[:i], err)
				}
				if len(next) > maxMenu {
					t.Fatalf("stage %d: %d options after %q", s.Stage, len(next), m[:i])
				}
				for _, c := range next {
					if c.English() == "" {
						t.Fatalf("stage %d: option %q after %q has no label", s.Stage, c.Token, m[:i])
					}
				}
			}
			if _, err := s.Apply(p.Seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
}
