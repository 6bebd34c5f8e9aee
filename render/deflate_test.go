package render

import (
	"bytes"
	"compress/flate"
	"io"
	"math/rand/v2"
	"testing"
)

// The board deflater's streams inflate to their input with the standard library: boards of runs
// and repeated rows, noise (long literal stretches, many blocks), one byte, nothing, runs longer
// than a match, and skewed counts that need the code lengths limited.
func TestDeflateRowsInflates(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	board := func(w, h int, noise int) []byte {
		raw := make([]byte, h*(w+1))
		for i := range raw {
			switch {
			case i%(w+1) == 0:
				raw[i] = 0
			case i > w+1 && r.IntN(4) != 0:
				raw[i] = raw[i-w-1]
			case r.IntN(noise) == 0:
				raw[i] = byte(r.IntN(200))
			case i > 0:
				raw[i] = raw[i-1]
			}
		}
		return raw
	}
	skewed := make([]byte, 0, 200000)
	for s := 0; s < 40; s++ {
		for k := 0; k < 1<<(s%18); k++ {
			skewed = append(skewed, byte(s))
		}
	}
	noise := make([]byte, 300000)
	for i := range noise {
		noise[i] = byte(r.Uint32())
	}
	cases := map[string]struct {
		raw    []byte
		stride int
	}{
		"board":  {board(1200, 900, 6), 1201},
		"busy":   {board(301, 200, 2), 302},
		"noise":  {noise, 1000},
		"one":    {[]byte{7}, 1},
		"empty":  {nil, 1},
		"flat":   {make([]byte, 100000), 100},
		"skewed": {skewed, 33},
		"wide":   {board(40000, 3, 3), 40001},
	}
	for name, c := range cases {
		for en, ef := range map[string]effort{"fast": fastDeflate, "small": smallDeflate} {
			var buf bytes.Buffer
			deflateRows(&buf, c.raw, c.stride, ef)
			got, err := io.ReadAll(flate.NewReader(bytes.NewReader(buf.Bytes())))
			if err != nil {
				t.Fatalf("%s, %s: %v", name, en, err)
			}
			if !bytes.Equal(got, c.raw) {
				t.Fatalf("%s, %s: inflated %d bytes differ from the %d given", name, en, len(got), len(c.raw))
			}
		}
	}
}

// Text: glyph rows recur at many distances, a different one each time nearest. The small effort
// finds the older, longer matches the fast one's single candidate misses.
func TestSmallDeflateFindsOlderMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	glyphs := make([][]byte, 12)
	for i := range glyphs {
		glyphs[i] = make([]byte, 9)
		for k := range glyphs[i] {
			glyphs[i][k] = byte(r.IntN(4)) // ink, paper and two shades
		}
	}
	var raw []byte
	for len(raw) < 200000 {
		// Glyphs share their first bytes (the hash's), so the latest candidate is often wrong.
		g := glyphs[r.IntN(len(glyphs))]
		raw = append(raw, 1, 2, 3, 0)
		raw = append(raw, g...)
	}
	size := func(ef effort) int {
		var buf bytes.Buffer
		deflateRows(&buf, raw, 1001, ef)
		return buf.Len()
	}
	fast, small := size(fastDeflate), size(smallDeflate)
	t.Logf("fast %d, small %d bytes", fast, small)
	if small*100 > fast*90 {
		t.Errorf("small effort %d bytes, fast %d: not 10%% smaller", small, fast)
	}
}

// Code lengths stay within the limit, and the code is complete (Kraft sum exactly one).
func TestHuffmanLengthsLimitedAndComplete(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for trial := 0; trial < 200; trial++ {
		n := 1 + r.IntN(286)
		limit := 15
		if trial%2 == 1 {
			n, limit = 1+r.IntN(19), 7 // the code lengths' own code
		}
		freq := make([]int32, max(n, 2)) // the alphabets have two symbols at least
		for i := range freq[:n] {
			switch r.IntN(3) {
			case 0:
			case 1:
				freq[i] = int32(1 + r.IntN(10))
			default:
				freq[i] = int32(1) << r.IntN(24) // Fibonacci-like skew forces long codes
			}
		}
		lengths := make([]uint8, len(freq))
		huffmanLengths(freq, lengths, limit)
		kraft := 0
		for s, l := range lengths {
			if freq[s] > 0 && l == 0 {
				t.Fatalf("trial %d: used symbol %d has no code", trial, s)
			}
			if int(l) > limit {
				t.Fatalf("trial %d: length %d over %d", trial, l, limit)
			}
			if l > 0 {
				kraft += 1 << (limit - int(l))
			}
		}
		if kraft != 1<<limit {
			t.Fatalf("trial %d: Kraft sum %d/%d, not a complete code", trial, kraft, 1<<limit)
		}
	}
}

// Any bytes at any row width round-trip: the fuzzer looks for inputs the cases above miss
// (matches ending at a block's edge, strides beyond the window, runs split by one odd byte).
func FuzzDeflateRows(f *testing.F) {
	f.Add([]byte{0, 1, 1, 1, 1, 0, 1, 1, 1, 1}, 5)
	f.Add(bytes.Repeat([]byte{0, 9, 9, 9, 200, 200}, 3000), 6)
	f.Add([]byte{}, 1)
	f.Fuzz(func(t *testing.T, raw []byte, stride int) {
		if stride < 1 || stride > 1<<20 {
			stride = 1 + len(raw)%97
		}
		for _, ef := range []effort{fastDeflate, smallDeflate} {
			var buf bytes.Buffer
			deflateRows(&buf, raw, stride, ef)
			got, err := io.ReadAll(flate.NewReader(bytes.NewReader(buf.Bytes())))
			if err != nil {
				t.Fatalf("stride %d, %d bytes: %v", stride, len(raw), err)
			}
			if !bytes.Equal(got, raw) {
				t.Fatalf("stride %d: inflated %d bytes differ from the %d given", stride, len(got), len(raw))
			}
		}
	})
}
