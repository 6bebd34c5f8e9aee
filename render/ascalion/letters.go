package ascalion

import (
	"strings"
	"sync"

	game "github.com/boardbot/boardbot/rules/ascalion"
)

// letters are the letters the board writes for seats (in owner pills and the players' discs),
// goods chips, sources, temples, universities and books: each the start of the word in the
// image's language (German "K" for Kohle, French "ch" for charbon where "c" is cheval), from the
// catalogue (letters_* in locales/<lang>.toml), so that the legend explains them in words of the
// same language.
type letters struct {
	seat               []string // by seat: red, blue, yellow, green, purple, black
	good               []string // by good: wood, horse, gold, coal, iron; the weapon is a drawn cross
	source             map[string]string
	temple, univ, book string
}

// weaponChip is the chip label drawn as a cross instead of a letter.
const weaponChip = "x"

var letterSets sync.Map // lang → *letters

// lettersOf is the letter set of lang, read once from the catalogue.
func lettersOf(lang string) *letters {
	lang = langOf(lang)
	if l, ok := letterSets.Load(lang); ok {
		return l.(*letters)
	}
	l := &letters{
		seat:   strings.Fields(tr(lang, "letters_seats")),
		good:   append(strings.Fields(tr(lang, "letters_goods")), weaponChip),
		source: map[string]string{"hidden": "?"},
		temple: tr(lang, "letter_temple"),
		univ:   tr(lang, "letter_university"),
		book:   tr(lang, "letter_book"),
	}
	for i, s := range strings.Fields(tr(lang, "letters_sources")) {
		if i < len(sourceNames) {
			l.source[sourceNames[i]] = s
		}
	}
	if len(l.seat) < len(seatCol) || len(l.good) != len(goodCol) || len(l.source) != len(sourceNames)+1 {
		panic("render/ascalion: letters of " + lang + " incomplete")
	}
	letterSets.Store(lang, l)
	return l
}

// sourceNames are the view's source kinds, in the catalogue's order.
var sourceNames = []string{"wood", "horse", "gold", "coal", "iron"}

// seatOf is seat s's letter.
func (l *letters) seatOf(s int) string { return l.seat[s%len(l.seat)] }

// source4 are the source letters in the catalogue's order (wood, horse, gold, coal, iron).
func (l *letters) source4() []string {
	var out []string
	for _, n := range sourceNames {
		out = append(out, l.source[n])
	}
	return out
}

// expansionPieces says whether the board shows a temple, university or book, whose letters the
// legend then explains too.
func expansionPieces(v game.View) bool {
	for _, l := range v.Lands {
		if l.Temple >= 0 || l.Univ || l.Book {
			return true
		}
	}
	for _, w := range v.Vessels {
		if w.Book {
			return true
		}
	}
	return false
}
