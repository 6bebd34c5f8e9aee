package render

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

var _ = flag.Bool("update", false, "rewrite golden images")

func TestFileLetter(t *testing.T) {
	for _, tc := range []struct {
		col  int
		want string
	}{{0, "A"}, {4, "E"}, {25, "Z"}, {26, "AA"}, {27, "AB"}, {-1, "?"}} {
		if got := FileLetter(tc.col); got != tc.want {
			t.Errorf("FileLetter(%d) = %q, want %q", tc.col, got, tc.want)
		}
	}
}

func TestGridMapsSquaresBothWays(t *testing.T) {
	for _, up := range []bool{false, true} {
		g := Grid{X: 40, Y: 30, Cell: 50, Cols: 5, Rows: 6, RowsUp: up}
		for row := 0; row < g.Rows; row++ {
			for col := 0; col < g.Cols; col++ {
				p := g.Center(col, row)
				c, r, ok := g.At(p.X, p.Y)
				if !ok || c != col || r != row {
					t.Fatalf("up=%v: At(Center(%d,%d)) = %d,%d,%v", up, col, row, c, r, ok)
				}
				if !g.Square(col, row).In(g.Bounds()) {
					t.Fatalf("square %d,%d outside the grid bounds", col, row)
				}
			}
		}
		_, y0 := g.Origin(0, 0)
		if up != (y0 > g.Y) {
			t.Errorf("up=%v: row 0 starts at y=%v", up, y0)
		}
		if _, _, ok := g.At(g.X-1, g.Y); ok {
			t.Errorf("a pixel left of the grid maps to a square")
		}
	}
}

// inkBounds is the bounding box of pixels that differ from bg.
func inkBounds(img *image.RGBA, bg color.RGBA) image.Rectangle {
	var r image.Rectangle
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.RGBAAt(x, y) != bg {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

func TestDrawTextAlignment(t *testing.T) {
	for _, tc := range []struct {
		name   string
		align  Align
		valign VAlign
		check  func(ink image.Rectangle) bool
	}{
		{"left", Left, Baseline, func(r image.Rectangle) bool { return near(r.Min.X, 100, 4) && near(r.Max.Y, 100, 2) }},
		{"right", Right, Baseline, func(r image.Rectangle) bool { return near(r.Max.X, 100, 4) }},
		{"center", Center, Middle, func(r image.Rectangle) bool {
			return near((r.Min.X+r.Max.X)/2, 100, 3) && near((r.Min.Y+r.Max.Y)/2, 100, 3)
		}},
		{"top", Center, Top, func(r image.Rectangle) bool { return r.Min.Y >= 100 && r.Min.Y < 112 }},
		{"bottom", Center, Bottom, func(r image.Rectangle) bool { return r.Max.Y <= 100 && r.Max.Y > 88 }},
	} {
		c := NewCanvas(200, 200, White)
		c.Text(100, 100, "HEH", Style{Size: 40, Font: Bold, Align: tc.align, VAlign: tc.valign})
		ink := inkBounds(c.RGBA, White)
		if ink.Empty() || !tc.check(ink) {
			t.Errorf("%s: ink at %v", tc.name, ink)
		}
	}
}

func near(a, b, tol int) bool { return a-b <= tol && b-a <= tol }

func TestDrawTextHaloSurroundsGlyphs(t *testing.T) {
	red := color.RGBA{0xff, 0, 0, 0xff}
	c := NewCanvas(200, 100, White)
	c.Text(100, 50, "I", Style{Size: 60, Color: Ink, Align: Center, VAlign: Middle, Halo: red, HaloWidth: 3})
	ink := inkBounds(c.RGBA, White)
	// Across the middle of the stem: white, red halo, ink, red halo, white.
	y := (ink.Min.Y + ink.Max.Y) / 2
	var runs []color.RGBA
	for x := ink.Min.X; x < ink.Max.X; x++ {
		p := c.RGBA.RGBAAt(x, y)
		if p != red && p != Ink && p != White {
			continue // antialiased edges
		}
		if len(runs) == 0 || runs[len(runs)-1] != p {
			runs = append(runs, p)
		}
	}
	want := []color.RGBA{red, Ink, red}
	if len(runs) > 0 && runs[0] == White {
		runs = runs[1:]
	}
	if len(runs) > 0 && runs[len(runs)-1] == White {
		runs = runs[:len(runs)-1]
	}
	if fmt.Sprint(runs) != fmt.Sprint(want) {
		t.Errorf("middle row reads %v, want %v", runs, want)
	}
	plain := NewCanvas(200, 100, White)
	plain.Text(100, 50, "I", Style{Size: 60, Color: Ink, Align: Center, VAlign: Middle})
	if p := inkBounds(plain.RGBA, White); p.Dx()+5 > ink.Dx() {
		t.Errorf("halo did not widen the text: %v vs %v", p, ink)
	}
}

func TestWrapAndFit(t *testing.T) {
	st := Style{Size: 20}
	lines := Wrap("the quick brown fox jumps over the lazy dog\nnew line", st, 120)
	if len(lines) < 4 || lines[len(lines)-1] != "new line" {
		t.Fatalf("Wrap = %q", lines)
	}
	for _, l := range lines {
		if TextWidth(l, st) > 120 && len(bytes.Fields([]byte(l))) > 1 {
			t.Errorf("line %q is %v px wide", l, TextWidth(l, st))
		}
	}
	long := "a label far too long for its box"
	f := FitText(long, Style{Size: 30}, 150)
	if f.Size >= 30 || TextWidth(long, f) > 150 {
		t.Errorf("FitText gave size %v, width %v", f.Size, TextWidth(long, f))
	}
	if f := FitText("ok", Style{Size: 30}, 150); f.Size != 30 {
		t.Errorf("FitText shrank text that fits: %v", f.Size)
	}
}

func TestParseHex(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want color.RGBA
		ok   bool
	}{
		{"#e69f00", OIOrange, true}, {"56B4E9", OISkyBlue, true}, {"#fff", color.RGBA{}, false},
		{"#12345g", color.RGBA{}, false}, {"+12345", color.RGBA{}, false}, {"", color.RGBA{}, false},
	} {
		got, err := ParseHex(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseHex(%q) = %v, %v", tc.in, got, err)
		}
	}
}

func FuzzParseHex(f *testing.F) {
	for _, s := range []string{"#000000", "ffffff", "#e69f00", "#", "zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseHex(s)
		if err != nil {
			return
		}
		back := fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
		if c2, err := ParseHex(back); err != nil || c2 != c || c.A != 0xff {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, c, back, c2, err)
		}
	})
}

