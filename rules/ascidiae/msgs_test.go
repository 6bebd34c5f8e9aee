package ascidiae

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

var update = flag.Bool("update", false, "rewrite testdata/texts.<lang>.txt")

// The catalogue is complete in every language, fully used and argument-for-argument the same as
// English.
func TestCatalogue(t *testing.T) { msgtest.Check(t, catName, ".", runtimeIDs()...) }

// engineTexts plays seeded random games (every seat count, short and long; games of them) and
// hands f every text a player can meet on the way: prompts, the choice labels at every step of
// the move played, events, the views' prompt, log and card texts, the result, and refusals of
// moves broken in the usual ways (and of every central move tried in place of the one played).
func engineTexts(t *testing.T, games int, f func(what string, m *msg.Message, english string)) {
	refusal := func(err error) {
		if reason, ok := rules.IsIllegal(err); ok {
			f("refusal", rules.IllegalMsg(err), reason)
		}
	}
	for n := 0; n < games; n++ {
		seats := 2
		if games > 1 {
			seats = 1 + n%4
		}
		long := []string{"no", "yes"}[n/4%2]
		preset := []string{"first", "second", "third", "fourth", "random"}[n%5]
		st, err := Game.New(rules.Setup{Seats: seats, Seed: uint64(n + 2), Options: map[string]string{"long": long, "preset": preset}})
		if err != nil {
			t.Fatal(err)
		}
		g := st.(*State)
		r := rand.New(rand.NewPCG(uint64(n+2), 7))
		for k := 0; g.Result() == nil; k++ {
			if k > 20000 {
				t.Fatal("the game does not end")
			}
			ps := g.Awaiting()
			for _, pr := range ps {
				f("prompt", pr.Msg, pr.English())
			}
			p := ps[r.IntN(len(ps))].Seat
			m, err := rules.RandomMove(g, p, r)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.MenuChoices(t, g, p, m, func(c rules.Choice) { f("label", c.Msg, c.English()) })
			bads := []rules.Move{append(m[:len(m):len(m)], "zz9"), append(m[:len(m)-1:len(m)-1], "zz9"), m[:len(m)-1], {"b2", "b2"}, {"up"}}
			if g.Turn.Wait == waitCentral {
				for _, v := range thinkVerbs {
					bads = append(bads, rules.Move{v, "zz9"})
				}
			}
			for _, bad := range bads {
				_, err := g.Apply(p, bad)
				refusal(err)
			}
			_, err = g.Apply((p+1)%rules.Seat(max(seats, 2)), m)
			refusal(err)
			evs, err := g.Apply(p, m)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.EventTexts(t, evs, f)
			v := g.PublicView()
			if v.Prompt != "" {
				f("view prompt", v.PromptMsg, v.Prompt)
			}
			for i, l := range v.Log {
				f("log", v.LogMsgs[i], l)
			}
			for _, tl := range v.Recent {
				for i, l := range tl.Lines {
					f("log", tl.Msgs[i], l)
				}
			}
			for _, kv := range v.Kinds {
				f("card", kv.TextMsg, kv.Text)
				for _, a := range kv.Abilities {
					f("ability", a.TextMsg, a.Text)
				}
				for _, l := range kv.Lends {
					f("ability", l.Ability.TextMsg, l.Ability.Text)
				}
			}
		}
		res := g.Result()
		f("result", res.ReasonMsg, res.English())
		_, err = g.Apply(0, rules.Move{"rest"})
		refusal(err)
	}
}

// infoTexts hands f the game's description, option names, helps and choice labels.
func infoTexts(f func(what string, m *msg.Message, english string)) {
	i := Game.Info()
	f("summary", i.SummaryMsg, i.SummaryMsg.English())
	f("notation", i.NotationMsg, i.NotationMsg.English())
	for _, o := range i.Options {
		f("option", o.NameMsg, o.NameMsg.English())
		f("option help", o.HelpMsg, o.HelpMsg.English())
		for _, c := range o.Choices {
			f("option choice", c.LabelMsg, c.LabelMsg.English())
		}
	}
}

