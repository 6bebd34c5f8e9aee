package render

import "github.com/boardbot/boardbot/rules"

// Meta is what the platform knows around a view that the engine does not, for the renderers to
// draw: the players' names, and the result as the platform states it (a resignation, a timeout or
// an abort ends a game that the engine may still think is running, or ranks it otherwise).
type Meta struct {
	// Names are the players' display names by seat ("alice", "the AI"); a renderer shortens them
	// to fit. Nil or short: the renderer falls back to the game's own seat names.
	Names []string
	// Result is the platform's final result when the game is over, nil while it runs; when set,
	// boards and recaps state it instead of the engine's own.
	Result *rules.Result
	// Aborted says the game was ended without a result.
	Aborted bool
}

// Name is seat s's player name, or "" when the platform gave none.
func (m Meta) Name(s rules.Seat) string {
	if int(s) < 0 || int(s) >= len(m.Names) {
		return ""
	}
	return m.Names[s]
}
