package ausonia

import "testing"

// "has reached 60 influence" is told once by the history (which leaves out Summary lines) and
// once by the posts (which leave out Detail ones), not twice in one history entry (issue #37).
func TestReachedToldOnce(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 0, "play", "m1")
	s.T.Gems = g("ee")
	s.P[0].Influence = 58
	evs := do(t, s, 0, "use m1")
	evs = append(evs, do(t, s, 0, "pass")...)
	history, posts := 0, 0
	for _, e := range evs {
		if e.Msg == nil || e.Msg.ID != "ev_reached" {
			continue
		}
		if !e.Summary {
			history++
		}
		if !e.Detail {
			posts++
		}
	}
	if history != 1 || posts != 1 {
		t.Errorf("reaching 60 told %d times in the history, %d in the posts; want once each", history, posts)
	}
}

// A turn passed without playing a card has no steps for the history to tell instead of its
// line: the line is no Summary, or the history's whole entry read "alice ends the turn."
// (issue #37).
func TestPassWithoutPlayingIsInTheHistory(t *testing.T) {
	s := twoPlayer(t)
	told := false
	for _, e := range do(t, s, 0, "pass") {
		if e.Msg != nil && e.Msg.ID == "sum_pass" {
			told = !e.Summary && e.Public()
		}
	}
	if !told {
		t.Error("the pass without a card is left out of the history")
	}
}
