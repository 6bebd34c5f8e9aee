package reef

import (
	"fmt"
	"image"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules/msg"
	rf "github.com/boardbot/boardbot/rules/reef"
)

// status is the top bar: who is to move, or the result.
func (d *drawer) status() int {
	d.c.StatusBar(image.Rect(0, 0, width, statusH), d.statusOf())
	return statusH
}

// statusOf says who is to move, or the result.
func (d *drawer) statusOf() render.Status {
	v := d.v
	lang := d.meta.Lang
	s := render.Status{}
	if d.meta.Aborted {
		s.Text = render.Aborted(lang)
		return s
	}
	switch v.Phase {
	case "setup":
		var wait []string
		for _, p := range v.Players {
			if !p.Ready {
				wait = append(wait, d.who(p.Seat, 14))
			}
		}
		s.Text = tr(lang, "setup_many", msg.Code("Names", join(lang, wait)))
		if len(wait) == 1 {
			s.Text = tr(lang, "setup_one", msg.Code("Name", wait[0]))
		}
	case "play", "last":
		s.Swatch, s.Letter = seatFill[v.Turn], fmt.Sprint(v.Turn+1)
		s.Text = tr(lang, "to_move", msg.Code("Name", d.who(v.Turn, 16)))
		if v.Phase == "last" {
			s.Text = tr(lang, "last_turn", msg.Code("Name", d.who(v.Turn, 16)))
		} else if a := v.Actions; a != nil && a.Grow != rf.NoColour {
			s.Right = tr(lang, "larva_grow", msg.Code("Colour", larvaColour(lang, a.Grow)), msg.Number("N", a.FromScreen))
		} else if a != nil {
			s.Right = tr(lang, "larva_plays", msg.Number("N", a.Larva))
		}
	case "over":
		s.Text = tr(lang, "over")
		if r := v.Result; r != nil {
			best := -1
			var win []string
			for i, rk := range r.Ranks {
				if rk == 1 {
					win = append(win, d.who(i, 14))
					best = i
				}
			}
			with := ""
			if best >= 0 && best < len(r.Scores) {
				// Its own message: German takes the dative here ("mit 9 Punkten").
				with = tr(lang, "with", msg.Count("N", r.Scores[best]))
			}
			switch {
			case len(win) == 1:
				s.Swatch, s.Letter = seatFill[best], fmt.Sprint(best+1)
				s.Text = tr(lang, "wins", msg.Code("Name", win[0]), msg.Code("With", with))
			case len(win) > 1:
				s.Text = tr(lang, "share", msg.Code("Names", join(lang, win)), msg.Code("With", with))
			}
			if r.English() != "" && len(r.Scores) == 0 {
				s.Text = render.WithReason(lang, s.Text, d.gameText(r.ReasonMsg, r.English()))
			}
			s.Right = d.scoresText(r.Scores)
		}
	}
	return s
}

// scoresText names each player by a short name; seat numbers mean nothing to a player.
func (d *drawer) scoresText(scores []int) string {
	out := ""
	for i, sc := range scores {
		if i > 0 {
			out += " · "
		}
		out += fmt.Sprintf("%s %d", d.who(i, 8), sc)
	}
	return out
}

// noteText is the latest move, or why the game ended, with its label, in the board's language.
func (d *drawer) noteText() string {
	text := d.gameText(d.v.NoteMsg, d.v.Note)
	if d.v.Phase == "over" && d.v.EndReason != "" {
		text = d.gameText(d.v.EndReasonMsg, d.v.EndReason)
	}
	if r := d.meta.Result; r != nil && r.English() != "" {
		text = d.gameText(r.ReasonMsg, r.English())
	}
	if text == "" {
		return ""
	}
	if d.v.Phase == "over" {
		return tr(d.meta.Lang, "note_end", msg.Code("Text", text))
	}
	return tr(d.meta.Lang, "note_last", msg.Code("Text", text))
}

// The box under the status is one line in type large enough to read once the image is 400 px
// wide (play-test: the post's sentences at 19 px could not be read there, and cost the PNG about
// 1.8 KB a line). During play it is the key to the marks on the boards: each player whose latest
// turn is marked, in the order they played, by the flag their marks carry; the thread post next
// to the image tells the same turns in words. At the end it says why the game ended.
const noteH = 42

var (
	boxStyle  = render.Style{Size: 24, Color: render.Ink, VAlign: render.Middle}
	keyLabel  = render.Style{Size: 22, Color: render.Muted, VAlign: render.Middle}
	keyName   = render.Style{Size: 24, Font: render.Bold, Color: render.Ink, VAlign: render.Middle}
	keyTagGap = 8.0  // between a flag and its name
	keyGap    = 26.0 // between one player's entry and the next
)

