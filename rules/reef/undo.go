package reef

import (
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// UndoReason says in words why a move whose events are evs cannot be taken back, for the
// platform's refusal: the news it told (the open sea refilled from the bag, which every take
// does; the setup choices shown; the bag searched). nil when none of its events is such news.
func (s *state) UndoReason(evs []rules.Event) *msg.Message {
	for _, e := range evs {
		if e.Msg == nil || !e.Reveals {
			continue
		}
		switch e.Msg.ID {
		case "ev_refill":
			return say("undo_refill")
		case "ev_setup_shown":
			return say("undo_setup_shown")
		case "ev_buy_none":
			return say("undo_bag_searched")
		}
	}
	return nil
}
