package ascalion

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/boardbot/boardbot/render"
)

// Land fills and borders never change shape, only colour, so their pixels are worked out once:
// each land as horizontal runs of pixels, the borders of all lands as a list of (pixel, coverage).
// A render then writes colours straight into the image.

type run struct{ y, x0, x1 int }

type border struct {
	off int
	a   uint8
}

type fillData struct {
	runs    [][]run // per land
	borders []border
}

var (
	fillOnce sync.Once
	fills    *fillData
)

func fillGeometry() *fillData {
	fillOnce.Do(func() {
		g := geometry()
		h := statusH + int(math.Ceil(g.mapH))
		fd := &fillData{runs: make([][]run, len(g.b.Lands))}
		for li, l := range g.b.Lands {
			c := render.NewSprite(imgW, h)
			for _, ci := range l.Cells {
				c.Poly(hexPts(g.centres[ci], 0.6), color.White, nil, 0)
			}
			img := c.RGBA
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				x0 := -1
				for x := b.Min.X; x <= b.Max.X; x++ {
					in := x < b.Max.X && img.Pix[img.PixOffset(x, y)+3] >= 128
					switch {
					case in && x0 < 0:
						x0 = x
					case !in && x0 >= 0:
						fd.runs[li] = append(fd.runs[li], run{y, x0, x})
						x0 = -1
					}
				}
			}
		}
		c := render.NewSprite(imgW, h)
		c.SetLineWidth(2.2)
		c.SetLineCapRound()
		for _, s := range g.borders {
			c.MoveTo(s[0].X, s[0].Y)
			c.LineTo(s[1].X, s[1].Y)
		}
		c.SetColor(color.Black)
		c.Stroke()
		for i := 3; i < len(c.RGBA.Pix); i += 4 {
			if a := c.RGBA.Pix[i]; a > 0 {
				fd.borders = append(fd.borders, border{i - 3, a})
			}
		}
		fills = fd
	})
	return fills
}

func fillLand(img *image.RGBA, runs []run, col color.RGBA) {
	for _, r := range runs {
		o := img.PixOffset(r.x0, r.y)
		for x := r.x0; x < r.x1; x++ {
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = col.R, col.G, col.B, 255
			o += 4
		}
	}
}

func drawBorders(img *image.RGBA, bs []border, ink color.RGBA) {
	for _, b := range bs {
		a := uint32(b.a)
		p := img.Pix[b.off : b.off+3 : b.off+3]
		p[0] = uint8((uint32(ink.R)*a + uint32(p[0])*(255-a)) / 255)
		p[1] = uint8((uint32(ink.G)*a + uint32(p[1])*(255-a)) / 255)
		p[2] = uint8((uint32(ink.B)*a + uint32(p[2])*(255-a)) / 255)
	}
}
