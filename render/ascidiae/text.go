package ascidiae

import (
	"embed"

	"github.com/boardbot/boardbot/rules"
	asc "github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/msg"
)

// The board's labels: catalogue "ascidiae.render", render/ascidiae/locales/<lang>.toml, drawn in
// render.Meta's language. The log, the question and the result are the game's own messages
// ("ascidiae"), so they read on the board as in the thread.

const catName = "ascidiae.render"

//go:embed locales/*.toml
var localeFiles embed.FS

var registered = func() bool { msg.Register(catName, localeFiles); return true }()

// tr is label id in lang with its arguments.
func tr(lang, id string, args ...msg.Arg) string {
	if !registered {
		panic("render/ascidiae: catalogue not registered")
	}
	return msg.Render(msg.New(catName, id, args...), langOf(lang), nil)
}

func langOf(lang string) string {
	if lang == "" {
		return msg.English
	}
	return lang
}

// lang is the board's language.
func (b *board) lang() string { return langOf(b.meta.Lang) }

// tr is a label in the board's language.
func (b *board) tr(id string, args ...msg.Arg) string { return tr(b.meta.Lang, id, args...) }

// text is one of the game's texts in the board's language, seats named as the board names them;
// the English text where the game gave no message (a view from before messages).
func (b *board) text(m *msg.Message, english string) string {
	if m == nil {
		return b.meta.Text(english, func(rules.Seat) string { return "" })
	}
	return msg.Render(m, b.lang(), func(s int) string { return b.who(s) })
}

// difficultyIDs are the labels of the colonies' difficulties.
var difficultyIDs = map[string]string{"black": "diff_black", "orange": "diff_orange", "white": "diff_white"}

func (b *board) difficulty() string {
	if id, ok := difficultyIDs[b.v.Difficulty]; ok {
		return b.tr(id)
	}
	return b.v.Difficulty
}

// centralWord names a central board action on a card's icon row.
func centralWord(a asc.Action, lang string) string {
	id := ""
	switch a.Verb {
	case asc.Think:
		id = "icon_think"
	case asc.Colonize:
		id = "icon_colony"
	case asc.Root:
		switch a.Zone {
		case asc.ZoneBlue:
			id = "icon_root_blue"
		case asc.ZoneRed:
			id = "icon_root_red"
		default:
			id = "icon_root"
		}
	case asc.Order:
		id = "icon_order"
	case asc.Displace:
		id = "icon_displace"
	case asc.Spin:
		id = "icon_spin"
	case asc.Block:
		id = "icon_block"
	case asc.Puff:
		id = "icon_puff"
	default:
		s := a.Verb.String()
		return string(s[0]-32) + s[1:]
	}
	return tr(lang, id)
}

// legendGlyphs explains the icons in lang.
func legendGlyphs(lang string) []glyph {
	return []glyph{
		{kind: 1, colour: asc.Black}, {text: tr(lang, "legend_black")}, {kind: 4},
		{kind: 1, colour: asc.White}, {text: tr(lang, "legend_white")}, {kind: 4},
		{kind: 1, colour: asc.Red}, {text: tr(lang, "legend_red")}, {kind: 4},
		{kind: 1, colour: asc.Blue}, {text: tr(lang, "legend_blue")}, {kind: 4}, {kind: 4},
		{text: "+", bold: true}, {text: tr(lang, "legend_spawn")}, {kind: 4},
		{text: "−", bold: true}, {text: tr(lang, "legend_consume")}, {kind: 4},
		{text: "=", bold: true}, {text: tr(lang, "legend_coop")}, {kind: 4},
		{kind: 2, dir: asc.Right}, {text: tr(lang, "legend_push")}, {kind: 4},
		{kind: 3, dir: asc.Left}, {text: tr(lang, "legend_catch")}, {kind: 4},
		{text: "*", bold: true}, {text: tr(lang, "legend_all")},
	}
}

// colonizeWord is the move word the reader types to claim a colony ("kolonisieren"), as the
// parser takes it: the board's hint shows it rather than the English token (issue #38).
func colonizeWord(lang string) string {
	if w := rules.WordsOf(asc.Game, langOf(lang)).Word("colonize"); w != "" {
		return w
	}
	return "colonize"
}