// keyed are the seats whose latest turn the boards mark, oldest first, when the box is their key.
func (d *drawer) keyed() []int {
	if d.v.Phase == "over" || d.meta.Result != nil {
		return nil
	}
	var out []int
	for _, t := range d.v.Turns {
		if t.Seat >= 0 && t.Seat < len(seatFill) {
			out = append(out, t.Seat)
		}
	}
	return out
}

// note is the box under the status: the key to the latest turns' marks, else the latest move
// (a view from before the marks) or why the game ended.
func (d *drawer) note(y int) int {
	cy := float64(y) + noteH/2
	if seats := d.keyed(); len(seats) > 0 {
		d.turnKey(cy, seats)
	} else if text := d.noteText(); text != "" {
		d.c.Text(margin, cy, text, render.FitText(text, boxStyle, width-2*margin))
	}
	return y + noteH
}

// turnKey draws "Latest turns:" and each seat's flag and name, on the line centred at cy, names
// shortened until the line fits.
func (d *drawer) turnKey(cy float64, seats []int) {
	label := tr(d.meta.Lang, "note_turns")
	names := func(max int) ([]string, float64) {
		out := make([]string, len(seats))
		w := render.TextWidth(label, keyLabel)
		for i, s := range seats {
			out[i] = d.who(s, max)
			w += keyGap + keyTagSize + keyTagGap + render.TextWidth(out[i], keyName)
		}
		return out, w
	}
	avail := float64(width - 2*margin)
	ns, w := names(16)
	for max := 12; w > avail && max >= 4; max -= 2 {
		ns, w = names(max)
	}
	x := float64(margin)
	d.c.Text(x, cy, label, keyLabel)
	x += render.TextWidth(label, keyLabel)
	for i, s := range seats {
		x += keyGap
		d.c.Blit(keyTag.Get(s), int(x), int(cy)-keyTagSize/2)
		x += keyTagSize + keyTagGap
		d.c.Text(x, cy, ns[i], render.FitText(ns[i], keyName, avail+margin-x))
		x += render.TextWidth(ns[i], keyName)
	}
}

