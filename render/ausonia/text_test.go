package ausonia

import (
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/msg/msgtest"
)

// The board's catalogue is complete in every language and fully used.
func TestCatalogue(t *testing.T) {
	msgtest.Check(t, catName, ".")
}

// One set of golden boards in German: labels, card names and abilities, the waiting line and the
// last move translated, long German words still inside their boxes.
func TestGoldenGerman(t *testing.T) {
	for _, name := range []string{"start-hand", "mid-3p-hand", "late-4p-public", "solo-hand"} {
		t.Run(name, func(t *testing.T) {
			f := fixtureNamed(t, name)
			v := loadFixture(t, f)
			m := render.SampleMeta(len(v.Players))
			m.Lang = msg.German
			img, err := Image(v, m)
			if err != nil {
				t.Fatal(err)
			}
			render.Golden(t, "de-"+name, render.Quantise(img, pal))
		})
	}
}

func fixtureNamed(t *testing.T, name string) fixture {
	for _, f := range fixtures {
		if f.name == name {
			return f
		}
	}
	t.Fatalf("no fixture %q", name)
	return fixture{}
}

// Every label the board draws in the pseudo-language is pseudo-localized: no plain English word
// is left but house numerals.
func TestLabelsArePseudoLocalized(t *testing.T) {
	lang := msg.Pseudo
	plain := func(s string) bool {
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r < 'A' || r > 'z' || (r > 'Z' && r < 'a') }) {
			numeral := f == "II" || f == "III" || f == "IV" // house marks
			if len(f) >= 2 && !numeral {
				return true
			}
		}
		return false
	}
	var texts []string
	for _, f := range fixtures {
		v := loadFixture(t, f)
		m := render.Meta{Lang: lang}
		w := withMeta(v, m)
		st := statusOf(w, m)
		texts = append(texts, st.Right, w.Waiting)
		texts = append(texts, lastOf(w, lang)...)
		if w.Solo != nil {
			texts = append(texts, w.Solo.Name)
		}
		for _, p := range w.Players {
			texts = append(texts, houseLabel(p, lang))
		}
	}
	for _, c := range game.Cards {
		texts = append(texts, cardName(lang, c))
		for k := range c.Abilities {
			texts = append(texts, abilityText(lang, &c.Abilities[k]))
		}
	}
	for _, id := range []string{"offer_row", "power", "empty", "influence", "gems", "none_to_spend", "area_play", "area_bought",
		"area_sources", "area_seal", "area_discard_top", "area_kept", "area_took", "area_raised", "area_foundations", "private",
		"no_cards", "last_move", "legend_condition", "kind_gem", "kind_house", "tile_gives", "tile_source", "tile_cost",
		"tile_starter", "tag_power", "tag_ready"} {
		texts = append(texts, tr(lang, id))
	}
	texts = append(texts, tr(lang, "your_turn", msg.Code("House", "")), tr(lang, "your_move", msg.Code("Text", "")),
		tr(lang, "legend_rainbow", msg.Nested("Gem", game.GemNameMsg(game.Rainbow))), tr(lang, "you", msg.Code("Name", "")))
	for _, s := range texts {
		if plain(s) {
			t.Errorf("not pseudo-localized: %q", s)
		}
	}
}

// Every language gives the four gems four distinct letters, and a letter a board shows can be
// typed: it is the gem's payment token or a word for it in that language.
func TestGemLettersTypeable(t *testing.T) {
	tokens := [...]string{"s", "e", "b", "r"}
	for _, lang := range msg.Languages {
		seen := map[string]bool{}
		for g := game.Sapphire; g <= game.Rainbow; g++ {
			l := gemLetter(lang, g)
			if seen[l] || len([]rune(l)) != 1 {
				t.Errorf("%s: letter %q of gem %d is repeated or not one letter", lang, l, g)
			}
			seen[l] = true
			typed := strings.ToLower(l)
			if typed == tokens[g] {
				continue
			}
			if w := rules.WordsOf(game.Game, lang); w == nil || !slices.Contains(w.Tokens(typed), tokens[g]) {
				t.Errorf("%s: the board's %q cannot be typed for %s", lang, l, tokens[g])
			} else if slices.Contains(tokens[:], typed) {
				t.Errorf("%s: the board's %q is the token of another gem", lang, l)
			}
		}
	}
}
