package reef

import (
	"embed"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	rf "github.com/boardbot/boardbot/rules/reef"
)

// The board's labels: catalogue "reef.render", render/reef/locales/<lang>.toml, drawn in
// render.Meta's language. Colours, polyp and point counts, the note on the latest move and the
// end reason come from the game's catalogue ("reef"), so the board and the thread use the same
// words.

const catName = "reef.render"

//go:embed locales/*.toml
var localeFiles embed.FS

var registered = func() bool { msg.Register(catName, localeFiles); return true }()

// tr is label id in lang with its arguments.
func tr(lang, id string, args ...msg.Arg) string {
	if !registered {
		panic("render/reef: catalogue not registered")
	}
	return msg.Render(msg.New(catName, id, args...), langOf(lang), nil)
}

func langOf(lang string) string {
	if lang == "" {
		return msg.English
	}
	return lang
}

// gameMsg renders a message of the game's catalogue in lang.
func gameMsg(lang, id string, args ...msg.Arg) string {
	return msg.Render(msg.New("reef", id, args...), langOf(lang), nil)
}

// colourWord is colour c as it stands alone ("grey", "grau"), from the game's catalogue.
func colourWord(lang string, c rf.Colour) string { return gameMsg(lang, c.String()) }

// larvaForm is the form of the colour before the word for a larva play: German declines it
// ("grauer Larvenzug"), Spanish and French agree with a feminine noun ("jugada de larva blanca",
// "pose blanche"); English and the pseudo-language take the bare word.
var larvaForm = map[string]string{msg.German: "_er", msg.Spanish: "_f", msg.French: "_f"}

// larvaColour is colour c as a larva play's colour in lang.
func larvaColour(lang string, c rf.Colour) string {
	return gameMsg(lang, c.String()+larvaForm[lang])
}

// points is "1 point", "3 points" in lang; polyps the same for polyps.
func points(lang string, n int) string { return gameMsg(lang, "n_points", msg.Count("N", n)) }
func polyps(lang string, n int) string { return gameMsg(lang, "n_polyps", msg.Count("N", n)) }

// join names several players: "a, b and c".
func join(lang string, xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return tr(lang, "names_and", msg.Code("Names", strings.Join(xs[:len(xs)-1], tr(lang, "names_sep"))), msg.Code("Last", xs[len(xs)-1]))
}

// seatName names seat s by its player, or "Player N" in lang where no players are known.
func (d *drawer) seatName(s int) string {
	return d.meta.Player(rules.Seat(s), tr(d.meta.Lang, "player_n", msg.Number("N", s+1)), 16)
}

// gameText is a message of the game in the board's language, seats by their players; english
// where the view carries no message (an older snapshot, a platform reason without one).
func (d *drawer) gameText(m *msg.Message, english string) string {
	if m == nil {
		return rules.RenderSeats(english, func(s rules.Seat) string { return d.seatName(int(s)) })
	}
	return msg.Render(m, langOf(d.meta.Lang), d.seatName)
}

// coral is the mark of a coral colour in the image's language: a letter a player of that language
// types for it (rules.Words.Letter), so the board and the parser agree ("R" for German rosa).
func (d *drawer) coral(c rf.Colour) string {
	toks := make([]string, rf.NumColours)
	for i := range toks {
		toks[i] = rf.Colour(i).Letter()
	}
	if c < 0 || int(c) >= len(toks) {
		return "-"
	}
	return rules.WordsOf(rf.Game, d.meta.Lang).Letter(toks[c], toks)
}

// alga is the mark of an alga colour in the image's language, as coral.
func (d *drawer) alga(a rf.Alga) string {
	toks := make([]string, rf.NumAlgae)
	for i := range toks {
		toks[i] = rf.Alga(i).String()
	}
	if a < 0 || int(a) >= len(toks) {
		return "?"
	}
	return rules.WordsOf(rf.Game, d.meta.Lang).Letter(toks[a], toks)
}
