package reef

import (
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// AwaitedSeats is Awaiting's seats without their prompts (rules.SeatsAwaiter, for the search).
func (s *state) AwaitedSeats() []rules.Seat {
	switch s.Phase {
	case phaseSetup:
		var out []rules.Seat
		for i, p := range s.Players {
			if !p.Ready {
				out = append(out, rules.Seat(i))
			}
		}
		return out
	case phaseLast:
		return []rules.Seat{rules.Seat(s.LastTurns[0])}
	case phasePlay:
		return []rules.Seat{rules.Seat(s.Turn)}
	}
	return nil
}

// Awaiting: every seat still to make its setup choices; then the seat whose turn it is.
func (s *state) Awaiting() []rules.Prompt {
	switch s.Phase {
	case phaseSetup:
		var out []rules.Prompt
		for i, p := range s.Players {
			if !p.Ready {
				out = append(out, rules.Prompt{Seat: rules.Seat(i), Msg: setupPrompt})
			}
		}
		return out
	case phaseLast:
		m := say("prompt_last", num("Back", s.eatReturn()))
		return []rules.Prompt{{Seat: rules.Seat(s.LastTurns[0]), Msg: m}}
	case phasePlay:
		m := s.promptMsg()
		return []rules.Prompt{{Seat: rules.Seat(s.Turn), Msg: m}}
	}
	return nil
}

var setupPrompt = say("prompt_setup")

// promptText is the English prompt of the seat to move.
func (s *state) promptText() string { return s.promptMsg().English() }

// promptMsg says what the turn is up to, from public facts only (prompts may be shown to all).
func (s *state) promptMsg() *msg.Message {
	if x := s.T.Grow; x != NoColour {
		left := data.MaxPerCube - s.T.FromScreen
		var from []*msg.Message
		if left > 0 {
			from = append(from, say("larva_from_screen", num("Left", left)))
		}
		if cp := s.Players[s.Turn].Consumed[x]; cp > 0 {
			from = append(from, say("larva_consumed", msg.Count("N", cp)))
		}
		return say("prompt_larva", colArg("Colour", x), nest("From", joinList(from, "list_and")))
	}
	// The list follows the choice tree wherever the tree reads public facts (the board, shrimps,
	// consumed polyps, supplies). Whether a larva cube can be played or bought also depends on
	// what lies behind the screen, which this text may not reveal: grow, trade and polyp are
	// listed by their public conditions only.
	me := s.Turn
	p := &s.Players[me]
	cm := s.corals()
	can := make([]*msg.Message, 0, 8)
	if !s.T.Started && s.canEat(cm, me) {
		can = append(can, verbEat)
	}
	// How many polyps and cubes a seat holds behind its screen is public (the panel shows it),
	// their colours are not: grow is left out when the counts alone rule it out.
	trade, polyp := false, !s.T.Bought
	tradeGrow := false
	for _, c := range Colours {
		if p.Consumed[c] > 0 && s.CubeSupply[c] > 0 {
			trade = true
			tradeGrow = tradeGrow || s.canGrowAfterTrade(me, c)
		}
	}
	trade = trade && !s.T.Traded
	tradeGrow = tradeGrow && trade
	cubes, polyps := 0, 0
	for _, c := range Colours {
		cubes += p.Cubes[c]
		polyps += p.Screen[c] + p.Consumed[c]
	}
	if s.T.Larva < 2 && ((cubes > 0 && polyps > 0) || tradeGrow) {
		can = append(can, verbGrow)
	}
	if !s.T.Introduced && p.ShrimpsHome > 0 && s.canAdd(cm, me) {
		can = append(can, verbAdd)
	}
	if s.shrimpOnReef(me) {
		can = append(can, verbShrimp)
	}
	// Whether the bag still holds a colour is secret, so polyp is listed while a cube is at hand.
	polyp = polyp && (cubes > 0 || trade)
	if trade {
		can = append(can, verbTrade)
	}
	if s.canAlga(me) {
		can = append(can, verbAlga)
	}
	if polyp {
		can = append(can, verbPolyp)
	}
	end := endTurnTake
	if sq := s.shrimpOnRock(me); sq >= 0 {
		end = say("end_turn_rock", whereArg("Square", sq))
	}
	if len(can) == 0 {
		return say("prompt_turn_end", nest("End", end))
	}
	return say("prompt_turn", nest("List", orList(can)), nest("End", end))
}

// The verbs a turn prompt lists are the tokens players type; each is a message of its own, so a
// language may keep the token (as de, es and fr do) or add a word to it.
var (
	verbEat, verbGrow, verbAdd, verbShrimp = say("verb_eat"), say("verb_grow"), say("verb_add"), say("verb_shrimp")
	verbTrade, verbAlga, verbPolyp         = say("verb_trade"), say("verb_alga"), say("verb_polyp")
	endTurnTake                            = say("end_turn_take")
)

// SeatName is the seat's own name, its shrimps' colour: "Green" (rules.SeatNamer).
func (s *state) SeatName(p rules.Seat) string {
	if p < 0 || int(p) >= len(seatNames) {
		return ""
	}
	return seatNames[p]
}

// seatNameIDs are seatNames' messages.
var seatNameIDs = [4]string{"seat_purple", "seat_green", "seat_red", "seat_yellow"}

// SeatNameMsg is SeatName in the reader's language ("Lila"), rules.SeatNameMessager.
func (s *state) SeatNameMsg(p rules.Seat) *msg.Message {
	if p < 0 || int(p) >= len(seatNameIDs) {
		return nil
	}
	return say(seatNameIDs[p])
}