func TestPaletteBuilder(t *testing.T) {
	p := NewPalette(Ink, Paper, Ink).Ramp(Ink, Paper, 3)
	if p.Len() != 5 {
		t.Fatalf("Len = %d, want 2 colours + 3 shades", p.Len())
	}
	pal := p.MustPalette()
	if pal[0] != Ink || pal[1] != Paper || pal[3] != Mix(Ink, Paper, 0.5) {
		t.Errorf("palette %v", pal)
	}
	big := NewPalette()
	for i := 0; i < 300; i++ {
		big.Add(color.RGBA{uint8(i), uint8(i >> 8), 7, 0xff})
	}
	if _, err := big.Palette(); err == nil {
		t.Errorf("a 300-colour palette was accepted")
	}
	n := NewPalette(OIBlue, OIOrange).RampAll(White, 2).Len()
	if n != 7 {
		t.Errorf("RampAll gave %d colours, want 2 + white + 2x2 shades", n)
	}
}

func TestContrastInk(t *testing.T) {
	for _, tc := range []struct {
		bg   color.Color
		want color.Color
	}{{OIYellow, Ink}, {OIOrange, Ink}, {White, Ink}, {OIBlue, White}, {OIBlack, White}} {
		if got := ContrastInk(tc.bg); got != tc.want {
			t.Errorf("ContrastInk(%v) = %v", tc.bg, got)
		}
	}
}

func weighted(a, b color.RGBA) float64 {
	dr, dg, db := float64(a.R)-float64(b.R), float64(a.G)-float64(b.G), float64(a.B)-float64(b.B)
	return math.Sqrt(3*dr*dr + 4*dg*dg + 2*db*db)
}

