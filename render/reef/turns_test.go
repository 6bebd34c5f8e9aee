package reef

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	rf "github.com/boardbot/boardbot/rules/reef"
	"github.com/fogleman/gg"
)

// cellAt is the top-left corner of square (r, c) of table board b in the full image of v drawn
// with meta m, as draw and board place it.
func cellAt(v *rf.View, m render.Meta, b, r, c int) (int, int) {
	y := statusH + noteH
	if v.Me != nil {
		y += privateH + margin
	}
	x := margin + (b%2)*(halfW+margin)
	y += (b / 2) * (boardH + margin)
	gx := x + coordW + (halfW-coordW-rf.Cols*cell)/2
	gy := y + titleH + colsH
	return gx + c*cell, gy + r*cell
}

func sameColour(a color.Color, b color.RGBA) bool {
	r, g, bl, _ := a.RGBA()
	return uint8(r>>8) == b.R && uint8(g>>8) == b.G && uint8(bl>>8) == b.B
}

// The board marks each seat's latest turn in its colour: a bracket on every square the turn laid,
// overgrew or ate, whichever seat, and nothing on a square no turn touched.
func TestBoardMarksEachSeatsTurn(t *testing.T) {
	st := position(t, 4, rf.VariantStandard, 11, 150)
	v := st.View(rules.Spectator).(*rf.View)
	cp := *v
	cp.Turns = []rf.TurnMarks{
		{Seat: 2, Laid: []rf.Spot{{Board: 1, Row: 2, Col: 3}}},
		{Seat: 3, Overgrown: []rf.Spot{{Board: 2, Row: 4, Col: 1}}, Eaten: []rf.Spot{{Board: 0, Row: 0, Col: 0}}},
		{Seat: 1, Shrimps: []rf.ShrimpMove{{From: &rf.Spot{Board: 3, Row: 1, Col: 1}, To: &rf.Spot{Board: 3, Row: 5, Col: 5}}}},
	}
	m := render.Meta{}
	img, err := Image(&cp, m)
	if err != nil {
		t.Fatal(err)
	}
	rgba := img.(*image.RGBA)
	// The top-left bracket's horizontal arm, halfway along.
	arm := func(b, r, c int) color.Color {
		x, y := cellAt(&cp, m, b, r, c)
		return rgba.At(x+4+cell*15/100, y+4)
	}
	for _, k := range []struct{ seat, b, r, c int }{{2, 1, 2, 3}, {3, 2, 4, 1}, {3, 0, 0, 0}, {1, 3, 5, 5}} {
		if got := arm(k.b, k.r, k.c); !sameColour(got, seatFill[k.seat]) {
			t.Errorf("board %d row %d col %d: %v, want seat %d's colour %v", k.b+1, k.r+1, k.c+1, got, k.seat, seatFill[k.seat])
		}
	}
	for s := range seatFill {
		if got := arm(1, 5, 6); sameColour(got, seatFill[s]) {
			t.Errorf("an untouched square carries seat %d's mark", s)
		}
	}
}

// labels are the texts drawn for v with meta m.
func labels(t *testing.T, v any, m render.Meta) string {
	t.Helper()
	stop := render.RecordLabels()
	_, err := Image(v, m)
	var out []string
	for _, l := range stop() {
		out = append(out, l.Text)
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, "\n")
}

