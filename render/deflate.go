package render

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"sync"
)

// deflateRows compresses a PNG's raw rows (each stride bytes: a filter byte and the indices) as
// a raw deflate stream (RFC 1951), written for boards. A general compressor hashes every position
// to find repeats; a board's repeats are mostly known in advance: a run of one colour (the byte
// before) and a shape taller than a pixel (the row above). Each position tries those two, then
// the last distance used and a short hash chain for the rest (text: a glyph's row recurs at many
// distances, and the latest one is rarely the longest match), and takes the longest; the
// positions a match covers are not looked at again. Tokens go out in blocks with their own
// Huffman codes. How hard it looks is the effort's: see fastDeflate and smallDeflate.
func deflateRows(out *bytes.Buffer, raw []byte, stride int, ef effort) {
	e := deflaters.Get().(*deflater)
	e.reset(out, ef)
	n := len(raw)
	above := stride
	if above > maxDistance {
		above = 0
	}
	lastD := 0
	for i := 0; i < n; {
		best, bestD := e.longest(raw, i, above, lastD)
		if best >= minMatch && best < ef.lazyBelow && i+1 < n {
			// A short match may hide a longer one a byte on: then the byte goes as a literal.
			if l, _ := e.longest(raw, i+1, above, bestD); l > best {
				e.literal(raw[i])
				i++
				continue
			}
		}
		if best >= minMatch {
			e.match(best, bestD)
			lastD = bestD
			if best < ef.insertBelow {
				// Inside a short match (text) the bytes may start repeats later on.
				for k := i + 1; k < i+best && k+4 <= n; k++ {
					e.insert(hash4(binary.LittleEndian.Uint32(raw[k:])), k)
				}
			}
			i += best
			continue
		}
		e.literal(raw[i])
		i++
	}
	e.finish()
	deflaters.Put(e)
}

// longest is the longest match at i among the byte before, the row above, the last distance
// and the hash table's candidate (which it then replaces with i).
func (e *deflater) longest(raw []byte, i, above, lastD int) (best, bestD int) {
	limit := min(maxMatch, len(raw)-i)
	cur := raw[i : i+limit]
	if i >= 1 {
		best, bestD = matchLen(cur, raw[i-1:]), 1
	}
	if best == limit {
		// The run goes on past the longest match: nothing can do better.
		e.insert(hashAt(cur), i)
		return best, bestD
	}
	if above > 0 && i >= above {
		if l := matchLen(cur, raw[i-above:]); l > best {
			best, bestD = l, above
		}
	}
	if best == limit {
		e.insert(hashAt(cur), i)
		return best, bestD
	}
	if lastD > 1 && lastD != above && i >= lastD {
		if l := matchLen(cur, raw[i-lastD:]); l > best {
			best, bestD = l, lastD
		}
	}
	if limit >= 4 {
		h := hash4(binary.LittleEndian.Uint32(cur))
		cand := int(e.table[h]) - 1
		if cand != i {
			e.prev[i&(maxDistance-1)] = int32(cand + 1)
			e.table[h] = int32(i + 1)
		} else {
			cand = int(e.prev[i&(maxDistance-1)]) - 1
		}
		for depth := e.ef.chain - 1; cand >= 0 && depth >= 0 && best < niceMatch; depth-- {
			d := i - cand
			if d <= 0 || d > maxDistance {
				break
			}
			if d != 1 && d != above && d != lastD && raw[cand+min(best, limit-1)] == cur[min(best, limit-1)] {
				if l := matchLen(cur, raw[cand:]); l > best {
					best, bestD = l, d
				}
			}
			next := int(e.prev[cand&(maxDistance-1)]) - 1
			if next >= cand {
				break
			}
			cand = next
		}
	}
	return best, bestD
}

// effort is how hard deflateRows looks for matches.
type effort struct {
	chain       int // candidates of the hash chain tried per position
	lazyBelow   int // matches shorter than this look a byte ahead for a longer one
	insertBelow int // matches shorter than this index their bytes (text may repeat from them)
	blockTokens int // tokens per block: smaller blocks fit codes to text and to shapes apart
}

