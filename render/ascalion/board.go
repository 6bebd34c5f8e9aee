package ascalion

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/msg"
)

// Image draws the board for a view returned by the rules' View (value or pointer).
// The canvas comes from the pool: render.Recycle hands it back when the caller is done.
func Image(v any, m render.Meta) (image.Image, error) {
	view, err := asView(v)
	if err != nil {
		return nil, err
	}
	return paint(view, m, render.AcquireCanvas).Image(), nil
}

// PNG renders and encodes with the game's palette, on a pooled canvas.
func PNG(v any, m render.Meta) ([]byte, error) {
	view, err := asView(v)
	if err != nil {
		return nil, err
	}
	c := paint(view, m, render.AcquireCanvas)
	defer c.Release()
	return render.EncodePNG(c.RGBA, pal)
}

// asView accepts the rules' View as a value, a pointer, or JSON.
func asView(v any) (game.View, error) {
	var view game.View
	switch x := v.(type) {
	case []byte, json.RawMessage, map[string]any:
		// A view that travelled as JSON (stored, or sent between processes).
		b, ok := x.([]byte)
		if !ok {
			var err error
			if b, err = json.Marshal(x); err != nil {
				return view, fmt.Errorf("ascalion render: %w", err)
			}
		}
		if err := json.Unmarshal(b, &view); err != nil || len(view.Lands) != len(geometry().b.Lands) {
			return view, fmt.Errorf("ascalion render: not an Ascalion view")
		}
	default:
		p, err := render.ViewOf[game.View](v, "ascalion")
		if err != nil {
			return view, err
		}
		view = *p
	}
	return view, nil
}

// paint draws the board: the map cut to the lands in play and a margin of sea (see landCrop),
// under the status line and over the panel, both as wide as the map shown.
func paint(view game.View, m render.Meta, frame render.Frame) *render.Canvas {
	view.Result = m.Final(view.Result)
	g := geometry()
	full := paintMap(view, m.Lang, render.AcquireCanvas)
	defer full.Release()
	crop := landCrop(g, view)
	render.CropLabels(full.RGBA, crop)
	w, h := crop.Dx(), statusH+crop.Dy()+panelH
	c := frame(w, h, render.Paper)
	draw.Draw(c.RGBA, image.Rect(0, statusH, w, statusH+crop.Dy()), full.RGBA, crop.Min, draw.Src)
	drawStatus(c, view, m, w)
	drawPanel(c, image.Rect(0, statusH+crop.Dy(), w, h), view, m)
	return c
}

// paintMap draws the whole map at its place on a full-width canvas, status and panel left blank:
// the board and the focus image cut their parts out of it.
func paintMap(view game.View, lang string, frame render.Frame) *render.Canvas {
	g := geometry()
	h := statusH + int(math.Ceil(g.mapH)) + panelH
	c := frame(imgW, h, render.Paper)
	copy(c.RGBA.Pix, seaLayer().Pix) // the pre-drawn sea over the map's part of the canvas
	for _, l := range seaLabels {
		render.NoteLabel(c.RGBA, l.x, l.y, l.text, l.style) // drawn once, on the layer
	}
	drawLands(c, g, view)
	drawRiver(c, g)
	lt := lettersOf(lang)
	drawLandInfo(c, g, view, lt)
	drawVessels(c, g, view, lt)
	return c
}

// landCrop is the part of the map a board shows: the lands in play with a hex and a half of sea
// around them (where boats and ships sail), and no more of the open sea.
func landCrop(g *geom, v game.View) image.Rectangle {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for li, l := range v.Lands {
		if !l.InPlay || li >= len(g.b.Lands) {
			continue
		}
		for _, ci := range g.b.Lands[li].Cells {
			p := g.centres[ci]
			minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
			maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
		}
	}
	top, bottom := statusH, statusH+int(math.Ceil(g.mapH))
	if math.IsInf(minX, 1) {
		return image.Rect(0, top, imgW, bottom)
	}
	mx, my := 2*hexW, 1.6*hexH
	return image.Rect(max(0, int(minX-mx)), max(top, int(minY-my)), min(imgW, int(maxX+mx)), min(bottom, int(maxY+my)))
}

// seaLayer is the unchanging sea: both blues and the faint outline of every field, drawn once.
var (
	seaOnce   sync.Once
	seaImg    *image.RGBA
	seaLabels []seaLabel // the layer's field numbers, told to a recording each time it is used
)

type seaLabel struct {
	x, y  float64
	text  string
	style render.Style
}

