package rulestest

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// wordToken is a token a player types as a word (a verb, a colour, a good), as opposed to a
// square, a number or a card code.
var wordToken = regexp.MustCompile(`^[+-]?[a-z]+$`)

// WordCheck says what CheckWordsEverywhere holds a game's words files to.
type WordCheck struct {
	Setups []rules.Setup // played from seeds 1..Games each
	Games  int
	Steps  int // moves per game at most
	// Names are the word tokens no language translates (lands, species, house numerals, column
	// letters); Same are, per language, the tokens that language spells as in English ("Gold").
	Names []string
	Same  map[string][]string
}

// CheckWordsEverywhere plays random games of g and, at every decision of the random moves met,
// holds every language's words file to two rules:
//   - every word token offered (see wordToken) has a word in each language, so a player types a
//     verb as easily as a noun in their own language (unless it is a name or spelt as in English);
//   - each move spelt in a language's words (rules.Words.Spell) reads back as the same move;
//   - a word names at most one token of the decision, and never a token other than a real token
//     spelt the same: a verb's word equal to a noun's, both offered at once, would make one of
//     them untypeable in that language.
func CheckWordsEverywhere(t *testing.T, g rules.Game, langs []string, c WordCheck) {
	t.Helper()
	missing := map[string]bool{}
	collided := map[string]bool{}
	decisions := 0
	check := func(next []rules.Choice, where rules.Move) {
		decisions++
		offered := map[string]string{} // folded token -> token
		for _, ch := range next {
			offered[rules.Fold(ch.Token)] = ch.Token
		}
		for _, lang := range langs {
			w := rules.WordsOf(g, lang)
			for _, ch := range next {
				tok := ch.Token
				if !wordToken.MatchString(tok) || slices.Contains(c.Names, strings.TrimLeft(tok, "+-")) || slices.Contains(c.Same[lang], strings.TrimLeft(tok, "+-")) {
					continue
				}
				if covered(w, tok) {
					continue
				}
				if key := lang + " " + tok; !missing[key] {
					missing[key] = true
					t.Errorf("%s: no word for the token %q (offered after %q, labelled %q)", lang, tok, where, ch.English())
				}
			}
			w.Each(func(word string, toks []string) {
				var in []string
				for _, tk := range toks {
					if _, ok := offered[rules.Fold(tk)]; ok {
						in = append(in, tk)
					}
				}
				if len(in) == 0 {
					return
				}
				real, shadowed := offered[word]
				shadowed = shadowed && !slices.Contains(toks, real)
				if len(in) < 2 && !shadowed {
					return
				}
				if key := lang + " " + word; !collided[key] {
					collided[key] = true
					if shadowed {
						t.Errorf("%s: the word %q for %v is the real token %q of the same decision (after %q)", lang, word, in, real, where)
					} else {
						t.Errorf("%s: the word %q names %v, all offered at one decision (after %q)", lang, word, in, where)
					}
				}
			})
		}
	}
	for _, setup := range c.Setups {
		for seed := 1; seed <= c.Games; seed++ {
			setup.Seed = uint64(seed)
			st := Start(t, g, setup)
			r := rand.New(rand.NewPCG(uint64(seed), 11))
			for step := 0; step < c.Steps && st.Result() == nil; step++ {
				for _, p := range st.Awaiting() {
					m, err := rules.RandomMove(st, p.Seat, r)
					if err != nil {
						t.Fatal(err)
					}
					for j := 0; j <= len(m); j++ {
						next, _, err := st.Choices(p.Seat, m[:j])
						if err != nil {
							t.Fatal(err)
						}
						check(next, m[:j])
					}
					spelt(t, g, st, p.Seat, m, langs)
				}
				PlayRandom(t, st, r)
			}
		}
	}
	if decisions == 0 {
		t.Fatal("no decision met")
	}
}

// spelt checks that m, spelt in each language's words as menus and echoes show it, reads back
// as m: what a player sees is what they may type.
func spelt(t *testing.T, g rules.Game, st rules.State, s rules.Seat, m rules.Move, langs []string) {
	t.Helper()
	want, err := rules.Canonical(st, s, m)
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range langs {
		w := rules.WordsOf(g, lang)
		typed := w.Spell(m)
		got, err := rules.Canonical(st, s, rules.Unalias(st, s, typed, w))
		if err != nil || got.String() != want.String() {
			t.Errorf("%s: %q, spelt %q, reads back as %q (%v)", lang, m, typed, got, err)
		}
	}
}

// covered says whether a player of w's language can type tok in words: a word of its own, its
// sign and a word for the rest ("+bois"), or a run of letters each with a word (Ausonia's "se").
func covered(w *rules.Words, tok string) bool {
	has := func(tk string) bool {
		found := false
		w.Each(func(_ string, toks []string) { found = found || slices.Contains(toks, tk) })
		return found
	}
	if has(tok) {
		return true
	}
	if bare := strings.TrimLeft(tok, "+-"); bare != tok {
		return has(bare)
	}
	for _, r := range tok {
		if !has(string(r)) {
			return false
		}
	}
	return true
}
