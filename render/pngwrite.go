package render

import (
	"bytes"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/color"
	"sync"

	"github.com/klauspost/compress/flate"
)

// deflateLevel is what EncodePNG deflates with: deflateRows, written for boards (see there). It
// replaced klauspost/compress's level 6, which on every game's boards made files of the same size
// or larger at about twice the processor time; levels 1-5 of it are faster than level 6 but 5-17%
// larger. Row filters were tried too and lost on every game: a paletted board's indices are
// labels, not intensities, so differences between neighbours only add symbols.
const deflateLevel = boardDeflate

// boardDeflate selects deflateRows at fastDeflate, boardDeflateSmall at smallDeflate; levels 1-9
// are klauspost/compress's.
const (
	boardDeflate      = 0
	boardDeflateSmall = -1
)

// writePaletted writes pm as an 8-bit paletted PNG (rows unfiltered, as image/png does for
// paletted images; see deflateLevel), deflated as one stream. Deflating stripes on every core at
// once was measured on this project's shared 2-core machine: under load it saved no time (the
// other core is busy) and cost a little CPU and size, so it went.
func writePaletted(out *bytes.Buffer, pm *image.Paletted) { writePalettedLevel(out, pm, deflateLevel) }

// writePalettedLevel is writePaletted at a deflate level of klauspost/compress (1-9).
func writePalettedLevel(out *bytes.Buffer, pm *image.Paletted, level int) {
	w, h := pm.Rect.Dx(), pm.Rect.Dy()
	// The raw image data: a filter byte (0, none) before each row.
	rp := rawBuffer(h * (w + 1))
	raw := *rp
	for y := 0; y < h; y++ {
		line := raw[y*(w+1):]
		line[0] = 0
		copy(line[1:w+1], pm.Pix[y*pm.Stride:y*pm.Stride+w])
	}
	writeRaw(out, raw, w, h, pm.Palette, level)
	rawBuffers.Put(rp)
}

// rawBuffer is a pooled buffer of n bytes for an image's raw rows.
func rawBuffer(n int) *[]byte {
	rp, _ := rawBuffers.Get().(*[]byte)
	if rp == nil || cap(*rp) < n {
		b := make([]byte, n)
		rp = &b
	}
	*rp = (*rp)[:n]
	return rp
}

// writeRaw writes a w x h paletted PNG whose raw rows (each a filter byte, then w indices) are in
// raw.
func writeRaw(out *bytes.Buffer, raw []byte, w, h int, pal color.Palette, level int) {
	out.WriteString("\x89PNG\r\n\x1a\n")

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // bit depth 8, colour type 3 (paletted)
	writeChunk(out, "IHDR", ihdr[:])

	plte := make([]byte, 0, 3*len(pal))
	var trns []byte
	for i, c := range pal {
		r, g, b, a := c.RGBA()
		plte = append(plte, uint8(r>>8), uint8(g>>8), uint8(b>>8))
		if a != 0xffff {
			for len(trns) < i {
				trns = append(trns, 0xff)
			}
			trns = append(trns, uint8(a>>8))
		}
	}
	writeChunk(out, "PLTE", plte)
	if len(trns) > 0 {
		writeChunk(out, "tRNS", trns)
	}

	idat := idatBuffers.Get().(*bytes.Buffer)
	idat.Reset()
	idat.Write([]byte{0x78, 0x5e}) // zlib header: deflate, 32K window, a fast level
	switch level {
	case boardDeflate:
		deflateRows(idat, raw, w+1, fastDeflate)
	case boardDeflateSmall:
		deflateRows(idat, raw, w+1, smallDeflate)
	default:
		fw, _ := flateWriters[level].Get().(*flate.Writer)
		if fw == nil {
			fw, _ = flate.NewWriter(idat, level)
		} else {
			fw.Reset(idat)
		}
		_, _ = fw.Write(raw) // writes to a bytes.Buffer cannot fail
		_ = fw.Close()
		flateWriters[level].Put(fw)
	}
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], adler32.Checksum(raw))
	idat.Write(tail[:])
	writeChunk(out, "IDAT", idat.Bytes())
	idatBuffers.Put(idat)
	writeChunk(out, "IEND", nil)
}

var (
	flateWriters [10]sync.Pool // *flate.Writer by level
	rawBuffers   sync.Pool     // *[]byte
	idatBuffers  = sync.Pool{New: func() any { return new(bytes.Buffer) }}
)

func writeChunk(out *bytes.Buffer, typ string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], typ)
	out.Write(head[:])
	out.Write(data)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc.Sum32())
	out.Write(sum[:])
}
