package rules

// Concluder is a State that can show, once the platform has ended the game (a resignation, a
// timeout), what its rules show at their own end: hidden holdings revealed and scored, so the
// final board is not left with secrets nobody will play for. Conclude changes only what views
// show; the platform's result stands, and the state is never stored concluded (the log must still
// replay to the stored snapshot).
type Concluder interface {
	Conclude()
}
