package ausonia

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/ausonia"
)

// Card tiles: the full card, for the market and the hand.
const (
	tileW = 210
	tileH = 300
)

type dotKey struct {
	g      game.Gem
	r      int    // radius in tenths of a pixel
	letter string // the gem's letter in the image's language (gemLetter)
}

// gemDots caches each gem disc with its letter, drawn once per size and letter.
var gemDots = render.NewSprites(func(k dotKey) image.Image {
	r := float64(k.r) / 10
	side := int(2*r) + 4
	sp := render.NewSprite(side, side)
	m := float64(side) / 2
	sp.Circle(m, m, r, gemFill[k.g], render.Ink, 1.5)
	sp.Text(m, m, k.letter, render.Style{Size: r * 1.15, Font: render.Bold,
		Color: render.ContrastInk(gemFill[k.g]), Align: render.Center, VAlign: render.Middle})
	return sp.Image()
})

// gemLetterIDs are the catalogue entries of the gems' letters: each language has its own four,
// distinct from each other, and the legend names them (Smaragd is M in German, zafiro Z in Spanish).
var gemLetterIDs = [...]string{"letter_sapphire", "letter_emerald", "letter_bloodshard", "letter_rainbow"}

// gemLetter is gem g's letter in lang.
func gemLetter(lang string, g game.Gem) string { return tr(lang, gemLetterIDs[g]) }

// gemDot draws one gem: a disc in the gem's colour with its letter in lang.
func gemDot(c *render.Canvas, x, y, r float64, g game.Gem, lang string) {
	c.BlitCentered(gemDots.Get(dotKey{g, int(r * 10), gemLetter(lang, g)}), x, y)
}

// gemRow draws gems left to right from x and returns the x after them.
func gemRow(c *render.Canvas, x, y, r float64, gems game.Gems, lang string) float64 {
	for g := game.Sapphire; g <= game.Rainbow; g++ {
		for i := 0; i < gems[g]; i++ {
			gemDot(c, x+r, y, r, g, lang)
			x += 2*r + 4
		}
	}
	return x
}

// cardColour is the colour a card is known by: its gem for a gem card, its guild otherwise.
func cardColour(cd *game.Card) color.RGBA {
	if cd.Kind == game.GemCard {
		for g := game.Sapphire; g < game.Rainbow; g++ {
			if cd.Gives[g] > 0 {
				return gemFill[g]
			}
		}
	}
	if cd.Kind == game.HouseCard {
		return houseFill
	}
	return guildColour(cd.Guild)
}

var (
	nameStyle    = render.Style{Size: 21, Font: render.Bold, VAlign: render.Top}
	abilityStyle = render.Style{Size: 17, VAlign: render.Top}
)

// tileNeed is the height a card's tile needs to show everything, at most tileH.
func tileNeed(code, lang string) float64 {
	cd, ok := game.CardByCode(code)
	if !ok {
		return 120
	}
	h := 64 + 25*float64(min(2, len(render.Wrap(cardName(lang, cd), nameStyle, tileW-20)))) + 6 + 40
	for k := range cd.Abilities {
		h += float64(len(render.Wrap(abilityText(lang, &cd.Abilities[k]), abilityStyle, tileW-28)))*21 + 16
	}
	h += 34 // room for the POWER and READY tags
	return min(tileH, h)
}

// rowNeed is the height of a row of tiles.
func rowNeed(codes []string, lang string) float64 {
	h := 0.0
	for _, c := range codes {
		h = max(h, tileNeed(c, lang))
	}
	return h
}

// tile draws a whole card at (x, y), h high: code and guild on a coloured band, name, cost,
// abilities.
func tile(c *render.Canvas, x, y, tileH float64, code string, ready bool, lang string) {
	// A card's face never changes: drawn once per size and kept (a tenth of a board's time), at
	// whole pixels.
	c.Blit(tiles.Get(tileKey{code, int(math.Round(tileH)), ready, langOf(lang)}), int(math.Round(x)), int(math.Round(y)))
}

