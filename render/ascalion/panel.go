package ascalion

import (
	"fmt"
	"image"
	"strings"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/ascalion"
)

// drawPanel: players on the left, the decision on the table in the middle, the last events and a
// legend on the right.
func drawPanel(c *render.Canvas, r image.Rectangle, v game.View, m render.Meta) {
	c.Rect(r, render.Panel)
	c.Rect(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+2), render.Edge)
	colW := r.Dx() / 3
	players := image.Rect(r.Min.X+10, r.Min.Y+10, r.Min.X+colW-5, r.Max.Y-8)
	decision := image.Rect(r.Min.X+colW+5, r.Min.Y+10, r.Min.X+2*colW-5, r.Max.Y-8)
	events := image.Rect(r.Min.X+2*colW+5, r.Min.Y+10, r.Max.X-10, r.Max.Y-8)
	drawPlayers(c, players, v, m)
	drawDecision(c, decision, v, m)
	drawEvents(c, events, v)
}

func drawPlayers(c *render.Canvas, r image.Rectangle, v game.View, m render.Meta) {
	y := float64(r.Min.Y)
	c.Text(float64(r.Min.X), y, "Players", render.Style{Size: 15, Font: render.Bold, VAlign: render.Top})
	y += 24
	rowH := min(34, (float64(r.Max.Y)-y)/float64(max(1, len(v.Players))))
	for _, p := range v.Players {
		x := float64(r.Min.X)
		cy := y + rowH/2
		col := seatCol[p.Seat%len(seatCol)]
		c.Circle(x+11, cy, 11, col, render.Ink, 1.5)
		c.Text(x+11, cy, seatLetter[p.Seat%len(seatLetter)], render.Style{Size: 12, Font: render.Bold, Color: render.ContrastInk(col), Align: render.Center, VAlign: render.Middle})
		name := who(v, m, p.Seat)
		if p.Seat == v.SP && v.Round > 0 {
			name += " (start)"
		}
		if p.Out {
			name += " — out"
		}
		st := render.Style{Size: 13, Font: render.Bold, VAlign: render.Middle}
		c.Text(x+28, cy-7, name, st)
		detail := fmt.Sprintf("%s · %s (start %d)", count(p.Cities, "city", "cities"), count(p.Areas, "area", "areas"), p.Start)
		if p.Transports > 0 {
			detail += fmt.Sprintf(" · %d transports", p.Transports)
		}
		if p.Done {
			detail += " · done"
		}
		if p.Vote >= 0 {
			detail += " · votes " + map[int]string{0: "no", 1: "yes"}[p.Vote]
		}
		if p.Univ != "" {
			detail += " · university"
		}
		if p.SetupLeft > 0 {
			detail += fmt.Sprintf(" · %d sources to place", p.SetupLeft)
		}
		dst := render.Style{Size: 11.5, Color: render.Muted, VAlign: render.Middle}
		c.Text(x+28, cy+8, detail, render.FitText(detail, dst, float64(r.Dx())-30))
		// Cities toward victory: three marks.
		for i := 0; i < 3; i++ {
			fill := render.White
			if i < p.Cities {
				fill = render.Ink
			}
			c.RoundRect(float64(r.Max.X)-42+float64(i)*13, cy-12, 10, 10, 2, fill, render.Ink, 1)
		}
		y += rowH
	}
}

