package anim

import (
	"image"
	"sort"
)

// Scale draws src into dst, resized, by bilinear interpolation in fixed point: the same
// sampling as golang.org/x/image/draw.ApproxBiLinear (pixel centres mapped onto each other),
// at a fraction of its cost, which was most of a replay frame's. Each output pixel blends the
// four source pixels around its centre with weights in 1/256ths, precomputed per column and row.
func Scale(dst, src *image.RGBA) {
	t := newScaleTaps(src.Rect.Dx(), src.Rect.Dy(), dst.Rect.Dx(), dst.Rect.Dy())
	t.scale(dst, src, image.Rect(0, 0, dst.Rect.Dx(), dst.Rect.Dy()))
}

// scaleTaps holds, for one pair of sizes, the source pixels and weights of every output column
// and row.
type scaleTaps struct {
	sw, sh, dw, dh int
	xs, ys         []int
	xw, yw         []uint32
}

func newScaleTaps(sw, sh, dw, dh int) scaleTaps {
	t := scaleTaps{sw: sw, sh: sh, dw: dw, dh: dh}
	t.xs, t.xw = taps(sw, dw)
	t.ys, t.yw = taps(sh, dh)
	return t
}

// scale computes the output pixels in r (output coordinates, from dst's top-left corner).
func (t scaleTaps) scale(dst, src *image.RGBA, r image.Rectangle) {
	if t.sw == 0 || t.sh == 0 {
		return
	}
	r = r.Intersect(image.Rect(0, 0, t.dw, t.dh))
	for dy := r.Min.Y; dy < r.Max.Y; dy++ {
		r0 := src.Pix[t.ys[dy]*src.Stride:]
		r1 := src.Pix[min(t.ys[dy]+1, t.sh-1)*src.Stride:]
		wy := t.yw[dy]
		out := dst.Pix[dy*dst.Stride : dy*dst.Stride+4*t.dw]
		for dx := r.Min.X; dx < r.Max.X; dx++ {
			x0 := 4 * t.xs[dx]
			x1 := 4 * min(t.xs[dx]+1, t.sw-1)
			wx := t.xw[dx]
			a, b := r0[x0:x0+4:x0+4], r0[x1:x1+4:x1+4]
			c, d := r1[x0:x0+4:x0+4], r1[x1:x1+4:x1+4]
			o := out[4*dx : 4*dx+4 : 4*dx+4]
			o[0] = blend(a[0], b[0], c[0], d[0], wx, wy)
			o[1] = blend(a[1], b[1], c[1], d[1], wx, wy)
			o[2] = blend(a[2], b[2], c[2], d[2], wx, wy)
			o[3] = blend(a[3], b[3], c[3], d[3], wx, wy)
		}
	}
}

// covering is the output rectangle whose pixels read any source pixel in r.
func (t scaleTaps) covering(r image.Rectangle) image.Rectangle {
	x0, x1 := span(t.xs, r.Min.X, r.Max.X)
	y0, y1 := span(t.ys, r.Min.Y, r.Max.Y)
	return image.Rect(x0, y0, x1, y1)
}

// span is the outputs [lo, hi) whose source pair (idx[i] and the one after) meets [a, b): idx
// never decreases, so they are consecutive.
func span(idx []int, a, b int) (int, int) {
	lo := sort.Search(len(idx), func(i int) bool { return idx[i]+1 >= a })
	hi := sort.Search(len(idx), func(i int) bool { return idx[i] >= b })
	return lo, max(lo, hi)
}

// blend is the bilinear mix of a (top left), b (top right), c and d (below) with weights in
// 1/256ths.
func blend(a, b, c, d uint8, wx, wy uint32) uint8 {
	top := uint32(a)*(256-wx) + uint32(b)*wx
	bot := uint32(c)*(256-wx) + uint32(d)*wx
	return uint8((top*(256-wy) + bot*wy + 1<<15) >> 16)
}

// taps maps each of n output positions onto the m source positions: the first of the two source
// pixels around its centre, and the second one's weight in 1/256ths.
func taps(m, n int) ([]int, []uint32) {
	idx := make([]int, n)
	w := make([]uint32, n)
	for i := range n {
		// the centre of output pixel i, in source pixels, less half a pixel: (i+0.5)*m/n - 0.5,
		// in 1/256ths
		s := ((2*i+1)*m*256/n - 256) / 2
		if s < 0 {
			s = 0
		}
		idx[i], w[i] = s>>8, uint32(s&255)
		if idx[i] >= m-1 {
			idx[i], w[i] = m-1, 0
		}
	}
	return idx, w
}
