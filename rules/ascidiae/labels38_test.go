package ascidiae

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// label is the label of token in seat's menu after partial.
func label(t *testing.T, g *State, seat int, partial, token string) string {
	t.Helper()
	m, _ := rules.ParseMove(partial)
	cs, _, err := g.Choices(rules.Seat(seat), m)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Token == token {
			return c.English()
		}
	}
	t.Fatalf("no %q after %q", token, partial)
	return ""
}

// The opening placement's facings say which card goes where (issue 38: "c2 up a1 up — Facing
// up" told neither).
func TestPlacementFacingLabels(t *testing.T) {
	g := newTestGame(t, 2, nil)
	for _, c := range []struct{ partial, token, want string }{
		{"c2", "up", "Ascidia basica on c2, facing up"},
		{"c2 up a1", "left", "Ascidia habilis on a1, facing left"},
	} {
		if got := label(t, g, 0, c.partial, c.token); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.partial, c.token, got, c.want)
		}
	}
}

// The top-level colonize entry says that it wins when every claim does (one colony short),
// not otherwise and not solo.
func TestColonizeEntrySaysItWins(t *testing.T) {
	for _, c := range []struct {
		name  string
		seats int
		short bool
		wins  bool
	}{
		{"one short", 2, true, true},
		{"first colony", 2, false, false},
		{"solo", 1, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := scenario(t, c.seats, nil)
			g.colonies("black1", "black2", "black3", "black4")
			if c.short {
				g.Players[0].Colonies = []string{"black4"}
				g.Colonies[3].By = 0
			}
			g.put(0, "b2", "sverk", Up, "KKWR")
			g.begin(0)
			got := label(t, g, 0, "", "colonize")
			// The win comes first: a menu cuts a long label's end (issue 33).
			if strings.HasPrefix(got, "you win the game · ") != c.wins {
				t.Errorf("colonize: %q", got)
			}
		})
	}
}

// An ability choice or a choice of tadpoles after which the activation goes on is told by an
// event of its own, housekeeping for posts (the activation's line tells it when it ends), so
// that /history does not say "bob moved." (issue 38). A choice that ends the activation is told
// by the activation's line only.
func TestChoicesAreTold(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "b2", "habilis", Up, "K")
	g.begin(0)
	for _, c := range []struct{ move, want string }{
		{"1", "{seat:0}'s habilis on b2 chooses: Spawn 1 black or white"},
		{"white", ""},
	} {
		m, _ := rules.ParseMove(c.move)
		evs, err := g.Apply(0, m)
		if err != nil {
			t.Fatal(err)
		}
		var routine []string
		for _, e := range evs {
			if e.Routine {
				routine = append(routine, e.English())
			}
			if !e.Public() {
				t.Errorf("%s: a private event %q", c.move, e.English())
			}
		}
		if c.want == "" {
			if len(routine) != 0 || len(evs) == 0 {
				t.Errorf("%s: events %+v", c.move, evs)
			}
			continue
		}
		if len(evs) != 1 || len(routine) != 1 || !strings.HasPrefix(routine[0], c.want) {
			t.Errorf("%s: events %q, want one routine %q", c.move, routine, c.want)
		}
	}
}

// Every decision after the hidden placement tells the others something: /history says "bob
// moved." only for a move whose events nobody else may see, and no Ascidiae decision hides
// anything once the grids are revealed (issue 38: the learning turns' "flow" was told so).
func TestEveryDecisionIsTold(t *testing.T) {
	flows := 0
	for seed := uint64(1); seed <= 12; seed++ {
		g := newTestGame(t, 2+int(seed%3), map[string]string{"preset": "random"})
		r := rand.New(rand.NewPCG(seed, 9))
		for i := 0; i < 300 && g.Result() == nil; i++ {
			p := g.Awaiting()[0].Seat
			m, err := rules.RandomMove(g, p, r)
			if err != nil {
				t.Fatal(err)
			}
			hidden, flow := g.setupPhase(), g.Turn.Wait == waitStart && m[0] == "flow"
			evs, err := g.Apply(p, m)
			if err != nil {
				t.Fatal(err)
			}
			public := 0
			for _, e := range evs {
				if e.Public() {
					public++
				}
			}
			if flow {
				flows++
				if len(evs) == 0 || evs[0].Msg == nil || evs[0].Msg.ID != "ev_flow" {
					t.Errorf("seed %d: flow told by %+v", seed, evs)
				}
			}
			if public == 0 && !hidden {
				t.Errorf("seed %d: %s by seat %d told nothing", seed, m, p)
			}
		}
	}
	if flows == 0 {
		t.Fatal("no learning turn's flow was played")
	}
}

// The opening placement's question says what basica and habilis do, in every language, solo
// too: a reader found the placement hard without knowing the cards (issue 38).
func TestPlacementPromptSaysWhatTheCardsDo(t *testing.T) {
	for _, seats := range []int{1, 2} {
		g := newTestGame(t, seats, nil)
		ps := g.Awaiting()
		if len(ps) == 0 || ps[0].Msg == nil {
			t.Fatalf("%d seats: no placement question", seats)
		}
		for _, lang := range []string{"en", "de", "es", "fr"} {
			got := msg.Render(ps[0].Msg, lang, nil)
			for _, id := range initials {
				if want := msg.Render(cardMsg(mustCard(id)), lang, nil); !strings.Contains(got, want) {
					t.Errorf("%d seats, %s: %q does not say %q", seats, lang, got, want)
				}
			}
		}
	}
}