func seaLayer() *image.RGBA {
	seaOnce.Do(func() {
		g := geometry()
		c := render.NewCanvas(imgW, statusH+int(math.Ceil(g.mapH)), render.Paper)
		for i, cell := range g.b.Cells {
			if cell.Sea < 0 {
				continue
			}
			col := lightSea
			if g.b.Seas[cell.Sea].Deep {
				col = deepSea
			}
			c.Poly(hexPts(g.centres[i], 0.6), col, nil, 0)
		}
		c.SetLineWidth(1)
		for _, s := range g.inner {
			c.MoveTo(s[0].X, s[0].Y)
			c.LineTo(s[1].X, s[1].Y)
		}
		c.SetColor(render.Alpha(render.White, 0.2))
		c.Stroke()
		// Field numbers, small: players read them to type a destination. Numbering every field
		// cost a sixth of the PNG; every fifth and each field at the end of a run of sea (by
		// land or the edge) are enough to count from, along a row.
		for i, cell := range g.b.Cells {
			if cell.Sea < 0 || !numbered(g.b, i) {
				continue
			}
			f := g.b.Seas[cell.Sea]
			ink := render.Alpha(render.Ink, 0.6)
			if f.Deep {
				ink = render.Alpha(render.White, 0.7)
			}
			p := g.centres[i]
			l := seaLabel{p.X, p.Y, strings.TrimPrefix(f.Token, "s"), render.Style{Size: 9, Color: ink, Align: render.Center, VAlign: render.Middle}}
			seaLabels = append(seaLabels, l)
			render.DrawUnheard(c.RGBA, l.x, l.y, l.text, l.style)
		}
		seaImg = crisp(c.RGBA, seaColours())
	})
	return seaImg
}

// seaColours are the only colours of the sea layer: its blues, the field outlines and numbers on
// each, and the paper around the map.
func seaColours() color.Palette {
	return color.Palette{render.Paper, lightSea, deepSea,
		render.Mix(lightSea, render.White, 0.2), render.Mix(deepSea, render.White, 0.2),
		render.Mix(lightSea, render.Ink, 0.6), render.Mix(deepSea, render.White, 0.7)}
}

// crisp snaps every pixel of img to the nearest of cols. The sea layer is a third of the map's
// bytes when its anti-aliased edges spread over two dozen shades; snapped, its rows are long
// runs, and at this size the outlines and numbers read the same.
func crisp(img *image.RGBA, cols color.Palette) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			out.Set(x, y, cols.Convert(img.At(x, y)))
		}
	}
	return out
}

// numbered says whether sea cell i shows its number: every fifth field, and the first and last
// of each run of sea fields in a row.
func numbered(b *game.Board, i int) bool {
	n, _ := strconv.Atoi(strings.TrimPrefix(b.Seas[b.Cells[i].Sea].Token, "s"))
	c := i % b.W
	runEnd := c == 0 || c == b.W-1 || b.Cells[i-1].Sea < 0 || b.Cells[i+1].Sea < 0
	return n%5 == 0 || runEnd
}

func hexPts(c gg.Point, grow float64) []gg.Point {
	pts := make([]gg.Point, 6)
	for k := range pts {
		v := vertex(c, k)
		// grow a hair so neighbouring fills leave no seam
		pts[k] = gg.Point{X: v.X + (v.X-c.X)*grow/20, Y: v.Y + (v.Y-c.Y)*grow/20}
	}
	return pts
}

func drawLands(c *render.Canvas, g *geom, v game.View) {
	fd := fillGeometry()
	for li, l := range v.Lands {
		col := unowned
		switch {
		case !l.InPlay:
			col = offBoard
		case l.Owner >= 0 && l.Owner < len(seatCol):
			col = seatTint(l.Owner)
		}
		fillLand(c.RGBA, fd.runs[li], col)
	}
	drawBorders(c.RGBA, fd.borders, render.Ink)
	// The attacked area is ringed in red.
	if v.Attack != nil {
		for li, l := range v.Lands {
			if l.Token != v.Attack.Target {
				continue
			}
			c.SetLineWidth(4)
			for _, ci := range g.b.Lands[li].Cells {
				for d := 0; d < 6; d++ {
					j, v1, v2 := neighbour(g.b, ci, d)
					if j >= 0 && g.b.Cells[j].Land == li {
						continue
					}
					a, b := vertex(g.centres[ci], v1), vertex(g.centres[ci], v2)
					c.MoveTo(a.X, a.Y)
					c.LineTo(b.X, b.Y)
				}
			}
			c.SetColor(target)
			c.Stroke()
		}
	}
}

func drawRiver(c *render.Canvas, g *geom) {
	c.SetLineCapRound()
	c.SetLineWidth(6)
	for _, s := range g.river {
		c.MoveTo(s[0].X, s[0].Y)
		c.LineTo(s[1].X, s[1].Y)
	}
	c.SetColor(riverBlue)
	c.Stroke()
	for i, p := range g.sectionC {
		c.Text(p.X, p.Y, g.b.Sections[i].Token, render.Style{Size: 10, Font: render.Bold, Color: render.White,
			Align: render.Center, VAlign: render.Middle, Halo: riverBlue, HaloWidth: 2})
	}
}

