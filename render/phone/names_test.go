package phone

import (
	"fmt"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
)

// Every game's board names the players beside their seats, and a result the platform gives (a
// resignation the engine knows nothing of) is stated with its winner named, over the engine's.
func TestBoardsNameThePlayers(t *testing.T) {
	for _, g := range games {
		draws := []drawFn{g.phone}                  // the focus image, or the whole board where it is the phone image
		if !strings.HasPrefix(g.id, "autumn-ash") { // there the board is the phone image
			draws = append(draws, boardOf[g.game])
		}
		for k, draw := range draws {
			t.Run(fmt.Sprintf("%s/%d", g.id, k), func(t *testing.T) { namesOn(t, g, draw) })
		}
	}
}

func namesOn(t *testing.T, g gameCase, draw drawFn) {
	v := positions(t, g)["middle"].View(rules.Spectator)
	meta := render.Meta{Names: []string{"alice", "Bartholomew the Magnificent", "carol", "dmitri", "evelyn", "frank"}[:g.seats]}
	text := drawn(t, draw, v, meta)
	for s, n := range meta.Names {
		if !strings.Contains(text, n[:5]) {
			t.Errorf("seat %d's player %q is not on the picture: %s", s, n, text)
		}
	}
	if strings.Contains(text, "Bartholomew the Magnificent") {
		t.Errorf("a long name is drawn whole, not shortened to fit")
	}
	if g.seats < 2 {
		return
	}
	ranks := make([]int, g.seats)
	for i := range ranks {
		ranks[i] = 2
	}
	ranks[1] = 1
	meta.Result = &rules.Result{Ranks: ranks, ReasonMsg: rules.Verbatim("alice resigned")}
	text = drawn(t, draw, v, meta)
	if !containsLabel(text, "Bartholo", "win") {
		t.Errorf("the platform's result does not name its winner: %s", text)
	}
}

func drawn(t *testing.T, draw drawFn, v any, m render.Meta) string {
	t.Helper()
	stop := render.RecordLabels()
	_, err := draw(v, m)
	ls := stop()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, l := range ls {
		b.WriteString(l.Text)
		b.WriteString(" | ")
	}
	return b.String()
}

// containsLabel says one label of text (as drawn returns it) holds all of words.
func containsLabel(text string, words ...string) bool {
	for _, l := range strings.Split(text, " | ") {
		all := true
		for _, w := range words {
			all = all && strings.Contains(l, w)
		}
		if all {
			return true
		}
	}
	return false
}
