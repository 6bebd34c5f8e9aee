package reef

import (
	"flag"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/msg/msgtest"
	"github.com/boardbot/boardbot/rules/rulestest"
)

var update = flag.Bool("update", false, "rewrite the golden files of the texts in every language")

// The catalogue is complete in every language, fully used and argument-for-argument the same as
// English. Colour terms and their forms are named at run time (colArg, algaArg).
func TestCatalogue(t *testing.T) {
	msgtest.Check(t, catName, ".", termIDs()...)
}

// The /rules summary, the notation help and the option texts have their messages, rendering
// exactly today's English.
func TestInfoMessages(t *testing.T) {
	info := Game.Info()
	check := func(what string, m *msg.Message, text string) {
		if m == nil {
			t.Fatalf("%s without a message", what)
		}
		if err := msg.Verify(m); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if got := m.English(); got != text {
			t.Errorf("%s: message renders %q, text is %q", what, got, text)
		}
	}
	check("summary", info.SummaryMsg, info.SummaryMsg.English())
	check("notation", info.NotationMsg, info.NotationMsg.English())
	for _, o := range info.Options {
		check("option name", o.NameMsg, o.NameMsg.English())
		check("option help", o.HelpMsg, o.HelpMsg.English())
		for _, c := range o.Choices {
			check("option choice", c.LabelMsg, c.LabelMsg.English())
		}
	}
}

// badMoves are moves broken in the usual ways, given the move m about to be played.
func badMoves(m rules.Move) []rules.Move {
	out := []rules.Move{
		{"zz"}, {"eat", "9"}, {"eat", "1", "a", "1"}, {"grow", "q"}, {"grow", "w", "done"}, {"add", "1", "a", "1"},
		{"shrimp", "1", "a", "1"}, {"trade", "q"}, {"trade", "g", "polyp"}, {"alga", "q"}, {"alga", "g", "blue", "11"},
		{"alga", "g", "blue", "3"}, {"polyp", "q"}, {"take", "q"}, {"cp"}, {"done"}, {"1", "a", "1"}, {"1", "z"},
		{"1", "a", "9"}, {"7"}, {"pass"}, {"q", "q", "q"},
		m[:1], append(m[:len(m):len(m)], "extra"),
	}
	if len(m) > 1 {
		out = append(out, append(m[:1:1], "zz"), append(m[:len(m)-1:len(m)-1], "zz"))
	}
	return out
}

// engineTexts plays seeded random games at every seat count and in both variants, and hands
// every text a player can meet on the way to f: prompts, choice labels at every step of the
// move played, events, the image's note on the move, the result, and refusals of moves broken in the usual ways.
func engineTexts(t *testing.T, games int, f func(what string, m *msg.Message, english string)) {
	for g := 0; g < games; g++ {
		variant := []string{VariantStandard, VariantAdvanced}[g%2]
		s := newGame(t, 2+g%3, uint64(g+1), variant)
		r := rand.New(rand.NewPCG(uint64(g), 5))
		for moves := 0; s.Res == nil; moves++ {
			if moves > 5000 {
				t.Fatal("the game does not end")
			}
			ps := s.Awaiting()
			for _, p := range ps {
				f("prompt", p.Msg, p.English())
			}
			seat := ps[r.IntN(len(ps))].Seat
			m, err := rules.RandomMove(s, seat, r)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.MenuChoices(t, s, seat, m, func(c rules.Choice) { f("label", c.Msg, c.English()) })
			for _, bad := range badMoves(m) {
				if _, err := s.clone().Apply(seat, bad); err != nil {
					f("refusal", rules.IllegalMsg(err), err.Error())
				}
			}
			if _, err := s.clone().Apply(rules.Seat((int(seat)+1)%s.Seats), m); err != nil {
				f("refusal", rules.IllegalMsg(err), err.Error())
			}
			evs, err := s.Apply(seat, m)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.EventTexts(t, evs, f)
			if s.Note != "" {
				f("note", s.NoteMsg, s.Note)
			}
		}
		f("result", s.Res.ReasonMsg, s.Res.English())
		if _, err := s.Apply(0, rules.Move{"pass"}); err != nil {
			f("refusal", rules.IllegalMsg(err), err.Error())
		}
	}
}

var names = []string{"Ann", "Bob", "Cid", "Dee"}

// Every text carries its message, given exactly its arguments, and the English rendering of the
// message is the text; in every other language it renders with no placeholder or missing
// message left.
func TestEveryTextHasItsMessage(t *testing.T) {
	ids := map[string]bool{}
	name := func(s int) string { return names[s] }
	checkText := msgtest.Texts(t, catName, name)
	engineTexts(t, 6, func(what string, m *msg.Message, english string) {
		checkText(what, m, english)
		ids[m.ID] = true
	})
	if len(ids) < 100 {
		t.Errorf("the games met only %d messages", len(ids))
	}
}

// testdata/game.<lang>.txt is one seeded random game as a player reads it in that language:
// every prompt, the labels of each step of the move played, the events and the result, and
// refusals of moves broken in the usual ways, each distinct line once. Written by -update and
// read by a speaker; the test keeps it from changing unseen.
func TestGameInEveryLanguage(t *testing.T) {
	for _, lang := range msg.Languages[1:] {
		var out []string
		seen := map[string]bool{}
		name := func(s int) string {
			return names[s] + " (" + msg.Render(say(seatNameIDs[s]), lang, nil) + ")"
		}
		engineTexts(t, 1, func(what string, m *msg.Message, english string) {
			l := what + ": " + msg.Render(m, lang, name)
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		})
		msgtest.Golden(t, filepath.Join("testdata", "game."+lang+".txt"), strings.Join(out, "\n")+"\n", *update)
	}
}

// A colour counted once is singular in Spanish and French: before, "(1 blancos, 1 amarillos)".
func TestColourCountAgrees(t *testing.T) {
	var n [NumColours]int
	n[White], n[Yellow], n[Grey] = 1, 1, 2
	m := polypList(n)
	for lang, want := range map[string][]string{
		msg.Spanish: {"1 blanco", "1 amarillo", "2 grises"},
		msg.French:  {"1 blanc", "1 jaune", "2 gris"},
		msg.English: {"1 white", "1 yellow", "2 grey"},
	} {
		got := msg.Render(m, lang, nil)
		for _, w := range want {
			if !strings.Contains(got, w+",") && !strings.Contains(got, w+")") && !strings.Contains(got, w+" ") {
				t.Errorf("%s: %q lacks %q", lang, got, w)
			}
		}
		for _, bad := range []string{"1 blancos", "1 amarillos", "1 blancs", "1 jaunes"} {
			if strings.Contains(got, bad) {
				t.Errorf("%s: %q says %q", lang, got, bad)
			}
		}
	}
}
