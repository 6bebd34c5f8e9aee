package ascalion

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/msg"
)

// `rules ascalion` says what a city costs and how many cities win (§3.1, §8.1), in every
// language: a reader could not find the recipe anywhere but in a menu.
func TestSummaryGivesTheCityCost(t *testing.T) {
	want := map[string][]string{
		"en": {"3 cities", "A city costs 1 wood, 1 gold, 1 coal and 1 iron, or 4 gold"},
		"de": {"3 Städte", "Eine Stadt kostet 1 Holz, 1 Gold, 1 Kohle und 1 Eisen oder 4 Gold"},
		"es": {"3 ciudades", "Una ciudad cuesta 1 de madera, 1 de oro, 1 de carbón y 1 de hierro, o 4 de oro"},
		"fr": {"3 cités", "Une cité coûte 1 bois, 1 or, 1 charbon et 1 fer, ou 4 or"},
	}
	sum := Game.Info().SummaryMsg
	for _, lang := range msg.Languages {
		text := msg.Render(sum, lang, nil)
		for _, w := range want[lang] {
			if !strings.Contains(text, w) {
				t.Errorf("%s summary lacks %q:\n%s", lang, w, text)
			}
		}
	}
}
