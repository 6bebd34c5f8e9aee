// Package recap draws the picture posted when a game ends: the final ranks and scores, a chart of
// each player's progress over the game, and a few numbers. It is pure: a Recap in, a PNG out.
// Whatever it shows must come from public views and the result, never from a seat's secrets.
package recap

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules/msg"
)

// Progress is what a game's public view shows of how far each seat has come: its score, or what
// best stands for it in a game without a running score.
type Progress struct {
	Measure string // "points", "colonies", "areas held", "influence"...
	One     string // Measure for a count of one ("point", "colony"); empty when the same
	Values  []int  // by seat
	// Unit and UnitOne name what the result's scores count ("points", "cities"); the table
	// shows bare numbers when Unit is empty.
	Unit, UnitOne string
	Colours       []color.RGBA // the seats' colours on the game's boards; nil for SeatColour
	// Letters are the seats' badges on the game's boards ("R", "X"; "1", "2"; "I", "II"); nil
	// for A, B, C...
	Letters []string
	// Opponent is what a solo player plays against ("the Aspirant Livia", "the clock"); empty
	// in a game of several players.
	Opponent string
	// MeasureID and UnitID are Measure and Unit in every language (see Measure); OpponentMsg
	// is Opponent (Clock, Aspirant). The English fields stay for what has none.
	MeasureID, UnitID Measure
	OpponentMsg       *msg.Message
	// Final are the scores the view shows once the game is over or concluded by the platform
	// (rules.Concluder), by seat, where the progress measures something else; nil while hidden.
	// A recap of a resigned game shows them, as the final board does.
	Final []int
	// OpponentValue is the solo opponent's own running Measure (Ausonia's Aspirant gains
	// influence as the player does), nil when it keeps none: posts and the chart show it beside
	// the player's, else a solo game reads as a race of one.
	OpponentValue *int
}

// Player is one seat's line.
type Player struct {
	Name   string
	Colour color.RGBA // the seat's colour on the boards; zero for render.SeatColour
	Letter string     // the seat's badge on the boards; "" for A, B, C...
	Rank   int        // 1 for first; equal ranks are ties; 0 while unknown
	Score  *int       // the final score from the result, nil when the game gives none
	Values []int      // progress after each point of the game (same length for every player)
}

// Recap is everything the picture shows.
type Recap struct {
	Game    string // the game's name
	Measure string // what Values count: "points", "colonies", "areas held", "influence"...
	One     string // Measure for a count of one; empty when the same
	// Unit and UnitOne name what the scores count ("points", "cities"); empty: bare numbers.
	Unit, UnitOne string
	// Finished is whether the game has ended: a recap of a running game (a partial record)
	// says "so far" and shows no final result.
	Finished bool
	// Aborted: the game was ended without a result; the recap says so, not "so far".
	Aborted bool
	Reason  string // how the game ended
	Players []Player
	// Turns is how many turns the game took, counted as /history numbers them (one for each
	// seat's turn, however many decisions it took).
	Turns int
	// LongestTurn and Length come from the move timestamps; zero when they are not known (a
	// record file has none).
	LongestTurn time.Duration
	LongestBy   string
	Length      time.Duration
	// Opponent is what a solo player played against (see Progress.Opponent): the recap then
	// says Victory or Defeat against it.
	Opponent string
	// Lang is the language of the labels (msg's; "" for English). MeasureID, UnitID and
	// OpponentMsg say Measure, Unit and Opponent in it (see Progress); without them the English
	// fields are drawn.
	Lang              string
	MeasureID, UnitID Measure
	OpponentMsg       *msg.Message
	// OpponentValues is the solo opponent's running Measure at the players' Values' points (see
	// Progress.OpponentValue), charted as a line of its own; nil when it keeps none.
	OpponentValues []int
}

const (
	width = 1000
	pad   = 32
)

// Palette is the recap's palette: the neutrals and the players' colours with the shades their
// edges make. It depends only on the colours, so each game's recaps share one (and its cached
// quantiser).
func Palette(r Recap) color.Palette {
	b := render.NewPalette(render.Paper, render.Panel, render.Edge, render.Ink, render.Muted, render.White)
	b.RampAll(render.Paper, 3)
	b.Ramp(render.Ink, render.Panel, 3).Ramp(render.Muted, render.Panel, 2)
	for i := range r.Players {
		col := seatColour(r, i)
		b.Ramp(col, render.Ink, 1).Ramp(col, render.Panel, 2).Ramp(col, render.White, 1)
	}
	return b.MustPalette()
}

