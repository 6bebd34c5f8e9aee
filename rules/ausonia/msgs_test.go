package ausonia

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

// The catalogue is complete in every language, fully used and argument-for-argument the same as
// English. Card and Aspirant terms are built from their codes at run time.
func TestCatalogue(t *testing.T) {
	msgtest.Check(t, catName, ".", cardTermIDs()...)
}

// engineTexts plays seeded random games (solo against each Aspirant, and 2 to 4 players) and
// hands every text a player can meet to f: prompts and answers, the labels of each step of the
// move played, refusals of moves broken in the usual ways, the board's waiting line, events and
// the result.
func engineTexts(t *testing.T, setups []rules.Setup, f func(what string, m *msg.Message, english string)) {
	refused := func(err error) {
		if err != nil {
			f("refusal", rules.IllegalMsg(err), err.Error())
		}
	}
	for _, setup := range setups {
		st, err := Game.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		r := rand.New(rand.NewPCG(setup.Seed, 5))
		for n := 0; s.Res == nil; n++ {
			if n > 5000 {
				t.Fatalf("%+v: no result after %d moves", setup, n)
			}
			for _, pr := range s.Awaiting() {
				f("prompt", pr.Msg, pr.English())
				for _, a := range pr.Answers {
					f("answer", a.Msg, a.English())
				}
			}
			v := s.View(-1).(*View)
			if v.WaitingMsg == nil {
				t.Fatalf("waiting %q without its message", v.Waiting)
			}
			f("waiting", v.WaitingMsg, v.WaitingMsg.English())
			if v.Waiting != rules.PlainSeats(s, v.WaitingMsg.English()) {
				t.Fatalf("waiting %q, its message %q", v.Waiting, v.WaitingMsg.English())
			}
			p := s.Awaiting()[0].Seat
			m, err := rules.RandomMove(s, p, r)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.MenuChoices(t, s, p, m, func(c rules.Choice) { f("label", c.Msg, c.English()) })
			bad := []rules.Move{{"zz9"}, m[:len(m)-1], append(m[:len(m):len(m)], "zz9"), append(m[:len(m)-1:len(m)-1], "zz9"), {"none", "s1"}, {"i", "ii"}}
			if s.Pend == nil && n%4 == 0 { // every action's usual mistakes, now and then
				for _, verb := range []string{vPlay, vBuy, vUse, vBuild, vUnseal, vPass} {
					for _, tok := range []string{"zz9", "s1", "h1", "h3", "v1", "p15", "all", "s1 s1 s1 s1 s1 s1 s1"} {
						bad = append(bad, append(rules.Move{verb}, strings.Fields(tok)...))
					}
				}
				bad = append(bad, rules.Move{vPlay, "all", "s1"}, rules.Move{vBuild, "s1", "h1", "h2"}, rules.Move{vUnseal, "h1", "h2"})
			}
			if len(m) > 1 {
				bad = append(bad, append(m[:2:2], "zz9", "zz9"), append(m[:1:1], m[1], "9"))
			}
			for _, b := range bad {
				if rules.Check(s, p, b) == nil {
					continue // legal after all
				}
				_, err := s.Apply(p, b)
				refused(err)
			}
			_, err = s.Apply(rules.Seat((int(p)+1)%(s.N+1)), m)
			refused(err)
			evs, err := s.Apply(p, m)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				f("event", e.Msg, e.English())
			}
			v = s.View(-1).(*View)
			for i, l := range v.Last {
				if v.LastMsg == nil || v.LastMsg[i].English() != l {
					t.Fatalf("last move line %q without its message", l)
				}
			}
		}
		f("result", s.Res.ReasonMsg, s.Res.English())
		_, err = s.Apply(0, rules.Move{vPass})
		refused(err)
	}
	info := Game.Info()
	f("info", info.SummaryMsg, info.SummaryMsg.English())
	f("info", info.NotationMsg, info.NotationMsg.English())
	for _, o := range info.Options {
		f("option", o.NameMsg, o.NameMsg.English())
		f("option", o.HelpMsg, o.HelpMsg.English())
		for _, c := range o.Choices {
			f("option", c.LabelMsg, c.LabelMsg.English())
		}
	}
}

// Every text a player meets carries its message, the message is well formed, and its English is
// the text.
func TestEveryTextHasItsMessage(t *testing.T) {
	seen := map[string]bool{}
	checkText := msgtest.Texts(t, catName, func(int) string { return "Ann" })
	engineTexts(t, []rules.Setup{
		{Seats: 1, Seed: 1, Options: map[string]string{"aspirant": "1"}},
		{Seats: 1, Seed: 2, Options: map[string]string{"aspirant": "2"}},
		{Seats: 1, Seed: 3, Options: map[string]string{"aspirant": "3"}},
		{Seats: 2, Seed: 4}, {Seats: 3, Seed: 5}, {Seats: 4, Seed: 6},
	}, func(what string, m *msg.Message, english string) {
		checkText(what, m, english)
		seen[m.ID] = true
	})
	if len(seen) < 100 {
		t.Errorf("only %d messages met: %v", len(seen), seen)
	}
}

