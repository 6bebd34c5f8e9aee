// Package ascidiae draws an Ascidiae board: the status line, the central board (piles with their
// costs, abilities and locks; colonies), every player's grid with the current's path, and a log.
package ascidiae

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"
	"strings"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	asc "github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/msg"
)

// Layout constants (pixels).
const (
	margin  = 14
	statusH = 64
	gutter  = 16.0 // between spaces: the current's chevrons sit here
	coordW  = 30.0 // room for the a-d / 1-3 coordinates
	pileW   = 111.0
	pileH   = 150.0
	colW    = 116.0
	colH    = 62.0
	logLine = 21.0
)

// Image draws the view returned by State.View.
// The canvas comes from the pool: render.Recycle hands it back when the caller is done.
func Image(v any, m render.Meta) (image.Image, error) {
	view, err := toView(v)
	if err != nil {
		return nil, err
	}
	return newBoard(view, m).draw(render.AcquireCanvas).Image(), nil
}

// PNG draws and encodes the view, on a pooled canvas.
func PNG(v any, m render.Meta) ([]byte, error) {
	view, err := toView(v)
	if err != nil {
		return nil, err
	}
	c := newBoard(view, m).draw(render.AcquireCanvas)
	defer c.Release()
	return render.EncodePNG(c.RGBA, pal)
}

func toView(v any) (*asc.View, error) { return render.ViewOf[asc.View](v, "ascidiae") }

type board struct {
	width float64
	cell  float64
	v     *asc.View
	kinds map[string]*asc.KindView
	c     *render.Canvas
	gridW float64 // one player's panel b.width
	gridH float64
	cols  int // player panels per row
	logN  int
	meta  render.Meta
	// The log and the question wrapped, kept once worked out: the height needs them before the
	// drawing does.
	wrapped  []logRow
	logMax   int  // the most lines the log takes
	phone    bool // the phone image (Focus): its log has no title
	prompt   []string
	wrappedW float64
}

func newBoard(v *asc.View, m render.Meta) *board {
	if m.Result != nil || m.Aborted {
		// The platform's result (a resignation, a timeout) stands over the engine's, and the
		// game that ended asks nobody anything: no "Now:" question of the turn it cut short.
		cp := *v
		if m.Result != nil {
			cp.Result = m.Result
		}
		cp.Prompt, cp.PromptMsg = "", nil
		v = &cp
	}
	b := &board{v: v, kinds: map[string]*asc.KindView{}, meta: m, logMax: logMax}
	for i := range v.Kinds {
		b.kinds[v.Kinds[i].ID] = &v.Kinds[i]
	}
	b.cols, b.width, b.cell = 2, 1200, 119
	if len(v.Players) == 1 {
		b.cols, b.cell, b.width = 1, 150, 1200
	}
	b.setCell(b.cell)
	return b
}

// setCell sizes the grids' spaces.
func (b *board) setCell(cell float64) {
	b.cell = cell
	b.gridW = coordW + 4*b.cell + 3*gutter + 2*gutter
	b.gridH = 44 + coordW + 3*b.cell + 2*gutter + gutter
}

func (b *board) height() int {
	rows := (len(b.v.Players) + b.cols - 1) / b.cols
	h := statusH + margin + b.centralH() + margin + float64(rows)*(b.gridH+margin) + b.logH() + margin
	return int(h)
}

func (b *board) centralH() float64 { return 36 + pileH + 40 + colH + 16 }

// logPara is one turn in the log: its head ("dmitri, round 25:") and what happened in it.
type logPara struct {
	head  string
	lines []string
}

// logRow is one drawn line of the log: a turn's head in bold where the turn begins, then text.
type logRow struct{ head, text string }

// logParas are the turns the log tells: every seat's turn since the awaited seat's last one
// (issue 38: at 3 and 4 seats only the last player's turn was shown, and what the other AIs
// built was lost), then the turn being played, or at the end the turn that ended the game.
func (b *board) logParas() []logPara {
	v := b.v
	lines := func(msgs []*msg.Message, english []string) []string {
		out := make([]string, len(english))
		for i, l := range english {
			var m *msg.Message
			if len(msgs) == len(english) {
				m = msgs[i]
			}
			out[i] = b.text(m, l)
		}
		return out
	}
	// Turns go round in seat order, so the turns since the awaited seat's own are the others'
	// last ones; solo, the turn before. A game ended by the turn limit has no turn in play: its
	// whole last round.
	k := max(1, len(v.Players)-1)
	if v.Result != nil && len(v.Log) == 0 {
		k = len(v.Players)
	}
	// A seat's turn N is played in round N: with players the log says round, as the goal line
	// does ("round 6/40" over "bob, turn 5" read as two clocks).
	key := "log_turn"
	if len(v.Players) > 1 {
		key = "log_round"
	}
	var paras []logPara
	for _, t := range v.Recent[max(0, len(v.Recent)-k):] {
		paras = append(paras, logPara{b.tr(key, msg.Code("Who", b.who(t.Seat)), msg.Number("N", t.Turn)), lines(t.Msgs, t.Lines)})
	}
	if len(v.Log) > 0 {
		paras = append(paras, logPara{b.tr("log_this_turn", msg.Code("Who", b.who(v.Seat))), lines(v.LogMsgs, v.Log)})
	}
	return paras
}