func seatColour(r Recap, i int) color.RGBA {
	if c := r.Players[i].Colour; c != (color.RGBA{}) {
		return c
	}
	return render.SeatColour(i)
}

// Image draws r.
func Image(r Recap) (image.Image, error) {
	c, err := paint(r)
	if err != nil {
		return nil, err
	}
	return c.Image(), nil
}

// PNG draws r and encodes it.
func PNG(r Recap) ([]byte, error) {
	img, err := Image(r)
	if err != nil {
		return nil, err
	}
	return render.EncodePNG(img, Palette(r))
}

func paint(r Recap) (*render.Canvas, error) {
	if len(r.Players) == 0 {
		return nil, errors.New("recap: no players")
	}
	rowH := 64
	tableH := rowH * len(r.Players)
	chartH := 420
	h := 80 + 24 + tableH + 40 + chartH + 40 + 110
	c := render.NewCanvas(width, h, render.Paper)
	c.StatusBar(image.Rect(0, 0, width, 80), render.Status{Text: title(r), Right: tr(r.Lang, "turns", msg.Count("N", r.Turns))})
	y := 104
	// Ranked table, best first; ties keep seat order.
	order := make([]int, len(r.Players))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rankKey(r.Players[order[a]]) < rankKey(r.Players[order[b]]) })
	for _, i := range order {
		p := r.Players[i]
		col := seatColour(r, i)
		cy := float64(y + rowH/2)
		rank := "–"
		if p.Rank > 0 {
			rank = ordinal(r.Lang, p.Rank)
		}
		name := p.Name
		if solo(r) {
			rank = ""
			name = tr(r.Lang, "solo_vs", msg.Code("Name", name), msg.Code("Opponent", opponent(r)))
		}
		c.Text(pad, cy, rank, render.Style{Size: 34, Font: render.Bold, VAlign: render.Middle})
		c.Circle(pad+100, cy, 20, col, render.Ink, 2)
		lst := render.Style{Size: 22, Font: render.Bold, Color: render.ContrastInk(col), Align: render.Center, VAlign: render.Middle}
		c.Text(pad+100, cy, letter(r, i), render.FitText(letter(r, i), lst, 34))
		c.Text(pad+136, cy, name, render.FitText(name, render.Style{Size: 32, Font: render.Bold, VAlign: render.Middle}, 480))
		c.Text(width-pad, cy, detail(r, p), render.Style{Size: 34, Font: render.Bold, Align: render.Right, VAlign: render.Middle})
		y += rowH
	}
	if r.Reason != "" {
		c.Text(pad, float64(y+20), r.Reason, render.FitText(r.Reason, render.Style{Size: 22, Color: render.Muted, VAlign: render.Middle}, width-2*pad))
	}
	y += 40
	chart(c, image.Rect(pad, y, width-pad, y+chartH), r)
	y += chartH + 40
	stats(c, image.Rect(0, y, width, h), r)
	return c, nil
}

// solo is a game of one player against the game itself.
func solo(r Recap) bool { return len(r.Players) == 1 && opponent(r) != "" }

// opponent is what a solo player played against, in r's language.
func opponent(r Recap) string {
	if r.OpponentMsg != nil {
		return msg.Render(r.OpponentMsg, langOf(r.Lang), nil)
	}
	return r.Opponent
}

// title heads the picture: the final result only of a game that has ended; a solo game's says
// whether the player won.
func title(r Recap) string {
	game := msg.Code("Game", r.Game)
	if r.Finished && solo(r) {
		switch r.Players[0].Rank {
		case 1:
			return tr(r.Lang, "title_victory", game)
		case 0:
		default:
			return tr(r.Lang, "title_defeat", game)
		}
	}
	if r.Finished {
		return tr(r.Lang, "title_final", game)
	}
	if r.Aborted {
		return tr(r.Lang, "title_aborted", game)
	}
	return tr(r.Lang, "title_running", game)
}

// detail is a player's number at the end of the table: the final score when the result gives
// one, else the last value of the measure.
func detail(r Recap, p Player) string {
	if n := len(r.OpponentValues); p.Score != nil && n > 0 && solo(r) {
		// The rival's score beside the player's ("3 – 64 influence"): the player's alone would
		// not say who won.
		theirs := detail(Recap{Lang: r.Lang, UnitID: r.UnitID, Unit: r.Unit, UnitOne: r.UnitOne}, Player{Score: &r.OpponentValues[n-1]})
		return tr(r.Lang, "solo_score", msg.Number("Mine", *p.Score), msg.Code("Theirs", theirs))
	}
	if p.Score != nil {
		if r.UnitID != "" {
			return tr(r.Lang, string(r.UnitID), msg.Count("N", *p.Score))
		}
		if r.Unit == "" {
			return fmt.Sprint(*p.Score)
		}
		return count(*p.Score, r.Unit, r.UnitOne)
	}
	if n := len(p.Values); n > 0 {
		if r.MeasureID != "" {
			return tr(r.Lang, string(r.MeasureID), msg.Count("N", p.Values[n-1]))
		}
		return count(p.Values[n-1], r.Measure, r.One)
	}
	return ""
}

