package bot

import (
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Engine texts in a reader's language: every engine text is a message, rendered in lang, seats
// named with name.

// markFallback, when set (by tests), marks each text the platform shows in English for want of
// a message (a game's own solo description, a setup error that is no refusal), so that a test
// can tell it from a platform text that escaped the catalogue.
var markFallback func(string) string

func fallback(text string) string {
	if markFallback != nil && text != "" {
		return markFallback(text)
	}
	return text
}

// engineText is an engine's message in lang ("" for none). Seats are rendered with name; a nil
// name keeps the {seat:N} placeholders for the caller to render.
func engineText(lang string, m *msg.Message, name func(rules.Seat) string) string {
	if name == nil {
		return msg.Render(m, lang, nil)
	}
	return msg.Render(m, lang, func(s int) string { return name(rules.Seat(s)) })
}

// renderSeatsIn puts the players' names into a text of lang whose seats are still placeholders,
// with the elision French needs before a name ("d'alice").
func renderSeatsIn(lang, text string, name func(rules.Seat) string) string {
	return msg.Elide(lang, rules.RenderSeats(text, name))
}

func eventText(lang string, e rules.Event, name func(rules.Seat) string) string {
	return engineText(lang, e.Msg, name)
}

func promptText(lang string, p rules.Prompt, name func(rules.Seat) string) string {
	return engineText(lang, p.Msg, name)
}

func answerLabel(lang string, a rules.Answer, name func(rules.Seat) string) string {
	return engineText(lang, a.Msg, name)
}

func choiceLabel(lang string, c rules.Choice, name func(rules.Seat) string) string {
	return engineText(lang, c.Msg, name)
}

// illegalText is the engine's reason for refusing a move, in lang, its seats still placeholders.
func illegalText(lang string, err error) (string, bool) {
	if _, ok := rules.IsIllegal(err); ok {
		return engineText(lang, rules.IllegalMsg(err), nil), true
	}
	return RefusalIn(lang, err)
}

// illegalTextIn is illegalText with the lists of tokens a refusal offers ("foot, horse, done")
// in the reader's words ("Fuß, Pferd, fertig"), as menus show them: a refusal never asks a
// German to type the English it does not show elsewhere. What the player typed is left alone.
func illegalTextIn(lang string, words *rules.Words, err error) (string, bool) {
	if _, ok := rules.IsIllegal(err); ok && words.Len() > 0 {
		if m := rules.IllegalMsg(err); m != nil {
			return engineText(lang, spellLists(m, words), nil), true
		}
	}
	return illegalText(lang, err)
}

// spellLists is a copy of m whose code arguments that are tokens, alone ("left", the last of
// "up, right, down or left"), listed ("a, b, c") or a move quoted whole ("a1 queen"), name them
// in words, nested messages included. A quoted code is what the player typed and stays as typed.
func spellLists(m *msg.Message, words *rules.Words) *msg.Message {
	out := *m
	out.Args = make([]msg.Arg, len(m.Args))
	for i, a := range m.Args {
		switch {
		case a.Kind == msg.KCode && !strings.HasPrefix(a.Str, `"`):
			toks := strings.Split(a.Str, ", ")
			for k, tok := range toks {
				// A move quoted whole ("a1 queen") is spelt token by token.
				parts := strings.Split(tok, " ")
				for j, p := range parts {
					if w := words.Word(p); w != "" {
						parts[j] = w
					}
				}
				toks[k] = strings.Join(parts, " ")
			}
			a.Str = strings.Join(toks, ", ")
		case a.Msg != nil:
			a.Msg = spellLists(a.Msg, words)
		}
		out.Args[i] = a
	}
	return &out
}

func resultReason(lang string, res *rules.Result, name func(rules.Seat) string) string {
	return engineText(lang, res.ReasonMsg, name)
}

// A game's description in lang: its summary, notation, option names, helps and choice labels.

// InfoSummary is info's summary in lang.
func InfoSummary(lang string, info rules.Info) string {
	return engineText(lang, info.SummaryMsg, nil)
}

// InfoNotation is info's notation in lang.
func InfoNotation(lang string, info rules.Info) string {
	return engineText(lang, info.NotationMsg, nil)
}

// OptionName is an option's name in lang.
func OptionName(lang string, o rules.Option) string { return engineText(lang, o.NameMsg, nil) }

// OptionHelp is an option's help in lang.
func OptionHelp(lang string, o rules.Option) string { return engineText(lang, o.HelpMsg, nil) }

// OptionDefault is an option's default choice as the reader reads it: its label in lang (the
// raw value, "no" or "off", is notation, not words).
func OptionDefault(lang string, o rules.Option) string {
	for _, c := range o.Choices {
		if c.Value == o.Default && c.LabelMsg != nil {
			return OptionLabel(lang, c)
		}
	}
	return o.Default
}

// OptionLabel is an option choice's label in lang.
func OptionLabel(lang string, c rules.OptionChoice) string {
	return engineText(lang, c.LabelMsg, nil)
}
