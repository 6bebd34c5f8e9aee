package reef

import (
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// Awaiting: every seat still to make its setup choices; then the seat whose turn it is.
func (s *state) Awaiting() []rules.Prompt {
	switch s.Phase {
	case phaseSetup:
		var out []rules.Prompt
		for i, p := range s.Players {
			if !p.Ready {
				out = append(out, rules.Prompt{Seat: rules.Seat(i),
					Text: "Setup: choose the polyp your parrotfish keeps secretly, then two larva cubes."})
			}
		}
		return out
	case phaseLast:
		return []rules.Prompt{{Seat: rules.Seat(s.LastTurns[0]), Text: fmt.Sprintf(
			"Last turn: your parrotfish may eat one coral guarded by your shrimp (%d polyps go back to the bag), or pass.", s.eatReturn())}}
	case phasePlay:
		return []rules.Prompt{{Seat: rules.Seat(s.Turn), Text: s.promptText()}}
	}
	return nil
}

// promptText says what the turn is up to, from public facts only (prompts may be shown to all).
func (s *state) promptText() string {
	if x := s.T.Grow; x != NoColour {
		left := data.MaxPerCube - s.T.FromScreen
		var from []string
		if left > 0 {
			from = append(from, fmt.Sprintf("up to %d more from behind your screen", left))
		}
		if cp := s.Players[s.Turn].Consumed[x]; cp > 0 {
			from = append(from, plural(cp, "consumed one", "consumed ones"))
		}
		return fmt.Sprintf("Your %s larva play: lay %s polyps (%s), move shrimps, or done.", x, x, strings.Join(from, " and "))
	}
	// The list follows the choice tree wherever the tree reads public facts (the board, shrimps,
	// consumed polyps, supplies). Whether a larva cube can be played or bought also depends on
	// what lies behind the screen, which this text may not reveal: grow, trade and polyp are
	// listed by their public conditions only.
	me := s.Turn
	p := &s.Players[me]
	cm := s.corals()
	can := make([]string, 0, 8)
	if !s.T.Started && s.canEat(cm, me) {
		can = append(can, "eat")
	}
	if s.T.Larva < 2 {
		can = append(can, "grow")
	}
	if !s.T.Introduced && p.ShrimpsHome > 0 && s.canAdd(cm, me) {
		can = append(can, "add")
	}
	if s.shrimpOnReef(me) {
		can = append(can, "shrimp")
	}
	// Whether the bag still holds a colour is secret, so polyp is listed while unused.
	trade, polyp := false, !s.T.Bought
	for _, c := range Colours {
		trade = trade || (p.Consumed[c] > 0 && s.CubeSupply[c] > 0)
	}
	if trade && !s.T.Traded {
		can = append(can, "trade")
	}
	if s.canAlga(me) {
		can = append(can, "alga")
	}
	if polyp {
		can = append(can, "polyp")
	}
	end := "take an open-sea space to end the turn"
	if sq := s.shrimpOnRock(me); sq >= 0 {
		end = fmt.Sprintf("your shrimp on bare rock at %s must move before you take an open-sea space to end the turn", sqWhere(sq))
	}
	if len(can) == 0 {
		return "Your turn: " + end + "."
	}
	list := can[0]
	if len(can) > 1 {
		list = strings.Join(can[:len(can)-1], ", ") + " or " + can[len(can)-1]
	}
	return "Your turn: " + list + " as you wish; then " + end + "."
}

// SeatName is the seat's own name, its shrimps' colour: "Green" (rules.SeatNamer).
func (s *state) SeatName(p rules.Seat) string {
	if p < 0 || int(p) >= len(seatNames) {
		return ""
	}
	return seatNames[p]
}
