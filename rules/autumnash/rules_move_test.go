package autumnash

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// std writes a standard-variant diagram with Rainbow to move around the given ranks (6 down to 1).
func std(ranks string) string { return "variant standard\nturn rainbow\n" + numbered(ranks) }

func beginner(ranks string) string { return "variant beginner\nturn rainbow\n" + numbered(ranks) }

// numbered prefixes rank numbers to the non-empty lines, top rank first.
func numbered(ranks string) string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(ranks), "\n") {
		lines = append(lines, strings.TrimSpace(l))
	}
	var b strings.Builder
	for i, l := range lines {
		b.WriteString(string(rune('0'+len(lines)-i)) + " " + l + "\n")
	}
	return b.String()
}

// check is one assertion about a position: tokens after a prefix, a refusal, or a move and the
// board it leaves.
type check struct {
	name   string
	diag   string
	prefix string   // for want/has/lacks
	want   []string // exact tokens after prefix
	has    []string
	lacks  []string
	refuse string // a move that must be refused...
	reason string // ...with this in its reason
	apply  string // a move that must apply...
	board  string // ...leaving these ranks (6 down to 1, without numbers)
	scores *[2]int
}

func runChecks(t *testing.T, cases []check) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := pos(t, c.diag)
			if c.want != nil || c.has != nil || c.lacks != nil {
				got := tokens(t, s, c.prefix)
				if c.want != nil {
					sameTokens(t, "after "+c.prefix, got, c.want...)
				}
				for _, h := range c.has {
					if !strings.Contains(" "+strings.Join(got, " ")+" ", " "+h+" ") {
						t.Errorf("after %q: %q not offered (got %v)", c.prefix, h, got)
					}
				}
				for _, l := range c.lacks {
					if strings.Contains(" "+strings.Join(got, " ")+" ", " "+l+" ") {
						t.Errorf("after %q: %q offered (got %v)", c.prefix, l, got)
					}
				}
			}
			if c.refuse != "" {
				mustRefuse(t, s, c.refuse, c.reason)
			}
			if c.apply != "" {
				mustApply(t, s, c.apply)
				if c.board != "" {
					wantBoard(t, s, numbered(c.board))
				}
				if c.scores != nil && s.scores != *c.scores {
					t.Errorf("scores %v, want %v", s.scores, *c.scores)
				}
			}
		})
	}
}