type tileKey struct {
	code  string
	h     int
	ready bool
	lang  string
}

var tiles = render.NewSprites(func(k tileKey) image.Image {
	sp := render.NewSprite(tileW, k.h)
	sp.CrispText = true
	paintTile(sp, 0, 0, float64(k.h), k.code, k.ready, k.lang)
	return sp.Image()
})

func paintTile(c *render.Canvas, x, y, tileH float64, code string, ready bool, lang string) {
	cd, ok := game.CardByCode(code)
	if !ok {
		box(c, x, y, tileW, tileH, 12, render.White, render.Edge, 2)
		c.Text(x+tileW/2, y+tileH/2, "?", render.Style{Size: 40, Align: render.Center, VAlign: render.Middle})
		return
	}
	col := cardColour(cd)
	edge := col
	if cd.Kind == game.PowerCard {
		edge = gold
	}
	box(c, x, y, tileW, tileH, 12, render.White, nil, 0)
	// Band: the code, big, and the guild or kind.
	box(c, x, y, tileW, 54, 12, col, nil, 0)
	c.Rect(rect(x, y+40, tileW, 14), col)
	ink := render.ContrastInk(col)
	c.Text(x+12, y+28, strings.ToUpper(code), render.Style{Size: 32, Font: render.Bold, Color: ink, VAlign: render.Middle})
	kind := cd.GuildName()
	switch cd.Kind {
	case game.GemCard:
		kind = tr(lang, "kind_gem")
	case game.HouseCard:
		kind = tr(lang, "kind_house")
	}
	kst := render.Style{Size: 17, Font: render.Bold, Color: ink, Align: render.Right, VAlign: render.Middle}
	c.Text(x+tileW-10, y+28, kind, render.FitText(kind, kst, tileW-100))
	c.RoundRect(x, y, tileW, tileH, 12, nil, edge, 3)
	// Name.
	yy := y + 64
	nst := nameStyle
	for i, line := range render.Wrap(cardName(lang, cd), nst, tileW-20) {
		if i == 2 {
			break
		}
		c.Text(x+10, yy, line, render.FitText(line, nst, tileW-20))
		yy += 25
	}
	yy += 6
	// Cost, or what a gem card gives.
	lst := render.Style{Size: 16, Color: render.Muted, VAlign: render.Middle}
	switch {
	case cd.Kind == game.GemCard:
		gives := tr(lang, "tile_gives")
		c.Text(x+10, yy+15, gives, lst)
		ex := gemRow(c, max(x+58, x+10+render.TextWidth(gives, lst)+8), yy+15, 15, cd.Gives, lang)
		if cd.Star {
			star(c, ex+16, yy+15, 15)
			c.Text(ex+36, yy+15, tr(lang, "tile_source"), lst)
		}
	case cd.Cost.Total() > 0:
		cost := tr(lang, "tile_cost")
		c.Text(x+10, yy+15, cost, lst)
		// Up to six gems fit the tile's width.
		gx := max(x+50, x+10+render.TextWidth(cost, lst)+6)
		r := min(15, ((x+float64(tileW)-10-gx)/float64(cd.Cost.Total())-4)/2)
		gemRow(c, gx, yy+15, r, cd.Cost, lang)
	default:
		c.Text(x+10, yy+15, tr(lang, "tile_starter"), lst)
	}
	yy += 40
	// Abilities: a condition ability sits on the rulebook's red background.
	ast := abilityStyle
	for k := range cd.Abilities {
		a := &cd.Abilities[k]
		lines := render.Wrap(abilityText(lang, a), ast, tileW-28)
		h := float64(len(lines))*21 + 10
		bg := render.Panel
		if a.Condition() {
			bg = condTint
		}
		if yy+h > y+tileH-8 {
			h = y + tileH - 8 - yy
		}
		box(c, x+8, yy, tileW-16, float64(int(h)), 8, bg, nil, 0)
		ly := yy + 5
		for _, l := range lines {
			if ly+20 > yy+h {
				break
			}
			c.Text(x+14, ly, l, ast)
			ly += 21
		}
		yy += h + 6
	}
	if cd.Kind == game.PowerCard {
		c.RoundRect(x+tileW-78, y+tileH-30, 70, 22, 11, powerBand, nil, 0)
		c.Text(x+tileW-43, y+tileH-19, tr(lang, "tag_power"), render.Style{Size: 14, Font: render.Bold, Color: gold, Align: render.Center, VAlign: render.Middle})
	}
	if ready {
		c.RoundRect(x+8, y+tileH-30, 78, 22, 11, render.OIBluishGreen, nil, 0)
		c.Text(x+47, y+tileH-19, tr(lang, "tag_ready"), render.Style{Size: 14, Font: render.Bold, Color: render.White, Align: render.Center, VAlign: render.Middle})
	}
}

