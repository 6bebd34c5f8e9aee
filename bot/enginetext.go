package bot

import (
	"github.com/boardbot/boardbot/rules"
)

// Engine texts in a reader's language. A game that carries structured messages has them
// rendered in lang; one that does not yet falls back to its English text. Seats are rendered
// with name either way.

// markFallback, when set (by tests), marks each engine text shown in English for want of a
// message, so that a test can tell it from a platform text that escaped the catalogue.
var markFallback func(string) string

func fallback(text string) string {
	if markFallback != nil && text != "" {
		return markFallback(text)
	}
	return text
}

func eventText(lang string, e rules.Event, name func(rules.Seat) string) string {
	return fallback(rules.RenderSeats(e.Text, name))
}

func eventMany(lang string, e rules.Event, name func(rules.Seat) string) string {
	return fallback(rules.RenderSeats(e.Many, name))
}

func promptText(lang string, p rules.Prompt, name func(rules.Seat) string) string {
	return fallback(rules.RenderSeats(p.Text, name))
}

func answerLabel(lang string, a rules.Answer, name func(rules.Seat) string) string {
	return fallback(rules.RenderSeats(a.Label, name))
}

func choiceLabel(lang string, c rules.Choice, name func(rules.Seat) string) string {
	return fallback(rules.RenderSeats(c.Label, name))
}

// illegalText is the engine's reason for refusing a move, in lang.
func illegalText(lang string, err error) (string, bool) {
	if reason, ok := rules.IsIllegal(err); ok {
		return fallback(reason), true
	}
	return AsRefusal(err)
}

func resultReason(lang string, res *rules.Result, name func(rules.Seat) string) string {
	return fallback(rules.RenderSeats(res.Reason, name))
}
