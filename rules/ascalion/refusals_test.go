package ascalion

import (
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Refusals name the rule and what to write instead, each a slip a player makes, with the whole
// answer.
func TestRefusalWording(t *testing.T) {
	mouth := board.Seas[board.Mouth].Token
	cases := []struct {
		name  string
		setup func(t *testing.T) *fixture
		seat  int
		move  string
		want  string
	}{
		{"a horse ride to its own land", func(t *testing.T) *fixture {
			return newFixture(t, 2).own(0, "Minda", "Vagon").put("Minda", "horse gold").transportTurn(0, 1)
		}, 0, "horse minda minda", "The horse starts in Minda: name the next land, one of yours beside it."},
		{"a ride through a land that is not yours", func(t *testing.T) *fixture {
			return newFixture(t, 2).own(0, "Minda").own(1, "Vagon").put("Minda", "horse gold").transportTurn(0, 1)
		}, 0, "horse minda vagon", "No horse of yours can ride now: a horse rides only through your own lands, so it needs one beside it. Choose done."},
		{"out of turn", func(t *testing.T) *fixture {
			return newFixture(t, 2).own(0, "Minda").put("Minda", "horse gold").transportTurn(0, 1)
		}, 1, "done", "It is not your turn: the game waits for Red."},
		{"a refused crossing asked again", func(t *testing.T) *fixture {
			f, _ := boatExample(t)
			f.play(0, "boat boat1 "+mouth+" r0 r1 r2 r3")
			f.play(1, "refuse")
			f.play(2, "refuse")
			return f
		}, 0, "r3", "Passage was refused in this transport, so the boat may only stop or go back the way it came (next: r1, the river (r1) between Hippo's Land and Vagon, for 1 point of the 2 left); a refused crossing is not asked again."},
		// The lands that fit are named: a foal refused "not a free land" left the player to guess.
		{"a foal on a land with a horse", func(t *testing.T) *fixture {
			f := newFixture(t, 2).own(0, "Ys", "Comorium", "Doilan", "Tarvos").source("Ys", Horse).put("Ys", "horse").city("Ys")
			f.put("Comorium", "horse")
			var got Goods
			f.s.produce(f.land("Ys"), &got)
			f.s.Stage = stPlace
			return f
		}, 0, "comorium", "Comorium is already yours, but a horse stands there: the foal needs a land of yours with no horse. Write one of: doilan, tarvos."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := c.setup(t)
			m, _ := rules.ParseMove(c.move)
			_, err := f.s.Apply(rules.Seat(c.seat), m)
			if reason, ok := rules.IsIllegal(err); !ok || rules.PlainSeats(f.s, reason) != c.want {
				t.Errorf("%q refused with\n  %v\nwant\n  %s", c.move, err, c.want)
			}
		})
	}
}

// A foal refused on the player's own land says in every language that the land is theirs already
// (no colour in brackets, as if it were someone else's) and still names the lands that fit.
func TestFoalOnOwnLandRefusal(t *testing.T) {
	want := map[string]string{
		"en": "Minda is already yours, but the foal cannot reach it",
		"de": "Minda gehört dir schon, aber das Fohlen erreicht es nicht",
		"es": "Minda ya es tuya, pero el potro no puede llegar",
		"fr": "Minda est déjà à toi, mais le poulain ne peut pas l'atteindre",
	}
	// Minda is the player's, free of horses, but beyond the source's chain of horse lands.
	f := newFixture(t, 2).own(0, "Ys", "Doilan", "Tarvos", "Minda").source("Ys", Horse).put("Ys", "horse").city("Ys")
	if slices.Contains(f.s.horseSpots(0, f.land("Ys")), f.land("Minda")) {
		t.Fatal("fixture: Minda is a spot for the foal")
	}
	var got Goods
	f.s.produce(f.land("Ys"), &got)
	f.s.Stage = stPlace
	m, _ := rules.ParseMove("minda")
	_, err := f.s.Apply(0, m)
	reason := rules.IllegalMsg(err)
	if reason == nil {
		t.Fatalf("comorium: %v", err)
	}
	for _, lang := range msg.Languages {
		text := msg.Render(reason, lang, nil)
		if !strings.Contains(text, want[lang]) || strings.Contains(text, "(") || !strings.Contains(text, ": tarvos.") {
			t.Errorf("%s: %q, want %q, no brackets, and the lands that fit", lang, text, want[lang])
		}
	}
}