// drawn are the labels drawn for v with meta m, by Image or, with focus, by Focus.
func drawn(t *testing.T, v any, m render.Meta, focus bool) []render.Label {
	t.Helper()
	stop := render.RecordLabels()
	var err error
	if focus {
		_, err = Focus(v, m)
	} else {
		_, err = Image(v, m)
	}
	out := stop()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The board's box under the status is the key to the turn marks, in type that reads at 400 px:
// "Latest turns:" and each marked player's name in the order they played (play-test: the post's
// sentences at 19 px could not be read there). The sentences stay in the post and on the phone's
// focus image; the box says why the game ended at the end, and the latest move where a view has
// no marks.
func TestBoxKeysTheMarks(t *testing.T) {
	st := position(t, 4, rf.VariantStandard, 11, 150)
	v := *st.View(rules.Spectator).(*rf.View)
	v.Turns = []rf.TurnMarks{
		{Seat: 2, Laid: []rf.Spot{{Board: 1, Row: 2, Col: 3}}},
		{Seat: 3, Took: []rf.Colour{rf.Grey}},
		{Seat: 0, Running: true, Laid: []rf.Spot{{Board: 0, Row: 0, Col: 0}}},
	}
	post := []string{"carol lays a grey polyp on D3 on board 2.", "", "dmitri takes the grey space.", "", "alice plays a white larva cube."}
	long := []string{"Bartholomew the Magnificent", "Maximiliana Fitzgerald", "Wolfgang Amadeus Mozart", "Hildegard von Bingen"}
	for _, lang := range []string{msg.English, msg.German, msg.Spanish, msg.French} {
		m := render.Meta{Lang: lang, Names: long, Last: post}
		ls := drawn(t, &v, m, false)
		head := tr(lang, "note_turns")
		at := -1
		for i, l := range ls {
			if l.Text == head {
				at = i
			}
			for _, p := range post {
				if p != "" && strings.Contains(l.Text, p) {
					t.Errorf("%s: the board tells the post's sentence %q", lang, p)
				}
			}
		}
		if at < 0 {
			t.Fatalf("%s: no %q in the box", lang, head)
		}
		// After the heading: each seat's flag number, then its name, shortened, never shrunk.
		var got []string
		for i, l := range ls[at+1 : at+1+2*len(v.Turns)] {
			if i%2 == 1 && l.Size < 22 {
				t.Errorf("%s: %q drawn at %.1f px, under 22", lang, l.Text, l.Size)
			}
			got = append(got, l.Text)
		}
		for i, s := range []int{2, 3, 0} {
			name := strings.TrimSuffix(got[2*i+1], "…")
			if got[2*i] != fmt.Sprint(s+1) || name == "" || !strings.HasPrefix(long[s], name) {
				t.Errorf("%s: the key is %q, want seats 3, 4, 1 by name in that order", lang, got)
				break
			}
		}
		// The phone's focus image keeps the post's sentences.
		focus := ""
		for _, l := range drawn(t, &v, m, true) {
			focus += l.Text + " "
		}
		if !strings.Contains(focus, "dmitri takes the grey space.") {
			t.Errorf("%s: the focus image lost the post:\n%s", lang, focus)
		}
	}
	noMarks := v
	noMarks.Turns = nil
	if got := labels(t, &noMarks, render.SampleMeta(4)); !strings.Contains(got, "Last: ") || strings.Contains(got, "Latest turns:") {
		t.Errorf("without marks the box is not the latest move:\n%s", got)
	}
	over := v
	over.Phase, over.EndReason = "over", "the bag is empty"
	if got := labels(t, &over, render.SampleMeta(4)); !strings.Contains(got, "End: the bag is empty") || strings.Contains(got, "Latest turns:") {
		t.Errorf("at the end the box does not say why:\n%s", got)
	}
}

// Long posts are cut to the box: at most noteMax lines, the latest turn whole when it fits, and a
// turn told in part ends in an ellipsis after a whole sentence.
func TestNoteShortensLongPosts(t *testing.T) {
	long := slices.Repeat([]string{"carol lays a yellow polyp on C4 on board 3."}, 12)
	lines := fitParas([][]string{long, long, {"dmitri takes the grey space."}}, 0, nil, noteStyle, width-2*margin, noteMax)
	if len(lines) > noteMax {
		t.Fatalf("%d lines: %q", len(lines), lines)
	}
	if lines[len(lines)-1] != "dmitri takes the grey space." {
		t.Errorf("the latest turn: %q", lines[len(lines)-1])
	}
	for _, l := range lines {
		if render.TextWidth(l, noteStyle) > width-2*margin {
			t.Errorf("too wide: %q", l)
		}
	}
	if n := strings.Count(strings.Join(lines, " "), "board 3. …"); n != 2 {
		t.Errorf("%d turns cut after a whole sentence with an ellipsis, want 2: %q", n, lines)
	}
}

// greedyRounds plays a seeded game of seats greedy players for turns turns and returns, per
// player's turn, the events a thread post tells (no housekeeping, no details), as messages.
func greedyRounds(t *testing.T, seats int, seed uint64, turns int) [][]*msg.Message {
	t.Helper()
	st := position(t, seats, rf.VariantStandard, seed, seats)
	g := st.(interface {
		GreedyMove(rules.Seat, uint64) rules.Move
	})
	var rounds [][]*msg.Message
	var cur []*msg.Message
	for n := 0; len(rounds) < turns && st.Result() == nil; n++ {
		if n > 3000 {
			t.Fatal("the game does not get on")
		}
		seat := st.Awaiting()[0].Seat
		before := st.View(rules.Spectator).(*rf.View).Turn
		evs, err := st.Apply(seat, g.GreedyMove(seat, seed+uint64(n)))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if len(e.To) == 0 && !e.Routine && !e.Detail && e.Msg != nil {
				cur = append(cur, e.Msg)
			}
		}
		if st.View(rules.Spectator).(*rf.View).Turn != before {
			rounds, cur = append(rounds, cur), nil
		}
	}
	return rounds
}

