package autumnash

// evalMemo finds the position's cached move evaluations by memoKey. It is an open-addressed
// table of indexes into the evaluation chunks (see newEval), stamped with the position they
// belong to: a new position clears nothing, and a lookup hashes one integer and allocates
// nothing, where a map cost a fifth of random play in hashing, growing and clearing.
type evalMemo struct {
	slots []memoSlot // a power of two, at most half full
	shift uint8      // 32 - log2(len(slots)): a hash's top bits pick the slot
	gen   uint32     // the position: slots stamped otherwise are free
	n     int        // entries of this position
}

type memoSlot struct {
	gen, key uint32
	at       int32 // index of the evaluation in the chunks
}

// reset forgets every entry, keeping the room.
func (m *evalMemo) reset() {
	m.gen++
	m.n = 0
	if m.gen == 0 { // wrapped: a stale stamp could match again
		clear(m.slots)
		m.gen = 1
	}
}

// find returns the slot of key k: its entry, or the free slot where it goes.
func (m *evalMemo) find(k uint32) *memoSlot {
	mask := uint32(len(m.slots) - 1)
	for i := (k * 0x9e3779b1) >> m.shift; ; i = (i + 1) & mask {
		sl := &m.slots[i]
		if sl.gen != m.gen || sl.key == k {
			return sl
		}
	}
}

// get returns the index stored for k.
func (m *evalMemo) get(k uint32) (int32, bool) {
	if m.n == 0 {
		return 0, false
	}
	sl := m.find(k)
	return sl.at, sl.gen == m.gen
}

// put stores index at for k, which must not be there yet.
func (m *evalMemo) put(k uint32, at int32) {
	if 2*(m.n+1) > len(m.slots) {
		m.grow()
	}
	*m.find(k) = memoSlot{gen: m.gen, key: k, at: at}
	m.n++
}

func (m *evalMemo) grow() {
	old := m.slots
	size := max(256, 2*len(old))
	m.slots = make([]memoSlot, size)
	m.shift = 32
	for s := size; s > 1; s >>= 1 {
		m.shift--
	}
	if m.gen == 0 {
		m.gen = 1
	}
	for _, sl := range old {
		if sl.gen == m.gen {
			*m.find(sl.key) = sl
		}
	}
}
