package reef

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

func TestFourthShrimpStartsTheLastTurns(t *testing.T) {
	s := fixture(t, 3)
	p := &s.Players[0]
	p.ShrimpsHome, p.ShrimpsEaten = 1, 3
	put(t, s, White, "1:E1", "1:E2", "1:E3", "1:F3", "1:G3")
	shrimpOn(t, s, 0, "1:E2")
	put(t, s, Pink, "2:A2", "2:B2", "2:C2", "2:A3", "2:B3", "2:C3")
	shrimpOn(t, s, 1, "2:B2")
	mustApply(t, s, 0, "eat "+sqt("1:E2"))
	// Player 3 has nothing to eat and is passed over; player 2 may eat.
	if s.Phase != phaseLast || len(s.LastTurns) != 1 || s.LastTurns[0] != 1 {
		t.Fatalf("phase %d, last turns %v", s.Phase, s.LastTurns)
	}
	ps := s.Awaiting()
	if len(ps) != 1 || ps[0].Seat != 1 || !strings.Contains(ps[0].English(), "5 polyps go back") {
		t.Fatalf("prompts %+v", ps)
	}
	// In a last turn only eating is allowed, and 5 polyps go back.
	if reason := refuse(t, s, 1, "take g"); !strings.Contains(reason, "only eat") {
		t.Errorf("take in a last turn: %q", reason)
	}
	mustApply(t, s, 1, "eat "+sqt("2:B2"))
	if s.Players[1].Fish[Pink] != 1 {
		t.Errorf("last-turn eating of 6 should leave 1 in the parrotfish: %v", s.Players[1].Fish)
	}
	if s.Res == nil || !strings.Contains(s.Res.English(), "fed all 4 shrimps") {
		t.Fatalf("result %+v", s.Res)
	}
	checkTotals(t, s)
}

func TestAllTilesCoveredEndsTheTurnAtOnce(t *testing.T) {
	s := fixture(t, 2)
	lastTileToCover(t, s, 0, 2)
	put(t, s, Grey, "1:E2")
	shrimpOn(t, s, 0, "1:E2")
	mustApply(t, s, 0, "shrimp "+sqt("1:E2")+" "+sqt("1:A3"))
	mustApply(t, s, 0, "alga g green 1")
	// The shrimp left on bare rock goes home; player 2 has nothing to eat: game over.
	if s.Shrimp[at("1:A3")] >= 0 || s.Players[0].ShrimpsHome != 3 {
		t.Errorf("the shrimp on bare rock stayed")
	}
	if s.Res == nil || len(s.Awaiting()) != 0 {
		t.Fatalf("want the game over")
	}
	checkTotals(t, s)
}

func TestLastTurnPass(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, Pink, "2:A2", "2:B2", "2:C2", "2:A3", "2:B3")
	shrimpOn(t, s, 1, "2:B2")
	s.trigger(0, endTiles, &events{})
	if s.Phase != phaseLast {
		t.Fatalf("player 2 has a coral to eat")
	}
	next, _, err := s.Choices(1, nil)
	if err != nil || len(next) != 2 {
		t.Fatalf("last-turn menu %v %v", next, err)
	}
	mustApply(t, s, 1, "pass")
	if s.Res == nil {
		t.Errorf("the game should be over")
	}
}

func TestNoRockLeftEndsTheGameAtOnce(t *testing.T) {
	s := fixture(t, 2)
	last := at("2:F6")
	for sq := 0; sq < s.numSquares(); sq++ {
		if s.isRock(sq) && sq != last {
			c := Colour(sq % int(NumColours))
			s.Bag[c]--
			s.Polyp[sq] = c
		}
	}
	giveCube(t, s, 0, Grey)
	give(t, s, 0, Grey, 2)
	mustApply(t, s, 0, "grow g")
	mustApply(t, s, 0, sqt("2:F6"))
	if s.Res == nil || !strings.Contains(s.Res.English(), "No rock space") || s.Phase != phaseOver {
		t.Fatalf("want the game over at once: %+v", s.Res)
	}
	checkTotals(t, s)
}

