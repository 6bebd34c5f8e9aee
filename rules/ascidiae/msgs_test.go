package ascidiae

import (
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/msg/msgtest"
)

var update = flag.Bool("update", false, "rewrite testdata/texts.<lang>.txt")

// The catalogue is complete in every language, fully used and argument-for-argument the same as
// English.
func TestCatalogue(t *testing.T) { msgtest.Check(t, catName, ".", cardTermIDs()...) }

// convertedTexts hands f the texts converted to messages so far: the end of seeded random games
// of every size (result, last event, the refusal after the end) and the refusals a player meets
// by slips of every kind the catalogue covers.
func convertedTexts(t *testing.T, f func(what string, m *msg.Message, english string)) {
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
	for seats := 1; seats <= 4; seats++ {
		for _, long := range []string{"no", "yes"} {
			st, err := Game.New(rules.Setup{Seats: seats, Seed: uint64(seats), Options: map[string]string{"long": long}})
			if err != nil {
				t.Fatal(err)
			}
			g := st.(*State)
			r := rand.New(rand.NewPCG(uint64(seats), 7))
			var last rules.Event
			for n := 0; g.Result() == nil; n++ {
				if n > 20000 {
					t.Fatal("the game does not end")
				}
				ps := g.Awaiting()
				for _, pr := range ps {
					if g.setupPhase() || g.Turn.Wait != waitPick {
						f("prompt", pr.Msg, pr.Text)
					}
				}
				p := ps[r.IntN(len(ps))].Seat
				m, err := rules.RandomMove(g, p, r)
				if err != nil {
					t.Fatal(err)
				}
				// Refusals of the usual slips, and of every central move tried in their place.
				bads := []rules.Move{append(m[:len(m):len(m)], "zz9"), append(m[:len(m)-1:len(m)-1], "zz9"), m[:len(m)-1]}
				if g.Turn.Wait == waitCentral {
					for _, v := range thinkVerbs {
						bads = append(bads, rules.Move{v, "zz9"})
					}
				}
				for _, bad := range bads {
					if _, err := g.Apply(p, bad); err != nil {
						if reason, ok := rules.IsIllegal(err); ok {
							f("refusal", rules.IllegalMsg(err), reason)
						}
					}
				}
				evs, err := g.Apply(p, m)
				if err != nil {
					t.Fatal(err)
				}
				if len(evs) > 0 {
					last = evs[len(evs)-1]
				}
			}
			res := g.Result()
			f("result", res.ReasonMsg, res.Reason)
			f("event", last.Msg, last.Text)
			refused(g, 0, "rest")
		}
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
		f("result", g.Result().ReasonMsg, g.Res.Reason)
		f("event", evs[len(evs)-1].Msg, evs[len(evs)-1].Text)
	}

	// A pile the card cannot pay for (as in TestNotYourTurn).
	poor := scenario(t, 2, nil)
	poor.put(0, "b2", "sverk", Up, "KK")
	poor.begin(0)
	refused(poor, 0, "root trinea")

	// The prompts converted so far: the placement and the learning turns.
	prompts := func(g *State) {
		for _, p := range g.Awaiting() {
			if g.setupPhase() || g.Turn.Wait == waitStart {
				f("prompt", p.Msg, p.Text)
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

// Every converted text carries its message, given exactly its arguments; its English rendering
// is the text, and every other language renders it with nothing left unfilled.
func TestConvertedTextsHaveMessages(t *testing.T) {
	ids := map[string]bool{}
	names := func(s int) string { return []string{"Ann", "Bob", "Cy", "Di"}[s] }
	convertedTexts(t, func(what string, m *msg.Message, english string) {
		if m == nil {
			t.Fatalf("%s without a message: %q", what, english)
		}
		ids[m.ID] = true
		if err := msg.Verify(m); err != nil {
			t.Fatalf("%s %q: %v", what, english, err)
		}
		if got := m.English(); got != english {
			t.Fatalf("%s: message renders %q, text is %q", what, got, english)
		}
		for _, lang := range append(msg.Languages[1:], msg.Pseudo) {
			got := msg.Render(m, lang, names)
			if strings.Contains(got, "{{") || strings.Contains(got, "["+catName) || strings.Contains(got, "{seat:") {
				t.Fatalf("%s in %s: %q", what, lang, got)
			}
		}
	})
	if len(ids) < 14 {
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
	if res.ReasonMsg == nil || res.ReasonMsg.ID != "res_wins_second" || res.ReasonMsg.English() != res.Reason {
		t.Fatalf("decoded result %+v", res)
	}
	if d.Res.ReasonMsg != nil {
		t.Fatal("Result wrote the message into the state")
	}
}

// testdata/texts.<lang>.txt are the converted texts as a player reads them in that language,
// written by -update and read before committing.
func TestTextsInEveryLanguage(t *testing.T) {
	for _, lang := range msg.Languages[1:] {
		names := func(s int) string { return []string{"Ann (Seat 1)", "Bob (Seat 2)", "Cy (Seat 3)", "Di (Seat 4)"}[s] }
		seen := map[string]bool{}
		var out []string
		convertedTexts(t, func(what string, m *msg.Message, english string) {
			l := what + ": " + msg.Render(m, lang, names)
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		})
		path := filepath.Join("testdata", "texts."+lang+".txt")
		got := strings.Join(out, "\n") + "\n"
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(want) != got {
			t.Errorf("%s differs (run with -update and read the difference)", path)
		}
	}
}
