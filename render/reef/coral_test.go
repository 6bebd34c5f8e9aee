package reef

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	rf "github.com/boardbot/boardbot/rules/reef"
)

// coralBoard lays the play-test's board 1 (reef-encounter-1-58): a pink coral of six with a shrimp
// on C5, a yellow coral of five through the extra-growth square D4 with a shrimp on D2.
func coralBoard(t *testing.T) *rf.View {
	st := position(t, 2, rf.VariantStandard, 3, 0)
	v := *st.View(rules.Spectator).(*rf.View)
	v.Boards = append([]rf.BoardView(nil), v.Boards...)
	b := &v.Boards[0]
	for r := range b.Squares {
		for c := range b.Squares[r] {
			b.Squares[r][c] = rf.SquareView{Rock: true, Polyp: rf.NoColour, Shrimp: -1, Growth: r == 3 && c == 3}
		}
	}
	lay := func(col rf.Colour, size int, sqs ...[2]int) {
		for _, s := range sqs {
			b.Squares[s[0]][s[1]].Polyp = col
			b.Squares[s[0]][s[1]].Coral = size
		}
	}
	// Rows and columns from 0: C4 is (3, 2).
	lay(rf.Pink, 6, [2]int{3, 2}, [2]int{4, 1}, [2]int{4, 2}, [2]int{5, 1}, [2]int{5, 2}, [2]int{5, 3})
	lay(rf.Yellow, 5, [2]int{1, 2}, [2]int{1, 3}, [2]int{2, 3}, [2]int{3, 3}, [2]int{3, 4})
	lay(rf.Yellow, 2, [2]int{2, 0}, [2]int{2, 1})
	lay(rf.Grey, 1, [2]int{3, 1})
	b.Squares[4][2].Shrimp = 1
	b.Squares[1][3].Shrimp = 0
	b.Squares[2][0].Shrimp = 0
	for _, g := range [][2]int{{4, 2}, {3, 2}, {4, 1}, {5, 2}, {1, 3}, {1, 2}, {2, 3}, {2, 0}, {2, 1}} {
		b.Squares[g[0]][g[1]].Protected = true
	}
	v.Turns = nil
	return &v
}

// Every two neighbours of one coral are bridged, guarded or not, so the coral reads as one shape:
// the play-test saw its pink coral of six in pieces (C6–D6, B5–B6 unjoined) and the yellow one cut
// at the extra-growth square D4.
func TestCoralIsDrawnWhole(t *testing.T) {
	v := coralBoard(t)
	m := render.Meta{}
	img, err := Image(v, m)
	if err != nil {
		t.Fatal(err)
	}
	rgba := img.(*image.RGBA)
	// The middle of the seam between (r, c) and its right or lower neighbour.
	seam := func(r, c int, down bool) color.Color {
		x, y := cellAt(v, m, 0, r, c)
		if down {
			return rgba.At(x+cell/2, y+cell)
		}
		return rgba.At(x+cell, y+cell/2)
	}
	for _, k := range []struct {
		name string
		r, c int
		down bool
		col  rf.Colour
	}{
		{"C6–D6 (guarded and not)", 5, 2, false, rf.Pink},
		{"B5–B6 (guarded and not)", 4, 1, true, rf.Pink},
		{"B6–C6 (neither guarded)", 5, 1, false, rf.Pink},
		{"C5–C6 (one shrimp)", 4, 2, true, rf.Pink},
		{"D3–D4 (onto the extra-growth space)", 2, 3, true, rf.Yellow},
		{"D4–E4", 3, 3, false, rf.Yellow},
	} {
		if got := seam(k.r, k.c, k.down); !sameColour(got, coralFill[k.col]) {
			t.Errorf("%s: seam is %v, want the coral's colour %v", k.name, got, coralFill[k.col])
		}
	}
	// Different corals stay apart: grey B4 and pink C4, yellow B3 and grey B4.
	for _, k := range []struct {
		r, c int
		down bool
	}{{3, 1, false}, {2, 1, true}} {
		got := seam(k.r, k.c, k.down)
		for _, col := range rf.Colours {
			if sameColour(got, coralFill[col]) {
				t.Errorf("seam after (%d,%d) is coral-coloured %v between two corals", k.r, k.c, got)
			}
		}
	}
	if os.Getenv("REEF_DUMP") != "" {
		f, _ := os.Create(os.Getenv("REEF_DUMP"))
		png.Encode(f, rgba.SubImage(image.Rect(0, 0, 520, 700)))
		f.Close()
	}
}

// Every legend entry fits within the image at its own size in every language (play-test: the
// French and Spanish "extra growth" was cut at the edge).
func TestLegendFitsInEveryLanguage(t *testing.T) {
	for _, lang := range []string{"en", "de", "es", "fr"} {
		for _, turns := range []bool{false, true} {
			es := legendEntries(turns)
			xs := legendXs(lang, turns)
			for i, e := range es {
				end := xs[i] + e.at + render.TextWidth(tr(lang, e.id), small)
				if end > float64(width-margin) {
					t.Errorf("%s (turns %v): %s ends at %.0f, past %d", lang, turns, e.id, end, width-margin)
				}
				if i > 0 && xs[i] < xs[i-1]+es[i-1].at+render.TextWidth(tr(lang, es[i-1].id), small) {
					t.Errorf("%s: %s overlaps %s", lang, e.id, es[i-1].id)
				}
			}
		}
	}
}