func TestEncodePNGMapsExactColoursExactlyAndShadesNearby(t *testing.T) {
	// Two colours in one table cell force the exact search; all others go through the table.
	twinA, twinB := color.RGBA{100, 100, 100, 0xff}, color.RGBA{101, 101, 101, 0xff}
	pal := NewPalette(twinA, twinB).Ramp(OIBlue, Paper, 3).Ramp(OIOrange, Ink, 2).MustPalette()
	rng := rand.New(rand.NewPCG(1, 2))
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range img.Pix {
		img.Pix[i] = uint8(rng.IntN(256))
	}
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x += 2 {
			img.SetRGBA(x, y, Opaque(pal[(x+y)%len(pal)]))
		}
	}
	b, err := EncodePNG(img, pal)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := dec.(*image.Paletted); !ok {
		t.Fatalf("decoded %T, want a paletted image", dec)
	}
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			in := img.RGBAAt(x, y)
			in.A = 0xff
			out := Opaque(dec.At(x, y))
			if x%2 == 0 {
				if out != in {
					t.Fatalf("(%d,%d): palette colour %v came out %v", x, y, in, out)
				}
				continue
			}
			best := math.Inf(1)
			for _, c := range pal {
				best = math.Min(best, weighted(in, Opaque(c)))
			}
			// The table resolves a 4-level cube per channel: the pick may be off by that much.
			if d := weighted(in, out); d > best+12 {
				t.Fatalf("(%d,%d): %v mapped to %v at distance %v, nearest is %v", x, y, in, out, d, best)
			}
		}
	}
}

func TestQuantiseMatchesEncodeAndCopiesPaletted(t *testing.T) {
	pal := NewPalette(Paper, Ink, OIBlue).RampAll(Paper, 2).MustPalette()
	c := sampleSheet()
	q := Quantise(c, pal)
	q2 := Quantise(q, pal) // a paletted image on the same palette is copied as is
	if !bytes.Equal(q.Pix, q2.Pix) {
		t.Errorf("re-quantising a paletted image changed it")
	}
	b, err := EncodePNG(c, pal)
	if err != nil {
		t.Fatal(err)
	}
	dec, _ := png.Decode(bytes.NewReader(b))
	if n, _, msg := compare(dec, q, Tolerance{}); msg != "" {
		t.Errorf("EncodePNG and Quantise disagree on %d pixels", n)
	}
}

func TestEncodePNGConcurrent(t *testing.T) {
	pal := NewPalette(Paper, Ink, OIVermillion).RampAll(Paper, 3).MustPalette()
	img := sampleSheet()
	want, err := EncodePNG(img, pal)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := EncodePNG(img, pal)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("concurrent encode differs: %v", err)
			}
		}()
	}
	wg.Wait()
}

func TestEncodePNGWithoutPalette(t *testing.T) {
	img := sampleSheet()
	b, err := EncodePNG(img, nil)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if n, _, msg := compare(dec, img, Tolerance{}); msg != "" {
		t.Errorf("true-colour encoding lost %d pixels", n)
	}
}

func TestRoundRectFastFillMatchesGG(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 200; i++ {
		x, y := rng.Float64()*40, rng.Float64()*40
		w, h := 10+rng.Float64()*150, 10+rng.Float64()*100
		r := rng.Float64() * math.Min(w, h) / 2
		col := OkabeIto[i%len(OkabeIto)]
		fast := NewCanvas(220, 160, Paper)
		fast.RoundRect(x, y, w, h, r, col, nil, 0)
		slow := NewCanvas(220, 160, Paper)
		slow.DrawRoundedRectangle(x, y, w, h, r)
		slow.SetColor(col)
		slow.Fill()
		if !bytes.Equal(fast.RGBA.Pix, slow.RGBA.Pix) {
			n, _, _ := compare(fast.RGBA, slow.RGBA, Tolerance{})
			t.Fatalf("rect %v,%v %vx%v r%v: %d pixels differ from gg", x, y, w, h, r, n)
		}
	}
}

