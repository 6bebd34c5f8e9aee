package ascalion

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

var update = flag.Bool("update", false, "rewrite the golden files")

// builtIDs are the message ids the engine builds at run time (prefix + token) rather than
// writing them as literals: glossary terms and their forms, "_bare" forms, votes and surplus
// notes by good.
func builtIDs() []string {
	out := termIDs()
	for _, r := range board.Regions {
		out = append(out, regionTerm(r.Token)+"_in")
	}
	out = append(out, regionTerm("boats")+"_in")
	for _, id := range religionTerm {
		out = append(out, id+"_of")
	}
	for _, id := range goodTerm {
		out = append(out, id+"_none", id+"_mass", id+"_one", id+"_pl")
	}
	for _, id := range bareIDs {
		out = append(out, id+"_bare")
	}
	out = append(out, "ev_tie_yes", "ev_tie_no", "ev_vote_yes", "ev_vote_no",
		"ev_passage_own_allow", "ev_passage_own_refuse", "ev_horse_transport", "ev_chain_transport", "ev_horse_carries", "ev_chain_carries",
		"ev_surplus_horse", "ev_surplus_weapon", "ev_surplus_later_horse", "ev_surplus_later_weapon", "recipe_iron", "recipe_gold", "recipe_mix", "recipe_wood",
		"why_foot", "why_horse", "why_chain", "why_boat", "why_ship",
		"why_starts_horse", "why_starts_chain", "why_already_horse", "why_already_chain",
		"pos_light_high", "pos_light_off", "pos_dark_high", "pos_dark_off", "pos_river",
		"at_light_high", "at_light_off", "at_dark_high", "at_dark_off", "at_river")
	for _, g := range []string{"horse", "weapon"} {
		out = append(out, "note_surplus_"+g, "note_surplus_"+g+"_phase", "back_"+g, "back_"+g+"_phase")
	}
	for _, ids := range optionIDs {
		out = append(out, ids...)
	}
	return out
}

// The catalogue is complete in every language, fully used and argument-for-argument the same as
// English.
func TestCatalogue(t *testing.T) {
	msgtest.Check(t, catName, ".", builtIDs()...)
}

