package anim

import "bytes"

// lzwEncoder is GIF's variable-width LZW, written for speed: the dictionary is a dense table
// indexed by (prefix code, next byte), so a lookup is one load rather than a hash probe, and
// entries carry a generation number so that a reset (every 4096 codes) costs nothing. It is
// reused from frame to frame.
type lzwEncoder struct {
	table []uint32 // [code<<8 | byte] -> gen<<12 | code; other generations are empty
	gen   uint32

	out   *bytes.Buffer
	block [256]byte // block[0] is the sub-block length
	n     int       // bytes in the current sub-block
	acc   uint64    // bits not yet written, least significant first
	nacc  uint
}

const maxCode = 1<<12 - 1

func (z *lzwEncoder) reset() {
	z.gen++
	if z.gen >= 1<<20 || z.table == nil {
		if z.table == nil {
			z.table = make([]uint32, (maxCode+1)<<8)
		} else {
			clear(z.table)
		}
		z.gen = 1
	}
}

// encode writes pix as LZW data in GIF sub-blocks, then the block terminator.
func (z *lzwEncoder) encode(out *bytes.Buffer, pix []byte, lit int) {
	z.out, z.n, z.acc, z.nacc = out, 0, 0, 0
	clearCode := uint32(1) << lit
	eof := clearCode + 1
	width := uint(lit + 1)
	hi := eof
	overflow := clearCode << 1
	z.reset()
	z.put(clearCode, width)
	if len(pix) > 0 {
		code := uint32(pix[0])
		gen := z.gen << 12
		table := z.table
		for _, b := range pix[1:] {
			key := code<<8 | uint32(b)
			if t := table[key]; t&^maxCode == gen {
				code = t & maxCode
				continue
			}
			z.put(code, width)
			code = uint32(b)
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
				gen = z.gen << 12
				continue
			}
			table[key] = gen | hi
		}
		z.put(code, width)
		hi++
		if hi == overflow && width < 12 {
			width++
		}
	}
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
