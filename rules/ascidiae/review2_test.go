package ascidiae

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// choiceMsg is the labelled choice token in seat's menu after partial.
func choiceMsg(t *testing.T, g *State, seat int, partial, token string) *msg.Message {
	t.Helper()
	m, _ := rules.ParseMove(partial)
	cs, _, err := g.Choices(rules.Seat(seat), m)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Token == token {
			if c.Msg == nil {
				t.Fatalf("%q after %q has no message", token, partial)
			}
			return c.Msg
		}
	}
	t.Fatalf("no %q after %q", token, partial)
	return nil
}

// A colony is paid from one card and the tadpoles beyond its needs stay there (rulebook:
// "Return from this ascidia the combination of tadpoles marked on any available colony card").
// The labels said only what it needs, and the board "exactly these tadpoles", so a player
// discarded tadpoles for three rounds (issue 38, second review). Every language says the extras
// stay, and they do.
func TestColonyExtrasStay(t *testing.T) {
	extras := map[string]string{
		msg.English: "(extras stay)",
		msg.German:  "(übrige bleiben)",
		msg.Spanish: "(los demás se quedan)",
		msg.French:  "(les autres restent)",
	}
	g := scenario(t, 2, nil)
	g.colonies("black1", "black2", "black3", "black4")
	g.put(0, "b2", "sverk", Up, "KKWRBB")
	g.begin(0)
	for _, c := range []struct{ partial, token string }{{"", "colonize"}, {"colonize", "g1"}} {
		m := choiceMsg(t, g, 0, c.partial, c.token)
		for _, lang := range msg.Languages {
			if got := msg.Render(m, lang, nil); !strings.Contains(got, extras[lang]) {
				t.Errorf("%s %q %s: %q does not say the extras stay", lang, c.partial, c.token, got)
			}
		}
	}
	play(t, g, "colonize g1")
	if got := g.at(0, "b2").T; got != pool("BB") {
		t.Errorf("sverk holds %v after paying KKWR from KKWRBB, want the two blue", got)
	}
}

// A menu of whole moves labels each by its last step, so the colour paid for a yellow action
// says the whole action: which card turns to which facing, where it moves, that puff throws the
// tadpole away (issue 38: "spin" listed 24 moves all "Pay with a black tadpole"). A spin may
// leave the card as it faces (the rulebook: "It can stay on the same orientation"): offered, and
// said so.
func TestYellowLabelsSayTheMove(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "a1", "sverk", Up, "KW")
	g.put(0, "b2", "rubra", Up, "")
	g.put(0, "c2", "habilis", Up, "R")
	g.begin(0)
	for _, c := range []struct{ partial, token, want string }{
		{"spin b2", "down", "Turn rubra on b2 to face down"},
		{"spin b2 down", "black", "Pay 1 black: turn rubra on b2 to face down"},
		{"spin b2 down", "white", "Pay 1 white: turn rubra on b2 to face down"},
		{"displace b2", "b3", "To empty b3 (down)"},
		{"displace b2 b3", "white", "Pay 1 white: move rubra to empty b3"},
		{"displace b2 c2", "black", "Pay 1 black: move rubra onto c2; habilis is lost with 1 red"},
		{"puff", "black", "Puff: throw away 1 black"},
	} {
		if got := label(t, g, 0, c.partial, c.token); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.partial, c.token, got, c.want)
		}
	}
	if got := strings.Join(tokens(t, g, "spin b2"), " "); got != "up right down left" {
		t.Errorf("spin b2 (facing up) offers %q", got)
	}
	if got := label(t, g, 0, "spin b2", "up"); got != "Leave rubra on b2 facing up (no turn)" {
		t.Errorf("spin b2 up: %q", got)
	}
	if got := label(t, g, 0, "spin b2 up", "black"); got != "Pay 1 black: leave rubra on b2 facing up" {
		t.Errorf("spin b2 up black: %q", got)
	}
}

// An ability's label says where a push loses its tadpoles, onto an empty space as off the grid
// (issue 38: "push 1 black up (b1)" read as a move to b1).
func TestPushLabelSaysLost(t *testing.T) {
	for _, c := range []struct {
		name, space string
		other       bool
		want        string
	}{
		{"off the grid", "b1", false, "Spawn 1 black, then push 1 black up (off the grid, lost)"},
		{"empty", "b2", false, "Spawn 1 black, then push 1 black up (empty b1, lost)"},
		{"onto a card", "b2", true, "Spawn 1 black, then push 1 black up (b1)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := scenario(t, 2, nil)
			g.put(0, c.space, "basica", Up, "W") // the white lets it think: two abilities
			if c.other {
				g.put(0, "b1", "basica", Up, "") // activates on its own: one ability only
			}
			g.begin(0)
			if got := label(t, g, 0, "", "1"); got != c.want {
				t.Errorf("%q, want %q", got, c.want)
			}
		})
	}
}

