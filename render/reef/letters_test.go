package reef

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	rf "github.com/boardbot/boardbot/rules/reef"
)

// The colour marks on a board are in the image's language and are what a player of that
// language types: each starts a word of theirs for the colour, reads back as that colour where
// colours are asked, and no two marks of a set are the same. Before, every board showed the
// English initials (P for pink, Y for yellow) whatever its language.
func TestColourMarksInTheImagesLanguage(t *testing.T) {
	for _, lang := range []string{"de", "es", "fr"} {
		d := &drawer{meta: render.Meta{Lang: lang}}
		w := rules.WordsOf(rf.Game, lang)
		check := func(tok, mark string, set []string, seen map[string]string) {
			if other, dup := seen[strings.ToLower(mark)]; dup {
				t.Errorf("%s: %s and %s are both marked %q", lang, other, tok, mark)
			}
			seen[strings.ToLower(mark)] = tok
			var choices []rules.Choice
			for _, s := range set {
				choices = append(choices, rules.Choice{Token: s})
			}
			if got, ok := w.Resolve(mark, choices); !ok || got != tok {
				t.Errorf("%s: the mark %q of %s reads as %q (%v)", lang, mark, tok, got, ok)
			}
			ofLang := false
			w.Each(func(word string, toks []string) {
				ofLang = ofLang || (strings.HasPrefix(word, rules.Fold(mark)) && len(toks) > 0 && toks[0] == tok)
			})
			if !ofLang {
				t.Errorf("%s: the mark %q of %s starts no word of the language for it", lang, mark, tok)
			}
		}
		var corals, algae []string
		for c := range rf.NumColours {
			corals = append(corals, rf.Colour(c).Letter())
		}
		for a := range rf.NumAlgae {
			algae = append(algae, rf.Alga(a).String())
		}
		seen := map[string]string{}
		for c := range rf.NumColours {
			check(corals[c], d.coral(rf.Colour(c)), corals, seen)
		}
		seen = map[string]string{}
		for a := range rf.NumAlgae {
			check(algae[a], d.alga(rf.Alga(a)), algae, seen)
		}
	}
}
