package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// The arena's habits shrimp_shuffle (a shrimp moved on from where it arrived this turn) and
// cube_nothing_laid (a larva play ended with nothing laid) and grow_rival_coral (a polyp laid into
// a coral another seat's shrimp guards) are found, and the AI above easy
// leaves such moves out (SensibleMoves), as well as a shrimp sent onto bare rock.
func TestHabitsShuffleAndEmptyPlay(t *testing.T) {
	cases := []struct {
		name   string
		before []string // moves played first
		move   string
		habit  string // "" : none
		rival  bool   // seat 1's shrimp guards the grey coral on 1:A3
	}{
		{"introduced, then moved on", []string{"add 1 e 2"}, "shrimp 1 e 2 1 b 3", HabitShrimpShuffle, false},
		{"moved, then moved on", []string{"shrimp 2 a 5 1 e 2"}, "shrimp 1 e 2 1 b 3", HabitShrimpShuffle, false},
		{"moved once", nil, "shrimp 2 a 5 1 e 2", "", false},
		{"two shrimps moved once each", []string{"add 1 e 2"}, "shrimp 2 a 5 1 b 3", "", false},
		{"a play ended with nothing laid", []string{"grow g"}, "done", HabitCubeNothingLaid, false},
		{"a play ended after a polyp", []string{"grow g", "1 a 4"}, "done", "", false},
		{"a polyp laid into a rival's guarded coral", []string{"grow g"}, "1 a 4", HabitGrowRival, true},
		{"a polyp laid beside an unguarded coral", []string{"grow g"}, "1 a 4", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := fixture(t, 2)
			put(t, s, White, "1:E1", "1:E2", "1:E3")
			put(t, s, Yellow, "1:B3", "1:B4")
			put(t, s, Pink, "2:A5")
			put(t, s, Grey, "1:A3")
			shrimpOn(t, s, 0, "2:A5")
			if c.rival {
				shrimpOn(t, s, 1, "1:A3")
			}
			giveCube(t, s, 0, Grey)
			give(t, s, 0, Grey, 3)
			for _, m := range c.before {
				mustApply(t, s, 0, m)
			}
			before := s.clone()
			m, _ := rules.ParseMove(c.move)
			if _, err := s.Apply(0, m); err != nil {
				t.Fatal(err)
			}
			hs := before.Habits(0, m, nil, s)
			if (c.habit == "") != (len(hs) == 0) || (c.habit != "" && hs[0] != c.habit) {
				t.Errorf("habits %v, want %q", hs, c.habit)
			}
			if c.habit == "" {
				return
			}
			sensible := before.SensibleMoves(0)
			if len(sensible) == 0 {
				t.Fatal("SensibleMoves leaves nothing out")
			}
			for _, mv := range sensible {
				if mv.String() == c.move {
					t.Errorf("sensible moves keep %s", mv)
				}
			}
		})
	}
}

func TestSensibleLeavesShrimpsOffBareRock(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, White, "1:E1", "1:E2", "1:E3")
	put(t, s, Pink, "2:A5")
	shrimpOn(t, s, 0, "2:A5")
	moves := s.SensibleMoves(0)
	if len(moves) == 0 {
		t.Fatal("nothing left out")
	}
	onto := 0
	for _, m := range moves {
		if m[0] != vShrimp {
			continue
		}
		if to, ok := (&walker{m: m}).peekSquare(s, 4); ok {
			onto++
			if s.Polyp[to] == NoColour {
				t.Errorf("sensible move %s sends the shrimp onto bare rock", m)
			}
		}
	}
	if onto == 0 {
		t.Error("no shrimp move onto a coral is left")
	}
}

// A last turn is decided exactly: the eat that leaves the seat's standing highest, or a pass
// when every meal is worth nothing (a coral of 5 gives all its polyps back, and eating it would
// only lower the last tie-break).
func TestLastTurnDecidedExactly(t *testing.T) {
	for _, c := range []struct {
		name  string
		build func(t *testing.T, s *state)
		want  string
	}{
		{"a meal worth a polyp", func(t *testing.T, s *state) {
			put(t, s, White, append([]string{"1:G4"}, fiveRow1...)...)
			shrimpOn(t, s, 0, "1:E2")
		}, "eat 1 e 2"},
		{"a meal worth nothing", func(t *testing.T, s *state) {
			put(t, s, White, fiveRow1...)
			shrimpOn(t, s, 0, "1:E2")
		}, "pass"},
		{"the bigger of two meals", func(t *testing.T, s *state) {
			put(t, s, White, append([]string{"1:G4"}, fiveRow1...)...)
			shrimpOn(t, s, 0, "1:E2")
			put(t, s, Pink, sevenRow2...)
			shrimpOn(t, s, 0, "2:C5")
		}, "eat 2 c 5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := fixture(t, 2)
			c.build(t, s)
			s.Phase, s.LastTurns = phaseLast, []int{0}
			got := s.SensibleMoves(0)
			if len(got) != 1 || got[0].String() != c.want {
				t.Errorf("sensible moves %v, want only %s", got, c.want)
			}
		})
	}
}
