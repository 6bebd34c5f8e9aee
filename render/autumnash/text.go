package autumnash

import (
	"embed"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/msg"
)

// The board's labels: catalogue "autumnash.render", render/autumnash/locales/<lang>.toml, drawn in
// render.Meta's language. Pieces come from the game's own catalogue ("autumnash"), so a leaf is
// called the same on the board as in the texts.

const catName = "autumnash.render"

//go:embed locales/*.toml
var localeFiles embed.FS

var registered = func() bool { msg.Register(catName, localeFiles); return true }()

// tr is label id in lang with its arguments.
func tr(lang, id string, args ...msg.Arg) string {
	if !registered {
		panic("render/autumnash: catalogue not registered")
	}
	return msg.Render(msg.New(catName, id, args...), langOf(lang), nil)
}

func langOf(lang string) string {
	if lang == "" {
		return msg.English
	}
	return lang
}

// pieceMsg is a piece with its indefinite article, in the game's own words ("a white pawn").
func pieceMsg(p game.Piece) *msg.Message {
	return msg.New("autumnash", p.Colour.String()+"_"+p.Size.String()+"_a")
}

// reasonText is the result's reason in lang, seats called by their players (by their sides where
// the platform gave no names); the English text when
// the game stored no message.
func reasonText(r *game.View, m render.Meta) string {
	res := r.Result
	if res.ReasonMsg == nil {
		return res.English()
	}
	return msg.Render(res.ReasonMsg, langOf(m.Lang), func(s int) string {
		if seatOK(s) {
			return m.Player(rules.Seat(s), seatName[s], 16)
		}
		return ""
	})
}

// variantID is the label id of a variant's name.
func variantID(name string) string {
	switch name {
	case game.VariantStandard, "":
		return "variant_standard"
	case game.VariantBeginner:
		return "variant_beginner"
	case game.VariantUnsettled:
		return "variant_unsettled"
	}
	return ""
}
