package autumnash

// PublicMoves: Autumn Ash has no hidden information and no randomness, so a move's notation is
// what everyone sees on the board anyway.
func (game) PublicMoves() bool { return true }
