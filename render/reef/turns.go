package reef

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules/msg"
	rf "github.com/boardbot/boardbot/rules/reef"
	"github.com/fogleman/gg"
)

// Each player's latest turn is marked in the player's colour: corner brackets around every square
// it laid, overgrew or ate (eaten squares also crossed), an arrow for each shrimp move, and a
// corner tag with the seat number on those squares, on the tiles it covered or flipped and on the
// open-sea space it took. Brackets, not a ring: a guard band is a ring in the seat's colour too.
// The number tells seats apart where colour alone does not.

const tagSize = 26

// tagStep is how much of a flag the next one in a row covers.
const tagStep = 8

// turnTag is a corner flag in seat's colour with its number, for a square's top-right corner.
var turnTag = render.NewSprites(func(seat int) image.Image { return cornerFlag(seat, tagSize, 12) })

// keyTag is the same flag, larger, in the key under the status bar.
const keyTagSize = 32

var keyTag = render.NewSprites(func(seat int) image.Image { return cornerFlag(seat, keyTagSize, 16) })

// cornerFlag draws a size-pixel corner flag of seat with its number in type of the given size.
func cornerFlag(seat, size int, text float64) image.Image {
	c := render.NewSprite(size, size)
	s := float64(size)
	c.Poly([]gg.Point{{X: 0.5, Y: 0.5}, {X: s - 0.5, Y: 0.5}, {X: s - 0.5, Y: s - 0.5}}, seatFill[seat], render.Ink, 1.2)
	// A solid edge: blended over polyps of every colour, it cost bytes (see crisp).
	harden(c.RGBA, []color.RGBA{seatFill[seat], render.Ink})
	c.SharpText = true
	c.Text(s*0.7, s*0.3, fmt.Sprint(seat+1), render.Style{Size: text, Font: render.Bold, Color: render.ContrastInk(seatFill[seat]), Align: render.Center, VAlign: render.Middle})
	return c.Image()
}

// tag puts seat's corner flag with its top-right corner at (x, y).
func (d *drawer) tag(seat int, x, y float64) {
	d.c.Blit(turnTag.Get(seat), int(x)-tagSize, int(y))
}

// bracketSquare puts corner brackets in seat's colour on three corners of the size×size square
// at (px, py) (the fourth takes the tag), edged with ink so that they show on any polyp.
func (d *drawer) bracketSquare(seat int, px, py, size float64) {
	const in = 3.5
	arm := size * 0.3
	x0, y0, x1, y1 := px+in, py+in, px+size-in, py+size-in
	segs := [][4]float64{
		{x0, y0, x0 + arm, y0}, {x0, y0, x0, y0 + arm}, // top left
		{x0, y1, x0 + arm, y1}, {x0, y1, x0, y1 - arm}, // bottom left
		{x1, y1, x1 - arm, y1}, {x1, y1, x1, y1 - arm}, // bottom right
	}
	// Axis-aligned, so solid rectangles: the same bracket as a stroked line, without its blended
	// edges.
	bar := func(s [4]float64, half float64, col color.RGBA) {
		x0, x1 := min(s[0], s[2])-half, max(s[0], s[2])+half
		y0, y1 := min(s[1], s[3])-half, max(s[1], s[3])+half
		d.c.Rect(image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1))), col)
	}
	for _, s := range segs {
		bar(s, 3.5, render.Ink)
	}
	for _, s := range segs {
		bar(s, 2, seatFill[seat])
	}
}

