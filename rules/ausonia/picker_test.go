package ausonia

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// A menu never shows more than 25 options: a discard pile with more distinct cards is offered
// by groups first, then cards.
func TestLongMenusAreGrouped(t *testing.T) {
	s := twoPlayer(t)
	var codes []string
	for _, c := range []string{"v", "c", "m", "a"} {
		for i := 1; i <= 7; i++ {
			codes = append(codes, c+string(rune('0'+i)))
		}
	}
	set(t, s, 0, "discard", codes...)
	useCard(t, s, "n3", "") // Manipulation 2
	root := next(t, s, 0, "")
	if len(root) > maxMenu || strings.Join(root, " ") != "v c m a none" {
		t.Fatalf("root menu %v", root)
	}
	if got := next(t, s, 0, "m"); len(got) != 7 || got[0] != "m1" {
		t.Fatalf("group m: %v", got)
	}
	refuse(t, s, 0, "v3", "not a group")
	do(t, s, 0, "m m3 c c1")
	pl := s.P[0]
	if codesOf(s, pl.Draw[len(pl.Draw)-2:]) != "c1 m3" {
		t.Fatalf("top of draw pile %q", codesOf(s, pl.Draw[len(pl.Draw)-2:]))
	}
}

func TestIdenticalCardsShowOnceWithACount(t *testing.T) {
	s := newGame(t, 2, 1)
	var p rules.Seat = s.Turn
	set(t, s, p, "hand", "s2", "h1")
	// Two sapphire purses from two seats cannot be in one hand; use the picker directly.
	s2, h1 := byCode["s2"], byCode["h1"]
	pk := picker{items: []pickItem{{tok: "s2", kind: s2}, {tok: "s2", kind: s2}, {tok: "h1", kind: h1}}, max: 3}
	cs := pk.menu(pk.items, false)
	alone := func(tok string, kind int) string { // the card's label in a menu of its own
		one := picker{items: []pickItem{{tok: tok, kind: kind}}, max: 1}
		return one.menu(one.items, false)[0].English()
	}
	if len(cs) != 2 || cs[0].English() != alone("s2", s2)+" (×2)" || cs[1].English() != alone("h1", h1) {
		t.Fatalf("menu %+v", cs)
	}
}

// Random token sequences never panic, and whatever is refused leaves the state as it was.
func FuzzApply(f *testing.F) {
	f.Add(uint8(3), "play all")
	f.Add(uint8(40), "buy v3 se")
	f.Add(uint8(90), "pass s1 s1 h3")
	f.Add(uint8(10), "use h1 rr")
	f.Fuzz(func(t *testing.T, at uint8, move string) {
		s := newGame(t, 3, 11)
		for k := 0; k < int(at) && s.Res == nil; k++ {
			p := s.Awaiting()[0].Seat
			s.Apply(p, greedy(s, p))
		}
		if s.Res != nil {
			return
		}
		m, err := rules.ParseMove(move)
		if err != nil {
			return
		}
		before, _ := s.Encode()
		p := s.Awaiting()[0].Seat
		if _, err := s.Apply(p, m); err != nil {
			if _, ok := rules.IsIllegal(err); !ok {
				t.Fatalf("%q: error without a reason: %v", move, err)
			}
			after, _ := s.Encode()
			if string(before) != string(after) {
				t.Fatalf("refused %q changed the state", move)
			}
			return
		}
		if err := s.check(); err != nil {
			t.Fatalf("%q broke the state: %v", move, err)
		}
	})
}
