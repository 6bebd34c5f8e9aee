package phone

import (
	"fmt"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	ascalionrender "github.com/boardbot/boardbot/render/ascalion"
	ascidiaerender "github.com/boardbot/boardbot/render/ascidiae"
	ausoniarender "github.com/boardbot/boardbot/render/ausonia"
	autumnashrender "github.com/boardbot/boardbot/render/autumnash"
	reefrender "github.com/boardbot/boardbot/render/reef"
	"github.com/boardbot/boardbot/rules"
)

// boardOf is each game's whole board, beside its phone image.
var boardOf = map[rules.Game]drawFn{}

func init() {
	for _, g := range games {
		switch {
		case strings.HasPrefix(g.id, "autumn-ash"):
			boardOf[g.game] = autumnashrender.PNG
		case strings.HasPrefix(g.id, "ascidiae"):
			boardOf[g.game] = ascidiaerender.PNG
		case strings.HasPrefix(g.id, "ascalion"):
			boardOf[g.game] = ascalionrender.PNG
		case strings.HasPrefix(g.id, "reef"):
			boardOf[g.game] = reefrender.PNG
		case strings.HasPrefix(g.id, "ausonia"):
			boardOf[g.game] = ausoniarender.PNG
		}
	}
}

// An aborted game's board and phone image say so in their header, in place of whose turn it is
// (the engine still thinks the game runs). A game the engine has ended cannot be aborted.
func TestAbortedSaid(t *testing.T) {
	for _, g := range games {
		ps := positions(t, g)
		for _, at := range []string{"start", "middle"} {
			v := ps[at].View(rules.Spectator)
			for k, draw := range []drawFn{g.phone, boardOf[g.game]} {
				t.Run(fmt.Sprintf("%s/%s/%d", g.id, at, k), func(t *testing.T) {
					meta := render.SampleMeta(g.seats)
					if text := drawn(t, draw, v, meta); strings.Contains(text, render.Aborted("")) {
						t.Fatalf("a game that was not aborted says it was: %s", text)
					}
					meta.Aborted = true
					text := drawn(t, draw, v, meta)
					if !strings.Contains(text, render.Aborted("")) {
						t.Errorf("an aborted game's picture does not say so: %s", text)
					}
					// In the board's language: before, every language read "Game aborted".
					meta.Lang = "de"
					if de := drawn(t, draw, v, meta); !strings.Contains(de, "Partie abgebrochen: kein Ergebnis") {
						t.Errorf("an aborted game's German picture does not say so in German: %s", de)
					}
					meta.Lang = ""
					for _, l := range strings.Split(text, " | ") {
						if strings.HasSuffix(l, " to move") || strings.HasSuffix(l, " to play") || strings.Contains(l, " wins") {
							t.Errorf("an aborted game's picture still says %q", l)
						}
					}
				})
			}
		}
	}
}