// board draws one reef board with its title and coordinates at (x, y).
func (d *drawer) board(b *rf.BoardView, x, y int) {
	c := d.c
	gx := float64(x) + coordW + (halfW-coordW-rf.Cols*cell)/2
	gy := float64(y) + titleH + colsH
	// The board's number in a dark badge where the coordinates meet: a title row of its own
	// made the four-board image a long scroll.
	bx, by := float64(x)+4, float64(y)+2
	c.RoundRect(bx, by, gx-bx-6, colsH-4, 7, render.Ink, nil, 0)
	c.Text((bx+gx-6)/2, by+(colsH-4)/2+1, fmt.Sprint(b.Number), render.Style{Size: 22, Font: render.Bold, Color: render.White, Align: render.Center, VAlign: render.Middle})
	// The printed board's number is left out: online it tells nothing, and its text cost bytes.
	coord := render.Style{Size: 19, Font: render.Bold, Color: render.Muted, Align: render.Center, VAlign: render.Middle}
	for col := 0; col < rf.Cols; col++ {
		c.Text(gx+float64(col)*cell+cell/2, gy-colsH/2, string(rune('A'+col)), coord)
	}
	for r := 0; r < rf.Rows; r++ {
		c.Text(gx-coordW/2-2, gy+float64(r)*cell+cell/2, fmt.Sprint(r+1), coord)
	}
	sq := &b.Squares
	at := func(r, col int) (float64, float64) { return gx + float64(col)*cell, gy + float64(r)*cell }

	// Ground: sand, rock with its grid, the extra-growth space.
	for r := 0; r < rf.Rows; r++ {
		for col := 0; col < rf.Cols; col++ {
			px, py := at(r, col)
			q := sq[r][col]
			rect := image.Rect(int(px), int(py), int(px)+cell, int(py)+cell)
			switch {
			case !q.Rock:
				c.Rect(rect, sand)
			case q.Growth:
				c.Rect(rect, growth)
			default:
				c.Rect(rect, rock)
			}
		}
	}
	for r := 0; r < rf.Rows; r++ {
		for col := 0; col < rf.Cols; col++ {
			if q := sq[r][col]; q.Growth && q.Polyp == rf.NoColour {
				px, py := at(r, col)
				c.BlitCentered(growthMark.Get(cell), px+cell/2, py+cell/2)
			}
		}
	}

	// Who guards what: a shrimp guards its polyp and the same coral's polyps next to it.
	guard := [rf.Rows][rf.Cols]int{}
	for r := range guard {
		for col := range guard[r] {
			guard[r][col] = -1
		}
	}
	for r := 0; r < rf.Rows; r++ {
		for col := 0; col < rf.Cols; col++ {
			q := sq[r][col]
			if q.Shrimp < 0 || q.Polyp == rf.NoColour {
				continue
			}
			guard[r][col] = q.Shrimp
			for _, dd := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				rr, cc := r+dd[0], col+dd[1]
				if rr >= 0 && rr < rf.Rows && cc >= 0 && cc < rf.Cols && sq[rr][cc].Polyp == q.Polyp {
					guard[rr][cc] = q.Shrimp
				}
			}
		}
	}

	// Polyps, then bridges joining neighbours of a coral, so a coral reads as one shape.
	for r := 0; r < rf.Rows; r++ {
		for col := 0; col < rf.Cols; col++ {
			q := sq[r][col]
			if q.Polyp == rf.NoColour {
				continue
			}
			px, py := at(r, col)
			ground := rock
			if q.Growth {
				ground = growth
			}
			d.copyOpaque(polypTile.Get(polypKey{q.Polyp, guard[r][col], q.Shrimp >= 0, ground, d.coral(q.Polyp)}), int(px), int(py))
		}
	}
	for r := 0; r <= rf.Rows; r++ {
		for col := 0; col < rf.Cols; col++ {
			// A grid line wherever a rock square meets anything.
			above := r > 0 && sq[r-1][col].Rock
			below := r < rf.Rows && sq[r][col].Rock
			if above || below {
				px, py := at(r, col)
				c.Rect(image.Rect(int(px), int(py)-1, int(px)+cell, int(py)+1), rockLine)
			}
		}
	}
	for r := 0; r < rf.Rows; r++ {
		for col := 0; col <= rf.Cols; col++ {
			left := col > 0 && sq[r][col-1].Rock
			right := col < rf.Cols && sq[r][col].Rock
			if left || right {
				px, py := at(r, col)
				c.Rect(image.Rect(int(px)-1, int(py), int(px)+1, int(py)+cell), rockLine)
			}
		}
	}
	in := float64(polypInset)
	for r := 0; r < rf.Rows; r++ {
		for col := 0; col < rf.Cols; col++ {
			p := sq[r][col].Polyp
			if p == rf.NoColour {
				continue
			}
			px, py := at(r, col)
			// Every pair of neighbours of one coral is bridged, guarded or not: a coral drawn in
			// pieces read as several small corals (play-test: a pink coral of six looked like two).
			// Between polyps of different guards the bridge stays thin, so outlines stay whole.
			if col+1 < rf.Cols && sq[r][col+1].Polyp == p {
				w := bridge(guard[r][col], guard[r][col+1])
				c.Rect(image.Rect(int(px+cell-in-w), int(py+cell*0.3), int(px+cell+in+w), int(py+cell*0.7)), coralFill[p])
			}
			if r+1 < rf.Rows && sq[r+1][col].Polyp == p {
				w := bridge(guard[r][col], guard[r+1][col])
				c.Rect(image.Rect(int(px+cell*0.3), int(py+cell-in-w), int(px+cell*0.7), int(py+cell+in+w)), coralFill[p])
			}
		}
	}

	// Coral sizes (2 and more) on the first polyp of each coral, shrimps, and the latest move.
	seen := [rf.Rows][rf.Cols]bool{}
	for r := 0; r < rf.Rows; r++ {
		for col := 0; col < rf.Cols; col++ {
			q := sq[r][col]
			if q.Polyp == rf.NoColour || seen[r][col] {
				continue
			}
			flood(sq, &seen, r, col)
			if q.Coral >= 2 {
				px, py := at(r, col)
				c.BlitCentered(sizeBadge.Get(q.Coral), px+in+9, py+in+9)
			}
		}
	}
	// Every player's latest turn; older views without it keep the latest move's ring.
	d.turnMarks(b.Number-1, at)
	for r := 0; r < rf.Rows; r++ {
		for col := 0; col < rf.Cols; col++ {
			q := sq[r][col]
			px, py := at(r, col)
			if q.Mark && len(d.v.Turns) == 0 {
				c.RoundRect(px+1, py+1, cell-2, cell-2, 6, nil, markRing, 4)
			}
			if q.Shrimp >= 0 {
				c.BlitCentered(shrimpBadge.Get(q.Shrimp), px+cell*0.66, py+cell*0.64)
			}
		}
	}
}

// bridge widens a join under the outlines of two polyps guarded by one shrimp.
func bridge(g, h int) float64 {
	if g >= 0 && g == h {
		return 3
	}
	return 1
}

// flood marks the coral at (r, c) as seen.
func flood(sq *[rf.Rows][rf.Cols]rf.SquareView, seen *[rf.Rows][rf.Cols]bool, r, c int) {
	p := sq[r][c].Polyp
	stack := [][2]int{{r, c}}
	seen[r][c] = true
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, dd := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			rr, cc := x[0]+dd[0], x[1]+dd[1]
			if rr >= 0 && rr < rf.Rows && cc >= 0 && cc < rf.Cols && !seen[rr][cc] && sq[rr][cc].Polyp == p {
				seen[rr][cc] = true
				stack = append(stack, [2]int{rr, cc})
			}
		}
	}
}