// The most lines the log takes on the board and on the focus image, whose height a phone
// scrolls (at most two screens); a turn that does not fit keeps its first lines.
const (
	logMax      = 16
	focusLogMax = 8
	logIndent   = 14.0 // a turn's lines after its first, so that each turn stands out
)

var (
	logStyle     = render.Style{Size: 16, VAlign: render.Middle}
	logHeadStyle = render.Style{Size: 16, Font: render.Bold, VAlign: render.Middle}
)

// logRows wraps each turn as one paragraph after its bold head, w wide, in at most logMax
// lines: every turn keeps its first line, the lines left go to the latest turns first (what just
// happened matters most). A turn that does not fit keeps its first whole sentences and ends in an
// ellipsis: a sentence is never cut (German ran "basica auf …" off mid-sentence), and a word only
// where its first sentence alone does not fit, and then at a word's end.
func logRows(paras []logPara, w float64, most int) []logRow {
	if len(paras) > most {
		paras = paras[len(paras)-most:]
	}
	wrapped := make([][]logRow, len(paras))
	for i, p := range paras {
		wrapped[i] = wrapPara(p, w)
	}
	room := make([]int, len(paras))
	left := most - len(paras)
	for i := len(paras) - 1; i >= 0; i-- {
		room[i] = 1 + min(len(wrapped[i])-1, left)
		left -= room[i] - 1
	}
	var out []logRow
	for i, rows := range wrapped {
		if len(rows) > room[i] {
			rows = shortenPara(paras[i], w, room[i])
		}
		out = append(out, rows...)
	}
	return out
}

// shortenPara is a turn in at most room lines: its first sentences that fit with an ellipsis,
// else its first sentence cut at a word's end.
func shortenPara(p logPara, w float64, room int) []logRow {
	for n := len(p.lines) - 1; n >= 1; n-- {
		short := logPara{head: p.head, lines: append(append([]string(nil), p.lines[:n]...), "…")}
		if rows := wrapPara(short, w); len(rows) <= room {
			return rows
		}
	}
	rows := wrapPara(p, w)
	keep := append([]logRow(nil), rows[:room]...)
	last := &keep[len(keep)-1]
	avail := w - logIndent
	if last.head != "" {
		avail = w - render.TextWidth(last.head+" ", logHeadStyle)
	}
	for last.text != "" && render.TextWidth(last.text+" …", logStyle) > avail {
		words := strings.Fields(last.text)
		last.text = strings.Join(words[:len(words)-1], " ")
	}
	last.text = strings.TrimSpace(last.text + " …")
	return keep
}

// wrapPara wraps a turn: its head in bold, its lines run on after it.
func wrapPara(p logPara, w float64) []logRow {
	text := strings.Join(p.lines, " ")
	headW := render.TextWidth(p.head+" ", logHeadStyle)
	if text == "" {
		return []logRow{{head: p.head}}
	}
	first := render.Wrap(text, logStyle, w-headW)[0]
	rows := []logRow{{head: p.head, text: first}}
	if headW+render.TextWidth(first, logStyle) > w {
		// Not even one word fits after the head: the text starts below it.
		rows[0].text = ""
	} else {
		text = strings.Join(strings.Fields(text)[len(strings.Fields(first)):], " ")
	}
	if text != "" {
		for _, l := range render.Wrap(text, logStyle, w-logIndent) {
			rows = append(rows, logRow{text: l})
		}
	}
	return rows
}

// logLine is the log's line pitch: a little tighter on the phone image, whose height is a screen.
func (b *board) logLine() float64 {
	if b.phone {
		return 20
	}
	return logLine
}

func (b *board) logH() float64 {
	n := len(b.wrappedLog())
	if b.v.Prompt != "" {
		n += 1 + len(b.promptLines())
	}
	if b.legendBelow() {
		n += len(b.legendRows())
	}
	n += len(b.overNote())
	if b.phone {
		// No title: the turns' heads say what the box is, and a phone's screen is short.
		return 24 + float64(n)*b.logLine()
	}
	return 50 + float64(n)*b.logLine()
}

// legendRows is the legend on lines of its own: one, or two split between two entries where
// one would shrink too much (German in the narrow focus image).
func (b *board) legendRows() [][]glyph {
	gs := legendGlyphs(b.meta.Lang)
	if rowWidth(gs, 1.05) <= 1.12*(b.width-2*margin-28) { // drawRow shrinks it a little to fit
		return [][]glyph{gs}
	}
	half, best := rowWidth(gs, 1.05)/2, 0
	acc, bestD := 0.0, 1e9
	for i, g := range gs {
		acc += g.width(1.05)
		if g.kind == 4 && math.Abs(acc-half) < bestD {
			best, bestD = i, math.Abs(acc-half)
		}
	}
	return [][]glyph{gs[:best], gs[best+1:]}
}

// legendBelow says the legend does not fit beside the log's title (a narrow image): it then
// gets a line of its own.
func (b *board) legendBelow() bool {
	return rowWidth(legendGlyphs(b.meta.Lang), 1.05)+120 > b.width-2*margin
}

var overStyle = render.Style{Size: 16, Font: render.Bold, Color: warn, VAlign: render.Middle}