func drawDecision(c *render.Canvas, r image.Rectangle, v game.View, m render.Meta) {
	x, y := float64(r.Min.X), float64(r.Min.Y)
	w := float64(r.Dx())
	head := render.Style{Size: 15, Font: render.Bold, VAlign: render.Top}
	body := render.Style{Size: 12.5, VAlign: render.Top}
	line := func(s string, st render.Style) {
		for _, l := range render.Wrap(s, st, w) {
			if y > float64(r.Max.Y)-16 {
				return
			}
			c.Text(x, y, l, st)
			y += render.LineHeight(st)
		}
	}
	if v.Passage != nil {
		ps := v.Passage
		c.Text(x, y, "Boat waiting at the river", head)
		y += 24
		line(fmt.Sprintf("%s's %s (strength %d) wants to go from %s to %s.", title(v.Players[ps.Owner].Colour), ps.Vessel, ps.Strength, ps.From, ps.To), body)
		var parts []string
		for i, q := range ps.Asked {
			s := title(v.Players[q].Colour) + ": "
			switch ps.Answers[i] {
			case 0:
				s += "refuses"
			case 1:
				s += "allows"
			default:
				s += "deciding"
			}
			parts = append(parts, s)
		}
		line(strings.Join(parts, " · "), body)
		y += 8
	}
	switch {
	case v.Result != nil:
		c.Text(x, y, "Result", head)
		y += 24
		line(v.Result.Reason, body)
		for rk := 1; rk <= len(v.Result.Ranks); rk++ {
			for p, r := range v.Result.Ranks {
				if r == rk {
					line(fmt.Sprintf("%d. %s — %s", rk, who(v, m, p), count(v.Players[p].Cities, "city", "cities")), body)
				}
			}
		}
	case v.Attack != nil:
		a := v.Attack
		c.Text(x, y, "Attack on "+a.Name, head)
		y += 24
		if a.Totals != nil {
			bar := func(who int, total int, parts []string) {
				col := seatCol[who%len(seatCol)]
				c.RoundRect(x, y, 64, 26, 6, col, render.Ink, 1.5)
				c.Text(x+32, y+13, fmt.Sprintf("%s %d", seatLetter[who%len(seatLetter)], total), render.Style{Size: 15, Font: render.Bold,
					Color: render.ContrastInk(col), Align: render.Center, VAlign: render.Middle})
				st := render.Style{Size: 11, Color: render.Muted, VAlign: render.Middle}
				txt := strings.Join(parts, ", ")
				c.Text(x+70, y+13, txt, render.FitText(txt, st, w-72))
				y += 32
			}
			bar(a.Attacker, a.Totals.Attacker, a.Totals.AtkParts)
			bar(a.Defender, a.Totals.Defender, a.Totals.DefParts)
			line("A tie is lost by the attacker.", render.Style{Size: 11, Color: render.Muted, VAlign: render.Top})
		} else {
			line(fmt.Sprintf("%s against %s — %s.", title(v.Players[a.Attacker].Colour), title(v.Players[a.Defender].Colour), a.Step), body)
		}
		if len(a.Asked) > 0 {
			var parts []string
			for i, q := range a.Asked {
				s := title(v.Players[q].Colour) + ": "
				switch {
				case i >= a.Declared:
					s += "deciding"
				case a.Sides[q] == 1:
					s += "attacker"
				case a.Sides[q] == 2:
					s += "defender"
				default:
					s += "neutral"
				}
				parts = append(parts, s)
			}
			line("Neighbours: "+strings.Join(parts, " · "), body)
		}
	case len(v.Offers) > 0:
		c.Text(x, y, "Trade offers on the table", head)
		y += 24
		for _, o := range v.Offers {
			line(o.Text, body)
		}
	case v.Passage != nil:
	default:
		c.Text(x, y, "Now", head)
		y += 24
		if v.Asked != "" && len(v.Waiting) > 0 {
			line(title(v.Players[v.Waiting[0]].Colour)+": "+v.Asked, body)
			y += 4
		}
		if v.Round == 0 {
			return
		}
		line(fmt.Sprintf("Boats cost %d wood, ships %d wood or gold this development.", v.BoatCost, v.ShipCost), render.Style{Size: 11.5, Color: render.Muted, VAlign: render.Top})
		var sup []string
		for _, k := range []string{"wood", "horse", "gold", "coal", "iron", "weapon", "city", "boat", "ship"} {
			sup = append(sup, fmt.Sprintf("%s %d", k, v.Supply[k]))
		}
		line("Supply: "+strings.Join(sup, ", "), render.Style{Size: 11.5, Color: render.Muted, VAlign: render.Top})
	}
}

func drawEvents(c *render.Canvas, r image.Rectangle, v game.View) {
	x, y := float64(r.Min.X), float64(r.Min.Y)
	c.Text(x, y, "Last move", render.Style{Size: 15, Font: render.Bold, VAlign: render.Top})
	y += 24
	st := render.Style{Size: 11.5, VAlign: render.Top}
	legendTop := float64(r.Max.Y) - 62
	log := v.Log
	if len(log) > 8 {
		log = log[len(log)-8:]
	}
	for _, e := range log {
		for _, l := range render.Wrap(e, st, float64(r.Dx())) {
			if y+render.LineHeight(st) > legendTop {
				break
			}
			c.Text(x, y, l, st)
			y += render.LineHeight(st)
		}
	}
	// Legend of the chips.
	names := []string{"wood", "horse", "gold", "coal", "iron", "weapon"}
	lx := x
	for k, n := range names {
		if k == 3 {
			lx = x
		}
		ly := legendTop + 10 + float64(k/3)*20
		chips(c, lx+6, ly, oneGood(k))
		c.Text(lx+14, ly, n, render.Style{Size: 11, Color: render.Muted, VAlign: render.Middle})
		lx += 74
	}
	c.Text(x, legendTop+50, "F H G C I sources · B7 = Blue, value 7", render.Style{Size: 11, Color: render.Muted, VAlign: render.Middle})
}

func oneGood(k int) game.Goods {
	var g game.Goods
	g[k] = 1
	return g
}

// count writes n with its noun, singular for one.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