func TestBlitOfCachedSpritesMatchesDrawOver(t *testing.T) {
	sprites := NewSprites(func(k int) image.Image {
		c := NewSprite(40+k, 30)
		c.Circle(20, 15, 12, Alpha(OIVermillion, 0.6), Ink, 2)
		c.Poly([]gg.Point{{X: 2, Y: 28}, {X: 30 + float64(k), Y: 2}, {X: 38, Y: 28}}, OIBlue, nil, 0)
		c.Text(20, 15, "Ab", Style{Size: 14, Font: Bold, Align: Center, VAlign: Middle, Halo: White})
		return c.Image()
	})
	for _, pos := range []image.Point{{10, 10}, {-15, 5}, {5, -12}, {90, 70}, {-100, 0}} {
		for k := 0; k < 3; k++ {
			img := sprites.Get(k)
			fast, slow := sampleSheet().(*image.RGBA), sampleSheet().(*image.RGBA)
			fc := &Canvas{RGBA: fast}
			fc.Blit(img, pos.X, pos.Y)
			b := img.Bounds()
			draw.Draw(slow, image.Rect(pos.X, pos.Y, pos.X+b.Dx(), pos.Y+b.Dy()), img, b.Min, draw.Over)
			if !bytes.Equal(fast.Pix, slow.Pix) {
				t.Fatalf("sprite %d at %v: fast blit differs from draw.Over", k, pos)
			}
		}
	}
}

