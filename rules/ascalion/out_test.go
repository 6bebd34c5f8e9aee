package ascalion

import (
	"strings"
	"testing"
)

// A player who loses their last area is announced once, with who took it, and shown out on the
// board (the view the board is drawn from).
func TestEliminationAnnounced(t *testing.T) {
	f := newFixture(t, 3).own(0, "Minda", "Elgar").own(1, "Hippo's Land").put("Minda", "weapon").put("Elgar", "weapon")
	f.attackTurn(0).startCounts()
	var texts []string
	for _, e := range f.play(0, "attack hippos") {
		texts = append(texts, e.Msg.English())
	}
	// No extra transport; Yellow, the other neighbour, stays out.
	if f.s.Stage == stExtra {
		for _, e := range f.play(0, "skip") {
			texts = append(texts, e.Msg.English())
		}
	}
	for f.s.Stage == stAlly {
		for _, e := range f.play(f.s.Turn, "neutral") {
			texts = append(texts, e.Msg.English())
		}
	}
	all := strings.Join(texts, "\n")
	const want = "{seat:1} is out of the game: {seat:0} took Hippo's Land, their last area."
	if strings.Count(all, want) != 1 {
		t.Fatalf("events:\n%s\nwant once %q", all, want)
	}
	v := f.s.View(0).(View)
	if !v.Players[1].Out || v.Players[0].Out || v.Players[2].Out {
		t.Errorf("players out on the board: %+v", v.Players)
	}
	// A conquest that leaves the defender other lands announces nothing.
	g := newFixture(t, 3).own(0, "Minda", "Elgar").own(1, "Hippo's Land", "Ys").put("Minda", "weapon").put("Elgar", "weapon")
	g.attackTurn(0).startCounts()
	evs := g.play(0, "attack hippos")
	if g.s.Stage == stExtra {
		evs = append(evs, g.play(0, "skip")...)
	}
	for g.s.Stage == stAlly {
		evs = append(evs, g.play(g.s.Turn, "neutral")...)
	}
	for _, e := range evs {
		if e.Msg.ID == "ev_out" {
			t.Errorf("a player with land left announced out: %s", e.Msg.English())
		}
	}
}
