package ausonia

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The fast paths give the same tokens, the same random moves and the same states as the slow
// ones, over random games at every seat count (solo with each Aspirant): one game per setup by
// default, two in the long tier (BOARDBOT_LONG=1).
func TestFastPathsAgree(t *testing.T) {
	rulestest.RunFast(t, Game, rulestest.Config{Games: rulestest.Scale(1, 2), Every: 5, Setups: []rules.Setup{
		{Seats: 1, Seed: 1}, {Seats: 1, Seed: 2, Options: map[string]string{"aspirant": "2"}},
		{Seats: 1, Seed: 3, Options: map[string]string{"aspirant": "3"}},
		{Seats: 2, Seed: 4}, {Seats: 3, Seed: 5}, {Seats: 4, Seed: 6},
	}})
}

// Random games show the same prompts, menus, events, refusals, snapshots and views as when the
// digest was recorded (before the speed work).
func TestTraceUnchanged(t *testing.T) {
	rulestest.RunTrace(t, Game, []rules.Setup{
		{Seats: 1, Seed: 1}, {Seats: 1, Seed: 2, Options: map[string]string{"aspirant": "2"}},
		{Seats: 1, Seed: 3, Options: map[string]string{"aspirant": "3"}},
		{Seats: 2, Seed: 4}, {Seats: 3, Seed: 5}, {Seats: 4, Seed: 6},
	}, 3, 2000)
}

// ApplyQuiet accepts and refuses what Apply does and leaves the same state, apart from the last
// move's lines (left empty), and AwaitedSeats names Awaiting's seat, over random games at every
// seat count, with broken moves between.
func TestApplyQuietAgrees(t *testing.T) {
	for _, setup := range []rules.Setup{
		{Seats: 1, Seed: 1}, {Seats: 1, Seed: 3, Options: map[string]string{"aspirant": "3"}},
		{Seats: 2, Seed: 4}, {Seats: 3, Seed: 5}, {Seats: 4, Seed: 6},
	} {
		st, err := Game.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		loud := st.(*state)
		r := rand.New(rand.NewPCG(setup.Seed, 9))
		for n := 0; loud.Res == nil && n < 3000; n++ {
			ps, seats := loud.Awaiting(), loud.AwaitedSeats()
			if len(ps) != 1 || len(seats) != 1 || seats[0] != ps[0].Seat {
				t.Fatalf("%+v: awaited seats %v, prompts %+v", setup, seats, ps)
			}
			p := ps[0].Seat
			m, err := rules.RandomMove(loud, p, r)
			if err != nil {
				t.Fatal(err)
			}
			for _, mv := range []rules.Move{append(m[:len(m):len(m)], "zz9"), m[:len(m)-1], m} {
				quiet := loud.clone()
				_, errL := loud.Apply(p, mv)
				errQ := quiet.ApplyQuiet(p, mv)
				if (errL == nil) != (errQ == nil) || (errL != nil && errL.Error() != errQ.Error()) {
					t.Fatalf("%+v %q: Apply %v, ApplyQuiet %v", setup, mv.String(), errL, errQ)
				}
				if len(quiet.Last) != 0 && errQ == nil {
					t.Fatalf("%+v %q: ApplyQuiet left lines %q", setup, mv.String(), quiet.Last)
				}
				quiet.Last, quiet.LastMsg = loud.Last, loud.LastMsg
				a, _ := loud.Encode()
				b, _ := quiet.Encode()
				if string(a) != string(b) {
					t.Fatalf("%+v %q: the states differ after Apply and ApplyQuiet", setup, mv.String())
				}
			}
		}
	}
}
