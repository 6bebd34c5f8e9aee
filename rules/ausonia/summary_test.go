package ausonia

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// A turn is told in posts by one line written when it ends: gems played for, cards used for
// what, corruption dealt, cards bought and what was paid, influence gained and its total. The
// steps' own events are details (the mover's replies and the history keep them), and the board's
// last-move box shows the line.
func TestTurnToldInOneLine(t *testing.T) {
	s := twoPlayer(t, "b1", "b2", "b3", "s3", "e3", "c3", "h3")
	setOffer(t, s, "c4", "m1", "v2", "c1")
	var steps []rules.Event
	for _, mv := range []string{"play all", "play c3", "use c3", "play h3", "use h3 r"} {
		steps = append(steps, do(t, s, 0, mv)...)
	}
	buy := "buy c4"
	if pays := next(t, s, 0, buy); len(pays) > 0 {
		buy += " " + pays[0]
	}
	steps = append(steps, do(t, s, 0, buy)...)
	for _, e := range steps {
		if e.Public() && !e.Detail {
			t.Errorf("a step's event is told in the post: %q", e.English())
		}
	}
	end := do(t, s, 0, "pass")
	var told []string
	for _, e := range end {
		if e.Public() && !e.Detail && !e.Routine {
			told = append(told, e.English())
		}
	}
	if len(told) != 1 {
		t.Fatalf("the pass tells %q, want one line", told)
	}
	line := told[0]
	for _, want := range []string{
		rules.SeatRef(0) + " plays gem cards for 1 sapphire, 1 emerald, 3 bloodshards and 3 rainbows",
		"uses Mercenary Captain, deals Corruption 2: " + rules.SeatRef(1) + " now has 8 influence",
		"uses Courier for Draw 1", "buys Blackmailer for ", "gains 2 influence (now 12).",
	} {
		if !strings.Contains(line, want) {
			t.Errorf("the turn's line %q does not say %q", line, want)
		}
	}
	for _, never := range []string{"plays Mercenary Captain", "Influence 2", "Corruption 2,"} {
		if strings.Contains(line, never) {
			t.Errorf("the turn's line %q tells %q, which it says otherwise", line, never)
		}
	}
	if len(s.Last) != 1 || s.Last[0] != line {
		t.Errorf("the last-move box shows %q, want the turn's line", s.Last)
	}
}

// Another seat's doing inside the turn (the opponent's own discard choice) keeps its line, and a
// turn that did nothing says so.
func TestTurnLineLeavesOthersAlone(t *testing.T) {
	s := twoPlayer(t, "b1", "b2", "c2")
	set(t, s, 1, "hand", "s1", "s2", "e1")
	do(t, s, 0, "play all")
	do(t, s, 0, "play c2")
	ev := do(t, s, 0, "use c2")
	if s.Pend == nil || s.Pend.Seat != 1 {
		t.Fatalf("no discard asked of the opponent: %+v", s.Pend)
	}
	ev = do(t, s, 1, "s1")
	var kept bool
	for _, e := range ev {
		if strings.Contains(e.English(), rules.SeatRef(1)+" discards") {
			kept = !e.Detail
		}
	}
	if !kept {
		t.Errorf("the opponent's discard is not told: %+v", ev)
	}
	do(t, s, 0, "pass")
	for _, e := range do(t, s, 1, "pass") {
		if e.Public() && !e.Detail && !e.Routine && e.English() != rules.SeatRef(1)+" passes without playing a card." {
			t.Errorf("an empty turn tells %q", e.English())
		}
	}
}