func TestSetup(t *testing.T) {
	for _, v := range []string{VariantStandard, VariantBeginner} {
		st, err := Game.New(rules.Setup{Seats: 2, Options: map[string]string{OptVariant: v}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		wantBoard(t, s, numbered(`
			.  C2 .  C1 .
			.  .  C3 .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  G3 .  .
			.  G1 .  G2 .`))
		vw := s.View(rules.Spectator).(*View)
		if vw.Turn != 0 || vw.Target != 21 || vw.Scores != [2]int{} || vw.Cols != 5 || vw.Rows != 6 || vw.Window != nil {
			t.Errorf("%s view header: %+v", v, vw)
		}
		if got := len(vw.Corners); got != 4 {
			t.Errorf("%s: %d corners", v, got)
		}
		// One trio of the starting colour is on the board, one left the game, two are unplayed.
		for seat, first := range []Colour{Green, Clear} {
			for _, e := range vw.Stash[seat] {
				want := 4
				if e.Colour == first {
					want = 2
				}
				if e.Pawns != want || e.Drones != want || e.Queens != want {
					t.Errorf("%s stash %v: %+v, want %d of each", v, e.Colour, e, want)
				}
			}
		}
		if a := s.Awaiting(); len(a) != 1 || a[0].Seat != 0 {
			t.Errorf("Rainbow moves first, awaiting %v", a)
		}
	}
	if _, err := Game.New(rules.Setup{Seats: 3}); err == nil {
		t.Error("three seats accepted")
	}
}

func TestEntry(t *testing.T) {
	start := std(`
		.  C2 .  C1 .
		.  .  C3 .  .
		.  .  .  .  .
		.  .  .  .  .
		.  .  G3 .  .
		.  G1 .  G2 .`)
	runChecks(t, []check{
		{name: "free corners and own leaves start a move", diag: start, want: []string{"a1", "a6", "b1", "c2", "d1", "e1", "e6"}},
		{name: "entry size is asked", diag: start, prefix: "a6", want: []string{"pawn", "drone", "queen"}},
		{name: "then any leaf may move", diag: start, prefix: "a6 queen", want: []string{"a6", "b1", "c2", "d1"}},
		{name: "the entered leaf moves", diag: start, apply: "a6 pawn a6 a5 drone", board: `
			.  C2 .  C1 .
			Y2 .  C3 .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  G3 .  .
			.  G1 .  G2 .`},
		{name: "or another leaf", diag: start, apply: "e1 queen c2 c4 drone", board: `
			.  C2 .  C1 .
			.  .  C3 .  .
			.  .  Y2 .  .
			.  .  .  .  .
			.  .  .  .  .
			.  G1 .  G2 G3`},
		{name: "occupied corner", diag: std(`
			.  .  .  .  .
			.  .  C3 .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  G3 .  .
			W1 .  .  .  .`), refuse: "a1 pawn c2 c3 drone", reason: "The top leaf on A1 is Xeno's white pawn"},
		{name: "not a corner", diag: start, refuse: "c3 pawn c2 c4 drone", reason: "There is no leaf on C3"},
		{name: "only one size left is not asked", diag: std(`
			G1 .  .  .  .
			G1 .  .  .  C3
			G1 .  .  .  .
			G2 .  .  .  .
			G2 .  .  .  .
			G2 .  .  .  .`), prefix: "e1", want: []string{"a1", "a2", "a3", "a4", "a5", "a6", "e1"}},
		{name: "no green leaf left", diag: std(`
			.  G1 G2 G3 .
			.  .  .  .  C3
			.  G1 G2 G3 .
			.  .  .  .  .
			.  G1 G2 G3 .
			.  .  .  .  .`), lacks: []string{"a1", "e1", "a6", "e6"}, refuse: "a1 b1 b2 pawn", reason: "You have no green leaf left to enter at A1"},
		{name: "xeno enters clear leaves", diag: "variant standard\nturn xeno\n" + numbered(`
			.  .  .  .  .
			.  .  C3 .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  G3 .  .
			.  .  .  .  .`), apply: "e6 drone e6 e5 queen", board: `
			.  .  .  .  .
			.  .  C3 .  W3
			.  .  .  .  .
			.  .  .  .  .
			.  .  G3 .  .
			.  .  .  .  .`},
	})
}

func TestSteps(t *testing.T) {
	open := std(`
		.  .  .  .  C1
		.  .  .  .  .
		.  .  .  .  .
		.  .  Y1 .  .
		.  .  .  .  .
		.  .  .  .  .`)
	runChecks(t, []check{
		{name: "one or two orthogonal steps, or out and back", diag: open, prefix: "c3",
			want: []string{"a3", "b2", "b3", "b4", "c1", "c2", "c3", "c4", "c5", "d2", "d3", "d4", "e3"}},
		{name: "three steps are too far", diag: open, refuse: "c3 c6 pawn", reason: "C6 is out of reach"},
		{name: "two steps round a corner", diag: open, apply: "c3 d4 drone", board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  R2 .
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .`},
		{name: "out and back changes colour in place", diag: open, apply: "c3 c3 queen", board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  R3 .  .
			.  .  .  .  .
			.  .  .  .  .`},
		{name: "no jumping over a leaf", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  W3 .  .
			.  .  Y1 .  .
			.  .  .  .  .
			.  .  .  .  .`), refuse: "c3 c5 pawn", reason: "Xeno's white queen on C4 is in the way"},
		{name: "one free route is enough", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  W3 .  .
			.  .  Y1 .  .
			.  .  .  .  .
			.  .  .  .  .`), apply: "c3 d4 pawn"},
		{name: "you move your own leaves", diag: open, refuse: "e6 e5 pawn", reason: "The top leaf on E6 is Xeno's clear pawn; move one of your own"},
	})
}

func TestColourProgression(t *testing.T) {
	runChecks(t, []check{
		{name: "green turns yellow, in any size left", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  G2 .  .
			.  .  .  .  .
			.  .  .  .  .`), prefix: "c3 c4", want: []string{"pawn", "drone", "queen"}, apply: "c3 c4 queen", board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  Y3 .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .`},
		{name: "only sizes still unplayed", diag: std(`
			.  .  .  .  C1
			.  Y3 Y3 Y3 Y3
			.  .  .  .  .
			.  .  G2 .  .
			.  .  .  .  .
			.  .  .  .  .`), prefix: "c3 c2", want: []string{"pawn", "drone"}},
		{name: "a single size left is not asked", diag: std(`
			.  .  .  .  C1
			.  Y3 Y3 Y3 Y3
			.  Y2 Y2 Y2 Y2
			.  .  G2 .  .
			.  .  .  .  .
			.  .  .  .  .`), prefix: "c3", has: []string{"c2"}, apply: "c3 c2", board: `
			.  .  .  .  C1
			.  Y3 Y3 Y3 Y3
			.  Y2 Y2 Y2 Y2
			.  .  .  .  .
			.  .  Y1 .  .
			.  .  .  .  .`},
		{name: "no leaf of the next colour: cannot move", diag: std(`
			.  Y1 Y2 Y3 C1
			.  Y1 Y2 Y3 .
			.  Y1 Y2 Y3 .
			.  Y1 G2 Y3 .
			.  .  Y2 .  .
			.  .  .  .  .`), lacks: []string{"c3"}, refuse: "c3 d3 pawn", reason: "it must turn yellow, and you have no yellow leaf left"},
		{name: "xeno turns white", diag: "variant standard\nturn xeno\n" + numbered(`
			.  .  .  .  .
			.  .  C3 .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  G3 .  .
			.  .  .  .  .`), apply: "c5 c4 pawn", board: `
			.  .  .  .  .
			.  .  .  .  .
			.  .  W1 .  .
			.  .  .  .  .
			.  .  G3 .  .
			.  .  .  .  .`},
	})
}

// The old piece goes back to the unplayed stash and the new one comes out of it.
func TestStashExchange(t *testing.T) {
	s := pos(t, std(`
		.  .  .  .  C1
		.  .  .  .  .
		.  .  .  .  .
		.  .  G2 .  .
		.  .  .  .  .
		.  .  .  .  .`))
	stash := func(c Colour) StashEntry {
		for _, e := range s.view().Stash[0] {
			if e.Colour == c {
				return e
			}
		}
		t.Fatalf("no %v in stash", c)
		return StashEntry{}
	}
	if g := stash(Green); g.Drones != 2 {
		t.Fatalf("green drones before: %+v", g)
	}
	mustApply(t, s, "c3 c4 queen")
	if g, y := stash(Green), stash(Yellow); g.Drones != 3 || y.Queens != 3 || y.Drones != 4 {
		t.Errorf("after the move: green %+v, yellow %+v", g, y)
	}
}

func TestCornerReturn(t *testing.T) {
	runChecks(t, []check{
		{name: "a leaf leaving a corner cannot come back to it", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			G1 .  .  .  .`), prefix: "a1", lacks: []string{"a1"}, refuse: "a1 a1 pawn", reason: "A leaf that leaves the entry corner A1 cannot come back to it on the same turn"},
		{name: "nor can a leaf just entered", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  G1 .  .
			.  .  .  .  .`), refuse: "e1 pawn e1 e1 pawn", reason: "cannot come back"},
		{name: "elsewhere out and back is allowed", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			.  G1 .  .  .`), prefix: "b1", has: []string{"b1", "a1"}},
	})
}