func TestRenderPNGReusesCanvasesCleanly(t *testing.T) {
	paint := func(c *Canvas) error {
		c.Circle(50, 50, 30, OIBlue, Ink, 3)
		return nil
	}
	first, err := RenderPNG(100, 100, Paper, nil, paint)
	if err != nil {
		t.Fatal(err)
	}
	// A pooled canvas that was drawn on must come back blank.
	if _, err := RenderPNG(100, 100, Paper, nil, func(c *Canvas) error {
		c.Rect(c.RGBA.Rect, OIOrange)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	again, err := RenderPNG(100, 100, Paper, nil, paint)
	if err != nil || !bytes.Equal(first, again) {
		t.Errorf("a reused canvas rendered differently: %v", err)
	}
	if _, err := RenderPNG(10, 10, nil, nil, func(*Canvas) error { return fmt.Errorf("boom") }); err == nil {
		t.Errorf("a paint error was lost")
	}
}

func TestSpritesDrawEachKeyOnce(t *testing.T) {
	var calls atomic.Int32
	s := NewSprites(func(k int) image.Image {
		calls.Add(1)
		c := NewSprite(10+k, 10)
		c.Circle(5, 5, 4, OIBlue, nil, 0)
		return c.Image()
	})
	a := s.Get(1)
	if s.Get(1) != a || s.Get(2) == a || calls.Load() != 2 {
		t.Errorf("cache misbehaved: %d paints", calls.Load())
	}
	if a.Bounds().Dx() != 11 {
		t.Errorf("sprite for key 1 is %v", a.Bounds())
	}
	if _, _, _, alpha := a.At(0, 0).RGBA(); alpha != 0 {
		t.Errorf("sprite background is not transparent")
	}
}

func TestCompareTolerance(t *testing.T) {
	base := sampleSheet()
	shifted := image.NewRGBA(base.Bounds())
	copy(shifted.Pix, base.(*image.RGBA).Pix)
	// A faint shade everywhere passes.
	for i := 0; i < len(shifted.Pix); i += 4 {
		if shifted.Pix[i] < 250 {
			shifted.Pix[i] += 3
		}
	}
	if _, _, msg := compare(shifted, base, DefaultTolerance); msg != "" {
		t.Errorf("a 3-level shade failed: %s", msg)
	}
	// A small but visible mark fails.
	moved := image.NewRGBA(base.Bounds())
	copy(moved.Pix, base.(*image.RGBA).Pix)
	for y := 200; y < 215; y++ {
		for x := 200; x < 215; x++ {
			moved.SetRGBA(x, y, color.RGBA{0xff, 0, 0xff, 0xff})
		}
	}
	if _, diff, msg := compare(moved, base, DefaultTolerance); msg == "" || diff == nil {
		t.Errorf("a 15x15 mark passed")
	}
	if _, _, msg := compare(image.NewRGBA(image.Rect(0, 0, 5, 5)), base, DefaultTolerance); msg == "" {
		t.Errorf("a size change passed")
	}
}

type fakeTB struct {
	errs, fatals int
}

func (f *fakeTB) Helper()               {}
func (f *fakeTB) Logf(string, ...any)   {}
func (f *fakeTB) Errorf(string, ...any) { f.errs++ }
func (f *fakeTB) Fatalf(string, ...any) { f.fatals++ }

func TestGoldenReportsMissingAndDifferentFiles(t *testing.T) {
	if updating() {
		t.Skip("updating golden files")
	}
	var f fakeTB
	Golden(&f, "no-such-golden", sampleSheet())
	if f.fatals != 1 {
		t.Errorf("a missing golden file was not fatal")
	}
	f = fakeTB{}
	Golden(&f, "kit", image.NewRGBA(image.Rect(0, 0, 960, 720)))
	if f.errs != 1 {
		t.Errorf("a blank image matched the kit golden file")
	}
}

// sampleSheet exercises every helper on one image: the kit's own golden file.
func sampleSheet() image.Image {
	c := NewCanvas(960, 720, Paper)
	c.StatusBar(image.Rect(0, 0, 960, 72), Status{Text: "Blue to move", Swatch: OIBlue, Letter: "B", Right: "Move 12"})
	g := Grid{X: 70, Y: 130, Cell: 90, Cols: 5, Rows: 5, RowsUp: true}
	c.Checker(g, Mix(Paper, White, 0.5), Panel)
	c.GridLines(g, Edge, 2)
	c.Coords(g, CoordStyle{})
	for i, col := range OkabeIto {
		p := g.Center(i%5, i/5)
		c.Circle(p.X, p.Y, 32, col, Ink, 2)
		c.Text(p.X, p.Y, string(rune('1'+i)), Style{Size: 30, Font: Bold, Color: ContrastInk(col), Align: Center, VAlign: Middle})
	}
	c.Arrow([]gg.Point{g.Center(0, 2), g.Center(2, 2), g.Center(2, 4)}, ArrowStyle{Width: 8, Color: Ink, Outline: White, Inset: 20})
	c.Badge(g.Center(4, 4).X, g.Center(4, 4).Y, 20, "3", White, Ink)
	y := c.Panel(image.Rect(600, 100, 930, 690), "Scores", 24)
	c.ScoreBar(image.Rect(620, int(y), 910, int(y)+40), "Blue", 13, 21, OISkyBlue)
	c.ScoreBar(image.Rect(620, int(y)+52, 910, int(y)+92), "Orange", 25, 21, OIOrange)
	h := c.Legend(image.Rect(620, int(y)+110, 910, 500), []LegendItem{
		{OIBlue, "B", "blue"}, {OIOrange, "O", "orange"}, {OIYellow, "Y", "yellow"}, {OIBlack, "K", "black"},
	}, 18)
	c.RoundRect(620, y+130+h, 290, 60, 14, OIVermillion, Ink, 3)
	c.Text(765, y+160+h, "halo on colour", Style{Size: 26, Font: Bold, Align: Center, VAlign: Middle, Color: Ink, Halo: White})
	c.Poly([]gg.Point{{X: 700, Y: 640}, {X: 740, Y: 570}, {X: 780, Y: 640}}, OIBluishGreen, Ink, 3)
	c.Text(800, 630, "mono 0123", Style{Size: 20, Font: Mono})
	return c.Image()
}

func TestKitGolden(t *testing.T) {
	Golden(t, "kit", sampleSheet())
}

func BenchmarkSampleSheetRenderAndEncode(b *testing.B) {
	pal := NewPalette(Paper, Panel, Edge, Ink, Muted, White).Add(colours(OkabeIto)...).RampAll(Paper, 3).MustPalette()
	var size int
	for b.Loop() {
		out, err := EncodePNG(sampleSheet(), pal)
		if err != nil {
			b.Fatal(err)
		}
		size = len(out)
	}
	b.ReportMetric(float64(size)/1024, "KB")
}

func BenchmarkDrawText(b *testing.B) {
	c := NewCanvas(400, 100, White)
	for b.Loop() {
		c.Text(10, 50, "Rainbow to move: 13 / 21", Style{Size: 28, Font: Bold, VAlign: Middle})
	}
}

func colours(cs []color.RGBA) []color.Color {
	out := make([]color.Color, len(cs))
	for i, c := range cs {
		out[i] = c
	}
	return out
}

func BenchmarkQuantise(b *testing.B) {
	pal := NewPalette(Paper, Panel, Edge, Ink, Muted, White).Add(colours(OkabeIto)...).RampAll(Paper, 3).MustPalette()
	img := sampleSheet()
	dst := image.NewPaletted(img.Bounds(), pal)
	q := quantiserFor(pal)
	for b.Loop() {
		q.quantise(dst, img)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(img.Bounds().Dx()*img.Bounds().Dy()), "ns/px")
}

// Quantising in stripes on several processors gives exactly the pixels of one pass.
func TestQuantiseParallelMatchesSerial(t *testing.T) {
	r := image.Rect(3, 5, 3+700, 5+601) // odd size and offset: stripes must line up
	img := image.NewRGBA(r)
	for i := range img.Pix {
		img.Pix[i] = uint8(i*7 + i/4096)
	}
	pal := color.Palette{color.Black, color.White, color.RGBA{200, 30, 30, 255}, color.RGBA{30, 200, 30, 255}, color.RGBA{30, 30, 200, 255}}
	q := quantiserFor(pal)
	serial := image.NewPaletted(r, pal)
	q.quantise(serial, img)
	par := image.NewPaletted(r, pal)
	quantiseParallel(q, par, img)
	if !bytes.Equal(serial.Pix, par.Pix) {
		t.Fatal("striped quantising differs from one pass")
	}
}

// A pooled buffer from a larger board serves a smaller one: right size, fully cleared.
func TestAcquireCanvasReusesLargerBuffers(t *testing.T) {
	big := AcquireCanvas(300, 200, color.Black)
	big.Release()
	c := AcquireCanvas(120, 90, Paper)
	defer c.Release()
	if c.RGBA.Rect != image.Rect(0, 0, 120, 90) || c.RGBA.Stride != 4*120 || len(c.RGBA.Pix) != 4*120*90 {
		t.Fatalf("rect %v stride %d len %d", c.RGBA.Rect, c.RGBA.Stride, len(c.RGBA.Pix))
	}
	pr, pg, pb, _ := Paper.RGBA()
	for y := 0; y < 90; y += 7 {
		for x := 0; x < 120; x += 5 {
			r, g, b, _ := c.RGBA.At(x, y).RGBA()
			if r != pr || g != pg || b != pb {
				t.Fatalf("pixel %d,%d left over from the larger board", x, y)
			}
		}
	}
}

// The colour memo and the reuse of the row above give, pixel for pixel, what the table and the
// exact search give alone: on rows that repeat in part, on more colours than the memo holds (so
// entries are overwritten), cold and warm.
func TestQuantiseMatchesPerPixelLookup(t *testing.T) {
	pal := NewPalette(color.RGBA{100, 100, 100, 0xff}, color.RGBA{101, 101, 101, 0xff}).
		Ramp(OIBlue, Paper, 3).Ramp(OIOrange, Ink, 2).MustPalette()
	rng := rand.New(rand.NewPCG(7, 8))
	r := image.Rect(0, 0, 301, 400)
	img := image.NewRGBA(r)
	for y := 0; y < r.Dy(); y++ {
		for x := 0; x < r.Dx(); x++ {
			switch {
			case y > 0 && rng.IntN(4) != 0:
				img.SetRGBA(x, y, img.RGBAAt(x, y-1)) // mostly the row above
			case x > 0 && rng.IntN(3) != 0:
				img.SetRGBA(x, y, img.RGBAAt(x-1, y)) // runs
			case rng.IntN(2) == 0:
				img.SetRGBA(x, y, Opaque(pal[rng.IntN(len(pal))]))
			default:
				img.SetRGBA(x, y, color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 0xff})
			}
		}
	}
	q := &quantiser{}
	*q = *quantiserFor(pal)
	q.memo = make([]atomic.Uint64, 1<<memoBits) // cold
	want := func(c color.RGBA) uint8 {
		cell := cellOf(c.R, c.G, c.B)
		if v := q.entry(cell); v != ambiguous {
			return uint8(v - 1)
		}
		return q.nearest(c.R, c.G, c.B)
	}
	for pass := 0; pass < 2; pass++ {
		dst := image.NewPaletted(r, pal)
		q.quantise(dst, img)
		for y := 0; y < r.Dy(); y++ {
			for x := 0; x < r.Dx(); x++ {
				if got, w := dst.ColorIndexAt(x, y), want(img.RGBAAt(x, y)); got != w {
					t.Fatalf("pass %d (%d,%d) %v: index %d, want %d", pass, x, y, img.RGBAAt(x, y), got, w)
				}
			}
		}
	}
}

// A halo drawn from the cache of masks is, pixel for pixel, the halo grown afresh where the label
// stands, wherever it stands (the same fraction of a pixel moved by whole pixels, or another).
func TestHaloMasksMatchAFreshHalo(t *testing.T) {
	st := Style{Size: 21, Font: Bold, Color: Ink, Halo: White, HaloWidth: 3, VAlign: Middle}
	fresh := func(dst *image.RGBA, x, y float64, s string) {
		face := st.Face()
		dot := textOrigin(face, s, x, y, st)
		b, _ := font.BoundString(face, s)
		r := fixedRect(b.Add(dot)).Inset(-st.HaloWidth - 1)
		mask := image.NewAlpha(r)
		d := font.Drawer{Dst: mask, Src: image.Opaque, Face: face, Dot: dot}
		d.DrawString(s)
		draw.DrawMask(dst, r, image.NewUniform(st.Halo), image.Point{}, dilate(mask, st.HaloWidth), r.Min, draw.Over)
		draw.DrawMask(dst, r, image.NewUniform(st.Color), image.Point{}, mask, r.Min, draw.Over)
	}
	for _, p := range [][2]float64{{10, 30}, {10, 30}, {13, 35}, {10.3, 30.55}, {41.77, 12.1}} {
		for _, s := range []string{"Influence", "43 / 60"} {
			got := image.NewRGBA(image.Rect(0, 0, 160, 60))
			want := image.NewRGBA(got.Rect)
			draw.Draw(got, got.Rect, image.NewUniform(OIOrange), image.Point{}, draw.Src)
			draw.Draw(want, want.Rect, image.NewUniform(OIOrange), image.Point{}, draw.Src)
			DrawText(got, p[0], p[1], s, st)
			fresh(want, p[0], p[1], s)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("%q at %v: the cached halo differs from a fresh one", s, p)
			}
		}
	}
}