var (
	// fastDeflate is every game's: the latest candidate only, about 3 ms of processor time for
	// a 1000 x 1700 board.
	fastDeflate = effort{chain: 1, lazyBelow: 32, insertBelow: 16, blockTokens: 1 << 15}
	// smallDeflate makes boards 10-11% smaller (Reef Encounter's 4-seat boards, issue 39: a glyph's
	// row recurs at many distances and the latest is rarely the longest match) for about 3 times
	// the processor time (8-10 ms for that board). Chains of 4 and 64 were 1% larger and smaller.
	smallDeflate = effort{chain: 16, lazyBelow: 128, insertBelow: maxMatch + 1, blockTokens: 1 << 11}
)

const (
	maxMatch    = 258
	minMatch    = 4 // a 3-byte match far away costs about what its literals do
	maxDistance = 32768
	hashBits    = 15
	maxTokens   = 1 << 15
	niceMatch   = 64 // a match this long stops the chain
)

// insert makes position i the latest with hash h, linked to the one before.
func (e *deflater) insert(h uint32, i int) {
	if old := e.table[h]; old != int32(i+1) {
		e.prev[i&(maxDistance-1)] = old
		e.table[h] = int32(i + 1)
	}
}

func hash4(v uint32) uint32 { return (v * 0x9e3779b1) >> (32 - hashBits) }

// hashAt is the hash of the four bytes at the start of b, or of a short tail's first byte
// repeated (such a position is never looked up).
func hashAt(b []byte) uint32 {
	if len(b) >= 4 {
		return hash4(binary.LittleEndian.Uint32(b))
	}
	return hash4(uint32(b[0]) * 0x01010101)
}

// matchLen is how many leading bytes a and b share (a is the shorter).
func matchLen(a, b []byte) int {
	n := 0
	for len(a) >= 8 {
		if x := binary.LittleEndian.Uint64(a) ^ binary.LittleEndian.Uint64(b); x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		a, b, n = a[8:], b[8:], n+8
	}
	for i := range a {
		if a[i] != b[i] {
			return n + i
		}
	}
	return n + len(a)
}

// A token is a literal byte, or a match: 1<<31 | (length-3)<<16 | (distance-1).
type deflater struct {
	out    *bytes.Buffer
	ef     effort
	table  [1 << hashBits]int32 // last position+1 of each 4-byte hash
	prev   [maxDistance]int32   // the position+1 before each position with its hash
	tokens []uint32
	litF   [286]int32
	distF  [30]int32
	acc    uint64
	nacc   uint
}

var deflaters = sync.Pool{New: func() any { return &deflater{tokens: make([]uint32, 0, maxTokens)} }}

func (e *deflater) reset(out *bytes.Buffer, ef effort) {
	e.out, e.ef = out, ef
	clear(e.table[:])
	clear(e.prev[:])
	e.tokens = e.tokens[:0]
	e.litF, e.distF = [286]int32{}, [30]int32{}
	e.acc, e.nacc = 0, 0
}

func (e *deflater) literal(b byte) {
	e.tokens = append(e.tokens, uint32(b))
	e.litF[b]++
	if len(e.tokens) == e.ef.blockTokens {
		e.block(false)
	}
}

func (e *deflater) match(length, dist int) {
	e.tokens = append(e.tokens, 1<<31|uint32(length-3)<<16|uint32(dist-1))
	e.litF[257+int(lengthCode[length-3])]++
	e.distF[distCode(dist-1)]++
	if len(e.tokens) == e.ef.blockTokens {
		e.block(false)
	}
}

func (e *deflater) finish() {
	e.block(true)
	for e.nacc > 0 {
		e.out.WriteByte(byte(e.acc))
		e.acc >>= 8
		e.nacc -= min(e.nacc, 8)
	}
}

// bits writes the n low bits of v, first bit first.
func (e *deflater) bits(v uint64, n uint) {
	e.acc |= v << e.nacc
	e.nacc += n
	if e.nacc >= 32 {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], uint32(e.acc))
		e.out.Write(b[:])
		e.acc >>= 32
		e.nacc -= 32
	}
}

