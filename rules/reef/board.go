package reef

import (
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/boardbot/boardbot/rules/msg"
)

// nbrs[i] lists the orthogonal neighbours of square i within one board (board-relative).
var nbrs = func() (n [perBoard][]int) {
	for r := 0; r < Rows; r++ {
		for c := 0; c < Cols; c++ {
			i := r*Cols + c
			if r > 0 {
				n[i] = append(n[i], i-Cols)
			}
			if c > 0 {
				n[i] = append(n[i], i-1)
			}
			if c < Cols-1 {
				n[i] = append(n[i], i+1)
			}
			if r < Rows-1 {
				n[i] = append(n[i], i+Cols)
			}
		}
	}
	return
}()

// neighbours calls f for each orthogonal neighbour of global square sq (on the same board).
func neighbours(sq int, f func(n int)) {
	base := sq - sq%perBoard
	for _, n := range nbrs[sq%perBoard] {
		f(base + n)
	}
}

func adjacent(a, b int) bool {
	if a/perBoard != b/perBoard {
		return false
	}
	for _, n := range nbrs[a%perBoard] {
		if n == b%perBoard {
			return true
		}
	}
	return false
}

// SquareName is a square as players write it: board number, colon, column letter and row.
func SquareName(sq int) string {
	b, i := sq/perBoard, sq%perBoard
	// One digit each: at most 4 boards of 6 rows (written on every event and label, so no fmt).
	n := [4]byte{byte('1' + b), ':', byte('A' + i%Cols), byte('1' + i/Cols)}
	return string(n[:])
}

// squareTokens are the three tokens of a square in the notation: board, column, row.
func squareTokens(sq int) [3]string {
	b, i := sq/perBoard, sq%perBoard
	return [3]string{fmt.Sprint(b + 1), string(rune('a' + i%Cols)), fmt.Sprint(i/Cols + 1)}
}

// corals labels the connected groups of same-coloured polyps (orthogonal steps only).
type corals struct {
	id     []int16  // per square; -1 where there is no polyp
	size   []int    // per coral
	shrimp []int8   // per coral: seat of the shrimp on it, or -1
	colour []Colour // per coral
	at     []int    // per coral: one of its squares
}

// corals is the coral map of the reef as it lies. A move's walks, its prompt and its image all
// ask for it, so the map last built is kept with the polyps and shrimps it was built from and
// given again while they are the same (the check costs a comparison of two short lists).
func (s *state) corals() *corals {
	if s.memo == nil {
		return s.buildCorals()
	}
	if e := s.memo.last.Load(); e != nil && slices.Equal(e.polyp, s.Polyp) && slices.Equal(e.shrimp, s.Shrimp) {
		return e.cm
	}
	cm := s.buildCorals()
	s.memo.last.Store(&coralEntry{polyp: slices.Clone(s.Polyp), shrimp: slices.Clone(s.Shrimp), cm: cm})
	return cm
}

// stateMemo holds what reading a state worked out and may give again: the last coral map it
// built, and the last move drawn at random (fast.go). Atomic, since reading a state from several
// goroutines is allowed. A map is never changed once built, so copies of a state may share one.
type stateMemo struct {
	last  atomic.Pointer[coralEntry]
	drawn atomic.Pointer[drawnMove]
}

type coralEntry struct {
	polyp  []Colour
	shrimp []int8
	cm     *corals
}

// fork gives a copy of the state its own memo, starting from this one's map (a drawn move is
// the original's only).
func (m *stateMemo) fork() *stateMemo {
	if m == nil {
		return nil
	}
	f := &stateMemo{}
	f.last.Store(m.last.Load())
	return f
}

func (s *state) buildCorals() *corals {
	n := s.numSquares()
	// Room for a typical reef's corals up front: the map is rebuilt on every walk of the tree.
	const room = 48
	cm := &corals{id: make([]int16, n), size: make([]int, 0, room), shrimp: make([]int8, 0, room),
		colour: make([]Colour, 0, room), at: make([]int, 0, room)}
	for i := range cm.id {
		cm.id[i] = -1
	}
	stack := make([]int, 0, 32)
	for sq := 0; sq < n; sq++ {
		col := s.Polyp[sq]
		if col == NoColour || cm.id[sq] >= 0 {
			continue
		}
		id := int16(len(cm.size))
		cm.size = append(cm.size, 0)
		cm.shrimp = append(cm.shrimp, -1)
		cm.colour = append(cm.colour, col)
		cm.at = append(cm.at, sq)
		cm.id[sq] = id
		stack = append(stack[:0], sq)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			cm.size[id]++
			if sh := s.Shrimp[x]; sh >= 0 {
				cm.shrimp[id] = sh
			}
			neighbours(x, func(y int) {
				if cm.id[y] < 0 && s.Polyp[y] == col {
					cm.id[y] = id
					stack = append(stack, y)
				}
			})
		}
	}
	return cm
}

// members lists the squares of the coral with the given id.
func (cm *corals) members(id int16) []int {
	var out []int
	for sq, x := range cm.id {
		if x == id {
			out = append(out, sq)
		}
	}
	return out
}

