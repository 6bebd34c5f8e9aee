package autumnash

import (
	"reflect"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Every seat sees the same position; a player's own view alone asks for the full legend, so
// the thread's board keeps its one-line legend.
func TestViewLegendOnlyForPlayers(t *testing.T) {
	st, err := Game.New(rules.Setup{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	public := st.View(rules.Spectator).(*View)
	if public.Legend {
		t.Error("the public view asks for the full legend")
	}
	for _, seat := range []rules.Seat{0, 1} {
		v := st.View(seat).(*View)
		if !v.Legend {
			t.Errorf("seat %d's view does not ask for the full legend", seat)
		}
		cp := *v
		cp.Legend = false
		if !reflect.DeepEqual(&cp, public) {
			t.Errorf("seat %d sees another position than the public view", seat)
		}
	}
}
