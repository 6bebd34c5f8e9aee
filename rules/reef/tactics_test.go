package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai/aitest"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// Tactics (issue 23): positions where the rules make one kind of move clearly best. A parrotfish
// scores only what it eats (a coral of 5 or more guarded by its owner's shrimp, 4 polyps back
// to the bag), and feeding the fourth shrimp ends the game. So: eat a big guarded coral at the
// start of the turn (take the points now), and end the game with the last
// shrimp only when leading (win now; never end it behind).
type reefTactic struct {
	name  string
	seats int
	build func(t *testing.T, s *state)
	eat   string // the coral (any square of it) the move must eat; "" : the move must not eat
}

var (
	nineWhite = []string{"1:A6", "1:B6", "1:C6", "1:D6", "1:E6", "1:F6", "1:G6", "1:A5", "1:B5"}
	sevenRow2 = []string{"2:A5", "2:B5", "2:C5", "2:D5", "2:E5", "2:F5", "2:G5"}
	fiveRow1  = []string{"1:E1", "1:E2", "1:E3", "1:F3", "1:G3"}
)

func lastShrimp(s *state, seat int) {
	s.Players[seat].ShrimpsHome, s.Players[seat].ShrimpsEaten = 1, 3
}

var reefTactics = []reefTactic{
	{"eat a guarded coral of nine", 2, func(t *testing.T, s *state) {
		put(t, s, White, nineWhite...)
		shrimpOn(t, s, 0, "1:C6")
	}, "1:C6"},
	{"eat a guarded coral of seven, three seats", 3, func(t *testing.T, s *state) {
		put(t, s, Grey, sevenRow2...)
		shrimpOn(t, s, 0, "2:D5")
	}, "2:D5"},
	{"eat a guarded coral of seven, four seats", 4, func(t *testing.T, s *state) {
		put(t, s, Orange, sevenRow2...)
		put(t, s, Pink, fiveRow1...) // someone else's
		shrimpOn(t, s, 0, "2:G5")
		shrimpOn(t, s, 2, "1:E2")
	}, "2:G5"},
	{"eat a guarded coral of nine, four seats", 4, func(t *testing.T, s *state) {
		put(t, s, Pink, nineWhite...)
		shrimpOn(t, s, 0, "1:A5")
	}, "1:A5"},
	{"eat a guarded coral of eight", 2, func(t *testing.T, s *state) {
		put(t, s, Yellow, append([]string{"2:A4"}, sevenRow2...)...)
		shrimpOn(t, s, 0, "2:A4")
	}, "2:A4"},
	{"the last shrimp wins the game: eat", 2, func(t *testing.T, s *state) {
		lastShrimp(s, 0)
		put(t, s, White, nineWhite...)
		shrimpOn(t, s, 0, "1:C6")
	}, "1:C6"},
	{"the last shrimp ends the game behind: do not eat", 2, func(t *testing.T, s *state) {
		lastShrimp(s, 0)
		giveFish(t, s, 1, Grey, 12)
		put(t, s, White, sevenRow2...)
		shrimpOn(t, s, 0, "2:D5")
	}, ""},
	{"the last shrimp ends the game behind, three seats: do not eat", 3, func(t *testing.T, s *state) {
		lastShrimp(s, 0)
		giveFish(t, s, 2, Orange, 10)
		put(t, s, Pink, nineWhite...)
		shrimpOn(t, s, 0, "1:G6")
	}, ""},
	{"the last shrimp, ahead in the parrotfish: eat", 2, func(t *testing.T, s *state) {
		lastShrimp(s, 0)
		giveFish(t, s, 0, Grey, 6)
		giveFish(t, s, 1, Grey, 2)
		put(t, s, Orange, sevenRow2...)
		shrimpOn(t, s, 0, "2:B5")
	}, "2:B5"},
	{"the last shrimp, three seats, ahead: eat", 3, func(t *testing.T, s *state) {
		lastShrimp(s, 0)
		giveFish(t, s, 0, White, 4)
		giveFish(t, s, 1, Grey, 1)
		giveFish(t, s, 2, Pink, 2)
		put(t, s, Yellow, nineWhite...)
		shrimpOn(t, s, 0, "1:D6")
	}, "1:D6"},
	// A last turn: the meal of one polyp brings a tie, which the consumed polyps win; passing
	// loses by that polyp.
	{"the last turn: eat into a tie won on the tie-break", 2, func(t *testing.T, s *state) {
		giveFish(t, s, 0, White, 3)
		giveFish(t, s, 1, White, 4)
		giveConsumed(t, s, 0, Grey, 2)
		put(t, s, White, append([]string{"1:G4"}, fiveRow1...)...) // 6: one more than go back
		shrimpOn(t, s, 0, "1:E2")
		s.Phase, s.LastTurns = phaseLast, []int{0}
	}, "1:E2"},
}

