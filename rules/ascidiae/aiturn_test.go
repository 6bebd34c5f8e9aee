package ascidiae

import (
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
)

// A win three cards away within the turn: habilis on c2 spawns the white it lacks, sverk on b2
// moves it one space on to c3, later in the flow, where it activates again and claims. The
// greedy player rests instead; every level above easy plays the whole line and wins.
func TestAIWinsByMovingACardAhead(t *testing.T) {
	for _, level := range []string{"normal", "hard"} {
		t.Run(level, func(t *testing.T) {
			g := scenario(t, 2, nil)
			g.colonies("black1", "black2", "black3", "black4") // KKWR, KKWB, KKRB, KWRB
			g.Players[0].Colonies = []string{"black4"}
			g.Colonies[3].By = 0
			g.put(0, "c2", "habilis", Up, "KKR")
			g.put(0, "b2", "sverk", Up, "B")
			g.begin(0)
			if g.winLine(0) == nil {
				t.Fatal("the win search finds no win")
			}
			greedy := g.clone()
			finishTurn(greedy)
			if wonBy(greedy, 0) {
				t.Fatal("premise: the greedy player wins this turn by itself")
			}
			cfg, err := ai.ForLevel(level, 5)
			if err != nil {
				t.Fatal(err)
			}
			var line []string
			for g.Res == nil && g.Turn.Seat == 0 {
				m, _, err := ai.Choose(Game, g, 0, cfg)
				if err != nil {
					t.Fatal(err)
				}
				line = append(line, m.String())
				if _, err := g.Apply(0, m); err != nil {
					t.Fatal(err)
				}
			}
			if !wonBy(g, 0) {
				t.Errorf("played %q and did not win", line)
			}
		})
	}
}

// The opening placements differ between games, the same game gives the same one, and each is
// one of the best placements (basica pushing into habilis later in the flow, near the centre).
func TestOpeningsVary(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 20; seed++ {
		s, err := Game.Info().ValidateSetup(rules.Setup{Seats: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		g, err := newGame(s)
		if err != nil {
			t.Fatal(err)
		}
		a, b := g.SensibleMoves(0), g.SensibleMoves(1)
		if len(a) != 1 || len(b) != 1 {
			t.Fatalf("seed %d: sensible placements %v and %v, want one each", seed, a, b)
		}
		if err := rules.Check(g, 0, a[0]); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !a[0].Equal(g.SensibleMoves(0)[0]) || !a[0].Equal(greedyMove(g.clone(), 0)) {
			t.Errorf("seed %d: the placement changes between calls or from the greedy player's", seed)
		}
		seen[a[0].String()]++
		seen[b[0].String()]++
	}
	if len(seen) < 12 {
		t.Errorf("%d distinct placements over 20 games of 2 seats: %v", len(seen), seen)
	}
}

// Rooting onto or displacing onto one's own card that holds tadpoles is a habit the levels above
// easy leave out; onto an empty space or a card without tadpoles it is not.
func TestLostLoadHabit(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "a1", "sverk", Up, "KR")
	g.put(0, "c1", "habilis", Up, "KW")
	g.put(0, "d1", "basica", Up, "")
	g.begin(0)
	for _, c := range []struct {
		move string
		bad  bool
	}{
		{"displace c1 d1 black", false},
		{"displace d1 c1 black", true},
		{"displace c1 c2 black", false},
	} {
		m, _ := rules.ParseMove(c.move)
		if err := rules.Check(g, 0, m); err != nil {
			t.Fatalf("%s: %v", c.move, err)
		}
		hs := g.Habits(0, m, nil, nil)
		if got := slices.Contains(hs, HabitLostLoad); got != c.bad { // basica onto c1 also aims its push off the grid
			t.Errorf("%s: habits %v, want lost_load %v", c.move, hs, c.bad)
		}
		sens := g.SensibleMoves(0)
		in := false
		for _, x := range sens {
			in = in || x.Equal(m)
		}
		if in == c.bad {
			t.Errorf("%s: among the sensible moves %v, lost load %v", c.move, in, c.bad)
		}
	}
	roots := 0
	for _, m := range g.moves(0, 4000) {
		if m[0] == wRoot && len(m) == 4 && m[2] == "c1" {
			roots++
			if !g.losesLoad(m) {
				t.Errorf("%s does not lose habilis's load", m)
			}
		}
	}
	if roots == 0 {
		t.Error("premise: no root onto c1")
	}
}

// Before claiming, the levels above easy look at the next player's turn: a claim after which
// it can win at once is left out while another claim stops it, and so is every move that claims
// nothing. The deny positions of the tactics: exactly the right claim stays.
func TestClaimsLeavingAWin(t *testing.T) {
	n := 0
	for _, c := range ascTactics(t) {
		if c.kind != "deny" {
			continue
		}
		n++
		var claims []string
		for _, m := range c.g.SensibleMoves(0) {
			claims = append(claims, m.String())
		}
		if len(claims) != 1 || claims[0] != "colonize "+c.slot {
			t.Errorf("%s: sensible moves %v, want colonize %s only", c.name, claims, c.slot)
		}
	}
	if n < 3 {
		t.Fatalf("%d deny positions", n)
	}
}

// A displace onto one's own loaded card that is the way to a win in the turn is no habit:
// habilis on a1 spawns the white it lacks, sverk on b1 moves it onto mariensis's a2, later in
// the flow, where it activates again and claims. One colony further from the target, the same
// displace is the habit.
func TestLostLoadThatWins(t *testing.T) {
	for _, short := range []bool{true, false} {
		g := scenario(t, 2, nil)
		g.colonies("black1", "black2", "black3", "black4") // KKWR, KKWB, KKRB, KWRB
		if short {
			g.Players[0].Colonies = []string{"black4"}
			g.Colonies[3].By = 0
		}
		g.put(0, "a1", "habilis", Up, "KKR")
		g.put(0, "b1", "sverk", Up, "KR")
		g.put(0, "a2", "mariensis", Up, "B")
		g.begin(0)
		play(t, g, "1", "white")
		for g.Turn.Wait != waitCentral {
			play(t, g, "1")
		}
		m := rules.Move{wDisplace, "a1", "a2", "black"}
		if err := rules.Check(g, 0, m); err != nil {
			t.Fatal(err)
		}
		if !g.losesLoad(m) {
			t.Fatalf("%s does not lose mariensis's load", m)
		}
		hs := g.Habits(0, m, nil, nil)
		if short && (len(hs) != 0 || !g.winsTurn(0, m)) {
			t.Errorf("one colony short: habits %v, wins the turn %v", hs, g.winsTurn(0, m))
		}
		if !short && (len(hs) != 1 || hs[0] != HabitLostLoad) {
			t.Errorf("two colonies short: habits %v", hs)
		}
	}
}