// The box under the status cuts no sentence: over the rounds of 4-seat games in every language,
// the longest posts included, on the board and on the phone's image, every line fits, the box
// keeps to noteHard lines, and what it tells is each turn's first sentences, whole, an ellipsis
// standing for the rest.
func TestNoteCutsNoSentence(t *testing.T) {
	names := render.SampleMeta(4).Names
	name := func(s int) string { return names[s] }
	cut := 0
	for _, seed := range []uint64{5} { // seven rounds of four turns: a greedy game costs its time
		rounds := greedyRounds(t, 4, seed, 28)
		for _, lang := range []string{msg.English, msg.German, msg.Spanish, msg.French} {
			for r := 4; r <= len(rounds); r++ {
				var last []string
				for i, round := range rounds[r-4 : r] {
					if i > 0 {
						last = append(last, "")
					}
					for _, m := range round {
						last = append(last, msg.Render(m, lang, name))
					}
				}
				for _, w := range []float64{width - 2*margin, focusW - 2*margin} {
					m := render.SampleMeta(4)
					m.Lang, m.Last = lang, last
					d := newDrawer(&rf.View{Phase: "play"}, m)
					lines := d.noteLines(w)
					if len(lines) > noteHard {
						t.Errorf("%s: %d lines", lang, len(lines))
					}
					for _, l := range lines {
						if render.TextWidth(l, noteStyle) > w {
							t.Errorf("%s: too wide: %q", lang, l)
						}
					}
					told := strings.Join(lines, " ")
					if !strings.HasPrefix(told, tr(lang, "note_last", msg.Code("Text", ""))) {
						t.Errorf("%s, %.0f px: no label on the oldest turn kept:\n%s", lang, w, strings.Join(lines, "\n"))
					}
					if !wholeSentences(told, postTurns(last), func(s string) string { return tr(lang, "note_last", msg.Code("Text", s)) }) {
						t.Errorf("%s, %.0f px: a sentence is cut:\n%s", lang, w, strings.Join(lines, "\n"))
					}
					cut += strings.Count(told, "…")
				}
			}
		}
	}
	if cut == 0 {
		t.Error("no post was long enough to shorten: the test tells nothing")
	}
}