// overNote is the log's note, on lines of its own, that a card shown over its capacity ("8/6"
// in red) purges when it next activates: the rulebook purges only then ("if, on activation,
// there are more, return them all to the supply"), and a reader took an 8/6 left on the grid for
// a purge the rules forgot (issue 38). Nil when no card is over.
func (b *board) overNote() []string {
	for _, p := range b.v.Players {
		for _, cv := range p.Cells {
			if cv.Card != "" && cv.Tadpoles.Total() > cv.Capacity {
				load := itoa(cv.Tadpoles.Total()) + "/" + itoa(cv.Capacity)
				return render.Wrap(b.tr("over_capacity", msg.Code("Load", load)), overStyle, b.width-2*margin-28)
			}
		}
	}
	return nil
}

var promptStyle = render.Style{Size: 16, Font: render.Bold, VAlign: render.Middle, Color: render.Ink}

// promptLines is the question asked, wrapped to the log's width.
func (b *board) promptLines() []string {
	b.wrap()
	return b.prompt
}

// wrap wraps the log and the question to the image's width, again only when the width changed.
func (b *board) wrap() {
	if b.wrapped != nil && b.wrappedW == b.width {
		return
	}
	b.wrappedW = b.width
	b.prompt = nil
	if b.v.Prompt != "" {
		b.prompt = render.Wrap(b.tr("now", msg.Code("Prompt", b.text(b.v.PromptMsg, b.v.Prompt))), promptStyle, b.width-2*margin-36)
	}
	b.wrapped = logRows(b.logParas(), b.width-2*margin-40, b.logMax)
	if b.wrapped == nil {
		b.wrapped = []logRow{}
	}
}

// fitMin is render.FitText that stops at minText: a longer name overflows a little rather than
// shrink past reading.
func fitMin(s string, st render.Style, w float64) render.Style {
	st = render.FitText(s, st, w)
	st.Size = math.Max(st.Size, minText)
	return st
}

func (b *board) wrappedLog() []logRow {
	b.wrap()
	return b.wrapped
}

func (b *board) draw(frame render.Frame) *render.Canvas {
	b.c = frame(int(b.width), b.height(), render.Paper)
	b.status()
	y := float64(statusH + margin)
	b.central(y)
	y += b.centralH() + margin
	for i := range b.v.Players {
		col, row := i%b.cols, i/b.cols
		x := float64(margin) + float64(col)*(b.gridW+margin)
		if b.cols == 1 {
			x = (b.width - b.gridW) / 2
		}
		b.player(i, x, y+float64(row)*(b.gridH+margin))
	}
	rows := (len(b.v.Players) + b.cols - 1) / b.cols
	y += float64(rows) * (b.gridH + margin)
	b.log(y)
	return b.c
}

func (b *board) status() {
	v := b.v
	s := render.Status{Swatch: render.SeatColour(v.Seat), Letter: itoa(v.Seat + 1)}
	switch {
	case b.meta.Aborted:
		s.Text, s.Swatch = b.tr("status_aborted"), nil
	case v.Result != nil:
		s.Text = b.resultLine()
		if w := winners(v); len(w) == 1 && !v.Solo {
			s.Swatch, s.Letter = render.SeatColour(w[0]), itoa(w[0]+1)
		} else {
			s.Swatch = nil
		}
	case v.Setup:
		s.Text = b.setupStatus()
		s.Swatch = nil
	default:
		s.Text = b.toPlay()
	}
	goal := b.tr("goal", msg.Code("Difficulty", b.difficulty()), msg.Number("N", v.WinTarget), msg.Number("Round", min(v.Round+1, v.TurnLimit)), msg.Number("Of", v.TurnLimit))
	if v.Solo {
		goal = b.tr("goal_solo", msg.Code("Difficulty", b.difficulty()), msg.Number("Turn", max(1, v.Players[0].Turns)), msg.Number("Of", v.SoloTurns))
	}
	if v.Result == nil && !b.meta.Aborted {
		s.Right = goal // once over, the result needs the whole line
	}
	b.c.StatusBar(image.Rect(0, 0, int(b.width), statusH), s)
}

// toPlay is whose turn it is, and the space that activates.
func (b *board) toPlay() string {
	if b.v.Active != "" {
		return b.tr("status_activates", msg.Code("Who", b.who(b.v.Seat)), msg.Code("Space", b.v.Active))
	}
	return b.tr("status_to_play", msg.Code("Who", b.who(b.v.Seat)))
}

// resultLine states the result, its winner named and its seats rendered.
func (b *board) resultLine() string {
	r := b.v.Result
	reason := b.text(r.ReasonMsg, r.English())
	if r.ReasonMsg == nil {
		reason = b.meta.Text(r.English(), func(s rules.Seat) string {
			if b.meta.Name(s) != "" {
				return ""
			}
			return b.who(int(s))
		})
	}
	w := r.Winners()
	switch {
	case len(r.Ranks) < 2 || len(w) == 0:
		return reason
	case len(w) == 1 && r.ReasonMsg != nil && strings.HasPrefix(r.ReasonMsg.ID, "res_wins_"):
		return reason // "Tess claims a second colony and wins.": naming her again said it twice
	case len(w) == 1:
		return b.tr("status_wins", msg.Code("Who", b.who(int(w[0]))), msg.Code("Reason", reason))
	}
	names := b.who(int(w[len(w)-1]))
	for i := len(w) - 2; i >= 0; i-- {
		id := "names_comma"
		if i == len(w)-2 {
			id = "names_and"
		}
		names = b.tr(id, msg.Code("First", b.who(int(w[i]))), msg.Code("Rest", names))
	}
	return b.tr("status_share", msg.Code("Who", names), msg.Code("Reason", reason))
}