// count writes n with its English noun, singular for one when the noun has a singular form: a
// Recap without MeasureID or UnitID.
func count(n int, many, one string) string { return fmt.Sprintf("%d %s", n, noun(n, many, one)) }

func noun(n int, many, one string) string {
	if n == 1 && one != "" {
		return one
	}
	return many
}

func rankKey(p Player) int {
	if p.Rank <= 0 {
		return math.MaxInt
	}
	return p.Rank
}

// ordinal is rank n in lang: 1st, 1., 1.º, 1er.
func ordinal(lang string, n int) string { return tr(lang, ordinalID(lang, n), msg.Number("N", n)) }

// letter marks a seat on the chart and in the table, so lines are told apart without colour: the
// seat's badge on the boards, else A, B, C...
func letter(r Recap, i int) string {
	if l := r.Players[i].Letter; l != "" {
		return l
	}
	return string(rune('A' + i))
}

// opponentLetter marks the solo opponent's line: the first letter of the last word of its name
// ("W" for "The Witch-Queen (Aspirant)"), past any article in any language.
func opponentLetter(r Recap) string {
	name, _, _ := strings.Cut(opponent(r), " (")
	f := strings.Fields(name)
	if len(f) == 0 {
		return "?"
	}
	first, _ := utf8.DecodeRuneInString(f[len(f)-1])
	return string(unicode.ToUpper(first))
}

// chart draws every player's Values as a line over the game, with a few grid lines.
func chart(c *render.Canvas, r image.Rectangle, rc Recap) {
	c.RoundRect(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), 12, render.Panel, render.Edge, 2)
	title := rc.Measure + " over the game"
	if rc.MeasureID != "" {
		title = tr(rc.Lang, string(rc.MeasureID)+"_chart")
	}
	c.Text(float64(r.Min.X+16), float64(r.Min.Y+24), title, render.Style{Size: 24, Font: render.Bold, VAlign: render.Middle})
	n, top := len(rc.OpponentValues), 1
	for _, v := range rc.OpponentValues {
		top = max(top, v)
	}
	for _, p := range rc.Players {
		n = max(n, len(p.Values))
		for _, v := range p.Values {
			top = max(top, v)
		}
	}
	plot := image.Rect(r.Min.X+64, r.Min.Y+56, r.Max.X-44, r.Max.Y-44)
	step := niceStep(top)
	top = (top + step - 1) / step * step
	yOf := func(v int) float64 {
		return float64(plot.Max.Y) - float64(v)/float64(top)*float64(plot.Dy())
	}
	xOf := func(i int) float64 {
		if n <= 1 {
			return float64(plot.Min.X)
		}
		return float64(plot.Min.X) + float64(i)/float64(n-1)*float64(plot.Dx())
	}
	for v := 0; v <= top; v += step {
		y := yOf(v)
		c.Line(float64(plot.Min.X), y, float64(plot.Max.X), y, 1, render.Edge)
		c.Text(float64(plot.Min.X-10), y, fmt.Sprint(v), render.Style{Size: 20, Color: render.Muted, Align: render.Right, VAlign: render.Middle})
	}
	c.Text(float64(plot.Min.X), float64(plot.Max.Y+24), tr(rc.Lang, "axis_start"), render.Style{Size: 20, Color: render.Muted, VAlign: render.Middle})
	end := tr(rc.Lang, "axis_end")
	if !rc.Finished && !rc.Aborted {
		end = tr(rc.Lang, "axis_now")
	}
	c.Text(float64(plot.Max.X), float64(plot.Max.Y+24), end, render.Style{Size: 20, Color: render.Muted, Align: render.Right, VAlign: render.Middle})
	type chip struct {
		y    float64
		seat int // -1: the solo opponent
	}
	var chips []chip
	if ov := rc.OpponentValues; len(ov) > 0 {
		// The solo opponent's line first, in ink, under the player's: what the player races.
		c.SetLineJoinRound()
		c.SetLineWidth(3)
		c.SetColor(render.Muted)
		c.MoveTo(xOf(0), yOf(ov[0]))
		for k := 1; k < len(ov); k++ {
			c.LineTo(xOf(k), yOf(ov[k-1]))
			c.LineTo(xOf(k), yOf(ov[k]))
		}
		c.Stroke()
		chips = append(chips, chip{yOf(ov[len(ov)-1]), -1})
	}
	for i, p := range rc.Players {
		if len(p.Values) == 0 {
			continue
		}
		// Steps, not slopes: a score changes at a move and holds until the next.
		c.SetLineJoinRound()
		c.SetLineWidth(5)
		c.SetColor(seatColour(rc, i))
		c.MoveTo(xOf(0), yOf(p.Values[0]))
		for k := 1; k < len(p.Values); k++ {
			c.LineTo(xOf(k), yOf(p.Values[k-1]))
			c.LineTo(xOf(k), yOf(p.Values[k]))
		}
		c.Stroke()
		chips = append(chips, chip{yOf(p.Values[len(p.Values)-1]), i})
	}
	// Each line ends in its seat's lettered chip right of the plot, pushed apart where lines
	// end close together so every letter stays readable.
	sort.SliceStable(chips, func(a, b int) bool { return chips[a].y < chips[b].y })
	for k := 1; k < len(chips); k++ {
		chips[k].y = math.Max(chips[k].y, chips[k-1].y+26)
	}
	for _, ch := range chips {
		col, l := render.Muted, opponentLetter(rc)
		if ch.seat >= 0 {
			col, l = seatColour(rc, ch.seat), letter(rc, ch.seat)
		}
		x := float64(plot.Max.X) + 20
		c.Circle(x, ch.y, 13, col, render.Ink, 2)
		lst := render.Style{Size: 16, Font: render.Bold, Color: render.ContrastInk(col), Align: render.Center, VAlign: render.Middle}
		c.Text(x, ch.y, l, render.FitText(l, lst, 22))
	}
}

