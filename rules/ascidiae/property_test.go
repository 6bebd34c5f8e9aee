package ascidiae

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// propertySetups: every seat count with defaults, every option value, and every preset at 2 and
// 4 seats.
func propertySetups() []rules.Setup {
	setups := rulestest.DefaultSetups(Game.Info())
	for i, p := range data.Presets {
		for _, n := range []int{2, 4} {
			setups = append(setups, rules.Setup{Seats: n, Seed: uint64(100 + 10*i + n), Options: map[string]string{"preset": p.ID, "long": map[bool]string{true: "yes", false: "no"}[n == 4 && i%2 == 0]}})
		}
	}
	return setups
}

// TestProperties runs the shared property suite.
func TestProperties(t *testing.T) {
	// Every setup is played by default, once and checked at every 18th position (issue 35: the
	// package's tests within 40 s); the long tier plays each twice, checked at every 6th.
	cfg := rulestest.Config{Setups: propertySetups(), Games: rulestest.Scale(1, 2), Every: rulestest.Scale(18, 6), Exhaustive: 40, MaxMoves: 8000, Scramble: Scramble}
	if testing.Short() {
		cfg.Setups = cfg.Setups[:4]
	}
	errs, st := rulestest.CheckStats(Game, cfg)
	for _, err := range errs {
		t.Error(err)
	}
	t.Logf("games %d finished %d moves %d applied %d refused %d", st.Games, st.Finished, st.Moves, st.Applied, st.Refused)
	if st.Finished != st.Games {
		t.Errorf("%d of %d playouts finished", st.Finished, st.Games)
	}
}

// randomGame plays uniformly random moves to the end and returns the game and its move count.
func randomGame(t testing.TB, s rules.Setup) (*State, int) {
	t.Helper()
	st, err := Game.New(s)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(s.Seed, 9))
	moves := 0
	for st.Result() == nil {
		ps := st.Awaiting()
		p := ps[r.IntN(len(ps))]
		m, err := rules.RandomMove(st, p.Seat, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(p.Seat, m); err != nil {
			t.Fatalf("move %d %q: %v", moves, m, err)
		}
		moves++
		if moves > 20000 {
			t.Fatalf("no result after %d moves", moves)
		}
	}
	return st.(*State), moves
}

// TestRandomPlayoutsFinish: random play ends every game, solo and multiplayer, every preset.
func TestRandomPlayoutsFinish(t *testing.T) {
	reasons := map[string]int{}
	n := 0
	for _, p := range data.Presets {
		for seats := 1; seats <= 4; seats++ {
			s := rules.Setup{Seats: seats, Seed: uint64(seats*31 + len(p.ID)), Options: map[string]string{"preset": p.ID, "difficulty": "black"}}
			s, _ = Game.Info().ValidateSetup(s)
			g, _ := randomGame(t, s)
			if len(g.Res.Ranks) != seats {
				t.Errorf("ranks %v for %d seats", g.Res.Ranks, seats)
			}
			reasons[g.Res.English()[:12]]++
			n++
		}
	}
	t.Logf("%d games: %v", n, reasons)
}

func BenchmarkApply(b *testing.B) {
	s, _ := Game.Info().ValidateSetup(rules.Setup{Seats: 3, Seed: 4, Options: map[string]string{"preset": "fourth"}})
	// Record a random game, then replay it: each iteration applies one recorded move.
	st, _ := Game.New(s)
	r := rand.New(rand.NewPCG(1, 2))
	type rec struct {
		seat rules.Seat
		m    rules.Move
	}
	var log []rec
	for st.Result() == nil && len(log) < 400 {
		p := st.Awaiting()[0]
		m, _ := rules.RandomMove(st, p.Seat, r)
		st.Apply(p.Seat, m)
		log = append(log, rec{p.Seat, m})
	}
	b.ResetTimer()
	for i := 0; i < b.N; {
		g, _ := Game.New(s)
		for _, l := range log {
			if _, err := g.Apply(l.seat, l.m); err != nil {
				b.Fatal(err)
			}
			i++
		}
	}
}

func BenchmarkChoices(b *testing.B) {
	g := scenario(b, 2, nil)
	g.put(0, "b2", "sverk", Up, "KKWR")
	g.begin(0)
	partials := []rules.Move{nil, {"root"}, {"root", "vikenti"}, {"root", "vikenti", "a1"}, {"displace", "b2"}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := g.Choices(0, partials[i%len(partials)]); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMenusFitDiscord: at every step of every decision, at most 25 options (one select menu),
// each with a label, along random games of every seat count and preset.
func TestMenusFitDiscord(t *testing.T) {
	nodes, checked := 0, 0
	var walk func(st rules.State, seat rules.Seat, m rules.Move)
	walk = func(st rules.State, seat rules.Seat, m rules.Move) {
		next, _, err := st.Choices(seat, m)
		if err != nil {
			t.Fatalf("%q: %v", m, err)
		}
		nodes++
		if len(next) > 25 {
			t.Errorf("%q: %d options, more than a select menu holds", m, len(next))
		}
		for _, c := range next {
			if c.English() == "" {
				t.Errorf("%q: option %q has no label", m, c.Token)
			}
		}
		// Setup placement has thousands of nodes that repeat the same menus: cap the walk.
		for _, c := range next {
			if nodes < 4000 {
				walk(st, seat, append(append(rules.Move{}, m...), c.Token))
			}
		}
	}
	for i, p := range data.Presets {
		seats := 1 + i%4
		s, _ := Game.Info().ValidateSetup(rules.Setup{Seats: seats, Seed: uint64(i + 40), Options: map[string]string{"preset": p.ID, "long": "yes"}})
		st, _ := Game.New(s)
		r := rand.New(rand.NewPCG(uint64(i), 8))
		for step := 0; st.Result() == nil; step++ {
			p := st.Awaiting()[0]
			if step%3 == 0 {
				nodes = 0
				checked++
				walk(st, p.Seat, nil)
			}
			m, _ := rules.RandomMove(st, p.Seat, r)
			if _, err := st.Apply(p.Seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d positions checked", checked)
	}
}
