package reef

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/msg/msgtest"
	rf "github.com/boardbot/boardbot/rules/reef"
)

// The board's catalogue is complete in every language and fully used.
func TestCatalogue(t *testing.T) {
	msgtest.Check(t, catName, ".")
}

// germanCases are the moments drawn in German: the setup, a 4-seat game in its middle and a
// finished game; the focus image of the 4-seat game with them.
var germanCases = []string{"setup-3p", "mid-4p", "over-2p"}

// One set of golden boards in German: status line, note, panels, players' boxes and legend
// translated, and long German words still inside their boxes.
func TestGoldenGerman(t *testing.T) {
	for _, c := range cases {
		if !contains(germanCases, c.name) {
			continue
		}
		st := position(t, c.seats, rf.VariantStandard, 11, c.moves)
		m := render.SampleMeta(c.seats)
		m.Lang = msg.German
		img, err := Image(st.View(c.seat), m)
		if err != nil {
			t.Fatal(err)
		}
		render.Golden(t, "de-"+c.name, img)
	}
	st := position(t, 4, rf.VariantStandard, 11, 150)
	m := render.SampleMeta(4)
	m.Lang = msg.German
	b, err := Focus(st.View(rules.Spectator), m)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	render.Golden(t, "de-focus-mid-4p", img)
}

// The note on the latest move is the view's message in the board's language, and the English
// text where the view has no message (an older snapshot).
func TestNoteInTheBoardsLanguage(t *testing.T) {
	st := position(t, 2, rf.VariantStandard, 11, 40)
	v := *st.View(rules.Spectator).(*rf.View)
	if v.NoteMsg == nil {
		t.Fatal("no note message at move 40")
	}
	en := (&drawer{v: &v, meta: render.Meta{}}).noteText()
	de := (&drawer{v: &v, meta: render.Meta{Lang: msg.German}}).noteText()
	if !strings.HasPrefix(en, "Last: ") || !strings.HasPrefix(de, "Zuletzt: ") || en[len("Last: "):] == de[len("Zuletzt: "):] {
		t.Errorf("note not translated: %q / %q", en, de)
	}
	v.NoteMsg = nil
	if got := (&drawer{v: &v, meta: render.Meta{Lang: msg.German}}).noteText(); got != "Zuletzt: "+rules.RenderSeats(v.Note, func(s rules.Seat) string { return "Spieler " + string(rune('1'+s)) }) {
		t.Errorf("without a message: %q", got)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// Every label the board and the focus image draw in the pseudo-language is pseudo-localized, in
// every phase, public and private: no plain English word is left once notation (colour letters,
// tile sides, squares) is taken out. The labels are heard through render.RecordLabels.
func TestLabelsArePseudoLocalized(t *testing.T) {
	checked := 0
	for _, c := range cases {
		st := position(t, c.seats, rf.VariantStandard, 11, c.moves)
		m := render.Meta{Lang: msg.Pseudo}
		stop := render.RecordLabels()
		_, err := Image(st.View(c.seat), m)
		if err == nil {
			_, err = Focus(st.View(c.seat), m)
		}
		labels := stop()
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range labels {
			checked++
			if w := plainWord(l.Text); w != "" {
				t.Errorf("%s: %q is not pseudo-localized in %q", c.name, w, l.Text)
			}
		}
	}
	if checked < 200 {
		t.Errorf("only %d labels heard", checked)
	}
}

// plainWord is the first plain English word of s: a run of two or more ASCII letters (pseudo
// text accents its letters; notation is single letters and digits).
func plainWord(s string) string {
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r < 'A' || r > 'z' || (r > 'Z' && r < 'a') }) {
		if len(f) >= 2 {
			return f
		}
	}
	return ""
}
