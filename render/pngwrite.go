package render

import (
	"bytes"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"runtime"
	"sync"

	"github.com/klauspost/compress/flate"
)

// deflateLevel is klauspost/compress's level 6: on real boards it costs what the standard
// library's BestSpeed did and makes files 10-15% smaller (measured on all five games). Row
// filters were tried too and lost on every game: a paletted board's indices are labels, not
// intensities, so differences between neighbours only add symbols.
const deflateLevel = 6

// writePaletted writes pm as an 8-bit paletted PNG (rows unfiltered, as image/png does for
// paletted images; see deflateLevel). The image data is deflated in one segment per processor at once: every
// segment but the last ends with a sync flush, so the segments join into one valid deflate
// stream, and their Adler-32 sums combine into the zlib trailer. A board is posted right after a
// move, so its latency is what players feel.
func writePaletted(out *bytes.Buffer, pm *image.Paletted) {
	w, h := pm.Rect.Dx(), pm.Rect.Dy()
	out.WriteString("\x89PNG\r\n\x1a\n")

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // bit depth 8, colour type 3 (paletted)
	writeChunk(out, "IHDR", ihdr[:])

	plte := make([]byte, 0, 3*len(pm.Palette))
	var trns []byte
	for i, c := range pm.Palette {
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

	n := runtime.GOMAXPROCS(0)
	if w*h < 1<<18 || n < 2 {
		n = 1
	}
	n = min(n, h)
	segs := make([]segment, n)
	rows := (h + n - 1) / n
	var wg sync.WaitGroup
	for i := range segs {
		y0, y1 := i*rows, min((i+1)*rows, h)
		wg.Add(1)
		go func() {
			defer wg.Done()
			segs[i].deflate(pm, y0, y1, i == n-1)
		}()
	}
	wg.Wait()

	idat := idatBuffers.Get().(*bytes.Buffer)
	idat.Reset()
	idat.Write([]byte{0x78, 0x5e}) // zlib header: deflate, 32K window, a fast level
	sum := uint32(1)
	for i := range segs {
		idat.Write(segs[i].z.Bytes())
		sum = adler32Combine(sum, segs[i].sum, segs[i].n)
		segs[i].release()
	}
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], sum)
	idat.Write(tail[:])
	writeChunk(out, "IDAT", idat.Bytes())
	idatBuffers.Put(idat)
	writeChunk(out, "IEND", nil)
}

// segment is one stripe of rows, deflated on its own.
type segment struct {
	z   *bytes.Buffer
	sum uint32 // Adler-32 of the raw bytes (filter byte + row, per row)
	n   int    // raw length
}

var (
	flateWriters sync.Pool // *flate.Writer at deflateLevel
	rawBuffers   sync.Pool // *[]byte
	segBuffers   = sync.Pool{New: func() any { return new(bytes.Buffer) }}
	idatBuffers  = sync.Pool{New: func() any { return new(bytes.Buffer) }}
)

func (s *segment) deflate(pm *image.Paletted, y0, y1 int, last bool) {
	w := pm.Rect.Dx()
	s.n = (y1 - y0) * (w + 1)
	rp, _ := rawBuffers.Get().(*[]byte)
	if rp == nil || cap(*rp) < s.n {
		b := make([]byte, s.n)
		rp = &b
	}
	raw := (*rp)[:s.n]
	for y := y0; y < y1; y++ {
		line := raw[(y-y0)*(w+1):]
		line[0] = 0 // filter: none
		copy(line[1:w+1], pm.Pix[y*pm.Stride:y*pm.Stride+w])
	}
	s.sum = adler32.Checksum(raw)
	s.z = segBuffers.Get().(*bytes.Buffer)
	s.z.Reset()
	fw, _ := flateWriters.Get().(*flate.Writer)
	if fw == nil {
		fw, _ = flate.NewWriter(s.z, deflateLevel)
	} else {
		fw.Reset(s.z)
	}
	_, _ = fw.Write(raw) // writes to a bytes.Buffer cannot fail
	if last {
		_ = fw.Close()
	} else {
		_ = fw.Flush() // byte-aligned, not final: the next segment's blocks follow
	}
	flateWriters.Put(fw)
	rawBuffers.Put(rp)
}

func (s *segment) release() {
	segBuffers.Put(s.z)
	s.z = nil
}

// adler32Combine returns the Adler-32 of A followed by B from the sums of A and B and the length
// of B: the low half adds up; the high half gains len(B) times A's low half.
func adler32Combine(a, b uint32, lenB int) uint32 {
	const mod = 65521
	a1, a2 := a&0xffff, a>>16
	b1, b2 := b&0xffff, b>>16
	n := uint64(lenB % mod)
	s1 := (uint64(a1) + uint64(b1) + mod - 1) % mod
	s2 := (uint64(a2) + uint64(b2) + n*uint64(a1) + mod - n) % mod
	return uint32(s2)<<16 | uint32(s1)
}

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