// who names seat s by its player, shortened to fit a grid's title, or "Seat N" without players.
func (b *board) who(s int) string {
	if n := b.meta.Player(rules.Seat(s), "", 16); n != "" {
		return n
	}
	return b.tr("seat_n", msg.Number("N", s+1))
}

func winners(v *asc.View) []int {
	var w []int
	for i, r := range v.Result.Ranks {
		if r == 1 {
			w = append(w, i)
		}
	}
	return w
}

// central draws the piles and the colonies.
func (b *board) central(y float64) {
	c := b.c
	x0 := float64(margin)
	box(c, x0, y, b.width-2*margin, b.centralH(), 12, render.Panel, render.Edge, 2)
	title := render.Style{Size: 18, Font: render.Bold, VAlign: render.Middle}
	c.Text(x0+14, y+18, b.tr("central"), title)
	c.Text(b.width-margin-14, y+18, b.tr("central_hint", msg.Number("N", b.v.Blocks)),
		render.Style{Size: 15, Color: render.Muted, Align: render.Right, VAlign: render.Middle})
	py := y + 36
	gap := (b.width - 2*margin - 20 - 10*pileW) / 9
	for i, p := range b.v.Piles {
		b.pile(p, x0+10+float64(i)*(pileW+gap), py)
	}
	cy := py + pileH + 12
	c.Text(x0+14, cy+14, b.tr("colonies"), title)
	c.Text(x0+14+render.TextWidth(b.tr("colonies"), title)+10, cy+14, b.tr("colonies_hint", msg.Code("Verb", colonizeWord(b.meta.Lang))),
		render.Style{Size: 14, Color: render.Muted, VAlign: render.Middle})
	cy += 28
	for i, col := range b.v.Colonies {
		b.colony(col, x0+10+float64(i)*(colW+8), cy)
	}
}

func (b *board) pile(p asc.PileView, x, y float64) { b.pileH(p, x, y, pileH) }

// pileUsed is how much of a pile's height its face fills: the phone image crops a row of piles
// to its fullest.
func (b *board) pileUsed(p asc.PileView) float64 {
	k := b.kinds[p.Card]
	if k == nil {
		return 70
	}
	rows, lh, _ := b.abilityLayout(k, asc.Up, pileW-10, pileH-80)
	return math.Min(pileH, math.Ceil(pileTop(b.phone)+float64(len(rows))*lh+6))
}

// pileH draws a pile h tall, its face cropped there.
func (b *board) pileH(p asc.PileView, x, y, h float64) {
	c := b.c
	band := render.OIBlue
	tint := tintSpecial
	if p.Zone == "red" {
		band, tint = render.OIVermillion, tintCommon
	}
	// On whole pixels: the pile's face (everything but its count) is drawn once per card and
	// language and copied.
	x, y = math.Round(x), math.Round(y)
	k := b.kinds[p.Card]
	pk := faceKey{card: p.Card, pile: p.Zone + p.Space, cost: p.Cost, lang: b.meta.Lang, phone: b.phone}
	if k != nil {
		pk.sig = kindSig(k)
	}
	face := faces.GetOr(pk, func() image.Image {
		fb := *b
		fb.c = render.NewCanvas(int(pileW), int(pileH), render.Panel)
		fb.pileFace(p, k, band, tint)
		return fb.c.Image()
	})
	draw.Draw(c.RGBA, image.Rect(int(x), int(y), int(x+pileW), int(y+h)), face, image.Point{}, draw.Src)
	if h < pileH {
		// The face's bottom edge, where the crop took it off.
		box(c, x, y, pileW, h, 8, nil, render.Ink, 1.5)
	}
	c.Text(x+pileW-7, y+12, "×"+itoa(p.Count), render.Style{Size: 15, Font: render.Bold, Color: render.White, Align: render.Right, VAlign: render.Middle})
	if p.Count == 0 {
		box(c, x, y, pileW, h, 8, render.Alpha(render.Paper, 0.7), nil, 0)
		c.Text(x+pileW/2, y+h/2, b.tr("empty"), render.Style{Size: 18, Font: render.Bold, Color: render.Muted, Align: render.Center, VAlign: render.Middle})
	}
	if p.Locked {
		// Over the header band, so cost and abilities stay readable.
		box(c, x+2, y+1, pileW-4, 24, 6, warn, render.Ink, 1.5)
		// Fitted to the band: French "VERROUILLÉE ×8" ran off the pile.
		lk := b.tr("locked", msg.Number("N", p.Count))
		c.Text(x+pileW/2, y+13, lk, render.FitText(lk, render.Style{Size: 15, Font: render.Bold, Color: render.White, Align: render.Center, VAlign: render.Middle}, pileW-10))
	}
}

