package recap

import (
	"embed"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules/msg"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// The recap's labels: catalogue "recap", render/recap/locales/<lang>.toml, drawn in Recap.Lang.

const catName = "recap"

//go:embed locales/*.toml
var localeFiles embed.FS

var registered = func() bool { msg.Register(catName, localeFiles); return true }()

// A Measure names what a game's numbers count, as the id of a plural message of the recap
// catalogue: "<id>" writes a count of it ("{{.N}} points") and "<id>_chart" heads its chart.
type Measure string

// The measures and units the games give.
const (
	Points     Measure = "points"
	Colonies   Measure = "colonies"
	AreasHeld  Measure = "areas_held"
	Influence  Measure = "influence"
	Parrotfish Measure = "parrotfish" // polyps in the parrotfish
	Cities     Measure = "cities"
)

// Measures lists every Measure, for the catalogue's test.
var Measures = []Measure{Points, Colonies, AreasHeld, Influence, Parrotfish, Cities}

// Clock is a solo Ascidiae player's opponent: the clock of turns turns.
func Clock(turns int) *msg.Message {
	return msg.New(catName, "opponent_clock", msg.Count("N", turns))
}

// Aspirant is a solo Ausonia player's opponent: the Aspirant called name (a message of the
// game's own catalogue, so the name reads as in the game's texts).
func Aspirant(name *msg.Message) *msg.Message {
	return msg.New(catName, "opponent_aspirant", msg.Nested("Name", name))
}

func langOf(lang string) string {
	if lang == "" {
		return msg.English
	}
	return lang
}

// tr is label id in lang with its arguments.
func tr(lang, id string, args ...msg.Arg) string {
	if !registered {
		panic("render/recap: catalogue not registered")
	}
	return msg.Render(msg.New(catName, id, args...), langOf(lang), nil)
}

// ordinalID is the rank message for n in lang: CLDR ordinal categories (English 1st, 2nd, 3rd,
// 4th; French 1er, 2e).
func ordinalID(lang string, n int) string {
	tag := language.English
	if l := langOf(lang); l != msg.Pseudo {
		tag = language.Make(l)
	}
	switch plural.Ordinal.MatchPlural(tag, n, 0, 0, 0, 0) {
	case plural.One:
		return "rank_one"
	case plural.Two:
		return "rank_two"
	case plural.Few:
		return "rank_few"
	}
	return "rank_other"
}

// decimal writes v with one decimal the language's way: 2.5 in English, 2,5 in German.
func decimal(lang string, v float64) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	switch langOf(lang) {
	case msg.German, msg.Spanish, msg.French:
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}
