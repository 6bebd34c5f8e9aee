package anim

import (
	"image"
	"math/rand/v2"
	"testing"

	xdraw "golang.org/x/image/draw"
)

func noise(w, h int) *image.RGBA {
	r := rand.New(rand.NewPCG(1, 2))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(r.IntN(256))
	}
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 255 // boards are opaque
	}
	return img
}

// Scale samples as x/image's ApproxBiLinear does: every channel of every pixel within 2 of it,
// for shrinking, enlarging and sizes that do not divide.
func TestScaleMatchesApproxBiLinear(t *testing.T) {
	for _, c := range []struct{ sw, sh, dw, dh int }{{1280, 974, 800, 609}, {37, 23, 11, 7}, {10, 10, 25, 31}, {5, 5, 5, 5}} {
		src := noise(c.sw, c.sh)
		got := image.NewRGBA(image.Rect(0, 0, c.dw, c.dh))
		want := image.NewRGBA(got.Rect)
		Scale(got, src)
		xdraw.ApproxBiLinear.Scale(want, want.Rect, src, src.Rect, xdraw.Src, nil)
		worst := 0
		for i := range got.Pix {
			worst = max(worst, abs(int(got.Pix[i])-int(want.Pix[i])))
		}
		if worst > 2 {
			t.Errorf("%dx%d to %dx%d: a channel differs by %d", c.sw, c.sh, c.dw, c.dh, worst)
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// BenchmarkScale compares Scale with x/image's ApproxBiLinear on a board-sized frame (1280x974
// to the replay's 800 px); run both in one go, the machine's load being what it is.
func BenchmarkScale(b *testing.B) {
	src := noise(1280, 974)
	dst := image.NewRGBA(image.Rect(0, 0, 800, 609))
	b.Run("fixed-point", func(b *testing.B) {
		for b.Loop() {
			Scale(dst, src)
		}
	})
	b.Run("x-image", func(b *testing.B) {
		for b.Loop() {
			xdraw.ApproxBiLinear.Scale(dst, dst.Rect, src, src.Rect, xdraw.Src, nil)
		}
	})
}
