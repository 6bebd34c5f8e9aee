package ascalion

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// choiceLabel is the English label (seats by colour) of tok offered after partial.
func choiceLabel(t *testing.T, f *fixture, p int, partial, tok string) string {
	t.Helper()
	m, _ := rules.ParseMove(partial)
	cs, _, err := f.s.Choices(rules.Seat(p), m)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Token == tok {
			return rules.PlainSeats(f.s, c.English())
		}
	}
	t.Fatalf("%q not offered after %q", tok, partial)
	return ""
}

// Issue #36: the label of a step that completes a transport or a put says what the land holds
// afterwards and, in an attack's extra transport, the attack's totals then (the reviewer moved a
// weapon and could not tell whether the attack changed).
func TestCompletingLabelsSayWhatFollows(t *testing.T) {
	extra := func() *fixture {
		f := newFixture(t, 3).own(0, "Ys", "Tarvos", "Comorium").own(1, "Doilan").put("Ys", "horse weapon gold")
		f.attackTurn(0)
		f.play(0, "attack doilan") // Red: bonus 1 + Comorium 1 against Doilan 1
		return f
	}
	// The reviewer's case: the weapon goes where one already counts, so the attack stays the same.
	armed := func() *fixture {
		f := newFixture(t, 3).own(0, "Ys", "Tarvos", "Comorium").own(1, "Doilan").put("Ys", "weapon").put("Comorium", "weapon")
		f.attackTurn(0)
		f.play(0, "attack doilan")
		return f
	}
	phase := func() *fixture {
		return newFixture(t, 2).own(0, "Minda", "Vagon").put("Minda", "horse gold iron").put("Vagon", "wood").transportTurn(0, 1)
	}
	for _, c := range []struct {
		name         string
		f            func() *fixture
		partial, tok string
		want         string
	}{
		{"foot in the phase", phase, "foot minda vagon", "iron", "iron (1) · Vagon → 1 wood, 1 iron"},
		{"foot, second kind", phase, "foot minda vagon gold", "iron", "iron (1) · Vagon → 1 wood, 1 gold, 1 iron"},
		{"unload on a ride", phase, "horse minda +gold vagon", "-gold", "Unload gold (1 aboard) · Vagon → 1 wood, 1 gold"},
		{"horse ride's end", phase, "horse minda +gold vagon", "end", "End · Vagon → 1 wood, 1 horse, 1 gold"},
		{"extra: weapon on foot", extra, "foot ys comorium", "weapon", "weapon (1) · attack 5–1 · Comorium → 1 weapon"},
		{"extra: horse on foot", extra, "foot ys comorium", "horse", "horse (1) · attack 3–1 · Comorium → 1 horse"},
		{"extra: no gain", armed, "foot ys comorium", "weapon", "weapon (1) · attack 5–1 · 1 weapon lost in Comorium"},
		{"extra: ride's end", extra, "horse ys +weapon comorium", "end", "End · attack 6–1 · Comorium → 1 horse, 1 weapon"},
	} {
		if got := choiceLabel(t, c.f(), 0, c.partial, c.tok); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	// A put says what the area then holds: here whether iron and coal sit together for a weapon.
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "iron coal").put("Comorium", "iron")
	f.openTrade()
	f.play(0, "offer blue coal for iron")
	f.play(1, "accept 1")
	if got, want := choiceLabel(t, f, 0, "put ys", "iron"), "iron (1) · Ys → 2 iron"; got != want {
		t.Errorf("put label %q, want %q", got, want)
	}
}

// Issue #36: the alliance buttons and menu show the totals the image shows, as they become with
// this seat's choice.
func TestAllianceAnswersShowTotals(t *testing.T) {
	f := newFixture(t, 3).own(0, "Minda").own(1, "Vagon").put("Minda", "weapon").put("Vagon", "horse")
	f.attackTurn(0)
	f.play(0, "attack vagon")
	if f.s.Stage == stExtra {
		f.play(0, "skip")
	}
	q := f.s.Turn
	tt := f.s.totals()
	if tt.Attacker != 5 || tt.Defender != 2 {
		t.Fatalf("totals so far %d against %d, want 5 against 2", tt.Attacker, tt.Defender)
	}
	want := map[string]string{
		"attacker": "Support Red, the attacker: then 11 against 2",
		"defender": "Support Blue, the defender: then 5 against 8",
		"neutral":  "Stay neutral: 5 against 2",
	}
	for tok, w := range want {
		if got := choiceLabel(t, f, q, "", tok); got != w {
			t.Errorf("menu %s: %q, want %q", tok, got, w)
		}
	}
	n := 0
	for _, pr := range f.s.Awaiting() {
		for _, a := range pr.Answers {
			n++
			if got := rules.PlainSeats(f.s, a.English()); got != want[a.Move.String()] {
				t.Errorf("button %s: %q, want %q", a.Move, got, want[a.Move.String()])
			}
		}
	}
	if n != 3 {
		t.Errorf("%d alliance buttons, want 3", n)
	}
	// Asking does not change the sides.
	if s := f.s.Atk.Sides[q]; s != 0 {
		t.Errorf("side %d after reading the labels", s)
	}
}

// Issue #36: a 4-seat attack label keeps who may still join, in every language (it was cut at
// "before AI (normal) (Yellow) and AI…" when names carried their kind and colour).
func TestAttackLabelKeepsWhoMayJoin(t *testing.T) {
	f := newFixture(t, 4).own(0, "Comorium").own(1, "Doilan").own(2, "Velinor").own(3, "Mabaron", "Calmor")
	f.attackTurn(0)
	cs, _, err := f.s.Choices(0, rules.Move{"attack"})
	if err != nil {
		t.Fatal(err)
	}
	names := func(s int) string { return []string{"Bartholomew", "Maximiliane", "Christopher", "Konstantinos"}[s] }
	for _, c := range cs {
		if c.Token != "doilan" {
			continue
		}
		for _, lang := range msg.Languages {
			l := msg.Render(c.Msg, lang, names)
			if !strings.Contains(l, "Christopher") || !strings.Contains(l, "Konstantinos") {
				t.Errorf("%s: %q does not name both neighbours who may join", lang, l)
			}
			if n := utf8.RuneCountInString(l); n > 90 {
				t.Errorf("%s: %q is %d characters: cut in a menu with its token", lang, l, n)
			}
		}
		return
	}
	t.Fatal("doilan not offered")
}
