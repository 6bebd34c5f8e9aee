package ascidiae

import "github.com/boardbot/boardbot/rules"

// Gain says what a whole move gains its seat (rules.Gainer): claiming a colony scores one (the
// score is the colonies held), and wins when it is the seat's last one needed. In a solo game
// the result waits for the end of the turn, so a claim there is its point only; a move that ends
// the game otherwise (the last round) is not foreseen, which would take playing the turn out.
func (g *State) Gain(s rules.Seat, m rules.Move) rules.Gain {
	if g.Res != nil || g.setupPhase() || int(s) != g.Turn.Seat || g.Turn.Wait != waitCentral || len(m) != 2 || m[0] != wColonize {
		return rules.Gain{}
	}
	return rules.Gain{Points: 1, Wins: !g.solo() && len(g.Players[s].Colonies)+1 >= g.winTarget()}
}
