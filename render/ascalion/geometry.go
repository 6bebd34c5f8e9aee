// Package ascalion draws an Ascalion board from the view its rules return: the hex map with
// owners, values, sources and goods, boats and ships, the river, and a panel with the players, the
// decision being taken and the last events.
package ascalion

import (
	"math"
	"sync"

	"github.com/fogleman/gg"

	game "github.com/boardbot/boardbot/rules/ascalion"
)

// Layout of the image.
const (
	imgW    = 1280
	statusH = 54
	hexW    = 40.0 // width of a pointy-top hex: whole pixels, so every hex in a row has the same edge pixels and deflate finds them again (16% smaller files than 40.6)
	mapX    = 0
	mapY    = statusH
	panelH  = 250
)

var hexH = hexW * 2 / math.Sqrt(3)

// geom is everything about the board's shape the renderer derives once.
type geom struct {
	b        *game.Board
	mapH     float64
	centres  []gg.Point    // per cell
	landC    []gg.Point    // label point per land
	borders  [][2]gg.Point // land/land and land/sea boundaries
	inner    [][2]gg.Point // faint sea field outlines
	river    [][2]gg.Point // the river's edges, mouth first
	sectionC []gg.Point    // a point on each section, for its token
}

var (
	geoOnce sync.Once
	geo     *geom
)

func geometry() *geom {
	geoOnce.Do(func() { geo = buildGeom(game.BoardMap()) })
	return geo
}

func cellCentre(b *game.Board, i int) gg.Point {
	r, c := i/b.W, i%b.W
	x := float64(mapX) + hexW*(float64(c)+0.5)
	if r%2 == 1 {
		x += hexW / 2
	}
	y := float64(mapY) + hexH/2 + float64(r)*0.75*hexH
	return gg.Point{X: x, Y: y}
}

// vertex k of a pointy-top hex: 0 top, then clockwise.
func vertex(c gg.Point, k int) gg.Point {
	a := (-90 + 60*float64(k)) * math.Pi / 180
	return gg.Point{X: c.X + hexH/2*math.Cos(a), Y: c.Y + hexH/2*math.Sin(a)}
}

// neighbour returns the cell in direction d (0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE) or -1, and the two
// vertices of the shared edge.
func neighbour(b *game.Board, i, d int) (int, int, int) {
	r, c := i/b.W, i%b.W
	odd := r % 2
	var dr, dc int
	switch d {
	case 0:
		dr, dc = 0, 1
	case 1:
		dr, dc = 1, odd
	case 2:
		dr, dc = 1, odd-1
	case 3:
		dr, dc = 0, -1
	case 4:
		dr, dc = -1, odd-1
	case 5:
		dr, dc = -1, odd
	}
	// Edge vertices: E 1-2, SE 2-3, SW 3-4, W 4-5, NW 5-0, NE 0-1.
	v1, v2 := (d+1)%6, (d+2)%6
	rr, cc := r+dr, c+dc
	if rr < 0 || rr >= b.H || cc < 0 || cc >= b.W {
		return -1, v1, v2
	}
	return rr*b.W + cc, v1, v2
}

func buildGeom(b *game.Board) *geom {
	g := &geom{b: b}
	g.mapH = hexH/2 + float64(b.H-1)*0.75*hexH + hexH/2
	g.centres = make([]gg.Point, len(b.Cells))
	for i := range b.Cells {
		g.centres[i] = cellCentre(b, i)
	}
	for i, cell := range b.Cells {
		for d := 0; d < 3; d++ { // each edge once: E, SE, SW
			j, v1, v2 := neighbour(b, i, d)
			if j < 0 {
				continue
			}
			o := b.Cells[j]
			seg := [2]gg.Point{vertex(g.centres[i], v1), vertex(g.centres[i], v2)}
			switch {
			case cell.Land >= 0 || o.Land >= 0:
				if cell.Land != o.Land {
					g.borders = append(g.borders, seg)
				}
			case b.Seas[cell.Sea].Deep && b.Seas[o.Sea].Deep:
				// Deep fields go without outlines: the open water around the map is where the
				// PNG's bytes went, and its numbers are on the grid to count by.
			default:
				g.inner = append(g.inner, seg)
			}
		}
	}
	// Land label points: the cell nearest the land's centroid.
	for _, l := range b.Lands {
		var sx, sy float64
		for _, c := range l.Cells {
			sx += g.centres[c].X
			sy += g.centres[c].Y
		}
		n := float64(len(l.Cells))
		m := gg.Point{X: sx / n, Y: sy / n}
		best := l.Cells[0]
		for _, c := range l.Cells {
			if dist(g.centres[c], m) < dist(g.centres[best], m) {
				best = c
			}
		}
		p := g.centres[best]
		g.landC = append(g.landC, gg.Point{X: (p.X*2 + m.X) / 3, Y: (p.Y*2 + m.Y) / 3})
	}
	// The river runs along the shared cell edges; each section's token sits on its middle edge.
	for _, s := range b.Sections {
		var mids []gg.Point
		for _, e := range s.Edges {
			for d := 0; d < 6; d++ {
				j, v1, v2 := neighbour(b, e[0], d)
				if j == e[1] {
					seg := [2]gg.Point{vertex(g.centres[e[0]], v1), vertex(g.centres[e[0]], v2)}
					g.river = append(g.river, seg)
					mids = append(mids, gg.Point{X: (seg[0].X + seg[1].X) / 2, Y: (seg[0].Y + seg[1].Y) / 2})
				}
			}
		}
		g.sectionC = append(g.sectionC, mids[len(mids)/2])
	}
	return g
}

func dist(a, b gg.Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// posPoint is where a vessel at pos (a sea field or river token) is drawn.
func (g *geom) posPoint(tok string) gg.Point {
	for i, s := range g.b.Sections {
		if s.Token == tok {
			return g.sectionC[i]
		}
	}
	for _, s := range g.b.Seas {
		if s.Token == tok {
			return g.centres[s.Cell]
		}
	}
	return gg.Point{}
}