// A card that activates empty is asked "without tadpoles", not "with no tadpoles" ("s'active
// avec aucun têtard"), and a card is "en c1" in French prompts as in events, not "sur c1" (prompts keep
// the species' full name, which starts them with a capital) (issue 38, French review).
func TestPromptsOfEmptyCards(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "c1", "mariensis", Up, "") // two abilities that need no tadpole
	g.begin(0)
	want := map[string]string{
		msg.English: "Ascidia mariensis on c1 activates holding no tadpole: choose an ability.",
		msg.German:  "Ascidia mariensis auf c1 wird ohne Kaulquappe aktiv: Wähle eine Fähigkeit.",
		msg.Spanish: "Ascidia mariensis en c1 se activa sin renacuajos: elige una habilidad.",
		msg.French:  "Ascidia mariensis en c1 s'active sans têtard : choisis une capacité.",
	}
	m := g.promptMsg()
	for _, lang := range msg.Languages {
		if got := msg.Render(m, lang, nil); got != want[lang] {
			t.Errorf("%s: %q, want %q", lang, got, want[lang])
		}
	}
	g = scenario(t, 2, nil)
	g.put(0, "c1", "mariensis", Up, "K")
	g.begin(0)
	if got := msg.Render(g.promptMsg(), msg.French, nil); got != "Ascidia mariensis en c1 s'active avec 1 têtard noir : choisis une capacité." {
		t.Errorf("fr: %q", got)
	}
}

// Wasted turns of the normal AI (issue 38, second review) are habits the arena counts, and the
// levels above easy leave them out where another move exists: a move that makes one of the
// seat's own cards purge, and a spin (root, displace) that aims a push off the grid.
func TestWastefulHabits(t *testing.T) {
	t.Run("purge", func(t *testing.T) {
		// basica on b2 faces left: its ability 1 pushes a black onto the habilis on a2, which
		// holds 6 and activates next; ability 2 (think) does not.
		g := scenario(t, 2, nil)
		g.put(0, "b2", "basica", Left, "W")
		g.put(0, "a2", "habilis", Up, "KKKWWW")
		g.begin(0)
		if got := judged(t, g.clone(), "1"); got[0] != HabitPurgeOverflow {
			t.Errorf("ability 1: %v", got)
		}
		if got := judged(t, g.clone(), "2"); got[0] != "-" {
			t.Errorf("ability 2: %v", got)
		}
		if sm := g.SensibleMoves(0); len(sm) != 1 || sm[0].String() != "2" {
			t.Errorf("sensible: %v", sm)
		}
	})
	t.Run("push off the grid", func(t *testing.T) {
		// basica on b1 faces right: its push goes to c1. Turned up, it would push off the grid.
		g := scenario(t, 2, nil)
		g.put(0, "a1", "sverk", Up, "W")
		g.put(0, "b1", "basica", Right, "")
		g.begin(0)
		if got := judged(t, g.clone(), "spin b1 up"); got[0] != HabitPushOffGrid {
			t.Errorf("spin up: %v", got)
		}
		if got := judged(t, g.clone(), "spin b1 down"); got[0] != "-" {
			t.Errorf("spin down: %v", got)
		}
		sm := g.SensibleMoves(0)
		if len(sm) == 0 || slices.ContainsFunc(sm, func(m rules.Move) bool { return m.String() == "spin b1 up" }) {
			t.Errorf("sensible: %v", sm)
		}
	})
}

// A card that activates full (at its capacity) is told so in the prompt: one tadpole more and it
// purges them all at its next activation (issue #38), as the menu's labels warn of purges.
func TestPromptWarnsOfAFullCard(t *testing.T) {
	capacity := mustCard("mariensis").Capacity
	for _, c := range []struct {
		load string
		full bool
	}{{strings.Repeat("K", capacity-1), false}, {strings.Repeat("K", capacity), true}} {
		g := scenario(t, 2, nil)
		g.put(0, "c1", "mariensis", Up, c.load)
		g.begin(0)
		m := g.promptMsg()
		if err := msg.Verify(m); err != nil {
			t.Fatal(err)
		}
		want := map[string]string{
			msg.English: fmt.Sprintf("its capacity of %d: a tadpole more and it purges them all when it next activates. Choose an ability.", capacity),
			msg.German:  fmt.Sprintf("ihre volle Kapazität von %d: eine Kaulquappe mehr", capacity),
			msg.Spanish: fmt.Sprintf("su capacidad de %d: un renacuajo más", capacity),
			msg.French:  fmt.Sprintf("sa capacité de %d : un têtard de plus", capacity),
		}
		for _, lang := range msg.Languages {
			if got := msg.Render(m, lang, nil); strings.Contains(got, want[lang]) != c.full {
				t.Errorf("%s, %d tadpoles: %q; want the warning %v", lang, len(c.load), got, c.full)
			}
		}
	}
}
