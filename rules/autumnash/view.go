package autumnash

import (
	"fmt"

	"github.com/boardbot/boardbot/rules"
)

// Colour is a pyramid colour. Rainbow plays Green..Black, Xeno plays Clear..Purple; each owner's
// colours are listed in progression order.
type Colour uint8

// The ten colours, Rainbow's progression then Xeno's.
const (
	Green Colour = iota
	Yellow
	Red
	Blue
	Black
	Clear
	White
	Orange
	Cyan
	Purple
	numColours
)

var colourNames = [numColours]string{"green", "yellow", "red", "blue", "black", "clear", "white", "orange", "cyan", "purple"}

// Cyan is "N" so that it does not clash with Clear's "C".
var colourLetters = [numColours]string{"G", "Y", "R", "B", "K", "C", "W", "O", "N", "P"}

// String is the colour's lowercase name.
func (c Colour) String() string {
	if c < numColours {
		return colourNames[c]
	}
	return fmt.Sprintf("colour(%d)", uint8(c))
}

// Letter is the one-letter mark drawn on a pyramid.
func (c Colour) Letter() string {
	if c < numColours {
		return colourLetters[c]
	}
	return "?"
}

// MarshalText writes the colour by name so snapshots and views stay readable.
func (c Colour) MarshalText() ([]byte, error) {
	if c >= numColours {
		return nil, fmt.Errorf("autumnash: invalid colour %d", uint8(c))
	}
	return []byte(colourNames[c]), nil
}

// UnmarshalText reads a colour name.
func (c *Colour) UnmarshalText(b []byte) error {
	for i, n := range colourNames {
		if n == string(b) {
			*c = Colour(i)
			return nil
		}
	}
	return fmt.Errorf("autumnash: unknown colour %q", b)
}

// Size is a pyramid's size, equal to its pips.
type Size uint8

// The three sizes.
const (
	Pawn  Size = 1
	Drone Size = 2
	Queen Size = 3
)

// String is the size's lowercase name.
func (z Size) String() string {
	switch z {
	case Pawn:
		return "pawn"
	case Drone:
		return "drone"
	case Queen:
		return "queen"
	}
	return fmt.Sprintf("size(%d)", uint8(z))
}

// Piece is one pyramid.
type Piece struct {
	Owner  rules.Seat `json:"owner"` // 0 Rainbow, 1 Xeno
	Colour Colour     `json:"colour"`
	Size   Size       `json:"size"`
}

// Square is a board cell, 0-based: Col 0 is file A, Row 0 is rank 1.
type Square struct{ Col, Row int }

// String is the token form, e.g. "a1".
func (q Square) String() string {
	if q.Col >= 0 && q.Col < len(squareNames) && q.Row >= 0 && q.Row < len(squareNames[0]) {
		return squareNames[q.Col][q.Row][0]
	}
	return fmt.Sprintf("%c%d", 'a'+q.Col, q.Row+1)
}

// Label is the display form, e.g. "A1".
func (q Square) Label() string {
	if q.Col >= 0 && q.Col < len(squareNames) && q.Row >= 0 && q.Row < len(squareNames[0]) {
		return squareNames[q.Col][q.Row][1]
	}
	return fmt.Sprintf("%c%d", 'A'+q.Col, q.Row+1)
}

// squareNames holds the token and the label of every square a board can have, written once:
// every menu and move names squares.
var squareNames = func() (t [26][maxCells][2]string) {
	for c := range t {
		for r := range t[c] {
			t[c][r] = [2]string{fmt.Sprintf("%c%d", 'a'+c, r+1), fmt.Sprintf("%c%d", 'A'+c, r+1)}
		}
	}
	return t
}()

// StashEntry is one colour of one player's unplayed stash.
type StashEntry struct {
	Colour Colour `json:"colour"`
	Pawns  int    `json:"pawns"`
	Drones int    `json:"drones"`
	Queens int    `json:"queens"`
}

// LastMove describes the previous turn for drawing.
type LastMove struct {
	Seat    rules.Seat `json:"seat"`
	Entered *Square    `json:"entered,omitempty"` // corner where a new piece entered this turn
	Path    []Square   `json:"path"`              // from, (via), to
	Became  Piece      `json:"became"`            // the piece after its colour change
	Capped  bool       `json:"capped"`
	Bagged  []Square   `json:"bagged,omitempty"` // squares that lost pieces to bagging
	Points  int        `json:"points"`
}

// View is what everyone sees: Autumn Ash has no hidden information.
type View struct {
	Variant string          `json:"variant"`          // "standard", "beginner", "unsettled"
	Cols    int             `json:"cols"`             // 5, or 8 on the unsettled chessboard
	Rows    int             `json:"rows"`             // 6, or 8
	Stacks  [][]Piece       `json:"stacks"`           // len Cols*Rows, index Row*Cols+Col, bottom first
	Corners []Square        `json:"corners"`          // entry points now
	Window  *[2]Square      `json:"window,omitempty"` // unsettled: lower-left and upper-right of the box holding every piece
	Burnt   []Square        `json:"-"`                // squares whose top piece is a burnt leaf
	Scores  [2]int          `json:"scores"`
	Target  int             `json:"target"` // 21
	Stash   [2][]StashEntry `json:"stash"`  // unplayed pieces, progression order, all five colours
	Turn    rules.Seat      `json:"turn"`   // seat to move; rules.Spectator when over
	Last    *LastMove       `json:"last,omitempty"`
	Prev    *LastMove       `json:"prev,omitempty"` // the move before Last, by the other player
	Result  *rules.Result   `json:"result,omitempty"`
	// Legend asks the board for its full legend: a player's own view (/view), where there is
	// room for it, while the thread's board keeps one line.
	Legend bool `json:"legend,omitempty"`
}
