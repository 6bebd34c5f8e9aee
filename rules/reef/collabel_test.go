package reef

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// A column holding one square the polyp may go on is labelled with that square's effect, since the
// menu plays its only row at once ("E1 on board 1: start a new orange coral", not "Column E of
// board 1"); a column of several squares keeps its column label.
func TestOneSquareColumnTellsTheSquare(t *testing.T) {
	s := fixture(t, 2)
	// Column E of board 1: grey on every rock square but the first, which alone stays open.
	open := false
	for r := 1; r <= Rows; r++ {
		name := "1:E" + string(rune('0'+r))
		if !s.isRock(at(name)) {
			continue
		}
		if open {
			put(t, s, Grey, name)
		}
		open = true
	}
	p := &s.Players[0]
	p.Cubes[Orange], p.Screen[Orange] = 1, 3
	if _, err := s.Apply(0, rules.Move{"grow", "o"}); err != nil {
		t.Fatal(err)
	}
	cols, _, err := s.Choices(0, rules.Move{"1"})
	if err != nil {
		t.Fatal(err)
	}
	single, several := 0, 0
	for _, c := range cols {
		rows, _, err := s.Choices(0, rules.Move{"1", c.Token})
		if err != nil {
			t.Fatal(err)
		}
		got := c.English()
		if len(rows) == 1 {
			single++
			if got != rows[0].English() || !strings.Contains(got, "on board 1: ") {
				t.Errorf("column %s with one square: %q, want the square's %q", c.Token, got, rows[0].English())
			}
		} else {
			several++
			if !strings.HasPrefix(got, "Column ") {
				t.Errorf("column %s with %d squares: %q", c.Token, len(rows), got)
			}
		}
	}
	if single == 0 || several == 0 {
		t.Fatalf("want columns of one square and of several: %d, %d", single, several)
	}
}

// A row that is no row of the board names the board's rows.
func TestRowRefusalNamesTheRows(t *testing.T) {
	s := fixture(t, 2)
	p := &s.Players[0]
	p.Cubes[Grey], p.Screen[Grey] = 1, 3
	if _, err := s.Apply(0, rules.Move{"grow", "g"}); err != nil {
		t.Fatal(err)
	}
	_, err := s.Apply(0, rules.Move{"1", "c", "9"})
	want := `"9" is not a row: rows are 1 to 6.`
	if r := rules.IllegalMsg(err); r == nil || !strings.HasPrefix(msg.Render(r, "en", nil), want) {
		t.Errorf("refused with %v, want %s…", err, want)
	}
}