func drawLandInfo(c *render.Canvas, g *geom, v game.View, lt *letters) {
	for li, l := range v.Lands {
		p := g.landC[li]
		name := nameStyle{render.Ink}
		if !l.InPlay {
			name = nameStyle{render.Muted}
		}
		nm := icons.Get(iconKey{kind: "name", label: l.Name, col: render.Opaque(name.colour())})
		c.Blit(nm, int(p.X)-nm.Bounds().Dx()/2, int(p.Y-15)-nm.Bounds().Dy()/2)
		if !l.InPlay {
			continue
		}
		// Row 1: owner and value, source, city and expansion pieces.
		var items []func(x float64) float64
		if l.Owner >= 0 {
			lab := fmt.Sprintf("%s%d", lt.seatOf(l.Owner), l.Value)
			items = append(items, func(x float64) float64 { return pill(c, x, p.Y+1, lab, seatCol[l.Owner]) })
		}
		if l.Source != "" {
			items = append(items, func(x float64) float64 { return sourceIcon(c, x, p.Y+1, l.Source, lt) })
		}
		if l.City {
			items = append(items, func(x float64) float64 { return cityIcon(c, x, p.Y+1) })
		}
		if l.Temple >= 0 {
			items = append(items, func(x float64) float64 { return letterBox(c, x, p.Y+1, lt.temple, relCol[l.Temple]) })
		}
		if l.Univ {
			items = append(items, func(x float64) float64 { return letterBox(c, x, p.Y+1, lt.univ, render.Ink) })
		}
		if l.Book {
			items = append(items, func(x float64) float64 { return letterBox(c, x, p.Y+1, lt.book, render.Muted) })
		}
		if l.Follower >= 0 {
			items = append(items, func(x float64) float64 { return follower(c, x, p.Y+1, l.Follower) })
		}
		row(p.X, items, 17)
		chips(c, p.X, p.Y+16, l.Goods, lt)
	}
}

// row lays out items of about width w centred on x.
func row(x float64, items []func(x float64) float64, w float64) {
	if len(items) == 0 {
		return
	}
	start := x - w*float64(len(items))/2
	for _, it := range items {
		start += it(start)
	}
}

func pill(c *render.Canvas, x, y float64, lab string, col color.RGBA) float64 {
	img := icons.Get(iconKey{"pill", lab, col})
	c.Blit(img, int(x)-1, int(y-8.5))
	return float64(img.Bounds().Dx())
}

func sourceIcon(c *render.Canvas, x, y float64, src string, lt *letters) float64 {
	col := render.Muted
	for k, name := range sourceNames {
		if name == src {
			col = goodCol[k]
		}
	}
	c.Blit(icons.Get(iconKey{"source", lt.source[src], render.Opaque(col)}), int(x)-1, int(y-8.5))
	return 17
}

func cityIcon(c *render.Canvas, x, y float64) float64 {
	c.Blit(icons.Get(iconKey{kind: "city"}), int(x), int(y-9))
	return 17
}

func letterBox(c *render.Canvas, x, y float64, s string, col color.RGBA) float64 {
	c.Blit(icons.Get(iconKey{"box", s, render.Opaque(col)}), int(x)-1, int(y-8))
	return 16
}

func follower(c *render.Canvas, x, y float64, rel int) float64 {
	c.Blit(icons.Get(iconKey{kind: "follower", col: relCol[rel]}), int(x), int(y-8))
	return 14
}

// chips draws the goods of an area as small lettered circles with counts, centred on x.
func chips(c *render.Canvas, x, y float64, goods game.Goods, lt *letters) {
	type chip struct{ k, n int }
	var cs []chip
	for k, n := range goods {
		if n > 0 {
			cs = append(cs, chip{k, n})
		}
	}
	if len(cs) == 0 {
		return
	}
	cnt := render.Style{Size: 10, Font: render.Bold, VAlign: render.Middle}
	w := 0.0
	for _, ch := range cs {
		w += 13
		if ch.n > 1 {
			w += render.TextWidth(fmt.Sprint(ch.n), cnt) + 1
		}
	}
	px := x - w/2
	for _, ch := range cs {
		c.Blit(icons.Get(iconKey{"chip", lt.good[ch.k], goodCol[ch.k]}), int(px-1.5), int(y-7.5))
		px += 13
		if ch.n > 1 {
			s := fmt.Sprint(ch.n)
			c.Text(px, y, s, cnt)
			px += render.TextWidth(s, cnt) + 1
		}
	}
}

