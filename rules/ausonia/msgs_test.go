package ausonia

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

// The catalogue is complete in every language, fully used and argument-for-argument the same as
// English. Card and Aspirant terms are built from their codes at run time.
func TestCatalogue(t *testing.T) {
	msgtest.Check(t, catName, ".", cardTermIDs()...)
}

// engineTexts plays seeded random games (solo against each Aspirant, and 2 to 4 players) and
// hands every prompt, answer, event and result to f.
func engineTexts(t *testing.T, setups []rules.Setup, f func(what string, m *msg.Message, english string)) {
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
				f("prompt", pr.Msg, pr.Text)
				for _, a := range pr.Answers {
					f("answer", a.Msg, a.Label)
				}
			}
			p := s.Awaiting()[0].Seat
			m, err := rules.RandomMove(s, p, r)
			if err != nil {
				t.Fatal(err)
			}
			evs, err := s.Apply(p, m)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				f("event", e.Msg, e.Text)
			}
		}
		f("result", s.Res.ReasonMsg, s.Res.Reason)
	}
}

// Every text a player meets carries its message, the message is well formed, and its English is
// the text.
func TestEveryTextHasItsMessage(t *testing.T) {
	seen := map[string]bool{}
	engineTexts(t, []rules.Setup{
		{Seats: 1, Seed: 1, Options: map[string]string{"aspirant": "1"}},
		{Seats: 1, Seed: 2, Options: map[string]string{"aspirant": "2"}},
		{Seats: 1, Seed: 3, Options: map[string]string{"aspirant": "3"}},
		{Seats: 2, Seed: 4}, {Seats: 3, Seed: 5}, {Seats: 4, Seed: 6},
	}, func(what string, m *msg.Message, english string) {
		if m == nil {
			t.Errorf("%s without a message: %q", what, english)
			return
		}
		if err := msg.Verify(m); err != nil {
			t.Errorf("%s %q: %v", what, english, err)
		}
		if got := m.English(); got != english {
			t.Errorf("%s: message renders %q, text is %q", what, got, english)
		}
		seen[m.ID] = true
	})
	if len(seen) < 20 {
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
		if r.ReasonMsg == nil || r.ReasonMsg.English() != s.Res.Reason || r.Reason != s.Res.Reason {
			t.Errorf("%+v: decoded reason %q with message %v, want %q", setup, r.Reason, r.ReasonMsg, s.Res.Reason)
		}
	}
}

var update = flag.Bool("update", false, "rewrite testdata/game.<lang>.txt")

// One whole game of two players and one solo game, each distinct line once in order of first
// appearance, in every language but English (which the other tests compare): read by a speaker
// before -update is committed.
func TestGameInEveryLanguage(t *testing.T) {
	setups := []rules.Setup{{Seats: 2, Seed: 4}, {Seats: 1, Seed: 3, Options: map[string]string{"aspirant": "3"}}}
	names := func(s int) string { return []string{"Ann (Casa Aurelli)", "Bob (Casa Brunasco)"}[s] }
	for _, lang := range msg.Languages[1:] {
		var out []string
		seen := map[string]bool{}
		engineTexts(t, setups, func(what string, m *msg.Message, english string) {
			l := what + ": " + msg.Render(m, lang, names)
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		})
		golden(t, filepath.Join("testdata", "game."+lang+".txt"), strings.Join(out, "\n")+"\n")
	}
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Errorf("%s differs (run with -update and read the difference)", path)
	}
}