// A score bar copied from the cache looks as the three pills drawn in place do: within a few
// levels at the antialiased edges (blended twice instead of once), the same everywhere else.
func TestScoreBarFromCacheMatchesDrawnBar(t *testing.T) {
	r := image.Rect(10, 8, 310, 46)
	for _, v := range []int{0, 1, 17, 60, 75} {
		got := NewCanvas(330, 60, Panel)
		got.ScoreBar(r, "Influence", v, 60, OISkyBlue)
		want := NewCanvas(330, 60, Panel)
		x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
		want.RoundRect(x, y, w, h, h/2, White, nil, 0)
		if v > 0 {
			want.RoundRect(x, y, math.Max(h, w*math.Min(1, float64(v)/60)), h, h/2, OISkyBlue, nil, 0)
		}
		want.RoundRect(x, y, w, h, h/2, nil, Ink, math.Max(1.5, h/14))
		// The labels as ScoreBar writes them.
		st := Style{Size: h * 0.56, Font: Bold, VAlign: Middle, Halo: White, HaloWidth: int(math.Max(2, h/12))}
		want.Text(x+h/2, y+h/2, "Influence", st)
		st.Align = Right
		want.Text(x+w-h/2, y+h/2, fmt.Sprintf("%d / %d", v, 60), st)
		if n, _, msg := compare(got.RGBA, want.RGBA, Tolerance{Channel: 6}); msg != "" {
			t.Errorf("value %d: %d pixels differ by more than 6", v, n)
		}
	}
}
