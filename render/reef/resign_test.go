package reef

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	rf "github.com/boardbot/boardbot/rules/reef"
)

// After a resignation the board reveals every parrotfish and scores it, as at a normal end: the
// platform concludes the state (rules.Concluder) before drawing the final board.
func TestResignationRevealsTheParrotfish(t *testing.T) {
	st := position(t, 2, rf.VariantStandard, 11, 60)
	m := render.SampleMeta(2)
	m.Result = &rules.Result{Ranks: []int{2, 1}, ReasonMsg: rules.Verbatim("alice resigned")}
	before := labels(t, st.View(rules.Spectator), m)
	if strings.Contains(before, "Parrotfish held") {
		t.Fatalf("the parrotfish shown before the game is concluded:\n%s", before)
	}
	st.(rules.Concluder).Conclude()
	v := st.View(rules.Spectator).(*rf.View)
	after := labels(t, v, m)
	if !strings.Contains(after, "Parrotfish held") {
		t.Errorf("no parrotfish contents after a resignation:\n%s", after)
	}
	for _, p := range v.Players {
		if p.Score == nil || p.FishColours == nil {
			t.Fatalf("seat %d: no score or contents in the concluded view", p.Seat)
		}
		if want := points("en", *p.Score); !strings.Contains(after, want) {
			t.Errorf("seat %d: no %q on the board", p.Seat, want)
		}
	}
}