// engineTexts plays seeded random games (2 to 6 seats, base game and expansion, both trade
// rules) and hands every text a player can meet on the way to f: prompts and answers, choice
// labels at every step of the move played, events, the result, and refusals of moves broken in
// the usual ways.
func engineTexts(t *testing.T, games, moves int, f func(what string, m *msg.Message, english string)) {
	for g := 0; g < games; g++ {
		opts := map[string]string{"rounds": "15"}
		if g%2 == 1 {
			opts["expansion"] = "on"
		}
		if g%3 == 2 {
			opts["trade"] = "reach"
		}
		if g%4 == 3 {
			opts["setup"] = "draft"
		}
		st, err := Game.New(rules.Setup{Seats: 2 + g%5, Seed: uint64(g + 1), Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		r := rand.New(rand.NewPCG(uint64(g), 9))
		for n := 0; n < moves && s.Res == nil; n++ {
			ps := s.Awaiting()
			for _, p := range ps {
				f("prompt", p.Msg, p.English())
				for _, a := range p.Answers {
					f("answer", a.Msg, a.English())
				}
			}
			p := ps[r.IntN(len(ps))]
			m, err := rules.RandomMove(s, p.Seat, r)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.MenuChoices(t, s, p.Seat, m, func(c rules.Choice) { f("label", c.Msg, c.English()) })
			other := rules.Seat((int(p.Seat) + 1) % s.N)
			bads := []rules.Move{{}, {"zz9"}, append(m[:len(m):len(m)], "zz9"), m[:len(m)-1], {m[0], "ys"}, {m[0], "+weapon"}, {m[0], "r3"}, {m[0], "end"}, {m[0], "weapon"}, {m[0], "nw"}}
			for _, bad := range bads {
				if _, err := s.Clone().Apply(p.Seat, bad); err != nil {
					f("refusal", rules.IllegalMsg(err), err.Error())
				}
			}
			if _, err := s.Clone().Apply(other, m); err != nil {
				f("refusal", rules.IllegalMsg(err), err.Error())
			}
			if _, err := s.Clone().Apply(rules.Spectator, m); err != nil {
				f("refusal", rules.IllegalMsg(err), err.Error())
			}
			evs, err := s.Apply(p.Seat, m)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.EventTexts(t, evs, f)
		}
		if s.Res != nil {
			f("result", s.Res.ReasonMsg, s.Res.English())
			if _, err := s.Apply(0, rules.Move{"done"}); err != nil {
				f("refusal", rules.IllegalMsg(err), err.Error())
			}
		}
	}
}

// Every text carries its message, given exactly its arguments, and the English rendering of the
// message is the text; in every other language it renders with no placeholder or missing
// message left.
func TestEveryTextHasItsMessage(t *testing.T) {
	ids := map[string]bool{}
	names := func(s int) string { return []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo"}[s] }
	checkText := msgtest.Texts(t, catName, names)
	engineTexts(t, 10, 1500, func(what string, m *msg.Message, english string) {
		checkText(what, m, english)
		ids[m.ID] = true
		// In the pseudo-language nothing is left in plain English once notation (code
		// arguments) and names are taken out: what the bot's pseudo-locale suite checks.
		if w := plainEnglish(msg.Render(withoutCode(m), msg.Pseudo, func(int) string { return "" })); w != "" {
			t.Fatalf("%s %q: %q is not pseudo-localized", what, english, w)
		}
	})
	if len(ids) < 100 {
		t.Errorf("the games met only %d messages", len(ids))
	}
}

// The game's information (the /rules summary, the notation, the options) has its messages, and
// their English is the text.
func TestInfoHasItsMessages(t *testing.T) {
	i := Game.Info()
	check := func(m *msg.Message, text string) {
		t.Helper()
		if m == nil || m.English() != text || msg.Verify(m) != nil {
			t.Errorf("%q has no message, or another", text)
			return
		}
		if w := plainEnglish(msg.Render(m, msg.Pseudo, nil)); w != "" {
			t.Errorf("%q: %q is not pseudo-localized", text, w)
		}
	}
	check(i.SummaryMsg, i.SummaryMsg.English())
	check(i.NotationMsg, i.NotationMsg.English())
	for _, o := range i.Options {
		check(o.NameMsg, o.NameMsg.English())
		check(o.HelpMsg, o.HelpMsg.English())
		for _, c := range o.Choices {
			check(c.LabelMsg, c.LabelMsg.English())
		}
	}
}

// testdata/game.<lang>.txt is one seeded game (3 seats, the expansion) as a player reads it in
// that language: every prompt, answer, the labels of each step of the move played, the events,
// the result, and refusals of moves broken in the usual ways. Written by -update and read by a
// speaker; the test keeps it from changing unseen.
func TestGameInEveryLanguage(t *testing.T) {
	for _, lang := range msg.Languages[1:] {
		var lines, ids []string
		names := func(s int) string { return []string{"Ann", "Bob", "Cy"}[s] }
		engineTexts(t, 2, 400, func(what string, m *msg.Message, english string) {
			lines = append(lines, what+": "+msg.Render(m, lang, names))
			ids = append(ids, what+" "+m.ID)
		})
		// Each distinct line once, in order of first appearance, and at most three lines of one
		// message: a whole game repeats itself.
		seen := map[string]bool{}
		per := map[string]int{}
		var out []string
		for i, l := range lines {
			if !seen[l] && per[ids[i]] < 3 {
				seen[l] = true
				per[ids[i]]++
				out = append(out, l)
			}
		}
		msgtest.Golden(t, filepath.Join("testdata", "game."+lang+".txt"), strings.Join(out, "\n")+"\n", *update)
	}
}

// The view carries its texts as messages too (for boards in other languages), each rendering as
// the view's English text.
func TestViewTextsHaveMessages(t *testing.T) {
	st, err := Game.New(rules.Setup{Seats: 3, Seed: 4, Options: map[string]string{"expansion": "on"}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	r := rand.New(rand.NewPCG(4, 4))
	same := func(what string, m *msg.Message, text string) {
		t.Helper()
		if m == nil || plain(m.English()) != text {
			t.Fatalf("%s: %q has no message or another", what, text)
		}
	}
	seen := map[string]bool{}
	for n := 0; n < 600 && s.Res == nil; n++ {
		ps := s.Awaiting()
		v := s.View(ps[0].Seat).(View)
		if len(v.LogMsg) != len(v.Log) {
			t.Fatalf("log %d lines, %d messages", len(v.Log), len(v.LogMsg))
		}
		for i := range v.Log {
			same("log", v.LogMsg[i], v.Log[i])
		}
		same("asked", v.AskedMsg, v.Asked)
		same("prompt", v.PromptMsg, v.Prompt)
		for _, o := range v.Offers {
			same("offer", o.TextMsg, o.Text)
			seen["offer"] = true
		}
		if v.Attack != nil {
			same("attack", v.Attack.NameMsg, v.Attack.Name)
			seen["attack"] = true
			if tt := v.Attack.Totals; tt != nil {
				for i, p := range tt.AtkMsgs {
					if p.English() != tt.AtkParts[i] {
						t.Fatalf("attack part %q, message %q", tt.AtkParts[i], p.English())
					}
				}
				seen["totals"] = true
			}
		}
		p := ps[r.IntN(len(ps))]
		m, err := rules.RandomMove(s, p.Seat, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(p.Seat, m); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) < 3 {
		t.Errorf("the game showed only %v", seen)
	}
}

// A seat's own name (its colour) is a message too, the English one the same as SeatName.
func TestSeatNameMsg(t *testing.T) {
	st, _ := Game.New(rules.Setup{Seats: 6, Seed: 1})
	s := st.(*state)
	for p := 0; p < 6; p++ {
		if got, want := s.SeatNameMsg(rules.Seat(p)).English(), s.SeatName(rules.Seat(p)); got != want {
			t.Errorf("seat %d: message %q, SeatName %q", p, got, want)
		}
	}
	if got := msg.Render(s.SeatNameMsg(0), msg.German, nil); got != "Rot" {
		t.Errorf("seat 0 in German: %q", got)
	}
}

// withoutCode is a copy of m whose notation arguments (and those of its nested messages) are
// empty.
func withoutCode(m *msg.Message) *msg.Message {
	c := *m
	c.Args = make([]msg.Arg, len(m.Args))
	for i, a := range m.Args {
		switch {
		case a.Kind == msg.KCode:
			a.Str = ""
		case a.Kind == msg.KMsg && a.Msg != nil:
			a.Msg = withoutCode(a.Msg)
		}
		c.Args[i] = a
	}
	return &c
}

// plainEnglish is the first word of two or more plain ASCII letters in s, "" if none.
func plainEnglish(s string) string {
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r < 'A' || r > 'z' || (r > 'Z' && r < 'a') }) {
		if len(f) >= 2 {
			return f
		}
	}
	return ""
}