// meets says whether m does what the case asks in s.
func (c reefTactic) meets(s *state, m rules.Move) bool {
	if c.eat == "" {
		return m[0] != vEat
	}
	if m[0] != vEat {
		return false
	}
	cm := s.corals()
	sq, _ := (&walker{m: m}).peekSquare(s, 1)
	return cm.id[sq] == cm.id[at(c.eat)]
}

func TestAITactics(t *testing.T) {
	var cases []aitest.Tactic
	for _, c := range reefTactics {
		s := fixture(t, c.seats)
		c.build(t, s)
		if _, _, err := s.Choices(0, rules.Move{vEat}); err != nil {
			t.Fatalf("%s: eating is not on the menu: %v", c.name, err)
		}
		cases = append(cases, aitest.Tactic{Name: c.name, State: func() rules.State { return s.clone() },
			Good: func(m rules.Move) bool { return c.meets(s, m) }})
	}
	aitest.Tactics(t, Game, cases)
}

// The feeding habit is found, and the AI above easy leaves such an eat out.
func TestHabitLastShrimpLosing(t *testing.T) {
	s := fixture(t, 2)
	reefTactics[6].build(t, s)
	before := s.clone()
	m := rules.Move{vEat, "2", "d", "5"}
	if _, err := s.Apply(0, m); err != nil {
		t.Fatal(err)
	}
	if hs := before.Habits(0, m, nil, s); len(hs) != 1 || hs[0] != HabitLastShrimpLosing {
		t.Errorf("habits %v", hs)
	}
	for _, mv := range before.SensibleMoves(0) {
		if mv[0] == vEat {
			t.Errorf("sensible moves offer %s", mv)
		}
	}
}

// Over seeded games, normal and hard show no habit: no shrimp to and fro or shuffled, no cube
// played for nothing, no last shrimp fed behind, and no polyp left behind the screen that their
// last turn could have laid. Whole games (the end's habits) are the long tier (BOARDBOT_LONG=1:
// 4 minutes of one core); the default plays each game's first 20 decisions.
func TestAIHabits(t *testing.T) {
	if testing.Short() {
		t.Skip("games at normal and hard")
	}
	moves := rulestest.Scale(20, 3000)
	for _, c := range []struct {
		seed   uint64
		levels []string
	}{{1, []string{"normal", "easy"}}, {2, []string{"hard", "normal"}}} {
		counts, n, err := aitest.Habits(Game, rules.Setup{Seats: 2, Seed: c.seed}, c.levels, moves)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d, %d moves: %s %v, %s %v", c.seed, n, c.levels[0], counts[0], c.levels[1], counts[1])
		for seat, level := range c.levels {
			if level == "easy" {
				continue
			}
			for h, k := range counts[rules.Seat(seat)] {
				if k != 0 {
					t.Errorf("seed %d: %s: %s %d", c.seed, level, h, k)
				}
			}
		}
	}
}

// A coral of 8 or more that the seat can eat at the start of its turn is eaten then, at the
// levels above easy: hard, looking 4 opponent moves ahead, otherwise took an open-sea space and
// left the eat for a turn later. A smaller coral may wait to grow, and the last shrimp keeps its
// own rule.
func TestSensibleEatsBigCoral(t *testing.T) {
	for _, c := range []struct {
		name   string
		coral  []string
		last   bool
		onlyAt string // every sensible move eats the coral on this square; "": nothing left out
	}{
		{"nine", nineWhite, false, "1:C6"},
		{"eight", nineWhite[:8], false, "1:C6"},
		{"seven may grow", nineWhite[:7], false, ""},
		// nobody can catch up once it is eaten: the certain win is played
		{"the last shrimp wins for certain", nineWhite, true, "1:C6"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := fixture(t, 2)
			if c.last {
				lastShrimp(s, 0)
			}
			put(t, s, White, c.coral...)
			shrimpOn(t, s, 0, "1:C6")
			moves := s.SensibleMoves(0)
			if c.onlyAt == "" {
				// Nothing left out but the wasteful moves (a shrimp onto bare rock).
				all, _, _ := rules.Enumerate(s, 0, 5000)
				kept := map[string]bool{}
				for _, m := range moves {
					kept[m.String()] = true
				}
				for _, m := range all {
					if moves != nil && !kept[m.String()] && !s.wastes(m) {
						t.Errorf("sensible moves leave out %s", m)
					}
				}
				return
			}
			if len(moves) == 0 {
				t.Fatal("nothing left out; want only the eat")
			}
			cm := s.corals()
			for _, m := range moves {
				sq, ok := (&walker{m: m}).peekSquare(s, 1)
				if m[0] != vEat || !ok || cm.id[sq] != cm.id[at(c.onlyAt)] {
					t.Errorf("sensible move %s is no eat of the coral on %s", m, c.onlyAt)
				}
			}
		})
	}
}