// pileFace draws the unchanging part of a pile at the canvas's origin.
func (b *board) pileFace(p asc.PileView, k *asc.KindView, band, tint color.RGBA) {
	c := b.c
	tile(c, 0, 0, pileW, pileH, 8, render.Panel, tint, render.Ink, 1.5)
	box(c, 0, 0, pileW, 24, 8, band, nil, 0)
	c.Rect(image.Rect(0, 16, int(pileW), 24), band)
	c.Text(7, 12, strings.ToUpper(p.Zone[:1])+p.Space[len(p.Space)-1:], render.Style{Size: 15, Font: render.Bold, Color: render.White, VAlign: render.Middle})
	name := fitMin(p.Card, render.Style{Size: 16, Font: render.Bold, Align: render.Center, VAlign: render.Middle}, pileW-8)
	c.Text(pileW/2, 38, p.Card, name)
	if b.phone {
		// The phone image's piles give the cost its own line's room: on a pill in the band.
		// Between the pile's name ("B3") and its count ("×8").
		const l, r = 27.0, pileW - 29
		cw := math.Min(r-l, rowWidth(poolShapes(p.Cost), 1)+10)
		box(c, (l+r)/2-cw/2, 3, cw, 18, 9, render.White, nil, 0)
		drawRow(c, (l+r)/2-cw/2+5, 12, cw-9, poolShapes(p.Cost), 1)
		if k != nil {
			b.abilities(k, asc.Up, 5, pileTop(true), pileW-10, pileH-80)
		}
		return
	}
	// Cost.
	cost := render.Style{Size: minText, Color: render.Muted, VAlign: render.Middle}
	c.Text(6, 60, b.tr("cost"), cost)
	cx := math.Max(36, 10+render.TextWidth(b.tr("cost"), cost)) // a longer word pushes the icons right
	drawRow(c, cx, 60, pileW-4-cx, poolShapes(p.Cost), 1)
	// What the card does, in the card's own frame (facing up).
	if k != nil {
		b.abilities(k, asc.Up, 5, pileTop(false), pileW-10, pileH-80)
	}
}

// pileTop is where a pile's abilities begin: below its cost, or below its name where the cost
// is in the band (the phone image).
func pileTop(phone bool) float64 {
	if phone {
		return 54
	}
	return 76
}

// abilities draws a species' abilities as icon rows in the box, directions turned by o.
func (b *board) abilities(k *asc.KindView, o asc.Dir, x, y, w, h float64) {
	rows, lh, scale := b.abilityLayout(k, o, w, h)
	for i, r := range rows {
		drawRow(b.c, x, y+lh*(float64(i)+0.5), w, r, scale)
	}
}

// minPitch is the least distance between two icon rows at which their words (minText) clear
// each other.
const minPitch = 12.5

// abilityLayout is a species' abilities as rows of icons for a box w by h, with the rows' pitch
// and the icons' scale.
func (b *board) abilityLayout(k *asc.KindView, o asc.Dir, w, h float64) (rows [][]glyph, lh, scale float64) {
	rows = b.abilityRows(k, o, w, h)
	if len(rows) == 0 {
		return nil, 0, 0
	}
	lh = math.Min(19, h/float64(len(rows)))
	return rows, lh, math.Min(1, lh/17)
}

// fitWidth is the width drawRow draws gs in at most maxW: more where its words, which stop
// shrinking at minText, do not fit.
func fitWidth(gs []glyph, scale, maxW float64) float64 {
	if w := rowWidth(gs, scale); w > maxW {
		scale *= maxW / w
	}
	return rowWidth(gs, scale)
}

// abilityRows is a species' abilities as rows of icons for a box w by h: while the box has room
// for another row (minPitch), a row that runs off the box, else one that would shrink too much,
// is split at the action boundary nearest its middle.
func (b *board) abilityRows(k *asc.KindView, o asc.Dir, w, h float64) [][]glyph {
	var rows [][]glyph
	for i, ab := range k.Abilities {
		gs := []glyph{{text: itoa(i+1) + ":", bold: true}}
		rows = append(rows, append(gs, abilityGlyphs(asc.Ability{Actions: ab.Actions}, o, b.meta.Lang)...))
	}
	for _, l := range k.Lends {
		// A gap after the arrow: "lend ↑ ORDER" may go on two lines (caudalata in French).
		gs := []glyph{{text: b.tr("lend"), bold: true}, {kind: 2, dir: l.To.Turn(o)}, {kind: 4}}
		rows = append(rows, append(gs, abilityGlyphs(asc.Ability{Actions: l.Ability.Actions}, o, b.meta.Lang)...))
	}
	var extra []glyph
	if k.OnRoot.Total() > 0 {
		extra = append(extra, glyph{text: b.tr("enters"), bold: true})
		extra = append(extra, poolGlyphs(k.OnRoot)...)
	}
	if k.Capacity != 6 {
		if len(extra) > 0 {
			extra = append(extra, glyph{kind: 4})
		}
		extra = append(extra, glyph{text: b.tr("capacity", msg.Number("N", k.Capacity)), bold: true})
	}
	if len(extra) > 0 {
		rows = append(rows, extra)
	}
	for len(rows) > 0 && h/float64(len(rows)+1) >= minPitch {
		scale := math.Min(1, math.Min(19, h/float64(len(rows)))/17)
		worst, worstW := -1, 0.0
		for i, r := range rows {
			if over := fitWidth(r, scale, w) - w; over > 0 && over+1e6 > worstW && canSplit(r) {
				worst, worstW = i, over+1e6 // running off the box comes first
			} else if worstW < 1e6 && !fitsUnshrunk(r, w) && canSplit(r) && rowWidth(r, 1) > worstW {
				worst, worstW = i, rowWidth(r, 1)
			}
		}
		if worst < 0 {
			break
		}
		parts := splitRow(rows[worst], w)
		if len(parts) == 1 {
			break
		}
		rows = append(rows[:worst], append(parts, rows[worst+1:]...)...)
	}
	return rows
}