// protected: a shrimp guards the polyp it sits on and every orthogonally adjacent polyp of the
// same coral (an adjacent polyp of the same colour is always of the same coral).
func (s *state) protected(sq int) bool {
	col := s.Polyp[sq]
	if col == NoColour {
		return false
	}
	if s.Shrimp[sq] >= 0 {
		return true
	}
	p := false
	neighbours(sq, func(n int) {
		if s.Shrimp[n] >= 0 && s.Polyp[n] == col {
			p = true
		}
	})
	return p
}

// joinsGuarded reports whether a polyp of colour col on sq would connect two corals of that
// colour that both hold a shrimp: the shrimps guard against that.
func (s *state) joinsGuarded(cm *corals, col Colour, sq int) bool {
	var guarded [4]int16
	k := 0
	neighbours(sq, func(n int) {
		if s.Polyp[n] != col {
			return
		}
		id := cm.id[n]
		if cm.shrimp[id] < 0 {
			return
		}
		for _, g := range guarded[:k] {
			if g == id {
				return
			}
		}
		guarded[k] = id
		k++
	})
	return k >= 2
}

// stronger reports whether colour a beats colour b on the coral tile for that pair, as it lies now.
func (s *state) stronger(a, b Colour) bool {
	if a == b || a == NoColour || b == NoColour {
		return false
	}
	t := data.pairTile[a][b]
	strong, _ := s.tileColours(t)
	return strong == a
}

// tileColours are a tile's stronger and weaker colours on the side that is up.
func (s *state) tileColours(t int) (strong, weak Colour) {
	d := data.Tiles[t]
	if s.Tiles[t].SideB {
		return d.Weak, d.Strong
	}
	return d.Strong, d.Weak
}

// tileAlgae are a tile's large and small alga marks on the side that is up.
func (s *state) tileAlgae(t int) (large, small Alga) {
	d := data.Tiles[t]
	if s.Tiles[t].SideB {
		return d.Small, d.Large
	}
	return d.Large, d.Small
}

// Why a polyp may not go on a square.
type refusal uint8

const (
	okPlace refusal = iota
	onSand
	shrimpThere
	sameColour
	notStronger
	isProtected
	noAttacker
	guardedJoin
)

// placement says whether a polyp of colour col may go on sq, and whether that is an attack.
func (s *state) placement(cm *corals, col Colour, sq int) (ok, attack bool, why refusal) {
	if !s.isRock(sq) {
		return false, false, onSand
	}
	v := s.Polyp[sq]
	if v == NoColour && s.Shrimp[sq] >= 0 {
		return false, false, shrimpThere
	}
	if v != NoColour {
		if v == col {
			return false, false, sameColour
		}
		if !s.stronger(col, v) {
			return false, false, notStronger
		}
		if s.protected(sq) {
			return false, false, isProtected
		}
		big := false
		neighbours(sq, func(n int) {
			if s.Polyp[n] == col && cm.size[cm.id[n]] >= 2 {
				big = true
			}
		})
		if !big {
			return false, false, noAttacker
		}
		attack = true
	}
	if s.joinsGuarded(cm, col, sq) {
		return false, false, guardedJoin
	}
	return true, attack, okPlace
}

// placeWhy explains to the player why a polyp of colour col may not go on sq.
func (s *state) placeWhy(cm *corals, col Colour, sq int) *msg.Message {
	_, _, why := s.placement(cm, col, sq)
	name, v := whereArg("Square", sq), s.Polyp[sq]
	switch why {
	case onSand:
		return say("bad_place_sand", name)
	case shrimpThere:
		return say("bad_place_shrimp", name, seatArg("Seat", int(s.Shrimp[sq])))
	case sameColour:
		return say("bad_place_same", name, colArg("Victim", v))
	case notStronger:
		return say("bad_place_weaker", name, colArg("Victim", v), colArg("Colour", col), num("Tile", data.pairTile[col][v]+1))
	case isProtected:
		return say("bad_place_protected", colArg("Victim", v), name)
	case noAttacker:
		return say("bad_place_no_attacker", colArg("Colour", col), name, colArg("Victim", v))
	case guardedJoin:
		return say("bad_place_join", colArg("Colour", col), name)
	}
	return say("place_ok", colArg("Colour", col), name)
}

// targets lists the squares where a polyp of colour col may go now.
func (s *state) targets(cm *corals, col Colour) []int {
	out := make([]int, 0, 64)
	for sq := 0; sq < s.numSquares(); sq++ {
		if !s.isRock(sq) {
			continue
		}
		if ok, _, _ := s.placement(cm, col, sq); ok {
			out = append(out, sq)
		}
	}
	return out
}

// emptyRock counts rock squares without a polyp (a shrimp resting there can always move away).
func (s *state) emptyRock() int {
	n := 0
	for sq := 0; sq < s.numSquares(); sq++ {
		if s.isRock(sq) && s.Polyp[sq] == NoColour {
			n++
		}
	}
	return n
}
