package rules

// QuietApplier is Apply without the events, for search, which never reads them: the same moves
// accepted and refused, the same state after (what a state keeps only to show the last move may
// be left empty). Building events means building their messages and English texts, which in a
// game with many small events costs more than the move itself. Optional, like the fast paths in
// fast.go.
type QuietApplier interface {
	ApplyQuiet(s Seat, m Move) error
}

// ApplyQuiet applies m for seat s through the state's QuietApplier when it has one, else through
// Apply, dropping the events.
func ApplyQuiet(st State, s Seat, m Move) error {
	if q, ok := st.(QuietApplier); ok {
		return q.ApplyQuiet(s, m)
	}
	_, err := st.Apply(s, m)
	return err
}

// SeatsAwaiter names the seats Awaiting would return, in its order, without building their
// prompts (texts the search never reads: it only picks who moves next).
type SeatsAwaiter interface {
	AwaitedSeats() []Seat
}

// AwaitedSeats lists the awaited seats through the state's SeatsAwaiter when it has one, else
// through Awaiting.
func AwaitedSeats(st State) []Seat {
	if w, ok := st.(SeatsAwaiter); ok {
		return w.AwaitedSeats()
	}
	ps := st.Awaiting()
	out := make([]Seat, len(ps))
	for i, p := range ps {
		out[i] = p.Seat
	}
	return out
}
