package reef

import (
	"encoding/json"

	"github.com/boardbot/boardbot/rules"
)

// The habits a player would laugh at (ai.HabitJudge, ai.EndJudge, ai.Keyer), counted by the
// arena per seat and avoided by the AI above easy.

// Habit names of Reef Encounter.
const (
	// HabitPolypsLeft counts the polyps left behind a seat's screen when the game ends: they score
	// nothing (they only break ties), so an AI that hoards them has played them for nothing.
	HabitPolypsLeft = "polyps_left"
	// HabitLastShrimpLosing is an eat that feeds a seat's last shrimp to its parrotfish, and so
	// ends the game, while another seat scores more.
	HabitLastShrimpLosing = "last_shrimp_losing"
)

// PositionKey is the position without what only says what the last move did (the image's marks
// and note) and without the flag that an action was taken this turn, so that a shrimp moved to
// and fro is seen as the same position.
func (s *state) PositionKey() string {
	c := s.clone()
	c.Marks, c.Note, c.T.Started = nil, "", false
	b, err := json.Marshal(c)
	if err != nil {
		return ""
	}
	return string(b)
}

// Habits names the habits seat showed by playing m (ai.HabitJudge).
func (s *state) Habits(seat rules.Seat, m rules.Move, _ []rules.Event, after rules.State) []string {
	a, ok := after.(*state)
	if !ok || len(m) == 0 || m[0] != vEat || s.Phase != phasePlay {
		return nil
	}
	me := int(seat)
	if a.Players[me].ShrimpsEaten < data.ShrimpsPerPlayer || s.Players[me].ShrimpsEaten >= data.ShrimpsPerPlayer {
		return nil
	}
	for o := range a.Players {
		if o != me && a.score(o) > a.score(me) {
			return []string{HabitLastShrimpLosing}
		}
	}
	return nil
}

// EndHabits counts the polyps left behind seat's screen at the end (ai.EndJudge).
func (s *state) EndHabits(seat rules.Seat) map[string]int {
	if s.Res == nil || int(seat) >= len(s.Players) {
		return nil
	}
	return map[string]int{HabitPolypsLeft: sum(s.Players[seat].Screen[:])}
}