func (b *board) colony(col asc.ColonyView, x, y float64) {
	c := b.c
	fill := render.White
	if col.By >= 0 {
		fill = claimedFill
	}
	tile(c, x, y, colW, colH, 8, render.Panel, render.Opaque(fill), render.Ink, 1.5)
	c.Text(x+8, y+16, col.Slot, render.Style{Size: 17, Font: render.Bold, VAlign: render.Middle})
	if col.By >= 0 {
		c.Badge(x+colW-16, y+16, 12, itoa(col.By+1), render.SeatColour(col.By), render.ContrastInk(render.SeatColour(col.By)))
		c.Text(x+colW-32, y+16, b.tr("claimed"), render.Style{Size: minText, Color: render.Muted, Align: render.Right, VAlign: render.Middle})
	}
	drawRow(c, x+8, y+43, colW-14, poolShapes(col.Needs), 1.15)
}

// player draws one seat's grid.
func (b *board) player(i int, x, y float64) {
	c := b.c
	v := b.v
	p := v.Players[i]
	turn := v.Result == nil && !v.Setup && v.Seat == i
	edge, lw := render.Edge, 2.0
	if turn {
		edge, lw = render.SeatColour(i), 4
	}
	box(c, x, y, b.gridW, b.gridH, 12, render.Panel, edge, lw)
	c.Badge(x+24, y+22, 14, itoa(i+1), render.SeatColour(i), render.ContrastInk(render.SeatColour(i)))
	title := b.tr("player_title", msg.Code("Who", b.who(i)), msg.Number("N", len(p.Colonies)), msg.Number("Of", v.WinTarget))
	if v.Solo {
		title = b.tr("player_title_solo", msg.Code("Who", b.who(i)), msg.Number("N", len(p.Colonies)))
	}
	c.Text(x+46, y+22, title, render.Style{Size: 19, Font: render.Bold, VAlign: render.Middle})
	if v.Setup && !p.Placed {
		c.Text(x+b.gridW-14, y+22, b.tr("placing"), render.Style{Size: 16, Color: render.Muted, Align: render.Right, VAlign: render.Middle})
	}
	gx := x + gutter + coordW
	gy := y + 44 + coordW
	pos := func(sp int) (float64, float64) {
		return gx + float64(sp%asc.Cols)*(b.cell+gutter), gy + float64(sp/asc.Cols)*(b.cell+gutter)
	}
	coord := render.Style{Size: 17, Font: render.Bold, Color: render.Muted, Align: render.Center, VAlign: render.Middle}
	for col := 0; col < asc.Cols; col++ {
		cx, _ := pos(col)
		c.Text(cx+b.cell/2, gy-coordW/2-6, string(rune('a'+col)), coord)
	}
	for row := 0; row < asc.Rows; row++ {
		_, cy := pos(row * asc.Cols)
		c.Text(gx-coordW/2-8, cy+b.cell/2, itoa(row+1), coord)
	}
	order := map[string]int{}
	for k, s := range v.Path {
		order[s] = k
	}
	for sp, cv := range p.Cells {
		cx, cy := pos(sp)
		active := turn && v.Active == cv.Space
		b.cellView(cv, cx, cy, order[cv.Space]+1, active, turn && v.Active == "" && order[cv.Space] == v.Pos && !v.Setup)
	}
	b.current(pos)
}

// current draws the flow as chevrons in the gutters, entering the first space and leaving the last.
func (b *board) current(pos func(int) (float64, float64)) {
	path := make([]int, len(b.v.Path))
	for i, s := range b.v.Path {
		path[i] = spaceIndex(s)
	}
	chev := func(px, py float64, d asc.Dir) { chevron(b.c, px, py, 13, d, flowColour) }
	// The point on the edge of sp towards d, off the middle so the orientation notch stays clear.
	edge := func(sp int, d asc.Dir) (float64, float64) {
		x, y := pos(sp)
		dx, dy := dirVec(d)
		mx, my := x+b.cell/2+dx*(b.cell/2+gutter/2), y+b.cell/2+dy*(b.cell/2+gutter/2)
		if dx != 0 {
			my += b.cell * 0.3
		} else {
			mx += b.cell * 0.3
		}
		return mx, my
	}
	for i := 0; i+1 < len(path); i++ {
		d := dirBetween(path[i], path[i+1])
		chev(firstOf(edge(path[i], d)), secondOf(edge(path[i], d)), d)
	}
	in := outward(path[0])
	ex, ey := edge(path[0], in)
	chev(ex, ey, (in+2)&3)
	out := outward(path[len(path)-1])
	ex, ey = edge(path[len(path)-1], out)
	chev(ex, ey, out)
}

