package anim

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// lzwEncoder is GIF's variable-width LZW. The dictionary is a small open-addressing hash table
// (32 KB, in cache, cleared in a few hundred nanoseconds when it fills every 4096 codes), and
// codes go straight into GIF's 255-byte sub-blocks. It is reused from frame to frame.
type lzwEncoder struct {
	table    [tableSize]uint32 // key<<12 | code, where key = prefix<<8 | byte; 0 is empty
	runCodes []uint32

	out   *bytes.Buffer
	block [256]byte // block[0] is the sub-block length
	n     int       // bytes in the current sub-block
	acc   uint64    // bits not yet written, least significant first
	nacc  uint
}

const (
	maxCode   = 1<<12 - 1
	tableBits = 13 // twice the 4096 codes: probes stay short
	tableSize = 1 << tableBits
)

func (z *lzwEncoder) reset() { clear(z.table[:]) }

func hash(key uint32) uint32 { return key * 0x9e3779b1 >> (32 - tableBits) }

// encode writes pix as LZW data in GIF sub-blocks, then the block terminator. run, when not -1,
// is a byte expected in long runs (the transparent index of an unchanged area): the codes for
// run, run run, run run run... are remembered in order, so a run is matched by counting bytes
// instead of one table probe per byte. The output is the same as without it.
func (z *lzwEncoder) encode(out *bytes.Buffer, pix []byte, lit, run int) {
	z.out, z.n, z.acc, z.nacc = out, 0, 0, 0
	clearCode := uint32(1) << lit
	eof := clearCode + 1
	width := uint(lit + 1)
	hi := eof
	overflow := clearCode << 1
	z.reset()
	z.put(clearCode, width)
	// runCodes[k] is the code of the run byte repeated k times, for k up to what the table holds.
	runCodes := append(z.runCodes[:0], 0, uint32(run))
	run8 := t8(byte(run))
	if len(pix) > 0 {
		code := uint32(pix[0])
		curRun := 0 // k when code stands for the run byte repeated k times, else 0
		if int(pix[0]) == run {
			curRun = 1
		}
		table := &z.table
		for i := 1; i < len(pix); {
			b := pix[i]
			if curRun > 0 && int(b) == run && curRun+1 < len(runCodes) {
				// Extend along the known runs as far as the bytes go, eight at a time.
				end := min(len(pix), i+len(runCodes)-1-curRun)
				j := i + 1
				for j+8 <= end {
					if d := binary.LittleEndian.Uint64(pix[j:]) ^ run8; d != 0 {
						j += bits.TrailingZeros64(d) / 8
						break
					}
					j += 8
				}
				for j < end && int(pix[j]) == run {
					j++
				}
				n := j - i
				curRun += n
				code = runCodes[curRun]
				i += n
				continue
			}
			key := code<<8 | uint32(b)
			h := hash(key)
			found := false
			for t := table[h]; t != 0; t = table[h] {
				if t>>12 == key {
					code = t & maxCode
					found = true
					break
				}
				h = (h + 1) & (tableSize - 1)
			}
			i++
			if found {
				curRun = 0 // a run code extended by another byte is not a run
				continue
			}
			z.put(code, width)
			extendsRun := curRun > 0 && int(b) == run
			code = uint32(b)
			curRun = 0
			if int(b) == run {
				curRun = 1
			}
			hi++
			if hi == overflow {
				width++
				overflow <<= 1
			}
			if hi == maxCode {
				// The table is full: tell the decoder to start again.
				z.put(clearCode, width)
				width, hi, overflow = uint(lit+1), eof, clearCode<<1
				z.reset()
				runCodes = runCodes[:2]
				continue
			}
			table[h] = key<<12 | hi
			if extendsRun {
				runCodes = append(runCodes, hi)
			}
		}
		z.put(code, width)
		hi++
		if hi == overflow && width < 12 {
			width++
		}
	}
	z.runCodes = runCodes
	z.put(eof, width)
	if z.nacc > 0 {
		z.byte(byte(z.acc))
	}
	z.flushBlock()
	out.WriteByte(0)
}

func (z *lzwEncoder) put(code uint32, width uint) {
	z.acc |= uint64(code) << z.nacc
	z.nacc += width
	for z.nacc >= 8 {
		z.byte(byte(z.acc))
		z.acc >>= 8
		z.nacc -= 8
	}
}

func (z *lzwEncoder) byte(b byte) {
	z.n++
	z.block[z.n] = b
	if z.n == 255 {
		z.flushBlock()
	}
}

func (z *lzwEncoder) flushBlock() {
	if z.n == 0 {
		return
	}
	z.block[0] = byte(z.n)
	z.out.Write(z.block[:z.n+1])
	z.n = 0
}
