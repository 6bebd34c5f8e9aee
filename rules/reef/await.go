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
	who := seatName(s.Turn)
	if x := s.T.Grow; x != NoColour {
		left := data.MaxPerCube - s.T.FromScreen
		return fmt.Sprintf("%s: %s larva play — lay %s polyps (up to %d more from behind your screen, %d consumed), move shrimps, or done.",
			who, x, x, left, s.Players[s.Turn].Consumed[x])
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
	trade, polyp := false, false
	for _, c := range Colours {
		trade = trade || (p.Consumed[c] > 0 && s.CubeSupply[c] > 0)
		polyp = polyp || s.available(c)
	}
	if trade && !s.T.Traded {
		can = append(can, "trade")
	}
	if s.canAlga(me) {
		can = append(can, "alga")
	}
	if polyp && !s.T.Bought {
		can = append(can, "polyp")
	}
	end := "take an open-sea space to end the turn"
	if sq := s.shrimpOnRock(me); sq >= 0 {
		end = fmt.Sprintf("your shrimp on bare rock at %s must move before you take an open-sea space to end the turn", SquareName(sq))
	}
	if len(can) == 0 {
		return who + "'s turn: " + end + "."
	}
	return who + "'s turn: " + strings.Join(can, ", ") + " as you can; " + end + "."
}

// SeatName is how texts and the board name a seat: "Player 2".
func (s *state) SeatName(p rules.Seat) string { return seatName(int(p)) }
