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
	var can []string
	if !s.T.Started {
		can = append(can, "eat")
	}
	if s.T.Larva < 2 {
		can = append(can, "grow")
	}
	if !s.T.Introduced {
		can = append(can, "add")
	}
	can = append(can, "shrimp")
	if !s.T.Traded {
		can = append(can, "trade")
	}
	can = append(can, "alga")
	if !s.T.Bought {
		can = append(can, "polyp")
	}
	return fmt.Sprintf("%s's turn: %s as you can; take an open-sea space to end the turn.", who, strings.Join(can, ", "))
}

// SeatName is how texts and the board name a seat: "Player 2".
func (s *state) SeatName(p rules.Seat) string { return seatName(int(p)) }
