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
	c.Marks, c.Note, c.NoteMsg, c.T.Started = nil, "", nil, false
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

// SensibleMoves leaves out an eat that feeds the seat's last shrimp to its parrotfish, ending
// the game, unless the seat then expects to lead (ai.Sensible); nil when no such eat is on the
// menu, which is nearly always. The others' parrotfish are secret: each is estimated from its
// public count at the mean value of a polyp, so the choice reads nothing hidden.
func (s *state) SensibleMoves(seat rules.Seat) []rules.Move {
	me := int(seat)
	if s.Phase != phasePlay || s.Turn != me || s.T.Started || s.Res != nil ||
		s.Players[me].ShrimpsEaten != data.ShrimpsPerPlayer-1 || !s.canEat(s.corals(), me) {
		return nil
	}
	moves, _, err := rules.Enumerate(s, seat, 5000)
	if err != nil {
		return nil
	}
	var out []rules.Move
	for _, m := range moves {
		if m[0] == vEat && !s.eatLeads(seat, m) {
			continue
		}
		out = append(out, m)
	}
	if len(out) == len(moves) || len(out) == 0 {
		return nil
	}
	return out
}

// eatLeads says whether seat, after eating with m, scores at least what each other seat's
// parrotfish is expected to hold.
func (s *state) eatLeads(seat rules.Seat, m rules.Move) bool {
	c := s.clone()
	if _, err := c.Apply(seat, m); err != nil {
		return false
	}
	mean := 0.0
	for col := Colour(0); col < NumColours; col++ {
		mean += float64(c.colourValue(col)) / float64(NumColours)
	}
	mine := float64(c.score(int(seat)))
	for o := range c.Players {
		if o != int(seat) && float64(sum(c.Players[o].Fish[:]))*mean > mine {
			return false
		}
	}
	return true
}