// scenarioTexts hands f the texts of positions set up for them: the refusals a player meets by
// slips of every kind the catalogue covers, and the wins by a second and a third colony.
func scenarioTexts(t *testing.T, f func(what string, m *msg.Message, english string)) {
	refused := func(g *State, seat int, move string) {
		t.Helper()
		m, _ := rules.ParseMove(move)
		_, err := g.Apply(rules.Seat(seat), m)
		reason, ok := rules.IsIllegal(err)
		if !ok {
			t.Fatalf("%q: %v, want a refusal", move, err)
		}
		f("refusal", rules.IllegalMsg(err), reason)
	}

	// A second colony wins, a third in the long game.
	for _, long := range []string{"no", "yes"} {
		g := scenario(t, 2, map[string]string{"long": long})
		g.colonies("black1", "black2", "black3")
		for _, i := range []int{0, 2}[:g.winTarget()-1] {
			g.Colonies[i].By = 1
			g.Players[1].Colonies = append(g.Players[1].Colonies, g.Colonies[i].ID)
		}
		g.put(1, "b2", "sverk", Up, "KKWB")
		g.begin(1)
		m, _ := rules.ParseMove("colonize g2")
		evs, err := g.Apply(1, m)
		if err != nil || g.Res == nil {
			t.Fatalf("colonize g2: %v, result %v", err, g.Res)
		}
		f("result", g.Result().ReasonMsg, g.Res.English())
		f("event", evs[len(evs)-1].Msg, evs[len(evs)-1].English())
	}

	// A pile the card cannot pay for (as in TestNotYourTurn).
	poor := scenario(t, 2, nil)
	poor.put(0, "b2", "sverk", Up, "KK")
	poor.begin(0)
	refused(poor, 0, "root trinea")

	// The prompts of the placement and the learning turns.
	prompts := func(g *State) {
		for _, p := range g.Awaiting() {
			if g.setupPhase() || g.Turn.Wait == waitStart {
				f("prompt", p.Msg, p.English())
			}
		}
	}
	learning := newTestGame(t, 2, map[string]string{"current": "1a"})
	prompts(learning)
	placeAll(t, learning, []string{"b2 up c2 up", "b2 up c2 up"})
	prompts(learning)
	play(t, learning, "basica c1 up")
	prompts(learning)

	placing := newTestGame(t, 2, nil)
	refused(placing, 0, "b2 up b2 up")
	refused(placing, 0, "b2 north")
	refused(placing, 0, "z9")
	refused(placing, 5, "b2 up c2 up")
	refused(placing, 0, strings.Repeat("b2 ", rules.MaxTreeDepth+1))
	placeAll(t, placing, []string{"b2 up c2 up"})
	refused(placing, 0, "b2 up c2 up")

	g := scenario(t, 2, nil)
	g.colonies("black1", "black2", "black3")
	g.Colonies[0].By = 1
	g.put(0, "b2", "sverk", Up, "KKWR")
	g.begin(0)
	refused(g, 1, "rest")
	refused(g, 0, "colonize g1")
	refused(g, 0, "colonize g7")
	refused(g, 0, "colonize g2")
	refused(g, 0, "root zz")

	g.Piles[0].Locked = true
	refused(g, 0, "block "+g.Piles[0].Card)
	g.Piles[1].Count = 0
	refused(g, 0, "root "+g.Piles[1].Card)
	refused(g, 0, "colonize")
	g.at(0, "b2").T = Pool{}
	refused(g, 0, "colonize g2")
	refused(g, 0, "root")
	refused(g, 0, "puff")
	g.Colonies[1].By, g.Colonies[2].By = 1, 1
	refused(g, 0, "colonize")

	// An action that allows other central moves (TestRefusalWording's probe).
	testCard(t, "probe", "order")
	probe := scenario(t, 2, nil)
	probe.put(0, "b2", "probe", Up, "KKKKK")
	probe.begin(0)
	refused(probe, 0, "colonize g1")
}

// Every text carries its message, given exactly its arguments, and the English rendering of the
// message is the text; in every other language and the pseudo-language it renders with no
// placeholder or missing message left.
func TestEveryTextHasItsMessage(t *testing.T) {
	ids := map[string]bool{}
	names := func(s int) string { return []string{"Ann", "Bob", "Cy", "Di"}[s] }
	checkText := msgtest.Texts(t, catName, names)
	check := func(what string, m *msg.Message, english string) {
		checkText(what, m, english)
		ids[m.ID] = true
	}
	// Eight random games meet every seat count, preset and length; the long tier plays twelve.
	engineTexts(t, rulestest.Scale(8, 12), check)
	scenarioTexts(t, check)
	infoTexts(check)
	if len(ids) < 95 {
		t.Errorf("only %d messages met: %v", len(ids), ids)
	}
}

// The stored snapshot keeps the reason's text only, as before; a decoded game's Result has its
// message again.
func TestResultMessageSurvivesDecode(t *testing.T) {
	g := scenario(t, 2, nil)
	var ev []rules.Event
	g.end(&ev, []int{1, 2}, winMsg(0, 2))
	b, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "reason_msg") {
		t.Fatalf("snapshot stores the message: %s", b)
	}
	d, err := decode(b)
	if err != nil {
		t.Fatal(err)
	}
	res := d.Result()
	if res.ReasonMsg == nil || res.ReasonMsg.ID != "res_wins_second" || res.ReasonMsg.English() != res.English() {
		t.Fatalf("decoded result %+v", res)
	}
	if !rules.IsVerbatim(d.Res.ReasonMsg) { // the state keeps the stored words only
		t.Fatal("Result wrote the message into the state")
	}
}

// testdata/texts.<lang>.txt are the scenarios' texts as a player reads them in that language,
// written by -update and read before committing.
func TestTextsInEveryLanguage(t *testing.T) {
	for _, lang := range msg.Languages[1:] {
		names := func(s int) string { return []string{"Ann", "Bob", "Cy", "Di"}[s] }
		seen := map[string]bool{}
		var out []string
		scenarioTexts(t, func(what string, m *msg.Message, english string) {
			l := what + ": " + msg.Render(m, lang, names)
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		})
		path := filepath.Join("testdata", "texts."+lang+".txt")
		got := strings.Join(out, "\n") + "\n"
		msgtest.Golden(t, path, got, *update)
	}
}

// testdata/game.<lang>.txt is one seeded game of two as a player reads it in that language:
// every prompt, the labels of each step of the move played, the events, the result, refusals of
// moves broken in the usual ways, and the game's description. Written by -update and read by a
// speaker; the test keeps it from changing unseen.
func TestGameInEveryLanguage(t *testing.T) {
	for _, lang := range msg.Languages[1:] {
		names := func(s int) string { return []string{"Ann", "Bob"}[s] }
		seen := map[string]bool{}
		var out []string
		add := func(what string, m *msg.Message, english string) {
			switch what {
			case "log", "card", "ability", "view prompt":
				return // the same texts as the events and labels, or the board's
			}
			l := what + ": " + msg.Render(m, lang, names)
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		}
		infoTexts(add)
		engineTexts(t, 1, add)
		path := filepath.Join("testdata", "game."+lang+".txt")
		got := strings.Join(out, "\n") + "\n"
		msgtest.Golden(t, path, got, *update)
	}
}