func TestScoring(t *testing.T) {
	s := fixture(t, 2)
	// Side A: white beats yellow and orange (tiles 1, 2): a white polyp scores 3.
	// Grey beats white and yellow (9, 10): 3. Flip tile 9 and white scores 4, grey 2.
	s.Tiles[8].SideB = true
	giveFish(t, s, 0, White, 2) // 8
	giveFish(t, s, 0, Grey, 1)  // 2
	giveFish(t, s, 1, Pink, 3)  // pink beats white and grey: 3 each = 9
	s.finish(endTiles, &events{})
	if s.Res.Scores[0] != 10 || s.Res.Scores[1] != 9 || s.Res.Ranks[0] != 1 || s.Res.Ranks[1] != 2 {
		t.Fatalf("result %+v", s.Res)
	}
	v := s.View(rules.Spectator).(*View)
	if v.Players[0].FishColours == nil || v.Players[0].FishColours[White] != 2 || *v.Players[0].Score != 10 {
		t.Errorf("the parrotfish are revealed at the end: %+v", v.Players[0])
	}
}

func TestTieBreaks(t *testing.T) {
	cases := []struct {
		name  string
		setup func(t *testing.T, s *state)
		ranks [2]int
	}{
		{"shared", func(t *testing.T, s *state) {}, [2]int{1, 1}},
		{"consumed polyps", func(t *testing.T, s *state) { giveConsumed(t, s, 1, Grey, 1) }, [2]int{2, 1}},
		{"larva cubes", func(t *testing.T, s *state) { giveCube(t, s, 0, Grey) }, [2]int{1, 2}},
		{"polyps behind the screen", func(t *testing.T, s *state) { give(t, s, 1, Grey, 2) }, [2]int{2, 1}},
		{"guarded polyps", func(t *testing.T, s *state) {
			put(t, s, Grey, "1:E1", "1:E2")
			shrimpOn(t, s, 0, "1:E1")
			put(t, s, Grey, "2:A2")
			shrimpOn(t, s, 1, "2:A2")
		}, [2]int{1, 2}},
		{"cubes before screen", func(t *testing.T, s *state) {
			giveCube(t, s, 0, Grey)
			give(t, s, 1, Grey, 5)
		}, [2]int{1, 2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if r := tiedFinish(t, tc.setup); r[0] != tc.ranks[0] || r[1] != tc.ranks[1] {
				t.Errorf("ranks %v, want %v", r, tc.ranks)
			}
		})
	}
}

// The reason the game ends is told once: by the result (the platform's closing line), and by the
// ending event only when last turns follow. The play-test's final post said "Ivo has fed all 4
// shrimps to the parrotfish" three times.
func TestEndReasonToldOnce(t *testing.T) {
	cases := []struct {
		name       string
		otherEats  bool
		wantEvents int // events naming the reason
	}{
		{"nobody has a last turn", false, 0},
		{"a last turn follows", true, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := fixture(t, 2)
			p := &s.Players[0]
			p.ShrimpsHome, p.ShrimpsEaten = 1, 3
			put(t, s, White, "1:E1", "1:E2", "1:E3", "1:F3", "1:G3")
			shrimpOn(t, s, 0, "1:E2")
			if c.otherEats {
				put(t, s, Pink, "2:A2", "2:B2", "2:C2", "2:A3", "2:B3", "2:C3")
				shrimpOn(t, s, 1, "2:B2")
			}
			evs := mustApply(t, s, 0, "eat "+sqt("1:E2"))
			if c.otherEats {
				evs = append(evs, mustApply(t, s, 1, "eat "+sqt("2:B2"))...)
			}
			if s.Res == nil {
				t.Fatal("the game did not end")
			}
			reason := rules.PlainSeats(s, s.Res.English())
			n := 0
			for _, e := range evs {
				if strings.Contains(rules.PlainSeats(s, e.English()), reason) {
					n++
				}
			}
			if n != c.wantEvents {
				t.Errorf("%d events name %q, want %d", n, reason, c.wantEvents)
			}
		})
	}
}