// wholeSentences says whether told is, for the latest of turns (the oldest may be left out),
// each turn's first sentences, whole, an ellipsis after a turn told in part, label on the first
// sentence of the first turn told.
func wholeSentences(told string, turns [][]string, label func(string) string) bool {
	for first := range turns {
		rest := told
		ok := true
		for i, turn := range turns[first:] {
			head := turn[0]
			if i == 0 {
				head = label(head)
			}
			if !strings.HasPrefix(rest, head) {
				ok = false
				break
			}
			rest = strings.TrimPrefix(rest[len(head):], " ")
			k := 1
			for k < len(turn) && strings.HasPrefix(rest, turn[k]) {
				rest = strings.TrimPrefix(rest[len(turn[k]):], " ")
				k++
			}
			if k < len(turn) {
				if !strings.HasPrefix(rest, "…") {
					ok = false
					break
				}
				rest = strings.TrimPrefix(rest[len("…"):], " ")
			}
		}
		if ok && rest == "" {
			return true
		}
	}
	return false
}

// The bag and the alga supply are labelled apart.
func TestBagAndAlgaeLabelledApart(t *testing.T) {
	st := position(t, 2, rf.VariantStandard, 11, 40)
	v := st.View(rules.Spectator).(*rf.View)
	got := labels(t, v, render.Meta{})
	for _, want := range []string{"Polyps in the bag: ", "Algae in the supply"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
}

// The turn marks are drawn solid: every pixel of an arrow, a ring and a cross is the ground, the
// ink or the seat's colour, none blended (blended edges over polyps were the 4-seat board's
// costliest bytes).
func TestMarksAreSolid(t *testing.T) {
	d := &drawer{v: &rf.View{}, c: render.NewCanvas(200, 200, rock)}
	col := seatFill[2]
	inked := []color.RGBA{render.Ink, col}
	d.crisp(image.Rect(0, 0, 200, 200), inked, func(c *render.Canvas) {
		c.Arrow([]gg.Point{{X: 20, Y: 30}, {X: 170, Y: 150}}, render.ArrowStyle{Width: 5, Color: col, Outline: render.Ink, Head: 16})
		c.Circle(60, 150, 12, nil, render.Ink, 7)
		c.Line(120, 20, 180, 80, 8, render.Ink)
	})
	seen := map[color.RGBA]int{}
	for y := 0; y < 200; y++ {
		for x := 0; x < 200; x++ {
			seen[d.c.RGBA.RGBAAt(x, y)]++
		}
	}
	for c := range seen {
		if c != rock && c != render.Ink && c != col {
			t.Errorf("a blended pixel %v", c)
		}
	}
	if seen[col] == 0 || seen[render.Ink] == 0 {
		t.Errorf("the marks are missing: %v", seen)
	}
}

// An open-sea space's colour word stays clear of the turn flags in its header, at the board's
// and the focus image's widths, with up to two flags, in every language (play-test: two flags
// covered "orange"). Three or four (every seat's latest turn took the same space) still cover
// the end of a long word.
func TestSeaWordClearOfFlags(t *testing.T) {
	st := render.Style{Size: 17, Font: render.Bold}
	for _, sw := range []int{focusCellW, 112} {
		for n := 0; n <= 2; n++ {
			room := headRoom(sw, n)
			flags := 0
			if n > 0 {
				flags = tagSize + (n-1)*(tagSize-tagStep)
			}
			if 4+room > float64(sw-flags) {
				t.Errorf("width %d, %d flags: the word's room ends at %.0f, the flags start at %d", sw, n, 4+room, sw-flags)
			}
			for _, lang := range []string{msg.English, msg.German, msg.Spanish, msg.French} {
				for c := rf.Colour(0); c < rf.NumColours; c++ {
					w := colourWord(lang, c)
					if got := render.TextWidth(w, render.FitText(w, st, room)); got > room+3 { // hinted widths do not scale exactly: FitText may run 2 px over
						t.Errorf("%s %q is %.0f px in a room of %.0f", lang, w, got, room)
					}
				}
			}
		}
	}
}
