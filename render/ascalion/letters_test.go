package ascalion

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardbot/boardbot/rules/msg"
)

// abbreviates says whether letter abbreviates word: its first letter starts the word and the rest
// follow in it in order ("cr" carbón, "Bk" Black), case aside.
func abbreviates(letter, word string) bool {
	letter, word = strings.ToLower(letter), strings.ToLower(word)
	first, n := utf8.DecodeRuneInString(letter)
	if w, _ := utf8.DecodeRuneInString(word); w != first {
		return false
	}
	rest := word[1:]
	for _, r := range letter[n:] {
		i := strings.IndexRune(rest, r)
		if i < 0 {
			return false
		}
		rest = rest[i+utf8.RuneLen(r):]
	}
	return true
}

// Every letter the board writes is a word of the image's language, told apart from the others
// of its kind, and the legend explains the sources and the owner badge with them (a German board
// showed "F H G C I" and "B7" in English).
func TestLettersAreWordsOfTheLanguage(t *testing.T) {
	for _, lang := range []string{msg.English, "de", "es", "fr"} {
		lt := lettersOf(lang)
		for s := range seatCol {
			if !abbreviates(lt.seatOf(s), colour(lang, s)) {
				t.Errorf("%s: seat letter %q for %q", lang, lt.seatOf(s), colour(lang, s))
			}
		}
		for k := range 5 {
			if !abbreviates(lt.good[k], good(lang, k)) {
				t.Errorf("%s: chip %q for %q", lang, lt.good[k], good(lang, k))
			}
			if src := lt.source[sourceNames[k]]; src != strings.ToUpper(lt.good[k]) {
				t.Errorf("%s: source %q for chip %q", lang, src, lt.good[k])
			}
		}
		for what, set := range map[string][]string{"seat": lt.seat, "good": lt.good} {
			seen := map[string]bool{}
			for _, l := range set {
				if seen[strings.ToLower(l)] {
					t.Errorf("%s: %s letter %q twice", lang, what, l)
				}
				seen[strings.ToLower(l)] = true
			}
		}
		for _, c := range [][2]string{{lt.temple, "letter_temple"}, {lt.univ, "letter_university"}, {lt.book, "letter_book"}} {
			exp := tr(lang, "legend_expansion", msg.Code("Temple", lt.temple), msg.Code("Univ", lt.univ), msg.Code("Book", lt.book))
			if !strings.Contains(exp, c[0]+" ") {
				t.Errorf("%s: the legend %q does not explain %s %q", lang, exp, c[1], c[0])
			}
		}
		legend := tr(lang, "legend", msg.Code("Sources", strings.Join(lt.source4(), " ")), msg.Code("Badge", lt.seatOf(1)+"7"), msg.Code("Blue", colour(lang, 1)))
		if !strings.Contains(legend, strings.Join(lt.source4(), " ")) || !strings.Contains(legend, lt.seatOf(1)+"7 = "+colour(lang, 1)) {
			t.Errorf("%s: legend %q", lang, legend)
		}
		if lang != msg.English && strings.Contains(legend, "F H G C I") {
			t.Errorf("%s: the English letters in %q", lang, legend)
		}
	}
}
