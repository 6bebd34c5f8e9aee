package render

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
)

// TB is the part of testing.TB that Golden needs; *testing.T and *testing.B satisfy it. Taking an
// interface keeps the testing package out of the bot's binary.
type TB interface {
	Helper()
	Logf(format string, args ...any)
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// Tolerance is how far an image may drift from its golden file and still pass: font rasterising
// and floating point can differ by a shade between machines, but a moved piece cannot hide in it.
type Tolerance struct {
	Channel  uint8   // a pixel differs when any channel differs by more than this
	Fraction float64 // the test fails when more than this fraction of pixels differ
}

// DefaultTolerance accepts a few stray shades and nothing visible.
var DefaultTolerance = Tolerance{Channel: 16, Fraction: 0.00005}

// Golden compares img with testdata/<name>.png in the calling package's directory (go test runs
// there) under DefaultTolerance.
//
// To rewrite the golden files, run the test with -update. The kit does not register that flag (a
// library must not add flags to every binary that links it); declare it once in your test package:
//
//	var _ = flag.Bool("update", false, "rewrite golden images")
//
// Golden reads it by name. Setting UPDATE_GOLDEN=1 in the environment works too.
// When the comparison fails, the rendered image and a diff are written to the temporary directory
// and their paths logged, so you can look at them.
func Golden(t TB, name string, img image.Image) {
	t.Helper()
	GoldenTol(t, name, img, DefaultTolerance)
}

// GoldenTol is Golden with an explicit tolerance.
func GoldenTol(t TB, name string, img image.Image, tol Tolerance) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if updating() {
		if err := writePNG(path, img); err != nil {
			t.Fatalf("golden %s: %v", name, err)
		}
		t.Logf("golden %s: rewrote %s", name, path)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run the test with -update to create it)", name, err)
		return
	}
	want, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatalf("golden %s: %v", name, err)
		return
	}
	n, diff, msg := compare(img, want, tol)
	if msg == "" {
		return
	}
	got := filepath.Join(os.TempDir(), "golden-"+name+".got.png")
	_ = writePNG(got, img)
	if diff != nil {
		dp := filepath.Join(os.TempDir(), "golden-"+name+".diff.png")
		if writePNG(dp, diff) == nil {
			got += " and " + dp
		}
	}
	t.Errorf("golden %s: %s (%d pixels); see %s; rerun with -update if the change is intended", name, msg, n, got)
}

func updating() bool {
	if f := flag.Lookup("update"); f != nil {
		if v, err := strconv.ParseBool(f.Value.String()); err == nil && v {
			return true
		}
	}
	v, _ := strconv.ParseBool(os.Getenv("UPDATE_GOLDEN"))
	return v
}

// compare returns the number of differing pixels, a diff image (differences in red over a faded
// copy of want) and an explanation when the images are not within tolerance.
func compare(got, want image.Image, tol Tolerance) (int, image.Image, string) {
	gb, wb := got.Bounds(), want.Bounds()
	if gb.Size() != wb.Size() {
		return 0, nil, fmt.Sprintf("size %dx%d, golden is %dx%d", gb.Dx(), gb.Dy(), wb.Dx(), wb.Dy())
	}
	g, w := toRGBA(got), toRGBA(want)
	differs := func(i int) bool {
		for k := 0; k < 4; k++ {
			d := int(g.Pix[i+k]) - int(w.Pix[i+k])
			if d > int(tol.Channel) || -d > int(tol.Channel) {
				return true
			}
		}
		return false
	}
	n := 0
	for i := 0; i < len(g.Pix); i += 4 {
		if differs(i) {
			n++
		}
	}
	total := gb.Dx() * gb.Dy()
	if float64(n) <= tol.Fraction*float64(total) {
		return n, nil, ""
	}
	diff := image.NewRGBA(g.Rect)
	for i := 0; i < len(g.Pix); i += 4 {
		c := color.RGBA{0xff, 0, 0, 0xff}
		if !differs(i) {
			c = Mix(color.RGBA{w.Pix[i], w.Pix[i+1], w.Pix[i+2], 0xff}, White, 0.75)
		}
		diff.Pix[i], diff.Pix[i+1], diff.Pix[i+2], diff.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return n, diff, fmt.Sprintf("%.3f%% of pixels differ, tolerance %.3f%%", 100*float64(n)/float64(total), 100*tol.Fraction)
}

func toRGBA(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out
}

func writePNG(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// SampleMeta names n players for golden images, one name long enough to be shortened.
func SampleMeta(n int) Meta {
	all := []string{"alice", "Bartholomew the Magnificent", "carol", "dmitri", "eve", "frank"}
	return Meta{Names: all[:min(n, len(all))]}
}
