package ascalion

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// badWords are slips a player stumbles on: a count of one with a plural noun, "a" before a
// vowel, "(s)" plurals, a colour or a raw seat number where a player should be named, and the
// engine's goods string.
var badWords = []struct {
	name string
	re   *regexp.Regexp
}{
	{"1 with a plural", regexp.MustCompile(`(^|[^0-9.#])1 (cities|transports|lands|points|books|horses|weapons|resources|boats|ships|followers|areas|offers|goods|players|rounds|votes|sources|warriors)\b`)},
	{"a before a vowel", regexp.MustCompile(`(^|[ (])[Aa] ([aeio]|u[^n])`)},
	{"(s)", regexp.MustCompile(`\(s\)`)},
	{"counted goods in the singular", regexp.MustCompile(`\b([02-9]|[1-9][0-9]+) (horse|weapon)\b($|[^(])`)},
	{"a colour named as a seat", regexp.MustCompile(`\b(Red|Blue|Yellow|Green|Purple|Black)\b`)},
	{"Player N", regexp.MustCompile(`Player [0-9]`)},
}

// collectTexts collects every text a seat or the table reads at this point: prompts, answer labels,
// the labels along the move about to be played, and its events; plus the refusal of a token that
// does not fit after each prefix.
type textLog struct {
	seen map[string]string // text -> where
}

func (l *textLog) add(where, text string) {
	if _, ok := l.seen[text]; !ok {
		l.seen[text] = where
	}
}

func collectTexts(t *testing.T, setup rules.Setup, moves int, l *textLog) {
	g, err := Game.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*state)
	r := rand.New(rand.NewPCG(setup.Seed, 77))
	for _, line := range s.Log {
		l.add("setup event", line)
	}
	// The texts are read with seats as placeholders, as the platform gets them: a colour
	// written in the text itself (not through a placeholder) is a slip.
	for n := 0; n < moves && s.Result() == nil; n++ {
		ps := s.Awaiting()
		for _, p := range ps {
			if strings.Contains(p.English(), rules.SeatRef(p.Seat)) {
				t.Errorf("a prompt names its own seat: %q", p.English())
			}
			for _, a := range p.Answers {
				if strings.Contains(a.English(), rules.SeatRef(p.Seat)) {
					t.Errorf("an answer names its own seat: %q", a.English())
				}
			}
			l.add("prompt", p.English())
			for _, a := range p.Answers {
				l.add("answer", a.English())
			}
		}
		p := ps[r.IntN(len(ps))]
		m, err := rules.RandomMove(s, p.Seat, r)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i <= len(m); i++ {
			next, _, err := s.Choices(p.Seat, m[:i])
			if err != nil {
				t.Fatalf("%q: %v", m[:i], err)
			}
			for _, c := range next {
				l.add("choice", c.English())
			}
			if n%7 == 0 {
				bad := append(append(rules.Move{}, m[:i]...), "xq")
				if _, _, err := s.Choices(p.Seat, bad); err != nil {
					l.add("refusal", err.Error())
				}
			}
		}
		evs, err := s.Apply(p.Seat, m)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			l.add("event", e.English())
		}
	}
	if res := s.Result(); res != nil {
		l.add("result", res.English())
	}
}

// Across many random games at every seat count, with and without the expansion, no text reads
// "1 cities", "a iron", "book(s)", and none names a seat other than through a placeholder.
func TestTextsReadWell(t *testing.T) {
	l := &textLog{seen: map[string]string{}}
	setups := []rules.Setup{
		{Seats: 2, Seed: 1, Options: map[string]string{"rounds": "15"}},
		{Seats: 3, Seed: 2, Options: map[string]string{"expansion": "on", "rounds": "15"}},
		{Seats: 4, Seed: 3, Options: map[string]string{"setup": "draft", "trade": "reach", "rounds": "15"}},
		{Seats: 5, Seed: 4, Options: map[string]string{"expansion": "on", "setup": "quick", "rounds": "15"}},
		{Seats: 6, Seed: 5, Options: map[string]string{"victory": "single", "rounds": "15"}},
		{Seats: 2, Seed: 6, Options: map[string]string{"expansion": "on", "setup": "quick", "victory": "strict", "rounds": "15"}},
	}
	moves := 6000
	if testing.Short() {
		setups, moves = setups[:2], 1500
	}
	seeds := 4
	if testing.Short() {
		seeds = 1
	}
	for _, setup := range setups {
		for i := 0; i < seeds; i++ {
			setup.Seed += 100
			collectTexts(t, setup, moves, l)
		}
	}
	bad := 0
	for text, where := range l.seen {
		for _, b := range badWords {
			if b.re.MatchString(text) {
				bad++
				if bad <= 40 {
					t.Errorf("%s: %s: %q", where, b.name, text)
				}
			}
		}
		if strings.Contains(text, "{seat:") && strings.Contains(rules.RenderSeats(text, func(rules.Seat) string { return "" }), "{seat:") {
			t.Errorf("%s: a broken seat placeholder: %q", where, text)
		}
	}
	t.Logf("%d distinct texts read", len(l.seen))
}

// Deliver 6: a seat's menus, labels and prompts are the same under every re-deal of what it
// cannot see (Scramble: here only the generator's future draws are secret).
func TestChoicesSameUnderRedeal(t *testing.T) {
	setup := rules.Setup{Seats: 4, Seed: 8, Options: map[string]string{"expansion": "on", "rounds": "15"}}
	g, _ := Game.New(setup)
	s := g.(*state)
	r := rand.New(rand.NewPCG(8, 3))
	checked := 0
	for n := 0; n < 3000 && s.Result() == nil; n++ {
		ps := s.Awaiting()
		p := ps[r.IntN(len(ps))]
		m, err := rules.RandomMove(s, p.Seat, r)
		if err != nil {
			t.Fatal(err)
		}
		if n%5 == 0 {
			sc, _ := Scramble(s, p.Seat, r.Uint64())
			for i := 0; i <= len(m); i++ {
				a, ca, ea := s.Choices(p.Seat, m[:i])
				b, cb, eb := sc.Choices(p.Seat, m[:i])
				if asJSON(a, ca, ea) != asJSON(b, cb, eb) {
					t.Fatalf("move %d: the menu after %q changes under a re-deal:\n%v\n%v", n, m[:i], a, b)
				}
			}
			pa, pb := asJSON(s.Awaiting()), asJSON(sc.Awaiting())
			if pa != pb {
				t.Fatalf("move %d: prompts change under a re-deal:\n%s\n%s", n, pa, pb)
			}
			checked++
		}
		if _, err := s.Apply(p.Seat, m); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d positions checked", checked)
}

// asJSON writes values for comparison, messages by their content (not their addresses).
func asJSON(vs ...any) string {
	var b strings.Builder
	for _, v := range vs {
		if err, ok := v.(error); ok && err != nil {
			v = err.Error()
		}
		j, _ := json.Marshal(v)
		b.Write(j)
	}
	return b.String()
}
