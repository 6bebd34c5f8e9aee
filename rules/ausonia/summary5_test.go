package ausonia

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// publicLines are the lines a thread post tells of events: public, not the turn's details nor
// housekeeping.
func publicLines(ev []rules.Event) []string {
	var out []string
	for _, e := range ev {
		if e.Public() && !e.Detail && !e.Routine {
			out = append(out, e.English())
		}
	}
	return out
}

// "uses Keeper of Deeds for Seal" when nothing was sealed: a Seal is told by its own step.
func TestSummaryTellsNoSealThatDidNotHappen(t *testing.T) {
	s := twoPlayer(t, "s1")
	set(t, s, 0, "play", "n1")
	s.T.Gems = g("r")
	do(t, s, 0, "use n1") // Seal, Influence 1: nothing in the play area to seal
	for s.Pend != nil {
		do(t, s, s.Pend.Seat, "none")
	}
	lines := strings.Join(publicLines(do(t, s, 0, "pass")), "\n")
	if !strings.Contains(lines, "uses Notary") || strings.Contains(lines, "Seal") {
		t.Errorf("the turn's line tells of a seal that did not happen:\n%s", lines)
	}
}

// "has reached 60 influence" came before "plays … (now 60)" in the same post: the thread tells
// it after the turn's line; the mover's reply at once.
func TestReachedComesAfterTheTurnsLine(t *testing.T) {
	s := twoPlayer(t, "s1")
	set(t, s, 0, "play", "h2")
	s.T.Gems = g("rr")
	s.P[0].Influence = 59
	ev := do(t, s, 0, "use h2")
	told := false
	for _, e := range ev {
		if strings.Contains(e.English(), "has reached 60") {
			told = true
			if !e.Detail {
				t.Errorf("%q reaches the thread before the turn's line", e.English())
			}
		}
	}
	if !told {
		t.Fatal("the mover is not told the end has come")
	}
	lines := publicLines(do(t, s, 0, "pass"))
	turn, reached := -1, -1
	for i, l := range lines {
		switch {
		case strings.Contains(l, "(now 61)"):
			turn = i
		case strings.Contains(l, "has reached 60"):
			reached = i
		}
	}
	if turn < 0 || reached < turn {
		t.Errorf("turn line at %d, reached at %d:\n%s", turn, reached, strings.Join(lines, "\n"))
	}
}

// The Usurper's gains from a card's cost are one line naming the card, not "gains 1 influence"
// for every gem with no reason (s, e, r: Influence 1; b: Burn 1).
func TestAspirantGainsTellTheirReasonOnce(t *testing.T) {
	s := soloGame(t, "2")
	setOffer(t, s, "a4", "c1", "v2", "m2") // a4 costs seb
	var gains []string
	for _, e := range do(t, s, 0, "pass") {
		if strings.Contains(e.English(), "gains") {
			gains = append(gains, e.English())
		}
	}
	if len(gains) != 1 || gains[0] != "The Usurper gains 2 influence from the cost of Master Builder (now 12)." {
		t.Errorf("gains told as %q", gains)
	}
}