// niceStep is a grid step of 1, 2 or 5 times a power of ten giving three to six lines.
func niceStep(top int) int {
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if top/(m*p) <= 5 {
				return m * p
			}
		}
	}
}

// stats writes the numbers under the chart, three to a row, in large type.
func stats(c *render.Canvas, r image.Rectangle, rc Recap) {
	// A label that would have to shrink to fit under its number (a long name after "longest
	// turn", German's longer words) is split instead: the words, then the name below them.
	type stat struct{ value, label, short, by string }
	items := []stat{{value: fmt.Sprint(rc.Turns), label: tr(rc.Lang, "stat_turns", msg.Count("N", rc.Turns))}}
	if rc.Length > 0 {
		items = append(items, stat{value: days(rc.Lang, rc.Length), label: tr(rc.Lang, "stat_length")})
	}
	if rc.LongestTurn > 0 {
		it := stat{value: days(rc.Lang, rc.LongestTurn), label: tr(rc.Lang, "stat_longest")}
		if rc.LongestBy != "" {
			it.short, it.by = it.label, rc.LongestBy
			it.label = tr(rc.Lang, "stat_longest_by", msg.Code("Name", rc.LongestBy))
		}
		items = append(items, it)
	}
	w := r.Dx() / len(items)
	for i, it := range items {
		x := float64(r.Min.X + i*w + w/2)
		c.Text(x, float64(r.Min.Y+30), it.value, render.Style{Size: 40, Font: render.Bold, Align: render.Center, VAlign: render.Middle})
		st := render.Style{Size: 22, Color: render.Muted, Align: render.Center, VAlign: render.Middle}
		if it.by != "" && render.TextWidth(it.label, st) > float64(w-20) {
			c.Text(x, float64(r.Min.Y+66), it.short, render.FitText(it.short, st, float64(w-20)))
			c.Text(x, float64(r.Min.Y+92), it.by, render.FitText(it.by, st, float64(w-20)))
			continue
		}
		c.Text(x, float64(r.Min.Y+72), it.label, render.FitText(it.label, st, float64(w-20)))
	}
}

// days writes a duration in lang the way a long game is felt: days, else hours, else minutes.
func days(lang string, d time.Duration) string {
	switch {
	case d >= 48*time.Hour:
		return tr(lang, "dur_days", msg.Code("D", decimal(lang, d.Hours()/24)))
	case d >= 2*time.Hour:
		return tr(lang, "dur_hours", msg.Code("D", fmt.Sprintf("%.0f", d.Hours())))
	case d >= time.Minute:
		return tr(lang, "dur_min", msg.Code("D", fmt.Sprintf("%.0f", d.Minutes())))
	}
	return tr(lang, "dur_s", msg.Code("D", fmt.Sprintf("%.0f", d.Seconds())))
}
