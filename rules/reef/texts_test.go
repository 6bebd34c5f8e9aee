package reef

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// gatherTexts plays random games at 2-4 seats and collects every text a player would read:
// events, prompts, the labels along each move's path and the refusals of some wrong moves, with
// seats rendered as the records render them (rules.PlainSeats). Each text comes with where it
// was seen, for the failure message.
func gatherTexts(t *testing.T, games int) map[string]string {
	t.Helper()
	texts := map[string]string{}
	add := func(st rules.State, text, where string) {
		text = rules.PlainSeats(st, text)
		if _, ok := texts[text]; !ok {
			texts[text] = where
		}
	}
	wrong := []string{"zz", "grow q", "eat 1 a 1", "shrimp 1 a 1 1 a 2", "take", "polyp", "polyp z", "alga",
		"1 a 1", "1 q 1", "1 a 9", "add 1 a 1", "trade w", "done", "cp 1 a 1", "pass", "w w w"}
	for g := 0; g < games; g++ {
		n := 2 + g%3
		variant := VariantStandard
		if g%4 == 3 {
			variant = VariantAdvanced
		}
		s := newGame(t, n, uint64(500+g), variant)
		r := rand.New(rand.NewPCG(uint64(g), 11))
		for moves := 0; s.Res == nil && moves < 3000; moves++ {
			ps := s.Awaiting()
			for _, p := range ps {
				add(s, p.English(), "prompt")
			}
			seat := ps[r.IntN(len(ps))].Seat
			m, err := rules.RandomMove(s, seat, r)
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; k <= len(m); k++ {
				next, _, err := s.Choices(seat, m[:k])
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range next {
					add(s, c.English(), fmt.Sprintf("label after %q", m[:k].String()))
				}
			}
			if moves%7 == 0 {
				for _, w := range wrong {
					mv, _ := rules.ParseMove(w)
					if _, err := s.Clone().Apply(seat, mv); err != nil {
						reason, _ := rules.IsIllegal(err)
						add(s, reason, fmt.Sprintf("refusal of %q", w))
					}
				}
			}
			evs, err := s.Apply(seat, m)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				add(s, e.English(), fmt.Sprintf("event of %q", m.String()))
			}
		}
	}
	return texts
}

// Every text reads as English a player understands: names for seats, words for squares, the
// right plural and article.
func TestTextsReadAsEnglish(t *testing.T) {
	games := 24
	if testing.Short() {
		games = 9
	}
	texts := gatherTexts(t, games)
	bad := []struct {
		re   *regexp.Regexp
		what string
	}{
		{regexp.MustCompile(`\b1 ([a-z]+ )?[a-z]+s\b`), "a plural after 1"},                  // verbs are let through below
		{regexp.MustCompile(`\ba [aeio]|(^|[.(:] )A [aeio]|\(A [aeio]`), "a before a vowel"}, // "a use" is right
		{regexp.MustCompile(`\(s\)`), "(s)"},
		{regexp.MustCompile(`\{seat:`), "a seat placeholder left over"},
		{regexp.MustCompile(`Player \d`), "a seat number instead of a name"},
		{regexp.MustCompile(`\b\d:[A-G]\d\b`), "engine notation for a square"},
		{regexp.MustCompile(`\b(token|parse|partial)\b`), "parser words"},
	}
	if path := os.Getenv("REEF_TEXTS"); path != "" {
		var b strings.Builder
		for text, where := range texts {
			fmt.Fprintf(&b, "%s\t%s\n", where, text)
		}
		os.WriteFile(path, []byte(b.String()), 0o644)
	}
	verb := regexp.MustCompile(`\b1 (is|has|was|does|goes)\b`)
	for text, where := range texts {
		for _, b := range bad {
			if b.re.MatchString(verb.ReplaceAllString(text, "")) {
				t.Errorf("%s in %s: %q", b.what, where, text)
			}
		}
	}
	if len(texts) < 500 {
		t.Errorf("only %d different texts seen", len(texts))
	}
}