// A finished game decoded from its snapshot has its reason's message again.
func TestDecodedResultHasItsMessage(t *testing.T) {
	for _, setup := range []rules.Setup{{Seats: 1, Seed: 1}, {Seats: 3, Seed: 5}} {
		st, _ := Game.New(setup)
		s := st.(*state)
		playout(t, s, randomChooser(setup.Seed), 5000)
		b, err := s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		d, err := Game.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		r := d.Result()
		if r.ReasonMsg == nil || r.ReasonMsg.English() != s.Res.English() || r.English() != s.Res.English() {
			t.Errorf("%+v: decoded reason %q with message %v, want %q", setup, r.English(), r.ReasonMsg, s.Res.English())
		}
	}
}

var update = flag.Bool("update", false, "rewrite testdata/game.<lang>.txt")

// One whole game of two players and one solo game, each distinct line once in order of first
// appearance (a refusal or label of one message three times at most), in every language but English (which the other tests compare): read by a speaker
// before -update is committed.
func TestGameInEveryLanguage(t *testing.T) {
	setups := []rules.Setup{{Seats: 2, Seed: 4}, {Seats: 1, Seed: 3, Options: map[string]string{"aspirant": "3"}}}
	names := func(s int) string { return []string{"Ann (Casa Aurelli)", "Bob (Casa Brunasco)"}[s] }
	for _, lang := range msg.Languages[1:] {
		var out []string
		seen := map[string]bool{}
		perID := map[string]int{} // a refusal or label of one message thrice at most: a readable file
		engineTexts(t, setups, func(what string, m *msg.Message, english string) {
			l := what + ": " + msg.Render(m, lang, names)
			if seen[l] || ((what == "refusal" || what == "label") && perID[m.ID] >= 3) {
				return
			}
			seen[l] = true
			perID[m.ID]++
			out = append(out, l)
		})
		msgtest.Golden(t, filepath.Join("testdata", "game."+lang+".txt"), strings.Join(out, "\n")+"\n", *update)
	}
}

// German declines the gems: objects of zahlen, kosten, brauchen and für take the accusative
// ("1 beliebigen Edelstein"), "Nach" the dative ("Nach 2 Blutsplittern"); a short draw pile is
// told in the singular for one card, in every language.
func TestGermanGemCases(t *testing.T) {
	c6, _ := CardByCode("c6") // If you used 2 bloodshards: Corruption 2.
	m3, _ := CardByCode("m3") // Pay 1 emerald and 1 any-colour gem: Influence 3.
	p8, _ := CardByCode("p8") // costs sserr
	for _, tt := range []struct {
		m          *msg.Message
		lang, want string
	}{
		{cardTextMsg(c6), "de", "Nach 2 Blutsplittern: Korruption 2."},
		{cardTextMsg(m3), "de", "Zahle 1 Smaragd und 1 beliebigen Edelstein: Einfluss 3."},
		{say("lbl_buy_card", cardTerm("Card", p8), msg.Nested("Cost", gemsMsg(p8.Cost, true)), msg.Nested("Text", say("nothing"))),
			"de", "Sibylle von Cumae: nichts · für 2 Saphire, 1 Smaragd und 2 beliebige Edelsteine"},
		{burnMsg("ev_burn_empty", 1, nil, 1, 4), "de", "Verbrennen 1 (die oberste Karte des Nachziehstapels ablegen; jede fehlende Karte kostet 1 Einfluss): Der Nachziehstapel von {seat:0} ist leer, das kostet 1 Einfluss (jetzt 4)."},
		{burnMsg("ev_burn_short", 3, []string{"h2"}, 2, 4), "en", "Burn 3 (discard the top 3 cards of the draw pile; each card missing costs 1 influence): {seat:0} discards Envoy and loses 2 influence (now 4)."},
		{burnMsg("ev_burn", 2, []string{"h2", "h3"}, 0, 0), "en", "Burn 2: {seat:0} discards the top 2 cards of the draw pile: Envoy and Courier."},
		{burnMsg("ev_burn", 1, []string{"h2"}, 0, 0), "es", "Quemar 1: {seat:0} descarta la carta superior del mazo de robo: «Enviado»."},
		{burnMsg("ev_burn_empty", 2, nil, 2, 0), "fr", "Brûler 2 (défausser les 2 cartes du dessus de la pioche ; chaque carte manquante coûte 1 d'influence) : la pioche de {seat:0} est vide, ce qui coûte 2 d'influence (maintenant 0)."},
		{cardTextMsg(c6), "en", "After 2 bloodshards: Corruption 2."},
	} {
		if got := msg.Render(tt.m, tt.lang, nil); got != tt.want {
			t.Errorf("%s %s: %q, want %q", tt.lang, tt.m.ID, got, tt.want)
		}
	}
}

// burnMsg is a Burn line as the Aspirant's turn writes it: Burn x, the cards it discarded (by
// code), the influence a short pile cost and what is left.
func burnMsg(id string, x int, codes []string, lost, now int) *msg.Message {
	var names []*msg.Message
	for _, code := range codes {
		c, _ := CardByCode(code)
		names = append(names, say("card", cardTerm("Card", c)))
	}
	return say(id, msg.Count("X", x), msg.Seat("Seat", 0), msg.Nested("Cards", listMsg(names)), msg.Number("Lost", lost), msg.Number("Now", now))
}
