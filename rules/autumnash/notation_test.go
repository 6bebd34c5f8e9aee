package autumnash

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

func newGame(t *testing.T, variant string) *state {
	t.Helper()
	st, err := Game.New(rules.Setup{Seats: 2, Options: map[string]string{OptVariant: variant}})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

func TestNotationCanonical(t *testing.T) {
	s := newGame(t, VariantStandard)
	for typed, want := range map[string]string{
		"C2 C3 Drone":         "c2 c3 drone",
		"a6 QUEEN a6 a5 pawn": "a6 queen a6 a5 pawn",
		"d1 D2 queen":         "d1 d2 queen",
	} {
		m, err := rules.Canonical(s, 0, move(typed))
		if err != nil {
			t.Errorf("%q: %v", typed, err)
			continue
		}
		if m.String() != want {
			t.Errorf("%q canonical %q, want %q", typed, m, want)
		}
	}
}

func TestNotationRefusals(t *testing.T) {
	s := newGame(t, VariantStandard)
	for _, tc := range []struct{ m, reason string }{
		{"", "The move is empty"},
		{"zz", `"zz" is not a square of this board`},
		{"f1", `"f1" is not a square`},
		{"queen", "A move starts with a square, not a size: one of your leaves to move, or a free corner to enter a green queen at, with the size after the corner"},
		{"c3 c4", "There is no leaf on C3"},
		{"c2", "is not a whole move yet: its destination comes next"},
		{"c2 c3", "is not a whole move yet: the size it becomes comes next"},
		{"c2 c3 king", `"king" is not a size. Choose what the leaf becomes: pawn, drone, queen`},
		{"c2 c3 c4", `"c4" is a square, and a move names only where the leaf ends, not the squares it passes (for example "c2 c4"); after it comes what the leaf becomes: pawn, drone, queen`},
		{"c2 c3 Purple", `"Purple" is a colour, not a size: a leaf's colour follows from its move. Choose what the leaf becomes: pawn, drone, queen`},
		{"c2 c3 drone c4", "already complete"},
		{"a6", "the size of the entering leaf comes next"},
		{"a6 king", `"king" is not a size. After the entry corner comes the size of the green leaf to enter`},
		{"c5 c4 pawn", "The top leaf on C5 is Xeno's clear queen"},
	} {
		mustRefuse(t, s, tc.m, tc.reason)
	}
	if _, err := s.Apply(1, move("c5 c4 pawn")); err == nil || rules.PlainSeats(s, err.Error()) != "It is not your turn: Rainbow is to move." {
		t.Errorf("out of turn: %v", err)
	}
	if _, err := s.Apply(rules.Spectator, move("c2 c3 pawn")); err == nil || !strings.Contains(err.Error(), "Spectators cannot move") {
		t.Errorf("spectator: %v", err)
	}
	// A size the tree does not ask for is explained.
	s = pos(t, std(`
		.  .  .  .  C1
		.  .  .  .  .
		.  .  .  .  .
		.  .  W3 .  .
		.  .  Y1 .  .
		.  .  .  .  .`))
	mustRefuse(t, s, "c2 c3 pawn", "The leaf can only become a red pawn, so the size is not asked")
}

func TestLabels(t *testing.T) {
	s := newGame(t, VariantStandard)
	for _, tc := range []struct{ prefix, tok, want string }{
		{"", "c2", "C2 green queen"},
		{"", "a6", "enter a green leaf at A6"},
		{"a6", "drone", "enter a green drone"},
		{"a6 drone", "a6", "A6 green drone (just entered)"},
		{"c2", "d3", "D3 via"},
		{"c2", "c2", "back to C2 via"},
		{"c2 c3", "drone", "as a yellow drone"},
	} {
		if l := label(t, s, tc.prefix, tc.tok); !strings.HasPrefix(l, tc.want) {
			t.Errorf("label of %q after %q: %q, want %q...", tc.tok, tc.prefix, l, tc.want)
		}
	}
	s = posFile(t, "movement.txt")
	if l := label(t, s, "d1", "d2"); l != "onto D2 (caps a white drone), becoming a blue pawn" {
		t.Errorf("capping label %q", l)
	}
	// A move that bags says how many leaves; menus say its points first (Gain: the move's, or the
	// best of a destination whose size is still to choose).
	s = posFile(t, "scoring.txt")
	if l := label(t, s, "a3 b3", "queen"); l != "as a cyan queen, bagging 5 leaves" {
		t.Errorf("bagging size label %q", l)
	}
	if l := label(t, s, "a3", "b3"); l != "B3, bagging 5 cyan leaves" {
		t.Errorf("bagging destination label %q", l)
	}
}

// Events describe the turn for the channel.
func TestEvents(t *testing.T) {
	s := posFile(t, "scoring.txt")
	evs := mustApply(t, s, "a3 b3 queen")
	var texts []string
	for _, e := range evs {
		if !e.Public() {
			t.Errorf("private event %q in a game without secrets", e.English())
		}
		texts = append(texts, rules.PlainSeats(s, e.English()))
	}
	got := strings.Join(texts, "\n")
	for _, want := range []string{
		"Xeno moves the orange drone A3-B3 and it becomes a cyan queen.",
		// The bag names its squares, so a reader finds the group on the board.
		"Xeno bags 5 cyan leaves (B3, C3, D3, B4, B5) for 16 points (10 pips + 6 bonus): 16 of 21.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("events:\n%s\nwant %q", got, want)
		}
	}
	for _, lang := range msg.Languages {
		if got := msg.Render(evs[1].Msg, lang, nil); !strings.Contains(got, "(B3, C3, D3, B4, B5)") {
			t.Errorf("bag in %s names no squares: %q", lang, got)
		}
	}
	l := s.view().Last
	if l == nil || l.Seat != 1 || len(l.Path) != 2 || l.Points != 16 || len(l.Bagged) != 5 || l.Became != (Piece{Owner: 1, Colour: Cyan, Size: Queen}) {
		t.Errorf("last move %+v", l)
	}
}

// The examples in docs/rules/autumn-ash.md and in Info().Notation apply from the start.
func TestDocExamples(t *testing.T) {
	doc, err := os.ReadFile("../../docs/rules/autumn-ash.md")
	if err != nil {
		t.Fatal(err)
	}
	var examples []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([^`]+)` ").FindAllStringSubmatch(string(doc), -1) {
		examples = append(examples, m[1])
	}
	for _, m := range regexp.MustCompile(`\\"([a-e][1-6][^"]*)\\"`).FindAllStringSubmatch(strconv.Quote(Game.Info().NotationMsg.English()), -1) {
		examples = append(examples, m[1])
	}
	if len(examples) < 6 {
		t.Fatalf("found only %v", examples)
	}
	for _, m := range examples {
		mustApply(t, newGame(t, VariantStandard), m)
	}
}
