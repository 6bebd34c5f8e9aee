package ausonia

import (
	"embed"

	game "github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/msg"
)

// The board's labels: catalogue "ausonia.render", render/ausonia/locales/<lang>.toml, drawn in
// render.Meta's language. Card names, ability texts, gems and Aspirants come from the game's own
// catalogue ("ausonia"), so a card is called the same on the board as in the texts.

const catName = "ausonia.render"

//go:embed locales/*.toml
var localeFiles embed.FS

var registered = func() bool { msg.Register(catName, localeFiles); return true }()

// tr is label id in lang with its arguments.
func tr(lang, id string, args ...msg.Arg) string {
	if !registered {
		panic("render/ausonia: catalogue not registered")
	}
	return msg.Render(msg.New(catName, id, args...), langOf(lang), nil)
}

// inLang renders a message of the game's catalogue in lang, seats named by seat.
func inLang(lang string, m *msg.Message, seat func(int) string) string {
	return msg.Render(m, langOf(lang), seat)
}

func langOf(lang string) string {
	if lang == "" {
		return msg.English
	}
	return lang
}

// cardName and abilityText are a card's name and an ability's text in lang.
func cardName(lang string, cd *game.Card) string { return inLang(lang, game.CardNameMsg(cd), nil) }

func abilityText(lang string, a *game.Ability) string {
	return inLang(lang, game.AbilityMsg(a), nil)
}