// block writes the tokens so far as one block with dynamic Huffman codes.
func (e *deflater) block(final bool) {
	e.litF[256]++ // end of block
	var litLen [286]uint8
	var distLen [30]uint8
	huffmanLengths(e.litF[:], litLen[:], 15)
	huffmanLengths(e.distF[:], distLen[:], 15)
	nLit, nDist := 286, 30
	for nLit > 257 && litLen[nLit-1] == 0 {
		nLit--
	}
	for nDist > 1 && distLen[nDist-1] == 0 {
		nDist--
	}
	// The code lengths of both codes, run-length coded with symbols 16 (repeat the last), 17
	// and 18 (runs of zeros).
	all := make([]uint8, 0, nLit+nDist)
	all = append(all, litLen[:nLit]...)
	all = append(all, distLen[:nDist]...)
	var rle []uint16 // symbol | extra<<8
	var clF [19]int32
	for i := 0; i < len(all); {
		l := all[i]
		run := 1
		for i+run < len(all) && all[i+run] == l {
			run++
		}
		switch {
		case l == 0 && run >= 11:
			k := min(run, 138)
			rle, clF[18] = append(rle, 18|uint16(k-11)<<8), clF[18]+1
			i += k
		case l == 0 && run >= 3:
			k := min(run, 10)
			rle, clF[17] = append(rle, 17|uint16(k-3)<<8), clF[17]+1
			i += k
		case l != 0 && run >= 4:
			rle, clF[l] = append(rle, uint16(l)), clF[l]+1
			k := min(run-1, 6)
			rle, clF[16] = append(rle, 16|uint16(k-3)<<8), clF[16]+1
			i += 1 + k
		default:
			rle, clF[l] = append(rle, uint16(l)), clF[l]+1
			i++
		}
	}
	var clLen [19]uint8
	huffmanLengths(clF[:], clLen[:], 7)
	nCL := 19
	for nCL > 4 && clLen[clOrder[nCL-1]] == 0 {
		nCL--
	}
	var litCode [286]uint16
	var distCodes [30]uint16
	var clCode [19]uint16
	canonical(litLen[:], litCode[:])
	canonical(distLen[:], distCodes[:])
	canonical(clLen[:], clCode[:])

	f := uint64(0)
	if final {
		f = 1
	}
	e.bits(f|2<<1, 3) // BFINAL, BTYPE 2: dynamic codes
	e.bits(uint64(nLit-257), 5)
	e.bits(uint64(nDist-1), 5)
	e.bits(uint64(nCL-4), 4)
	for _, s := range clOrder[:nCL] {
		e.bits(uint64(clLen[s]), 3)
	}
	for _, r := range rle {
		s := r & 0xff
		e.bits(uint64(clCode[s]), uint(clLen[s]))
		switch s {
		case 16:
			e.bits(uint64(r>>8), 2)
		case 17:
			e.bits(uint64(r>>8), 3)
		case 18:
			e.bits(uint64(r>>8), 7)
		}
	}
	for _, t := range e.tokens {
		if t < 256 {
			e.bits(uint64(litCode[t]), uint(litLen[t]))
			continue
		}
		l, d := int(t>>16&0x7fff), int(t&0xffff)
		lc := int(lengthCode[l])
		e.bits(uint64(litCode[257+lc]), uint(litLen[257+lc]))
		if x := lengthExtra[lc]; x > 0 {
			e.bits(uint64(l+3-int(lengthBase[lc])), uint(x))
		}
		dc := distCode(d)
		e.bits(uint64(distCodes[dc]), uint(distLen[dc]))
		if x := distExtra[dc]; x > 0 {
			e.bits(uint64(d+1-int(distBase[dc])), uint(x))
		}
	}
	e.bits(uint64(litCode[256]), uint(litLen[256]))
	e.tokens = e.tokens[:0]
	e.litF, e.distF = [286]int32{}, [30]int32{}
}

