package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
)

// Status is the line at the top of a board: whose turn or the result.
type Status struct {
	Text string // "Rainbow to move", "Xeno wins 23 to 17"
	// Swatch is a chip drawn before the text in the colour of the seat concerned; nil for none.
	Swatch color.Color
	// Letter is written on the chip so the seat is known without seeing colour.
	Letter string
	Right  string // right-aligned detail, e.g. "Move 14"; empty for none
}

// StatusBar draws s across r on a Panel-coloured band with a bottom rule.
func (c *Canvas) StatusBar(r image.Rectangle, s Status) {
	c.Rect(r, Panel)
	c.Rect(image.Rect(r.Min.X, r.Max.Y-2, r.Max.X, r.Max.Y), Edge)
	h := float64(r.Dy())
	pad := h * 0.25
	x := float64(r.Min.X) + pad
	y := float64(r.Min.Y) + (h-2)/2
	if s.Swatch != nil {
		rad := h * 0.3
		c.Circle(x+rad, y, rad, s.Swatch, Ink, math.Max(1.5, rad/8))
		if s.Letter != "" {
			c.Text(x+rad, y, s.Letter, Style{Size: rad * 1.2, Font: Bold, Color: ContrastInk(s.Swatch),
				Align: Center, VAlign: Middle})
		}
		x += 2*rad + pad*0.8
	}
	size := h * 0.42
	right := 0.0
	rst := Style{Size: size * 0.85, Color: Muted, Align: Right, VAlign: Middle}
	if s.Right != "" {
		right = TextWidth(s.Right, rst) + pad
		c.Text(float64(r.Max.X)-pad, y, s.Right, rst)
	}
	st := Style{Size: size, Font: Bold, VAlign: Middle}
	st = FitText(s.Text, st, float64(r.Max.X)-pad-right-x)
	c.Text(x, y, s.Text, st)
}

// ScoreBar draws a progress bar toward a target with "label  value / target" written inside it,
// e.g. a player's points out of the 21 needed. Values beyond the target fill the bar.
func (c *Canvas) ScoreBar(r image.Rectangle, label string, value, target int, fill color.Color) {
	c.ScoreBarText(r, label, value, target, fill, fmt.Sprintf("%d / %d", value, target))
}

// ScoreBarText is ScoreBar with the number written as num, for a game that says a score past
// its target differently ("38", not "38 / 21").
func (c *Canvas) ScoreBarText(r image.Rectangle, label string, value, target int, fill color.Color, num string) {
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	rad := h / 2
	k := barKey{w: r.Dx(), h: r.Dy(), fill: color.RGBAModel.Convert(fill).(color.RGBA)}
	if target > 0 && value > 0 {
		f := math.Min(1, float64(value)/float64(target))
		k.fw = math.Max(h, w*f)
	}
	// The bar itself (three antialiased pills) is drawn once per length of fill and copied.
	c.Blit(scoreBars.Get(k), r.Min.X, r.Min.Y)
	st := Style{Size: h * 0.56, Font: Bold, VAlign: Middle, Halo: White, HaloWidth: int(math.Max(2, h/12))}
	// The label gives way to the number: a long name is shortened, then drawn smaller.
	room := w - 2*rad - TextWidth(num, st) - h*0.4
	for TextWidth(label, st) > room && len([]rune(label)) > 8 {
		label = Shorten(label, len([]rune(label))-1)
	}
	c.Text(x+rad, y+h/2, label, FitText(label, st, room))
	st.Align = Right
	c.Text(x+w-rad, y+h/2, num, st)
}

type barKey struct {
	w, h int
	fw   float64 // the filled length; 0 for none
	fill color.RGBA
}

var scoreBars = NewSprites(func(k barKey) image.Image {
	c := NewSprite(k.w, k.h)
	w, h := float64(k.w), float64(k.h)
	rad := h / 2
	c.RoundRect(0, 0, w, h, rad, White, nil, 0)
	if k.fw > 0 {
		c.RoundRect(0, 0, k.fw, h, rad, k.fill, nil, 0)
	}
	c.RoundRect(0, 0, w, h, rad, nil, Ink, math.Max(1.5, h/14))
	return c.Image()
})

// Panel draws a rounded panel with an optional title and returns the y where its content starts.
func (c *Canvas) Panel(r image.Rectangle, title string, titleSize float64) float64 {
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	c.RoundRect(x, y, w, h, 12, Panel, Edge, 2)
	if title == "" {
		return y + 10
	}
	if titleSize <= 0 {
		titleSize = 22
	}
	st := Style{Size: titleSize, Font: Bold, VAlign: Top}
	c.Text(x+14, y+10, title, FitText(title, st, w-28))
	return y + 16 + LineHeight(st)
}

// LegendItem is one entry of a legend: a swatch, an optional letter on it, and its meaning.
type LegendItem struct {
	Swatch color.Color
	Letter string
	Text   string
}

// Legend lays out items in as many columns as fit in r, each a rounded swatch carrying its letter
// followed by the text, and returns the height used. size is the text size (0 means 18).
func (c *Canvas) Legend(r image.Rectangle, items []LegendItem, size float64) float64 {
	if len(items) == 0 {
		return 0
	}
	if size <= 0 {
		size = 18
	}
	st := Style{Size: size, VAlign: Middle}
	sw := size * 1.3
	rowH := size * 1.7
	colW := 0.0
	for _, it := range items {
		colW = math.Max(colW, sw+size*0.5+TextWidth(it.Text, st)+size)
	}
	cols := max(1, int(float64(r.Dx())/colW))
	rows := (len(items) + cols - 1) / cols
	colW = float64(r.Dx()) / float64(cols)
	for i, it := range items {
		cx := float64(r.Min.X) + float64(i/rows)*colW
		cy := float64(r.Min.Y) + float64(i%rows)*rowH + rowH/2
		c.RoundRect(cx, cy-sw/2, sw, sw, sw/5, it.Swatch, Ink, 1.5)
		if it.Letter != "" {
			c.Text(cx+sw/2, cy, it.Letter, Style{Size: size * 0.9, Font: Bold, Color: ContrastInk(it.Swatch),
				Align: Center, VAlign: Middle})
		}
		c.Text(cx+sw+size*0.5, cy, it.Text, FitText(it.Text, st, colW-sw-size))
	}
	return float64(rows) * rowH
}

// ContrastInk returns Ink or White, whichever reads better on bg.
func ContrastInk(bg color.Color) color.Color {
	if Luminance(bg) > 0.179 { // where contrast with black and with white are equal
		return Ink
	}
	return White
}

// Luminance is the relative luminance of c (0 black .. 1 white), per WCAG.
func Luminance(c color.Color) float64 {
	o := Opaque(c)
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(o.R) + 0.7152*lin(o.G) + 0.0722*lin(o.B)
}