func drawVessels(c *render.Canvas, g *geom, v game.View, lt *letters) {
	at := map[string]int{}
	for _, w := range v.Vessels {
		p := g.posPoint(w.Pos)
		if strings.HasPrefix(w.Pos, "r") {
			p.X += 18 // beside the river's section label
		}
		k := at[w.Pos]
		at[w.Pos]++
		p.X += float64(k) * 14
		p.Y += float64(k) * 9
		col := seatCol[w.Owner%len(seatCol)]
		highlight := v.Passage != nil && v.Passage.Vessel == w.Token
		hull := 15.0
		if w.Ship {
			hull = 19
		}
		pts := []gg.Point{{X: p.X - hull, Y: p.Y - 3}, {X: p.X + hull, Y: p.Y - 3}, {X: p.X + hull*0.65, Y: p.Y + 7}, {X: p.X - hull*0.65, Y: p.Y + 7}}
		stroke := color.Color(render.Ink)
		lw := 1.5
		if highlight || w.Stranded {
			stroke, lw = target, 3
		}
		if w.Ship {
			c.Line(p.X, p.Y-3, p.X, p.Y-17, 2, render.Ink)
			c.Poly([]gg.Point{{X: p.X + 1, Y: p.Y - 17}, {X: p.X + 11, Y: p.Y - 7}, {X: p.X + 1, Y: p.Y - 7}}, render.White, render.Ink, 1)
		}
		c.Poly(pts, col, stroke, lw)
		id := strings.TrimPrefix(strings.TrimPrefix(w.Token, "boat"), "ship")
		c.Text(p.X, p.Y+2, fmt.Sprintf("%s%s·%d", lt.seatOf(w.Owner), id, w.Value), render.Style{Size: 10, Font: render.Bold,
			Color: render.ContrastInk(col), Align: render.Center, VAlign: render.Middle})
		chips(c, p.X, p.Y+15, w.Goods, lt)
		if w.Book {
			letterBox(c, p.X+hull, p.Y-10, lt.book, render.Muted)
		}
		if w.Follower >= 0 {
			follower(c, p.X-hull-12, p.Y-8, w.Follower)
		}
	}
}

func drawStatus(c *render.Canvas, v game.View, m render.Meta, w int) {
	st := render.Status{}
	switch {
	case m.Aborted:
		st.Text = render.Aborted(m.Lang)
		st.Right = tr(m.Lang, "status_round_right", msg.Number("N", v.Round))
	case v.Result != nil:
		st.Text = gameOver(v, m)
		if w := v.Result.Winners(); len(w) > 0 {
			st.Swatch, st.Letter = seatCol[w[0]], lettersOf(m.Lang).seatOf(int(w[0]))
		}
		st.Right = tr(m.Lang, "status_round_right", msg.Number("N", v.Round))
	default:
		phase := phaseText(v, m.Lang)
		if v.Die > 0 && v.Phase >= 3 && v.Phase <= 5 {
			phase = tr(m.Lang, "phase_die", msg.Code("Phase", phase), msg.Number("N", v.Die))
		}
		var wait []string
		for _, p := range v.Waiting {
			wait = append(wait, who(v, m, p))
		}
		st.Text = tr(m.Lang, "status_round", msg.Number("N", v.Round), msg.Code("Phase", phase), msg.Code("Waiting", strings.Join(wait, ", ")))
		if v.Round == 0 {
			st.Text = tr(m.Lang, "status_waiting", msg.Code("Phase", titled(stepText(v.Step, m.Lang))), msg.Code("Waiting", strings.Join(wait, ", ")))
		}
		if len(v.Waiting) > 0 {
			st.Swatch, st.Letter = seatCol[v.Waiting[0]], lettersOf(m.Lang).seatOf(v.Waiting[0])
		}
		if v.Round > 0 {
			st.Right = tr(m.Lang, "status_sp", msg.Code("Colour", who(v, m, v.SP)))
		}
	}
	c.StatusBar(image.Rect(0, 0, w, statusH), st)
}

// who names seat s as the platform does, by its player alone ("alice": the colour is the chip
// beside it), or by its colour without players.
func who(v game.View, m render.Meta, s int) string {
	if s < 0 || s >= len(v.Players) {
		return ""
	}
	return m.Player(rules.Seat(s), colour(m.Lang, s), 12)
}

// gameOver is the line of a finished game: "Game over: alice (Red) wins".
func gameOver(v game.View, m render.Meta) string {
	var ns []string
	for _, w := range v.Result.Winners() {
		ns = append(ns, who(v, m, int(w)))
	}
	switch len(ns) {
	case 0:
		return tr(m.Lang, "over")
	case 1:
		return tr(m.Lang, "over_one", msg.Code("Names", ns[0]))
	}
	return tr(m.Lang, "over_many", msg.Code("Names", names(m.Lang, ns)))
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

var _ = draw.Over

type nameStyle struct{ c color.RGBA }

func (n nameStyle) colour() color.RGBA { return n.c }