// huffmanLengths gives each symbol with a count a code length of at most limit bits, the
// lengths of an optimal prefix code where that fits and otherwise lengthened as little as it
// takes. The code is always complete: a lone symbol gets a partner of the same length.
func huffmanLengths(freq []int32, lengths []uint8, limit int) {
	type leaf struct {
		f int32
		s int
	}
	var leaves []leaf
	for s, f := range freq {
		lengths[s] = 0
		if f > 0 {
			leaves = append(leaves, leaf{f, s})
		}
	}
	switch len(leaves) {
	case 0:
		lengths[0], lengths[1] = 1, 1
		return
	case 1:
		lengths[leaves[0].s] = 1
		if leaves[0].s == 0 {
			lengths[1] = 1
		} else {
			lengths[0] = 1
		}
		return
	}
	slices.SortFunc(leaves, func(a, b leaf) int {
		if a.f != b.f {
			return int(a.f - b.f)
		}
		return a.s - b.s
	})
	// Two queues: the leaves in order and the merged nodes, which come out in order too.
	n := len(leaves)
	weight := make([]int64, 2*n)
	parent := make([]int32, 2*n)
	for i, l := range leaves {
		weight[i] = int64(l.f)
	}
	li, ni, next := 0, n, n
	pick := func() int {
		if li < n && (ni >= next || weight[li] <= weight[ni]) {
			li++
			return li - 1
		}
		ni++
		return ni - 1
	}
	for next < 2*n-1 {
		a, b := pick(), pick()
		weight[next] = weight[a] + weight[b]
		parent[a], parent[b] = int32(next), int32(next)
		next++
	}
	depth := make([]int, 2*n-1)
	count := make([]int, 2*n+1)
	maxDepth := 0
	for i := 2*n - 3; i >= 0; i-- {
		depth[i] = depth[parent[i]] + 1
		if i < n {
			count[depth[i]]++
			maxDepth = max(maxDepth, depth[i])
		}
	}
	// Too long: move pairs of the deepest leaves up, each under a leaf taken from a shallower
	// level (the JPEG standard's adjustment), which keeps the code complete.
	for l := maxDepth; l > limit; l-- {
		for count[l] > 0 {
			j := l - 2
			for count[j] == 0 {
				j--
			}
			count[l] -= 2
			count[l-1]++
			count[j+1] += 2
			count[j]--
		}
	}
	// The most frequent symbols take the shortest lengths.
	k := n - 1
	for l := 1; l <= min(maxDepth, limit); l++ {
		for c := count[l]; c > 0; c-- {
			lengths[leaves[k].s] = uint8(l)
			k--
		}
	}
}

// canonical assigns deflate's canonical codes to the lengths, bit-reversed for writing first
// bit first.
func canonical(lengths []uint8, codes []uint16) {
	var count [16]uint16
	for _, l := range lengths {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	code := uint16(0)
	for b := 1; b < 16; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for s, l := range lengths {
		if l == 0 {
			continue
		}
		codes[s] = bits.Reverse16(next[l]) >> (16 - l)
		next[l]++
	}
}

// The tables of RFC 1951, section 3.2.5.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	clOrder     = [19]int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
	lengthCode  [256]uint8 // by length-3
	distLow     [512]uint8 // distance code by distance-1, below 512
)

func init() {
	for c := 0; c < 29; c++ {
		lo := int(lengthBase[c]) - 3
		hi := lo + 1<<lengthExtra[c]
		for l := lo; l < hi && l < 256; l++ {
			lengthCode[l] = uint8(c)
		}
	}
	lengthCode[255] = 28 // 258 has its own code
	for c := 0; c < 30; c++ {
		lo := int(distBase[c]) - 1
		for d := lo; d < lo+1<<distExtra[c] && d < 512; d++ {
			distLow[d] = uint8(c)
		}
	}
}

// distCode is the distance code of distance-1 (d < 32768).
func distCode(d int) int {
	if d < 512 {
		return int(distLow[d])
	}
	// Above 512 the codes go two per power of two.
	hb := bits.Len32(uint32(d)) - 1
	return 2*hb + int(d>>(hb-1)&1)
}
