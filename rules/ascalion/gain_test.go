package ascalion

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Building a city gains a city, said in the game's words; every other build, and anything of a
// seat not to move, gains nothing. The city gained is the one playing the move builds.
func TestGainOfACity(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys", "Comorium").put("Ys", "4gold").put("Comorium", "iron coal").buildTurn(0)
	gain := func(p int, move string) rules.Gain {
		return f.s.Gain(rules.Seat(p), rules.Move(strings.Fields(move)))
	}
	g := gain(0, "city ys")
	if g.Points != 1 || g.Wins || g.Msg == nil || g.Msg.English() != "+1 city" {
		t.Errorf("city ys gains %+v", g)
	}
	for _, p := range []struct {
		seat int
		move string
	}{{0, "weapon comorium"}, {0, "done"}, {1, "city ys"}, {0, "city"}} {
		if g := gain(p.seat, p.move); !g.Zero() {
			t.Errorf("seat %d %q gains %+v", p.seat, p.move, g)
		}
	}
	before := f.s.cities(0)
	f.play(0, "city ys")
	if f.s.cities(0) != before+1 {
		t.Errorf("playing city ys gives %d cities after %d", f.s.cities(0), before)
	}
	if g := gain(0, "weapon comorium"); !g.Zero() {
		t.Errorf("after the city, a weapon gains %+v", g)
	}
}
