package ascidiae

import (
	"fmt"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
	"github.com/boardbot/boardbot/rules/ai/aitest"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// judged plays moves for the seat to move and returns the habits each showed, "-" for none.
func judged(t *testing.T, g *State, moves ...string) []string {
	t.Helper()
	var out []string
	for _, s := range moves {
		m, _ := rules.ParseMove(s)
		hs := g.Habits(rules.Seat(g.Turn.Seat), m, nil, nil)
		play(t, g, s)
		if len(hs) == 0 {
			out = append(out, "-")
		} else {
			out = append(out, strings.Join(hs, "+"))
		}
	}
	return out
}

// Spinning or displacing a card back where the turn found it is a move undone, unless the card
// has activated in between (it acted turned or moved: a plan, not a slip); and a move that lets a
// winning claim go is a missed win. The judge and the AI's filter agree.
func TestHabitJudge(t *testing.T) {
	if HabitUndo != ai.HabitUndo {
		t.Fatalf("HabitUndo %q, the AI's %q", HabitUndo, ai.HabitUndo)
	}
	for _, c := range []struct {
		name  string
		cards func(g *State)
		moves []string
		want  string
	}{
		{"spin back in one activation", func(g *State) {
			g.put(0, "b2", "sverk", Up, "KKK")
			g.put(0, "a3", "mariensis", Up, "")
		}, []string{"spin a3 right", "spin a3 up"}, "- undo"},
		{"displace back in one activation", func(g *State) {
			g.put(0, "b2", "sverk", Up, "KKK")
			g.put(0, "a3", "mariensis", Up, "")
		}, []string{"displace a3 b3", "displace b3 a3"}, "- undo"},
		{"spin to another facing", func(g *State) {
			g.put(0, "b2", "sverk", Up, "KKK")
			g.put(0, "a3", "mariensis", Up, "")
		}, []string{"spin a3 right", "spin a3 down"}, "- push_off_grid"}, // not undone, but down from a3 pushes off the grid
		{"spin back by a later card, before the card acts", func(g *State) {
			g.put(0, "d1", "fusca", Up, "K")
			g.put(0, "b2", "habilis", Up, "K")
			g.put(0, "a3", "mariensis", Up, "")
		}, []string{"2", "spin a3 right", "2", "spin a3 up"}, "- - - undo"},
		{"spin back by a later card, after the card acted", func(g *State) {
			g.put(0, "d1", "fusca", Up, "K")
			g.put(0, "b2", "habilis", Up, "K")
			g.put(0, "c2", "mariensis", Up, "")
		}, []string{"2", "spin c2 left", "1", "2", "spin c2 up black"}, "- - - - push_into_empty"}, // not undone, but up from c2 pushes into an empty c1
		{"rest instead of the winning claim", func(g *State) {
			g.Players[0].Colonies = []string{"black4"}
			g.Colonies[3].By = 0
			g.put(0, "b2", "fusca", Up, "KKWR")
		}, []string{"2", "rest"}, "- missed_win"},
		{"rest while a second think can still claim", func(g *State) {
			g.Players[0].Colonies = []string{"black4"}
			g.Colonies[3].By = 0
			g.put(0, "b2", "sverk", Up, "KKWR")
		}, []string{"rest", "rest"}, "- missed_win"},
		{"the winning claim", func(g *State) {
			g.Players[0].Colonies = []string{"black4"}
			g.Colonies[3].By = 0
			g.put(0, "b2", "sverk", Up, "KKWR")
		}, []string{"colonize g1"}, "-"},
		{"the ability without the claim", func(g *State) {
			g.Players[0].Colonies = []string{"black4"}
			g.Colonies[3].By = 0
			g.put(0, "b2", "habilis", Up, "KKWR")
		}, []string{"1"}, "missed_win"},
		{"a first claim is no win", func(g *State) {
			g.put(0, "b2", "sverk", Up, "KKWR")
		}, []string{"rest"}, "-"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := scenario(t, 2, nil)
			g.colonies("black1", "black2", "black3", "black4") // KKWR, KKWB, KKRB, KWRB
			c.cards(g)
			g.begin(0)
			before := g.clone()
			got := strings.Join(judged(t, g, c.moves...), " ")
			if got != c.want {
				t.Errorf("habits %q, want %q", got, c.want)
			}
			// The filter leaves out exactly what the judge names.
			g = before
			for _, s := range c.moves {
				m, _ := rules.ParseMove(s)
				sens := g.SensibleMoves(0)
				bad := len(g.Habits(0, m, nil, nil)) > 0
				in := sens == nil
				for _, x := range sens {
					in = in || x.Equal(m)
				}
				if in == bad {
					t.Errorf("%q: sensible %v, judged bad %v", s, sens, bad)
				}
				play(t, g, s)
			}
		})
	}
}

// Seeded AI games show none of the habits at normal and hard. By default one game of normal
// players at two seats; the long tier (BOARDBOT_LONG=1) adds three seats, hard against normal and
// four seats (issue 35: these took 140 s).
func TestAIHabits(t *testing.T) {
	type game struct {
		seats  int
		seed   uint64
		levels []string
	}
	games := []game{{2, 1, []string{"normal", "normal"}}}
	if rulestest.Long() {
		games = append(games, game{3, 2, []string{"normal", "normal", "normal"}}, game{2, 3, []string{"hard", "normal"}}, game{4, 4, []string{"normal", "normal", "normal", "normal"}})
	}
	for _, c := range games {
		t.Run(fmt.Sprintf("%d seats %s", c.seats, c.levels[0]), func(t *testing.T) {
			counts, n, err := aitest.Habits(Game, rules.Setup{Seats: c.seats, Seed: c.seed}, c.levels, 3000)
			if err != nil {
				t.Fatal(err)
			}
			for seat, hs := range counts {
				if len(hs) > 0 {
					t.Errorf("%d seats, seed %d: %s (seat %d) showed %v in %d moves", c.seats, c.seed, c.levels[seat], seat, hs, n)
				}
			}
		})
	}
}
