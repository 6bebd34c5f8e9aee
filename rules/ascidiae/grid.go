package ascidiae

import "fmt"

// The current is a grid of Rows x Cols spaces, named a1 (top left) to d3 (bottom right).
const (
	Rows   = 3
	Cols   = 4
	Spaces = Rows * Cols
)

// Dir is a direction. On a card it is relative to the printed top; on the grid it is absolute
// (Up is towards row 1). A card's orientation is the absolute direction its printed top faces.
type Dir uint8

// The four directions, clockwise.
const (
	Up Dir = iota
	Right
	Down
	Left
)

var dirNames = [4]string{"up", "right", "down", "left"}

func (d Dir) String() string { return dirNames[d&3] }

// Turn maps a direction printed on a card to the grid, for a card whose top faces o.
func (d Dir) Turn(o Dir) Dir { return (d + o) & 3 }

func dirByName(s string) (Dir, bool) {
	for i, n := range dirNames {
		if n == s {
			return Dir(i), true
		}
	}
	return 0, false
}

// SpaceName is the name of space i: "a1".."d3".
func SpaceName(i int) string {
	if i >= 0 && i < Spaces {
		return spaceNames[i]
	}
	return fmt.Sprintf("%c%d", 'a'+i%Cols, i/Cols+1)
}

// spaceNames are the names of the grid's spaces, written once: texts and menus name spaces on
// every walk of the tree.
var spaceNames = func() (out [Spaces]string) {
	for i := range out {
		out[i] = string(rune('a'+i%Cols)) + string(rune('1'+i/Cols))
	}
	return out
}()

func spaceByName(s string) (int, bool) {
	if len(s) != 2 {
		return 0, false
	}
	c, r := int(s[0]|0x20)-'a', int(s[1])-'1'
	if c < 0 || c >= Cols || r < 0 || r >= Rows {
		return 0, false
	}
	return r*Cols + c, true
}

// step is the space next to i in absolute direction d, or -1 off the grid.
func step(i int, d Dir) int {
	r, c := i/Cols, i%Cols
	switch d & 3 {
	case Up:
		r--
	case Down:
		r++
	case Left:
		c--
	case Right:
		c++
	}
	if r < 0 || r >= Rows || c < 0 || c >= Cols {
		return -1
	}
	return r*Cols + c
}
