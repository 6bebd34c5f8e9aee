package rulestest

import (
	"strings"
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

// EventTexts hands f each event's text and message and, for an event that can be condensed, its
// condensed line with the count 3 that the platform would give it (the texts tests check both).
func EventTexts(t testing.TB, evs []rules.Event, f func(what string, m *msg.Message, english string)) {
	t.Helper()
	for _, e := range evs {
		f("event", e.Msg, e.Text)
		if e.Many == "" {
			continue
		}
		if e.ManyMsg == nil {
			t.Errorf("condensed line %q without its message", e.Many)
			continue
		}
		f("condensed", rules.ManyWith(e, 3), strings.Replace(e.Many, "%d", "3", 1))
	}
}