func firstOf(a, _ float64) float64  { return a }
func secondOf(_, b float64) float64 { return b }

// outward is a direction from a corner space off the grid (the current enters and leaves there).
func outward(sp int) asc.Dir {
	r, c := sp/asc.Cols, sp%asc.Cols
	switch {
	case c == 0:
		return asc.Left
	case c == asc.Cols-1:
		return asc.Right
	case r == 0:
		return asc.Up
	}
	return asc.Down
}

func dirBetween(a, b int) asc.Dir {
	switch b - a {
	case 1:
		return asc.Right
	case -1:
		return asc.Left
	case asc.Cols:
		return asc.Down
	}
	return asc.Up
}

func spaceIndex(s string) int {
	return int(s[1]-'1')*asc.Cols + int(s[0]-'a')
}

// cellView draws one space: empty, or a card with its name, facing, abilities and tadpoles.
func (b *board) cellView(cv asc.CellView, x, y float64, order int, active, next bool) {
	c := b.c
	num := render.Style{Size: minText, Font: render.Bold, Color: render.Muted, Align: render.Right, VAlign: render.Middle}
	if cv.Card == "" {
		tile(c, x, y, b.cell, b.cell, 10, render.Panel, emptyCell, render.Edge, 1.5)
		c.Text(x+b.cell/2, y+b.cell/2, cv.Space, render.Style{Size: 30, Font: render.Bold, Color: render.Edge, Align: render.Center, VAlign: render.Middle})
		c.Text(x+b.cell-8, y+12, "#"+itoa(order), num)
		if next {
			box(c, x, y, b.cell, b.cell, 10, nil, activeEdge, 4)
		}
		return
	}
	k := b.kinds[cv.Card]
	tint := tintSpecial
	if k != nil && k.Kind == asc.KindInitial {
		tint = tintInitial
	} else if k != nil && k.Kind == asc.KindCommon {
		tint = tintCommon
	}
	stroke, lw := render.Ink, 2.0
	if active {
		stroke, lw = activeEdge, 6
	}
	// The card's face (its tile, name and abilities) is drawn once per card, facing, size and
	// language and copied: the abilities' icon rows are most of a grid's drawing.
	fk := faceKey{card: cv.Card, orient: cv.Orient, cell: int(b.cell), tint: tint, stroke: render.Opaque(stroke), lw: float32(lw), lang: b.meta.Lang}
	if k != nil {
		fk.sig = kindSig(k)
	}
	face := faces.GetOr(fk, func() image.Image {
		fb := *b
		fb.c = render.NewCanvas(fk.cell, fk.cell, render.Panel)
		fb.cardFace(cv, k, tint, fk.stroke, lw)
		return fb.c.Image()
	})
	x0, y0 := int(math.Round(x)), int(math.Round(y))
	draw.Draw(c.RGBA, image.Rect(x0, y0, x0+fk.cell, y0+fk.cell), face, image.Point{}, draw.Src)
	// Facing: a notch on the edge the card's top faces.
	dx, dy := dirVec(cv.Orient)
	mx, my := x+b.cell/2+dx*(b.cell/2+1), y+b.cell/2+dy*(b.cell/2+1)
	chevron(c, mx, my, 16, cv.Orient, render.Ink)
	n := cv.Tadpoles.Total()
	c.Text(x+9, y+12, cv.Space+" #"+itoa(order), render.Style{Size: minText, Font: render.Bold, Color: render.Muted, VAlign: render.Middle})
	capSt := render.Style{Size: 14, Font: render.Bold, Color: render.Muted, Align: render.Right, VAlign: render.Middle}
	if n > cv.Capacity {
		capSt.Color = warn
	}
	c.Text(x+b.cell-9, y+12, itoa(n)+"/"+itoa(cv.Capacity), capSt)
	// Tadpoles, across the whole width.
	ty := y + b.cell - 17
	if n > 0 {
		drawRow(c, x+9, ty, b.cell-18, poolGlyphs(cv.Tadpoles), 1.25)
	} else {
		c.Text(x+9, ty, b.tr("no_tadpoles"), render.Style{Size: minText, Color: render.Muted, VAlign: render.Middle})
	}
}

// cardFace draws the unchanging part of a card's space at the canvas's origin: the tile, the
// name, the abilities and the rule above the tadpoles.
func (b *board) cardFace(cv asc.CellView, k *asc.KindView, tint, stroke color.RGBA, lw float64) {
	c := b.c
	tile(c, 0, 0, b.cell, b.cell, 10, render.Panel, tint, stroke, lw)
	f := b.cardBox(k, cv.Orient)
	name := fitMin(cv.Card, render.Style{Size: f.nameSize, Font: render.Bold, Align: render.Center, VAlign: render.Middle}, b.cell-20)
	c.Text(b.cell/2, f.nameY, cv.Card, name)
	if k != nil {
		b.abilities(k, cv.Orient, f.x, f.y, f.w, f.h)
	}
	ty := b.cell - 17
	c.Rect(image.Rect(6, int(ty-12), int(b.cell-6), int(ty-11)), render.Edge)
}

