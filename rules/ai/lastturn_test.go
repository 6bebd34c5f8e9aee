package ai

import (
	"strconv"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// lastNim counts a take of 2 or more as "big" for the last turn; a take of 1 counts nothing.
type lastNim struct{ nim }

func (n *lastNim) LastTurnHabits(_ rules.Seat, m rules.Move, _ rules.State) map[string]int {
	if k, _ := strconv.Atoi(m[1]); k >= 2 {
		return map[string]int{"big": k}
	}
	return nil
}

// The watch adds, at the end, each seat's latest turn that counted anything, and only that one.
func TestHabitWatchLastTurn(t *testing.T) {
	st := &lastNim{nim{Pile: 21}}
	w := NewHabitWatch()
	for _, k := range []string{"3", "2", "2", "3", "1"} {
		seat := st.Turn
		before := &lastNim{st.nim}
		if _, err := st.Apply(seat, rules.Move{"take", k}); err != nil {
			t.Fatal(err)
		}
		w.Move(before, seat, rules.Move{"take", k}, nil, st)
	}
	if len(w.Counts) != 0 {
		t.Errorf("counted before the end: %v", w.Counts)
	}
	added := w.End(st, 2)
	// seat 0 took 3, 2, then 1 (nothing): its last counted turn is the 2; seat 1 took 2, then 3.
	if added[0]["big"] != 2 || added[1]["big"] != 3 || w.Counts[0]["big"] != 2 || w.Counts[1]["big"] != 3 {
		t.Errorf("added %v, counts %v", added, w.Counts)
	}
}
