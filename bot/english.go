package bot

import (
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// English forms of the texts that take a language, as the tests (and anything written before
// languages) call them.

func movePhrase(row *storage.Game, evs []rules.Event) string {
	return movePhraseIn(LangEnglish, row, evs)
}
func pendingOf(e rules.Event, name func(rules.Seat) string) pendingEvent {
	return pendingOfIn(LangEnglish, e, name, -1)
}
func players(n int) string { return playersIn(LangEnglish, n) }
func resultText(row *storage.Game, st rules.State, res *rules.Result) string {
	return resultTextIn(LangEnglish, row, st, res)
}
func startText(info rules.Info, seats int) string { return startTextIn(LangEnglish, info, seats) }
func suggest(st rules.State, seat rules.Seat, typed string, limit int, name func(rules.Seat) string) []Suggestion {
	return suggestIn(LangEnglish, nil, st, seat, typed, limit, name)
}
func treeStep(st rules.State, seat rules.Seat, m rules.Move, name func(rules.Seat) string) (Step, error) {
	return treeStepIn(LangEnglish, nil, st, seat, m, name)
}
func yourTurn(prompt string) string { return yourTurnIn(LangEnglish, prompt) }
