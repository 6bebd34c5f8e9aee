package autumnash

import "fmt"

// board holds every stack. It has no pointers, so copying one is a plain memory copy (no write
// barriers, nothing for the collector), and a leaf put on or taken off costs no allocation.
//
// Each leaf on the board sits in a slot; a square names the slot of its top leaf, and each slot
// the slot below it. The game has fewer leaves than there are slots, so a board never runs out
// (decode refuses more leaves than the game has before it places any).
type board struct {
	cols, rows int
	tops       [maxCells]uint8 // slot of each square's top leaf, 0 for an empty square
	leaf       [maxSlots]piece // the leaf in each slot; slot 0 is never used, so leaf[0] is no piece
	under      [maxSlots]uint8 // the slot below, 0 at the bottom; for a free slot, the next free one
	// held[slot] is the set of colours of the slot's leaf and of every leaf below it: bagging
	// asks whether a stack holds a colour for every square of every line.
	held [maxSlots]uint16
	// holders[c] is the set of squares (a bit each) whose stacks hold colour c: a line of
	// three needs a neighbour in it.
	holders [numColours]uint64
	// movers[seat] is the set of squares whose top leaf seat may move (its own, not burnt):
	// menus and checks walk these instead of every square.
	movers [2]uint64
	free   uint8 // the first free slot among those used before, 0 when none
	fresh  uint8 // slots 1..fresh have been handed out at least once
}

// maxSlots bounds the leaves on a board (slot 0 stays empty); loadData checks that every leaf of
// the game fits, and one more entered in a simulation.
const maxSlots = 128

func (b *board) n() int { return b.cols * b.rows }

func (b *board) top(i int) piece { return b.leaf[b.tops[i]] }

// vacant reports whether square i holds no leaf.
func (b *board) vacant(i int) bool { return b.tops[i] == 0 }

// second is the leaf under the top one on i, 0 when there is none.
func (b *board) second(i int) piece { return b.leaf[b.under[b.tops[i]]] }

// holds reports whether the stack on i has a leaf of colour c at any height.
func (b *board) holds(i int, c Colour) bool { return b.holders[c]&(1<<i) != 0 }

func (b *board) push(i int, p piece) {
	k := b.free
	if k != 0 {
		b.free = b.under[k]
	} else {
		if int(b.fresh) == maxSlots-1 {
			panic("autumnash: more leaves on the board than the game has")
		}
		b.fresh++
		k = b.fresh
	}
	below := b.tops[i]
	b.leaf[k], b.under[k], b.held[k] = p, below, b.held[below]|1<<p.colour()
	b.tops[i] = k
	b.holders[p.colour()] |= 1 << i
	b.setMover(i, p)
}

// setMover notes whether the new top leaf p of square i is a mover, and whose.
func (b *board) setMover(i int, p piece) {
	b.movers[0] &^= 1 << i
	b.movers[1] &^= 1 << i
	if m := moverOf[p]; m >= 0 {
		b.movers[m] |= 1 << i
	}
}

func (b *board) pop(i int) piece {
	k := b.tops[i]
	b.tops[i] = b.under[k]
	b.under[k], b.free = b.free, k
	p := b.leaf[k]
	if b.held[b.tops[i]]&(1<<p.colour()) == 0 {
		b.holders[p.colour()] &^= 1 << i
	}
	b.setMover(i, b.leaf[b.tops[i]])
	return p
}

// height is the number of leaves on i.
func (b *board) height(i int) int {
	n := 0
	for k := b.tops[i]; k != 0; k = b.under[k] {
		n++
	}
	return n
}

// stack appends the leaves on i to out, bottom first.
func (b *board) stack(i int, out []piece) []piece {
	n := len(out)
	for k := b.tops[i]; k != 0; k = b.under[k] {
		out = append(out, b.leaf[k])
	}
	for l, r := n, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	return out
}

// leaves counts the leaves on the board.
func (b *board) leaves() int {
	n := 0
	for i := 0; i < b.n(); i++ {
		n += b.height(i)
	}
	return n
}

// counts tallies the pieces on the board by colour and size.
func (b *board) counts() (n [numColours][4]int) {
	for i := 0; i < b.n(); i++ {
		for k := b.tops[i]; k != 0; k = b.under[k] {
			p := b.leaf[k]
			n[p.colour()][p.size()]++
		}
	}
	return n
}

func (b *board) empty() bool {
	for i := 0; i < b.n(); i++ {
		if b.tops[i] != 0 {
			return false
		}
	}
	return true
}

// place puts st (bottom first) on square i as decode reads it. placed counts the leaves placed so
// far: a snapshot or diagram with more leaves than the game has is refused before any could
// overflow the slots.
func (b *board) place(i int, st []piece, placed *int) error {
	if *placed += len(st); *placed > data.leaves {
		return fmt.Errorf("more than the game's %d leaves on the board", data.leaves)
	}
	for _, p := range st {
		b.push(i, p)
	}
	return nil
}