// star draws the source mark of a star-marked gem card.
func star(c *render.Canvas, x, y, r float64) {
	pts := make([]gg.Point, 10)
	for i := range pts {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts[i] = gg.Point{X: x + rr*math.Cos(a), Y: y + rr*math.Sin(a)}
	}
	c.Poly(pts, gold, render.Ink, 1.5)
}

// Chips: a card as a small rounded label with its code, for the areas on the table.
const (
	chipW = 58
	chipH = 34
)

type chipStyle int

const (
	chipFace chipStyle = iota
	chipDown           // face down: bought this turn
)

// chip draws a card's chip at (x, y), rounded to whole pixels: a chip never changes, so it is
// drawn once per card and style and kept (the houses' areas hold dozens of them).
func chip(c *render.Canvas, x, y float64, code string, st chipStyle) {
	c.Blit(chips.Get(chipKey{code, st}), int(math.Round(x)), int(math.Round(y)))
}

type chipKey struct {
	code string
	st   chipStyle
}

var chips = render.NewSprites(func(k chipKey) image.Image {
	sp := render.NewSprite(chipW, chipH)
	paintChip(sp, 0, 0, k.code, k.st)
	return sp.Image()
})

func paintChip(c *render.Canvas, x, y float64, code string, st chipStyle) {
	cd, ok := game.CardByCode(code)
	col := render.Edge
	if ok {
		col = cardColour(cd)
	}
	fill, ink := tint(col), render.Ink
	if ok && cd.Kind == game.GemCard {
		fill, ink = col, render.ContrastInk(col).(color.RGBA)
	}
	if st == chipDown {
		fill, ink = render.Panel, render.Muted
	}
	c.RoundRect(x, y, chipW, chipH, 8, fill, col, 2.5)
	c.Text(x+chipW/2, y+chipH/2, strings.ToUpper(code), render.Style{Size: 20, Font: render.Bold, Color: ink, Align: render.Center, VAlign: render.Middle})
	if ok && cd.Kind == game.PowerCard {
		c.Circle(x+chipW-5, y+5, 5, gold, render.Ink, 1)
	}
}

// chipRow draws a label and chips from x to maxX, ending with "+N" when they do not fit; it
// returns the x after it.
func chipRow(c *render.Canvas, x, y, maxX float64, label string, codes []string, st chipStyle) float64 {
	lst := render.Style{Size: 18, Font: render.Bold, Color: render.Muted, VAlign: render.Middle}
	if label != "" {
		c.Text(x, y+chipH/2, label, lst)
		x += render.TextWidth(label, lst) + 8
	}
	for i, code := range codes {
		if x+chipW > maxX || (i < len(codes)-1 && x+2*chipW+4 > maxX) {
			c.Text(x+2, y+chipH/2, fmt.Sprintf("+%d", len(codes)-i), render.Style{Size: 20, Font: render.Bold, VAlign: render.Middle})
			return x + 44
		}
		chip(c, x, y, code, st)
		x += chipW + 4
	}
	return x + 10
}
