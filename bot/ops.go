package bot

// Observer hears what the operator's metrics count. Its methods must be quick and safe for
// concurrent use.
type Observer interface {
	MoveApplied(kind string) // a move was committed (by a player, a robot or the forced-move rule)
	MoveRefused(kind string) // a player's move was refused, with a reason
}

type noObserver struct{}

func (noObserver) MoveApplied(string) {}
func (noObserver) MoveRefused(string) {}