// faceBox is where a card's face in a grid puts its name and its abilities.
type faceBox struct {
	nameY, nameSize float64
	x, y, w, h      float64 // the abilities
}

// cardBox is the face's layout for species k facing o: a face whose rows would crowd (stator's
// four abilities) moves its name up and gives the rows its room.
func (b *board) cardBox(k *asc.KindView, o asc.Dir) faceBox {
	f := faceBox{nameY: 31, nameSize: 19, x: 8, y: 44, w: b.cell - 16, h: b.cell - 44 - 32}
	if k == nil {
		return f
	}
	rows, lh, scale := b.abilityLayout(k, o, f.w, f.h)
	crowded := lh > 0 && lh < minPitch
	for _, r := range rows {
		crowded = crowded || fitWidth(r, scale, f.w) > f.w
	}
	if crowded {
		f.nameY, f.nameSize, f.y, f.h = 27, 16, 38, b.cell-38-30
	}
	return f
}

// faceKey is everything a card's face depends on.
type faceKey struct {
	card         string
	sig          string // the species' abilities, as kindSig writes them
	pile         string // a pile's zone and space; empty for a card in a grid
	cost         asc.Pool
	orient       asc.Dir
	cell         int
	tint, stroke color.RGBA
	lw           float32
	lang         string
	phone        bool // a pile on the phone image: its cost in the band
}

var faces = render.NewSprites(func(faceKey) image.Image { return nil }) // drawn by GetOr

// kindSig names what a species' face shows beyond its name, so that two species of one name with
// different abilities never share a face.
func kindSig(k *asc.KindView) string {
	var sb strings.Builder
	sb.WriteString(itoa(k.Capacity))
	for _, a := range k.Abilities {
		sb.WriteByte('|')
		sb.WriteString(a.Code)
	}
	for _, l := range k.Lends {
		sb.WriteString("|>")
		sb.WriteString(itoa(int(l.To)))
		sb.WriteString(l.Ability.Code)
	}
	return sb.String()
}

// log writes the last finished turn, the turn so far, and the question asked.
func (b *board) log(y float64) {
	c := b.c
	h := b.logH()
	box(c, margin, y, b.width-2*margin, h-margin, 12, render.White, render.Edge, 2)
	ly := y + 46
	if b.phone {
		ly = y + 20
	} else {
		c.Text(margin+14, y+20, b.tr("log"), render.Style{Size: 18, Font: render.Bold, VAlign: render.Middle})
	}
	if b.legendBelow() {
		for _, r := range b.legendRows() {
			drawRow(b.c, margin+14, ly, b.width-2*margin-28, r, 1.05)
			ly += b.logLine()
		}
	} else {
		b.legend(b.width-margin-14, y+20)
	}
	for _, l := range b.overNote() {
		c.Text(margin+14, ly, l, overStyle)
		ly += b.logLine()
	}
	for _, r := range b.wrappedLog() {
		x := margin + 18.0 + logIndent
		if r.head != "" {
			x -= logIndent
			c.Text(x, ly, r.head, logHeadStyle)
			x += render.TextWidth(r.head+" ", logHeadStyle)
		}
		c.Text(x, ly, r.text, logStyle)
		ly += b.logLine()
	}
	if b.v.Prompt != "" {
		ly += b.logLine() * 0.4
		for _, l := range b.promptLines() {
			c.Text(margin+18, ly, l, promptStyle)
			ly += b.logLine()
		}
	}
}

// legend explains the icons, right-aligned ending at x.
func (b *board) legend(x, y float64) {
	gs := legendGlyphs(b.meta.Lang)
	w := rowWidth(gs, 1.05)
	drawRow(b.c, x-w, y, w+1, gs, 1.05)
}

// setupStatus is the status line while the grids are being set up: solo there is nobody to
// place with.
func (b *board) setupStatus() string {
	if b.v.Solo {
		return b.tr("status_setup_solo")
	}
	return b.tr("status_setup")
}

// fitsUnshrunk says a row fits a box w wide without shrinking too much (below four fifths, text
// kept at its smallest size). Words stop shrinking at minText: a row of them ("1:THINK THINK")
// can run off the card though its icons would fit.
func fitsUnshrunk(r []glyph, w float64) bool {
	return rowWidth(r, 0.8) <= w && fitWidth(r, 1, w) <= w
}

// canSplit says a row has an action boundary to split at.
func canSplit(r []glyph) bool {
	return slices.ContainsFunc(r, func(g glyph) bool { return g.kind == 4 })
}

// splitRow is an icon row as drawn in a box w wide: a row that does not fit unshrunk is split in
// two at the action boundary nearest its middle, the second part indented.
func splitRow(r []glyph, w float64) [][]glyph {
	if fitsUnshrunk(r, w) {
		return [][]glyph{r}
	}
	best, bestD := -1, 1e9
	acc := 0.0
	total := rowWidth(r, 1)
	for i, g := range r {
		acc += g.width(1)
		if g.kind == 4 && math.Abs(acc-total/2) < bestD {
			best, bestD = i, math.Abs(acc-total/2)
		}
	}
	if best < 0 {
		return [][]glyph{r}
	}
	return [][]glyph{r[:best], append([]glyph{{text: "   "}}, r[best+1:]...)}
}
