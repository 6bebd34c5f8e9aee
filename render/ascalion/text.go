package ascalion

import (
	"embed"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/msg"
)

// The board's labels: catalogue "ascalion.render", render/ascalion/locales/<lang>.toml, drawn in
// render.Meta's language. Colours, goods, phases and the game's own texts (prompts, the log,
// offers, the result) come from the game's catalogue ("ascalion"), so the board and the thread
// use the same words.

const catName = "ascalion.render"

//go:embed locales/*.toml
var localeFiles embed.FS

var registered = func() bool { msg.Register(catName, localeFiles); return true }()

// tr is label id in lang with its arguments.
func tr(lang, id string, args ...msg.Arg) string {
	if !registered {
		panic("render/ascalion: catalogue not registered")
	}
	return msg.Render(msg.New(catName, id, args...), langOf(lang), nil)
}

func langOf(lang string) string {
	if lang == "" {
		return msg.English
	}
	return lang
}

// colour is seat s's colour in lang ("Red", "Rot").
func colour(lang string, s int) string { return msg.Render(game.ColourMsg(s), langOf(lang), nil) }

// gameText renders a message of the game in the board's language, seats by their players as every
// text names them (by their colours where the platform gave no names); the English text when the
// view carries no message (an older snapshot).
func gameText(meta render.Meta, m *msg.Message, english string) string {
	if m == nil {
		return english
	}
	return msg.Render(m, langOf(meta.Lang), func(s int) string { return meta.Player(rules.Seat(s), colour(meta.Lang, s), 16) })
}

// reasonText is the result's reason in the board's language.
func reasonText(v game.View, m render.Meta) string {
	return gameText(m, v.Result.ReasonMsg, v.Result.English())
}

// phaseText is the status line's phase: the phase (or, in setup and at the end, the step) with
// the step being decided and the die, as the English board always wrote it.
func phaseText(v game.View, lang string) string {
	var phase string
	if v.Phase == 0 || v.Step == "game over" {
		phase = titled(stepText(v.Step, lang))
	} else {
		phase = titled(msg.Render(game.PhaseMsg(v.Phase), langOf(lang), nil))
	}
	if v.Step != "" && !strings.EqualFold(v.Step, v.PhaseName) && !strings.HasPrefix(v.Step, "setup") {
		phase = tr(lang, "phase_step", msg.Code("Phase", phase), msg.Code("Step", stepText(v.Step, lang)))
	}
	return phase
}

// stepText is a step of the view ("vote", "setup: sources") in lang.
func stepText(step, lang string) string {
	if id := stepID[step]; id != "" {
		return tr(lang, id)
	}
	return step
}

// stepID maps the view's step names to labels.
var stepID = map[string]string{
	"setup: sources": "step_sources", "setup: warriors": "step_warriors", "vote": "step_vote",
	"temple": "step_temple", "university": "step_university", "development": "step_development",
	"production": "step_production", "trade": "step_trade", "transport": "step_transport",
	"passage": "step_passage", "attack": "step_attack", "extra transport": "step_extra",
	"alliances": "step_alliances", "books": "step_books", "game over": "step_over",
	"after the attack": "step_after_attack",
}

// titled writes a label's first letter in capitals.
func titled(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+utf8.RuneLen(r):]
	}
	return s
}

// names joins names in a sentence: "a, b and c".
func names(lang string, ns []string) string {
	switch len(ns) {
	case 0:
		return ""
	case 1:
		return ns[0]
	}
	return tr(lang, "names_and", msg.Code("Names", strings.Join(ns[:len(ns)-1], tr(lang, "names_sep"))), msg.Code("Last", ns[len(ns)-1]))
}

// good is good k's name in lang.
func good(lang string, k int) string { return msg.Render(game.GoodMsg(k), langOf(lang), nil) }