// turnMarks draws on table board b (0-based) the marks of every player's latest turn, the oldest
// first so that the newest lies on top; at gives a square's top-left corner.
func (d *drawer) turnMarks(b int, at func(r, col int) (float64, float64)) {
	for _, t := range d.v.Turns {
		if t.Seat < 0 || t.Seat >= len(seatFill) {
			continue
		}
		col := seatFill[t.Seat]
		inked := []color.RGBA{render.Ink, col}
		var tagged []rf.Spot
		mark := func(s rf.Spot) {
			px, py := at(s.Row, s.Col)
			d.bracketSquare(t.Seat, px, py, cell)
			tagged = append(tagged, s)
		}
		// Arrows first, so that the brackets and tags lie on top of their heads.
		for _, m := range t.Shrimps {
			from, to := m.From != nil && m.From.Board == b, m.To != nil && m.To.Board == b
			switch {
			case from && to:
				fx, fy := at(m.From.Row, m.From.Col)
				tx, ty := at(m.To.Row, m.To.Col)
				r := image.Rect(int(min(fx, tx)), int(min(fy, ty)), int(max(fx, tx))+cell, int(max(fy, ty))+cell)
				d.crisp(r, inked, func(c *render.Canvas) {
					c.Arrow([]gg.Point{{X: fx + cell/2, Y: fy + cell/2}, {X: tx + cell/2, Y: ty + cell/2}},
						render.ArrowStyle{Width: 5, Color: col, Outline: render.Ink, Head: 16, Inset: 12})
				})
			case from:
				// Gone home or to another board: where it left.
				fx, fy := at(m.From.Row, m.From.Col)
				d.crisp(image.Rect(int(fx), int(fy), int(fx)+cell, int(fy)+cell), inked, func(c *render.Canvas) {
					c.Circle(fx+cell/2, fy+cell/2, 12, nil, render.Ink, 7)
					c.Circle(fx+cell/2, fy+cell/2, 11, nil, col, 4)
				})
				tagged = append(tagged, *m.From)
			}
		}
		for _, s := range t.Eaten {
			if s.Board != b {
				continue
			}
			mark(s)
			px, py := at(s.Row, s.Col)
			const in = 16
			d.crisp(image.Rect(int(px), int(py), int(px)+cell, int(py)+cell), inked, func(c *render.Canvas) {
				for _, w := range []float64{8, 5} {
					cl := render.Ink
					if w == 5 {
						cl = col
					}
					c.Line(px+in, py+in, px+cell-in, py+cell-in, w, cl)
					c.Line(px+cell-in, py+in, px+in, py+cell-in, w, cl)
				}
			})
		}
		for _, s := range t.Laid {
			if s.Board == b {
				mark(s)
			}
		}
		for _, s := range t.Overgrown {
			if s.Board == b {
				mark(s)
			}
		}
		for _, m := range t.Shrimps {
			if m.To != nil && m.To.Board == b {
				mark(*m.To)
			}
		}
		for _, s := range tagged {
			px, py := at(s.Row, s.Col)
			d.tag(t.Seat, px+cell, py)
		}
	}
}

// tileTags lists the seats whose latest turn covered or flipped tile n (1-based), oldest first.
func (d *drawer) tileTags(n int) []int {
	var out []int
	for _, t := range d.v.Turns {
		for _, x := range append(append([]int(nil), t.Covered...), t.Flipped...) {
			if x == n {
				out = append(out, t.Seat)
				break
			}
		}
	}
	return out
}

// seaTags lists the seats whose latest turn took the open-sea space of colour c, or, for
// NoColour, put an alga on the open-sea alga space.
func (d *drawer) seaTags(c rf.Colour) []int {
	var out []int
	for _, t := range d.v.Turns {
		hit := c == rf.NoColour && t.SeaAlga
		for _, x := range t.Took {
			hit = hit || (c != rf.NoColour && x == c)
		}
		if hit {
			out = append(out, t.Seat)
		}
	}
	return out
}

// tags draws seats' corner flags from the top-right corner (x, y) leftwards, the newest
// rightmost.
func (d *drawer) tags(seats []int, x, y float64) {
	for i := len(seats) - 1; i >= 0; i-- {
		if s := seats[i]; s >= 0 && s < len(seatFill) {
			d.tag(s, x, y)
			x -= tagSize - tagStep
		}
	}
}

