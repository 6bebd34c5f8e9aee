package ascalion

import (
	"fmt"
	"image"
	"strings"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/msg"
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
	drawEvents(c, events, v, m)
}

func drawPlayers(c *render.Canvas, r image.Rectangle, v game.View, m render.Meta) {
	y := float64(r.Min.Y)
	lang := m.Lang
	c.Text(float64(r.Min.X), y, tr(lang, "players"), render.Style{Size: 15, Font: render.Bold, VAlign: render.Top})
	y += 24
	rowH := min(34, (float64(r.Max.Y)-y)/float64(max(1, len(v.Players))))
	for _, p := range v.Players {
		x := float64(r.Min.X)
		cy := y + rowH/2
		col := seatCol[p.Seat%len(seatCol)]
		c.Circle(x+11, cy, 11, col, render.Ink, 1.5)
		c.Text(x+11, cy, lettersOf(lang).seatOf(p.Seat), render.Style{Size: 12, Font: render.Bold, Color: render.ContrastInk(col), Align: render.Center, VAlign: render.Middle})
		name := who(v, m, p.Seat)
		if p.Seat == v.SP && v.Round > 0 {
			name += tr(lang, "player_start")
		}
		if p.Out {
			name += tr(lang, "player_out")
		}
		st := render.Style{Size: 13, Font: render.Bold, VAlign: render.Middle}
		c.Text(x+28, cy-7, name, st)
		detail := tr(lang, "player_detail", msg.Code("Cities", tr(lang, "n_cities", msg.Count("N", p.Cities))),
			msg.Code("Areas", tr(lang, "n_areas", msg.Count("N", p.Areas))), msg.Number("Start", p.Start))
		if p.Transports > 0 {
			detail += tr(lang, "player_transports", msg.Count("N", p.Transports))
		}
		if p.Done {
			detail += tr(lang, "player_done")
		}
		if p.Vote >= 0 {
			detail += tr(lang, map[int]string{0: "player_votes_no", 1: "player_votes_yes"}[p.Vote])
		}
		if p.Univ != "" {
			detail += tr(lang, "player_univ")
		}
		if p.SetupLeft > 0 {
			detail += tr(lang, "player_sources", msg.Number("N", p.SetupLeft))
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
	lang := m.Lang
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
		c.Text(x, y, tr(lang, "boat_waiting"), head)
		y += 24
		line(tr(lang, "boat_wants", msg.Code("Colour", colour(lang, ps.Owner)), msg.Code("Vessel", ps.Vessel), msg.Number("N", ps.Strength),
			msg.Code("From", ps.From), msg.Code("To", ps.To)), body)
		var parts []string
		for i, q := range ps.Asked {
			id := "answer_deciding"
			switch ps.Answers[i] {
			case 0:
				id = "answer_refuses"
			case 1:
				id = "answer_allows"
			}
			parts = append(parts, tr(lang, id, msg.Code("Colour", colour(lang, q))))
		}
		line(strings.Join(parts, " · "), body)
		y += 8
	}
	switch {
	case v.Result != nil:
		c.Text(x, y, tr(lang, "result"), head)
		y += 24
		line(reasonText(v, m), body)
		for rk := 1; rk <= len(v.Result.Ranks); rk++ {
			for p, r := range v.Result.Ranks {
				if r == rk {
					line(tr(lang, "result_rank", msg.Number("Rank", rk), msg.Code("Name", who(v, m, p)),
						msg.Code("Cities", tr(lang, "n_cities", msg.Count("N", v.Players[p].Cities)))), body)
				}
			}
		}
	case v.Attack != nil:
		a := v.Attack
		c.Text(x, y, tr(lang, "attack_on", msg.Code("Area", gameText(m, a.NameMsg, a.Name))), head)
		y += 24
		if a.Totals != nil {
			bar := func(who int, total int, parts []string, ms []*msg.Message) {
				col := seatCol[who%len(seatCol)]
				c.RoundRect(x, y, 64, 26, 6, col, render.Ink, 1.5)
				c.Text(x+32, y+13, fmt.Sprintf("%s %d", lettersOf(lang).seatOf(who), total), render.Style{Size: 15, Font: render.Bold,
					Color: render.ContrastInk(col), Align: render.Center, VAlign: render.Middle})
				st := render.Style{Size: 11, Color: render.Muted, VAlign: render.Middle}
				if lang != "" && lang != msg.English && len(ms) == len(parts) {
					parts = make([]string, len(ms))
					for i, pm := range ms {
						parts[i] = gameText(m, pm, "")
					}
				}
				txt := strings.Join(parts, ", ")
				c.Text(x+70, y+13, txt, render.FitText(txt, st, w-72))
				y += 32
			}
			bar(a.Attacker, a.Totals.Attacker, a.Totals.AtkParts, a.Totals.AtkMsgs)
			bar(a.Defender, a.Totals.Defender, a.Totals.DefParts, a.Totals.DefMsgs)
			line(tr(lang, "tie_lost"), render.Style{Size: 11, Color: render.Muted, VAlign: render.Top})
		} else {
			line(tr(lang, "attack_against", msg.Code("Attacker", colour(lang, a.Attacker)), msg.Code("Defender", colour(lang, a.Defender)),
				msg.Code("Step", stepText(a.Step, lang))), body)
		}
		if len(a.Asked) > 0 {
			var parts []string
			for i, q := range a.Asked {
				id := "side_neutral"
				switch {
				case i >= a.Declared:
					id = "answer_deciding"
				case a.Sides[q] == 1:
					id = "side_attacker"
				case a.Sides[q] == 2:
					id = "side_defender"
				}
				parts = append(parts, tr(lang, id, msg.Code("Colour", colour(lang, q))))
			}
			line(tr(lang, "neighbours", msg.Code("Sides", strings.Join(parts, " · "))), body)
		}
	case len(v.Offers) > 0:
		c.Text(x, y, tr(lang, "offers"), head)
		y += 24
		for _, o := range v.Offers {
			line(gameText(m, o.TextMsg, o.Text), body)
		}
	case v.Passage != nil:
	default:
		c.Text(x, y, tr(lang, "now"), head)
		y += 24
		if v.Asked != "" && len(v.Waiting) > 0 {
			line(tr(lang, "asked", msg.Code("Colour", who(v, m, v.Waiting[0])), msg.Code("Asked", gameText(m, v.AskedMsg, v.Asked))), body)
			y += 4
		}
		if v.Round == 0 {
			return
		}
		line(tr(lang, "costs", msg.Number("Boat", v.BoatCost), msg.Number("Ship", v.ShipCost)), render.Style{Size: 11.5, Color: render.Muted, VAlign: render.Top})
		var sup []string
		for _, k := range []string{"wood", "horse", "gold", "coal", "iron", "weapon", "city", "boat", "ship"} {
			sup = append(sup, tr(lang, "supply_"+k, msg.Number("N", v.Supply[k])))
		}
		line(tr(lang, "supply", msg.Code("Items", strings.Join(sup, ", "))), render.Style{Size: 11.5, Color: render.Muted, VAlign: render.Top})
	}
}

// drawEvents draws the last-move box: the thread post's turns when the board goes with one
// (last, render.Meta.Last), else the engine's log of the latest moves.
func drawEvents(c *render.Canvas, r image.Rectangle, v game.View, m render.Meta) {
	lang, last := m.Lang, m.Last
	x, y := float64(r.Min.X), float64(r.Min.Y)
	c.Text(x, y, tr(lang, "last_move"), render.Style{Size: 15, Font: render.Bold, VAlign: render.Top})
	y += 24
	st := render.Style{Size: 11.5, VAlign: render.Top}
	legendTop := float64(r.Max.Y) - 62
	log := v.Log
	// The messages, in every language, name the players as the texts do (the English log names
	// seats by colour).
	if len(v.LogMsg) == len(v.Log) {
		log = make([]string, len(v.Log))
		for i, lm := range v.LogMsg {
			log[i] = gameText(m, lm, v.Log[i])
		}
	}
	if len(last) > 0 {
		log = nil
		for _, l := range last {
			if l != "" {
				log = append(log, l)
			}
		}
	}
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
	lx := x
	for k := 0; k < 6; k++ {
		n := good(lang, k)
		if k == 3 {
			lx = x
		}
		ly := legendTop + 10 + float64(k/3)*20
		chips(c, lx+6, ly, oneGood(k), lettersOf(lang))
		c.Text(lx+14, ly, n, render.Style{Size: 11, Color: render.Muted, VAlign: render.Middle})
		lx += 74
	}
	lt := lettersOf(lang)
	legend := tr(lang, "legend", msg.Code("Sources", strings.Join(lt.source4(), " ")), msg.Code("Badge", lt.seatOf(1)+"7"), msg.Code("Blue", colour(lang, 1)))
	if expansionPieces(v) {
		legend += " · " + tr(lang, "legend_expansion", msg.Code("Temple", lt.temple), msg.Code("Univ", lt.univ), msg.Code("Book", lt.book))
	}
	c.Text(x, legendTop+50, legend, render.Style{Size: 11, Color: render.Muted, VAlign: render.Middle})
}

func oneGood(k int) game.Goods {
	var g game.Goods
	g[k] = 1
	return g
}
