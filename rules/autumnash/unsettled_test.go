package autumnash

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

func unsettled(ranks string) string { return "variant unsettled\nturn rainbow\n" + numbered(ranks) }

func TestUnsettledStart(t *testing.T) {
	st, err := Game.New(rules.Setup{Seats: 2, Options: map[string]string{OptVariant: VariantUnsettled}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	vw := s.view()
	if vw.Cols != 8 || vw.Rows != 8 || len(vw.Corners) != 0 || vw.Window != nil {
		t.Errorf("empty chessboard view: cols %d rows %d corners %v window %v", vw.Cols, vw.Rows, vw.Corners, vw.Window)
	}
	for _, e := range vw.Stash[0] {
		if e.Colour == Green && (e.Pawns != 3 || e.Drones != 3 || e.Queens != 3) {
			t.Errorf("unsettled green stash %+v: the starting trio stays unplayed", e)
		}
	}
	// The first leaf enters at any square that is a corner of some 5x6 field on the chessboard:
	// files a-h on ranks 1-3 and 6-8.
	root := tokens(t, s, "")
	if len(root) != 48 {
		t.Errorf("%d first entry squares: %v", len(root), root)
	}
	for _, sq := range []string{"a1", "h8", "d3", "e6"} {
		if !offered(t, s, "", sq) {
			t.Errorf("%s not offered", sq)
		}
	}
	for _, sq := range []string{"a4", "d5"} {
		if offered(t, s, "", sq) {
			t.Errorf("%s offered", sq)
		}
	}
	// It must then move. The entry square had to be a corner only when the leaf entered: any
	// square within two steps is fine, but not out and back onto the entry corner.
	sameTokens(t, "from d3", tokens(t, s, "d3 pawn d3"), "b3", "c2", "c3", "c4", "d1", "d2", "d4", "d5", "e2", "e3", "e4", "f3")
	mustApply(t, s, "d3 pawn d3 d4 drone")
	vw = s.view()
	if vw.Window == nil || vw.Window[0] != (Square{3, 3}) || vw.Window[1] != (Square{3, 3}) {
		t.Errorf("window %v", vw.Window)
	}
	if len(vw.Corners) == 0 {
		t.Error("no entry corners after the first leaf")
	}
	// Xeno has no leaf yet: it must enter at a corner of a field holding the Rainbow leaf.
	for _, c := range tokens(t, s, "") {
		sq, _ := s.v.parseSquare(c)
		q := s.v.square(sq)
		if q.Col < 0 || q.Col > 7 || abs(q.Col-3) > 4 || abs(q.Row-3) > 5 {
			t.Errorf("xeno may enter at %s, too far from D4", c)
		}
	}
}

func TestUnsettledField(t *testing.T) {
	runChecks(t, []check{
		{name: "leaves may not spread beyond five files", diag: unsettled(`
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			C1 .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  Y1 .  .  .`), prefix: "e1", lacks: []string{"f1", "f2", "g1"}, has: []string{"e2", "d1", "e3"},
			refuse: "e1 f1 pawn", reason: "F1 would spread the leaves beyond a 5x6 field"},
		{name: "nor beyond six ranks", diag: unsettled(`
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			Y1 .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			C1 .  .  .  .  .  .  .`), prefix: "a6", lacks: []string{"a7", "a8"}, has: []string{"a5", "b6"}, refuse: "a6 a7 pawn", reason: "A7 would spread the leaves beyond a 5x6 field"},
		{name: "the field does not turn sideways", diag: unsettled(`
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  Y1 .  .  .  C1 .  .`), prefix: "b1", lacks: []string{"a1", "a2"}},
		{name: "the field shifts as leaves move", diag: unsettled(`
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			Y1 .  .  .  C1 .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .`), apply: "a3 c3 pawn", board: `
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  R1 .  C1 .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .`},
		{name: "the entered leaf stays in the field", diag: unsettled(`
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  C1 .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  Y1 .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .`), prefix: "a1 pawn d3", lacks: []string{"f3"}, has: []string{"e3", "d2"},
			refuse: "a1 pawn d3 f3 pawn", reason: "F3 would spread the leaves beyond a 5x6 field"},
		// Issue 12: E6 is a corner of the field A1-E6, which holds A3. After the entry the leaves
		// need only fit some 5x6 rectangle: A3 and E7 fit in A2-E7, which does not have E6 as a
		// corner. Only stepping out and back onto the entry corner stays forbidden.
		{name: "after the entry any field holding the leaves will do", diag: unsettled(`
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			C1 .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .`), prefix: "e6 pawn e6", has: []string{"e7", "e8", "d7", "d6", "e5"}, lacks: []string{"e6", "f6"},
			apply: "e6 pawn e6 e7 drone", board: `
			.  .  .  .  .  .  .  .
			.  .  .  .  Y2 .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			C1 .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .`},
		{name: "the entered leaf may not return to its corner", diag: unsettled(`
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			C1 .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .`), refuse: "e6 pawn e6 e6 drone", reason: "A leaf that leaves the entry corner E6 cannot come back to it on the same turn"},
		{name: "without an entry the field may lie further right", diag: unsettled(`
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  C1 .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  Y1 .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .`), prefix: "d3", has: []string{"f3"}},
		{name: "blocking works on the chessboard too", diag: unsettled(`
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .
			.  Y3 .  W1 .  .  .  .
			.  .  .  .  .  .  .  .
			.  .  .  .  .  .  .  .`), refuse: "b3 c3 pawn", reason: "C3 is blocked: Xeno's white pawn on D3"},
	})
}

func TestUnsettledSnapshotMustFit(t *testing.T) {
	if _, err := parseDiagram(unsettled(`
		Y1 .  .  .  .  .  .  .
		.  .  .  .  .  .  .  .
		.  .  .  .  .  .  .  .
		.  .  .  .  .  .  .  .
		.  .  .  .  .  .  .  .
		.  .  .  .  .  .  .  .
		.  .  .  .  .  .  .  .
		C1 .  .  .  .  .  .  .`)); err == nil {
		t.Error("leaves eight ranks apart were accepted")
	}
}

// Unsettled's empty chessboard shows no corners, so the first prompt names where a leaf may enter
// (issue #40), in every language; a refusal listing the free corners cuts the list without a
// doubled full stop ("…, C6, …." before).
func TestUnsettledFirstPromptNamesTheEntrySquares(t *testing.T) {
	st, err := Game.New(rules.Setup{Seats: 2, Options: map[string]string{OptVariant: VariantUnsettled}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	p := s.promptMsg().msg
	if got, want := p.English(), "The board is empty: enter a green leaf on any square of ranks 1, 2, 3, 6, 7, 8"; !strings.HasPrefix(got, want) {
		t.Errorf("first prompt %q, want it to begin %q", got, want)
	}
	for _, lang := range msg.Languages {
		if got := msg.Render(p, lang, nil); !strings.Contains(got, "1, 2, 3, 6, 7, 8") {
			t.Errorf("%s first prompt %q names no ranks", lang, got)
		}
	}
	_, err = s.Apply(s.turn, move("pawn"))
	reason, ok := rules.IsIllegal(err)
	if !ok || !strings.Contains(reason, "(the first 8 of 48): A1, B1, C1, D1, E1, F1, G1, H1.") || strings.Contains(reason, "..") || strings.Contains(reason, "….") {
		t.Errorf("refusal of a size first: %q", reason)
	}
	// Once a leaf stands, the prompt is the usual one.
	mustApply(t, s, "d3 pawn d3 d4 drone")
	if got := s.promptMsg().msg.English(); strings.Contains(got, "empty") {
		t.Errorf("prompt after the first move: %q", got)
	}
}
