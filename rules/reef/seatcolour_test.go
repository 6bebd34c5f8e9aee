package reef

import (
	"regexp"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Players are named by their names alone: no event of a 4-seat game, in any language, names a
// seat by its shrimps' colour ("Purple") or puts a colour in brackets after a player's name, so a
// player's colour never meets the colours of polyps, algae and cubes in one sentence.
func TestNoSeatColourInTexts(t *testing.T) {
	names := []string{"alice", "bob", "carol", "dmitri"}
	name := func(s int) string { return names[s] }
	told := 0
	for _, lang := range []string{msg.English, msg.German, msg.Spanish, msg.French} {
		var seatWords []string
		for _, id := range seatNameIDs {
			seatWords = append(seatWords, regexp.QuoteMeta(msg.Render(say(id), lang, nil)))
		}
		// A seat's colour is a capitalised word (its name); colours of pieces are written small.
		seatColour := regexp.MustCompile(`\b(` + joinAlt(seatWords) + `)\b`)
		bracket := regexp.MustCompile(`(alice|bob|carol|dmitri) \(`)
		s := newGame(t, 4, 21, VariantStandard)
		randomGame(t, s, 21, 400, func(_ rules.Seat, _ rules.Move, evs []rules.Event) {
			for _, e := range evs {
				if e.Msg == nil {
					continue
				}
				text := msg.Render(e.Msg, lang, name)
				told++
				// Only English writes colours of pieces small everywhere (German lists
				// them capitalised: "Grau 3, …, Gelb 3").
				if w := seatColour.FindString(text); w != "" && lang == msg.English {
					t.Errorf("%s: %q names a seat's colour %q", lang, text, w)
				}
				if bracket.MatchString(text) {
					t.Errorf("%s: %q puts something in brackets after a name", lang, text)
				}
			}
		})
	}
	if told < 400 {
		t.Errorf("only %d texts told", told)
	}
}

func joinAlt(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += "|"
		}
		out += x
	}
	return out
}
