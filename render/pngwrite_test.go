package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// The hand-written paletted encoder must give what the standard decoder reads back exactly, for
// small and large sizes, odd heights, and palettes with transparency.
func TestWritePalettedDecodes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pal := color.Palette{color.RGBA{250, 250, 240, 255}, color.RGBA{20, 20, 20, 255}, color.RGBA{200, 60, 0, 255}, color.NRGBA{0, 0, 255, 128}}
	for _, size := range []image.Point{{1, 1}, {3, 7}, {640, 409}, {1201, 1003}} {
		pm := image.NewPaletted(image.Rect(0, 0, size.X, size.Y), pal)
		for i := range pm.Pix {
			// Runs of one colour, as on a board, with noise between them.
			if r.IntN(8) == 0 {
				pm.Pix[i] = uint8(r.IntN(len(pal)))
			} else if i > 0 {
				pm.Pix[i] = pm.Pix[i-1]
			}
		}
		var buf bytes.Buffer
		writePaletted(&buf, pm)
		back, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%v: %v", size, err)
		}
		bp, ok := back.(*image.Paletted)
		if !ok || !bytes.Equal(bp.Pix, pm.Pix) || len(bp.Palette) != len(pal) {
			t.Fatalf("%v: decoded image differs", size)
		}
		if _, _, _, a := bp.Palette[3].RGBA(); a>>8 != 128 {
			t.Fatalf("%v: transparency lost", size)
		}
	}
}

func BenchmarkWritePaletted(b *testing.B) {
	pm := image.NewPaletted(image.Rect(0, 0, 1200, 1500), color.Palette{color.White, color.Black, color.RGBA{200, 0, 0, 255}})
	r := rand.New(rand.NewPCG(5, 6))
	for i := range pm.Pix {
		if r.IntN(10) == 0 {
			pm.Pix[i] = uint8(r.IntN(3))
		} else if i > 0 {
			pm.Pix[i] = pm.Pix[i-1]
		}
	}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		writePaletted(&buf, pm)
	}
	b.ReportMetric(float64(buf.Len())/1024, "KB")
}

func BenchmarkStdlibPaletted(b *testing.B) {
	pm := image.NewPaletted(image.Rect(0, 0, 1200, 1500), color.Palette{color.White, color.Black, color.RGBA{200, 0, 0, 255}})
	r := rand.New(rand.NewPCG(5, 6))
	for i := range pm.Pix {
		if r.IntN(10) == 0 {
			pm.Pix[i] = uint8(r.IntN(3))
		} else if i > 0 {
			pm.Pix[i] = pm.Pix[i-1]
		}
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		enc.Encode(&buf, pm)
	}
	b.ReportMetric(float64(buf.Len())/1024, "KB")
}

// The board deflater and klauspost's level 6 give PNGs of the same pixels, on a sample of
// everything the kit draws.
func TestBoardDeflateSamePixelsAsKlauspost(t *testing.T) {
	c := sampleSheet()
	pal := NewPalette(Paper, Panel, Edge, Ink, Muted, White).Add(colours(OkabeIto)...).RampAll(Paper, 3).MustPalette()
	pm := Quantise(c, pal)
	var ours, theirs bytes.Buffer
	writePalettedLevel(&ours, pm, boardDeflate)
	writePalettedLevel(&theirs, pm, 6)
	a, err := png.Decode(bytes.NewReader(ours.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	b, err := png.Decode(bytes.NewReader(theirs.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.(*image.Paletted).Pix, b.(*image.Paletted).Pix) || !bytes.Equal(a.(*image.Paletted).Pix, pm.Pix) {
		t.Fatal("the board deflater's PNG decodes to other pixels")
	}
	t.Logf("board deflater %d bytes, klauspost level 6 %d", ours.Len(), theirs.Len())
}