// Note box: the thread post's turns when the board goes with a post (render.Meta.Last), else the
// engine's latest move: noteMax lines, or a line a turn and two more where a post tells more
// turns (four seats), never more than noteHard. The post itself tells every sentence; each line
// here costs the PNG about 1.8 KB.
const (
	noteMax  = 5
	noteHard = 8
)

var noteStyle = render.Style{Size: 19, Color: render.Muted, VAlign: render.Middle}

// noteLines are the lines of the box under the status bar, wrapped to the image's width.
func (d *drawer) noteLines(maxW float64) []string {
	var paras [][]string
	if d.v.Phase == "over" || d.meta.Result != nil {
		if t := d.noteText(); t != "" {
			paras = append(paras, []string{t})
		}
	}
	turns := postTurns(d.meta.Last)
	if len(turns) == 0 && len(paras) == 0 {
		if t := d.noteText(); t != "" {
			// One line as before: the engine's note is a few words.
			return []string{t}
		}
	}
	// "Last:" heads the oldest turn the box keeps, whichever that is.
	first := len(paras)
	paras = append(paras, turns...)
	label := func(s string) string { return tr(d.meta.Lang, "note_last", msg.Code("Text", s)) }
	return fitParas(paras, first, label, noteStyle, maxW, min(noteHard, max(noteMax, len(paras)+2)))
}

// postTurns are a post's lines (render.Meta.Last), one list of sentences per player's turn.
func postTurns(last []string) [][]string {
	var out [][]string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			out = append(out, cur)
			cur = nil
		}
	}
	for _, l := range last {
		if l = strings.TrimSpace(l); l == "" {
			flush()
			continue
		}
		cur = append(cur, l)
	}
	flush()
	return out
}

// fitParas wraps paragraphs of sentences into at most max lines, cutting no sentence: every
// paragraph keeps its first sentence (the oldest paragraphs go whole when even that does not
// fit), the lines left go to the latest paragraphs first (what just happened matters most), a
// sentence at a time, and a paragraph told in part ends in an ellipsis (the post has the rest).
// label heads the first sentence of the oldest paragraph kept from index turns on ("Last: …").
func fitParas(paras [][]string, turns int, label func(string) string, st render.Style, maxW float64, max int) []string {
	text := func(p []string, k int) string {
		t := strings.Join(p[:k], " ")
		if k < len(p) {
			t += " …"
		}
		return t
	}
	var keep []int
	var wrapped [][]string
	used := 0
	for {
		// The paragraphs from the first kept on, the label on the oldest turn among them.
		cur := make([][]string, len(paras))
		copy(cur, paras)
		for i := range cur {
			if i >= turns && label != nil {
				cur[i] = append([]string{label(cur[i][0])}, cur[i][1:]...)
				break
			}
		}
		keep, wrapped, used = make([]int, len(cur)), make([][]string, len(cur)), 0
		for i, p := range cur {
			keep[i], wrapped[i] = 1, render.Wrap(text(p, 1), st, maxW)
			used += len(wrapped[i])
		}
		if used <= max || len(paras) == 1 {
			paras = cur
			break
		}
		paras, turns = paras[1:], turns-1
	}
	for i := len(paras) - 1; i >= 0; i-- {
		for keep[i] < len(paras[i]) {
			w := render.Wrap(text(paras[i], keep[i]+1), st, maxW)
			if used-len(wrapped[i])+len(w) > max {
				break
			}
			used += len(w) - len(wrapped[i])
			wrapped[i], keep[i] = w, keep[i]+1
		}
	}
	var out []string
	for _, w := range wrapped {
		out = append(out, w...)
	}
	if len(out) <= max {
		return out
	}
	// One sentence longer than the box: cut it at a word, with an ellipsis.
	out = out[:max]
	last := out[max-1]
	for render.TextWidth(last+" …", st) > maxW {
		i := strings.LastIndex(last, " ")
		if i <= 0 {
			break
		}
		last = last[:i]
	}
	out[max-1] = strings.TrimSuffix(last, " …") + " …"
	return out
}
