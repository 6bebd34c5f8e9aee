package rulestest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Step plays one random legal move the way selfplay and the search's rollouts do: a uniformly
// chosen awaited seat, then rules.RandomMove for it.
func Step(st rules.State, r *rand.Rand) error {
	ps := st.Awaiting()
	if len(ps) == 0 {
		return fmt.Errorf("running but awaiting nobody")
	}
	p := ps[r.IntN(len(ps))]
	m, err := rules.RandomMove(st, p.Seat, r)
	if err != nil {
		return err
	}
	if _, err := st.Apply(p.Seat, m); err != nil {
		return fmt.Errorf("seat %d %q from the choice tree was refused: %w", p.Seat, m.String(), err)
	}
	return nil
}

// BenchPlayout measures random legal play: one benchmark iteration is one move, games restart
// (cycling through setups, by default one per seat count, the seed advancing) when one ends, and
// setting a game up is not timed.
// It reports moves/s, the figure search strength depends on, and moves per second of CPU time
// (moves/cpu-s), steadier on a loaded machine; setting games up counts in the latter.
func BenchPlayout(b *testing.B, g rules.Game, setups ...rules.Setup) {
	b.Helper()
	benchPlayout(b, g, Step, setups)
}

// BenchQuietPlayout is BenchPlayout as the search's playouts run: seats from rules.AwaitedSeats,
// moves through rules.ApplyQuiet (a game's event-free fast path, where it has one).
func BenchQuietPlayout(b *testing.B, g rules.Game, setups ...rules.Setup) {
	b.Helper()
	benchPlayout(b, g, QuietStep, setups)
}

// QuietStep is Step without events: the awaited seats and the move as the search plays them.
func QuietStep(st rules.State, r *rand.Rand) error {
	seats := rules.AwaitedSeats(st)
	if len(seats) == 0 {
		return fmt.Errorf("running but awaiting nobody")
	}
	seat := seats[r.IntN(len(seats))]
	m, err := rules.RandomMove(st, seat, r)
	if err != nil {
		return err
	}
	if err := rules.ApplyQuiet(st, seat, m); err != nil {
		return fmt.Errorf("seat %d %q from the choice tree was refused: %w", seat, m.String(), err)
	}
	return nil
}

func benchPlayout(b *testing.B, g rules.Game, step func(rules.State, *rand.Rand) error, setups []rules.Setup) {
	b.Helper()
	if len(setups) == 0 {
		for n := g.Info().MinSeats; n <= g.Info().MaxSeats; n++ {
			setups = append(setups, rules.Setup{Seats: n})
		}
	}
	var st rules.State
	game := 0
	r := rand.New(rand.NewPCG(1, 2))
	start := func() {
		b.StopTimer()
		s := setups[game%len(setups)]
		s.Seed += uint64(game)
		game++
		full, err := g.Info().ValidateSetup(s)
		if err != nil {
			b.Fatal(err)
		}
		if st, err = g.New(full); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	start()
	b.ReportAllocs()
	cpu0, cpuOK := cpuTime()
	for b.Loop() {
		if st.Result() != nil {
			start()
		}
		if err := step(st, r); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	if cpu1, ok := cpuTime(); ok && cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), "moves/cpu-s")
	}
}
