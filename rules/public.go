package rules

// PublicMoves is implemented by a game whose move notation tells nothing private: no hand, no
// screen, no hidden choice (Autumn Ash, a game of perfect information). The platform may then
// show a move as written to anyone; for other games it shows only the move's events each viewer
// may see, until the game has ended.
type PublicMoves interface {
	Game
	// PublicMoves reports whether every move's notation may be shown to every seat.
	PublicMoves() bool
}

// MovesArePublic reports whether g declares its moves public.
func MovesArePublic(g Game) bool {
	p, ok := g.(PublicMoves)
	return ok && p.PublicMoves()
}
