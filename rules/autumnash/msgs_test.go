package autumnash

import (
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/msg/msgtest"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The catalogue is complete in every language, fully used and argument-for-argument the same as
// English. Term forms ("green_pawn_a") are used through the templates that ask for them.
func TestCatalogue(t *testing.T) {
	extra := pieceTermIDs()
	for c := Colour(0); c < numColours; c++ {
		extra = append(extra, c.String()+"_leaf", c.String()+"_leaves")
	}
	for z := Pawn; z <= Queen; z++ {
		extra = append(extra, z.String()+"_a")
	}
	for _, id := range pieceTermIDs() {
		extra = append(extra, id+"_a", id+"_the", id+"_your")
	}
	msgtest.Check(t, catName, ".", extra...)
}

// engineTexts plays seeded random games of every variant and hands every text a player can meet
// on the way to f: prompts, choice labels at every step of the move played, events, the result,
// and refusals of moves broken in the usual ways.
func engineTexts(t *testing.T, games int, f func(what string, m *msg.Message, english string)) {
	for g := 0; g < games; g++ {
		variant := []string{VariantStandard, VariantBeginner, VariantUnsettled}[g%3]
		st, err := Game.New(rules.Setup{Seats: 2, Seed: uint64(g), Options: map[string]string{OptVariant: variant}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		r := rand.New(rand.NewPCG(uint64(g), 5))
		for s.result == nil {
			for _, p := range s.Awaiting() {
				f("prompt", p.Msg, p.English())
			}
			m, err := rules.RandomMove(s, s.turn, r)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.MenuChoices(t, s, s.turn, m, func(c rules.Choice) { f("label", c.Msg, c.English()) })
			for _, bad := range []rules.Move{{"zz9"}, {m[0], "queen"}, {m[0], "a1"}, {"e6"}, {"b2", "b4"}, {"pawn"}, m[:1], append(m[:len(m):len(m)], "drone")} {
				if _, err := s.Apply(other(s.turn), bad); err != nil {
					f("refusal", rules.IllegalMsg(err), err.Error())
				}
				if _, err := s.Clone().Apply(s.turn, bad); err != nil {
					f("refusal", rules.IllegalMsg(err), err.Error())
				}
			}
			evs, err := s.Apply(s.turn, m)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				f("event", e.Msg, e.English())
			}
		}
		f("result", s.result.ReasonMsg, s.result.English())
		if _, err := s.Apply(0, rules.Move{"a1"}); err != nil {
			f("refusal", rules.IllegalMsg(err), err.Error())
		}
	}
}

// Every text carries its message, given exactly its arguments, and the English rendering of the
// message is the text; in every other language it renders with no placeholder or missing
// message left, and the pseudo-language leaves no plain English word beyond names and notation.
func TestEveryTextHasItsMessage(t *testing.T) {
	ids := map[string]bool{}
	names := func(s int) string { return []string{"Ann", "Bob"}[s] }
	checkText := msgtest.Texts(t, catName, names)
	engineTexts(t, 6, func(what string, m *msg.Message, english string) {
		checkText(what, m, english)
		ids[m.ID] = true
	})
	if len(ids) < 30 {
		t.Errorf("the games met only %d messages", len(ids))
	}
}

// testdata/game.<lang>.txt is one seeded random game as a player reads it in that language:
// every prompt, the labels of each step of the move played, the events and the result, and
// refusals of moves broken in the usual ways. Written by -update and read by a speaker; the
// test keeps it from changing unseen.
func TestGameInEveryLanguage(t *testing.T) {
	for _, lang := range msg.Languages[1:] {
		var lines []string
		names := func(s int) string { return []string{"Ann (Rainbow)", "Bob (Xeno)"}[s] }
		engineTexts(t, 1, func(what string, m *msg.Message, english string) {
			lines = append(lines, what+": "+msg.Render(m, lang, names))
		})
		// Each distinct line once, in order of first appearance: a whole game repeats itself.
		seen := map[string]bool{}
		var out []string
		for _, l := range lines {
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		}
		msgtest.Golden(t, filepath.Join("testdata", "game."+lang+".txt"), strings.Join(out, "\n")+"\n", *update)
	}
}

// The game's description has its messages: summary, notation, the option's name and help, and
// each variant's label, whose English is the text the Info carries (for the labels, the data
// file's label and help), and which every language renders.
func TestInfoHasItsMessages(t *testing.T) {
	info := Game.Info()
	o := info.Options[0]
	texts := []struct {
		what    string
		m       *msg.Message
		english string
	}{
		{"summary", info.SummaryMsg, info.SummaryMsg.English()},
		{"notation", info.NotationMsg, info.NotationMsg.English()},
		{"option name", o.NameMsg, o.NameMsg.English()},
		{"option help", o.HelpMsg, o.HelpMsg.English()},
	}
	for _, v := range data.variants {
		for _, c := range o.Choices {
			if c.Value == v.name {
				texts = append(texts, struct {
					what    string
					m       *msg.Message
					english string
				}{"variant " + v.name, c.LabelMsg, v.title + ": " + v.help})
			}
		}
	}
	if len(texts) != 4+len(data.variants) {
		t.Fatalf("%d texts for %d variants", len(texts), len(data.variants))
	}
	for _, x := range texts {
		if x.m == nil {
			t.Errorf("%s: no message", x.what)
			continue
		}
		if got := x.m.English(); got != x.english {
			t.Errorf("%s: English message %q, text %q", x.what, got, x.english)
		}
		for _, lang := range msg.Languages {
			if got := msg.Render(x.m, lang, nil); got == "" || strings.HasPrefix(got, "[") {
				t.Errorf("%s in %s: %q", x.what, lang, got)
			}
		}
	}
	if got := msg.Render(info.SummaryMsg, "de", nil); !strings.Contains(got, "Wer zuerst 21 Punkte hat, gewinnt.") {
		t.Errorf("German summary: %q", got)
	}
}

// The summary /rules shows is the whole game in brief (issue #40): every colour bonus, what pawns
// and drones block (in the words the refusals use), and what each variant changes, in every
// language.
func TestSummaryGivesBonusesBlockingAndVariants(t *testing.T) {
	info := Game.Info()
	for _, lang := range msg.Languages {
		sum := msg.Render(info.SummaryMsg, lang, nil)
		for c, b := range data.bonus {
			if b == 0 {
				continue
			}
			if !strings.Contains(sum, "+"+strconv.Itoa(b)) {
				t.Errorf("%s summary has no bonus +%d (%s): %q", lang, b, Colour(c), sum)
			}
			colour := strings.TrimSpace(msg.Render(say("two_sentences", colourArg("First", Colour(c)), msg.Code("Second", "")), lang, nil))
			if lang == msg.English && !strings.Contains(sum, colour) {
				t.Errorf("English summary does not name %s with its bonus: %q", colour, sum)
			}
		}
		// The refusals' reason, after the leaf: the summary says the same rule in the same words.
		for _, id := range []string{"ref_pawn_block", "ref_drone_block"} {
			r := msg.Render(say(id, msg.Code("Square", "C3"), msg.Code("Leaf", "@@")), lang, nil)
			_, rule, _ := strings.Cut(r, "@@ ")
			rule = strings.TrimSuffix(rule, ".")
			if rule == "" || !strings.Contains(sum, rule) {
				t.Errorf("%s summary lacks the blocking rule %q: %q", lang, rule, sum)
			}
		}
		// /rules posts summary and notation in one Discord message of at most 2000 characters,
		// with the game's name, its option and how to play (about 300): nothing may be clipped.
		if n := utf8.RuneCountInString(sum + msg.Render(info.NotationMsg, lang, nil)); n > 1650 {
			t.Errorf("%s summary and notation are %d characters, too long for one /rules message", lang, n)
		}
		for _, id := range []string{"info_variant_beginner", "info_variant_unsettled"} {
			title, _, _ := strings.Cut(msg.Render(say(id), lang, nil), ":")
			if !strings.Contains(sum, title) {
				t.Errorf("%s summary does not say what %s changes: %q", lang, title, sum)
			}
		}
	}
}

// The play-test reader lost twice to lines that counted a leaf buried in a stack, and learnt who
// may cap whom only by refusal (issue #40): /rules says both. Buried leaves count (rulebook:
// "pieces are considered in a line no matter what level they are on"; capped pieces "still can
// score"); the capping sentence is the rulebook's, for the standard table in data.
func TestSummarySaysBuriedLeavesCountAndWhoCaps(t *testing.T) {
	want := map[string][]string{
		"en": {"Leaves buried in a stack count in lines too.", "a queen can be capped by any leaf, a drone only by a pawn, a pawn by a pawn or a drone"},
		"de": {"Verdeckte Blätter im Stapel zählen in Linien mit.", "eine Königin kann von jedem Blatt überdeckt werden, eine Drohne nur von einer Arbeiterin, eine Arbeiterin von einer Arbeiterin oder Drohne"},
		"es": {"Las hojas cubiertas en una pila también cuentan en las líneas.", "una reina puede cubrirse con cualquier hoja, un dron solo con un peón, un peón con un peón o un dron"},
		"fr": {"Les feuilles coiffées dans une pile comptent aussi dans les lignes.", "une reine se coiffe avec n'importe quelle feuille, un drone seulement avec un pion, un pion avec un pion ou un drone"},
	}
	// The sentence must stay true to the table the rules code plays by.
	v := variantByName(VariantStandard)
	if !v.canCap[Queen][Pawn] || !v.canCap[Queen][Drone] || !v.canCap[Queen][Queen] ||
		!v.canCap[Drone][Pawn] || v.canCap[Drone][Drone] || v.canCap[Drone][Queen] ||
		!v.canCap[Pawn][Pawn] || !v.canCap[Pawn][Drone] || v.canCap[Pawn][Queen] {
		t.Fatalf("the standard capping table changed; the summary's capping sentence must follow: %v", v.canCap)
	}
	info := Game.Info()
	for _, lang := range msg.Languages {
		sum := msg.Render(info.SummaryMsg, lang, nil)
		if len(want[lang]) == 0 {
			t.Errorf("no expectation for %s", lang)
		}
		for _, w := range want[lang] {
			if !strings.Contains(sum, w) {
				t.Errorf("%s summary lacks %q: %q", lang, w, sum)
			}
		}
	}
}
