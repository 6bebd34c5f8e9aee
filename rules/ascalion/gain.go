package ascalion

import "github.com/boardbot/boardbot/rules"

// Gain says what a whole move gains its seat (rules.Gainer): building a city, the game's score
// (the cities decide the winner at the end of an attack phase, §3). It reads the move's first
// token in the build stage only: what an attack or a vote brings depends on other seats' secret
// choices or the die, which a menu must not foresee.
func (s *state) Gain(seat rules.Seat, m rules.Move) rules.Gain {
	if s.Stage != stBuild || len(m) < 2 || m[0] != "city" || s.mayMove(int(seat)) != nil {
		return rules.Gain{}
	}
	return rules.Gain{Points: 1, Msg: say("gain_city")}
}
