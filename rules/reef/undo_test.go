package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules/msg"
)

// A take cannot be taken back because the open sea is refilled from the bag: the refusal says so
// in words (UndoReason), in every language; a move that told nothing new gives no reason.
func TestUndoReasonOfATake(t *testing.T) {
	s := fixture(t, 2)
	give(t, s, 0, Grey, 2)
	giveCube(t, s, 0, Grey)
	grow := mustApply(t, s, 0, "grow g")
	if m := s.UndoReason(grow); m != nil {
		t.Errorf("a larva play gives a reason: %v", m)
	}
	mustApply(t, s, 0, "done")
	take := mustApply(t, s, 0, "take g")
	m := s.UndoReason(take)
	if m == nil || m.ID != "undo_refill" {
		t.Fatalf("the take's reason is %v, want undo_refill", m)
	}
	seen := map[string]bool{}
	for _, lang := range []string{msg.English, msg.German, msg.Spanish, msg.French} {
		txt := msg.Render(m, lang, nil)
		if txt == "" || seen[txt] {
			t.Errorf("%s: %q is empty or another language's", lang, txt)
		}
		seen[txt] = true
	}
}
