package rulestest

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// MenuChoices hands f every choice of the menus a player walks through to make move m for seat:
// the menu after each prefix of m, the empty one included (the texts tests check every label).
func MenuChoices(t testing.TB, st rules.State, seat rules.Seat, m rules.Move, f func(rules.Choice)) {
	t.Helper()
	for i := 0; i <= len(m); i++ {
		cs, _, err := st.Choices(seat, m[:i])
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			f(c)
		}
	}
}

// EventTexts hands f each event's message and its English.
func EventTexts(t testing.TB, evs []rules.Event, f func(what string, m *msg.Message, english string)) {
	t.Helper()
	for _, e := range evs {
		f("event", e.Msg, e.English())
	}
}
