package ascidiae

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	asc "github.com/boardbot/boardbot/rules/ascidiae"
)

// The focus image shows every grid: the awaited player's whole, every other player's as card
// names with their loads and tadpoles, named by the player; and it stays about two phone screens
// tall at 400 px wide.
func TestFocusShowsEveryGrid(t *testing.T) {
	for _, c := range []struct {
		seats int
		opts  map[string]string
		moves int
	}{
		{2, map[string]string{"preset": "first"}, 45},
		{4, map[string]string{"preset": "fourth", "rearrange": "0"}, 140},
	} {
		v := position(t, c.seats, c.opts, 7, c.moves).View(rules.Spectator).(*asc.View)
		meta := render.SampleMeta(c.seats)
		stop := render.RecordLabels()
		b, err := Focus(v, meta)
		labels := stop()
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		for _, l := range labels {
			texts = append(texts, l.Text)
		}
		all := "\n" + strings.Join(texts, "\n") + "\n"
		cards := 0
		for i, p := range v.Players {
			if i == v.Seat {
				continue
			}
			if name := meta.Player(rules.Seat(i), "", 16); !strings.Contains(all, "\n"+name+"\n") {
				t.Errorf("%d seats: %s's grid is not named", c.seats, name)
			}
			for _, cv := range p.Cells {
				if cv.Card == "" {
					continue
				}
				cards++
				want := "\n" + cv.Space + "\n" + cv.Card + "\n" + itoa(cv.Tadpoles.Total()) + "/" + itoa(cv.Capacity) + "\n"
				for col := asc.Colour(0); col < asc.NumColours; col++ {
					if cv.Tadpoles[col] > 0 {
						want += itoa(cv.Tadpoles[col]) + "\n"
					}
				}
				if !strings.Contains(all, want) {
					t.Errorf("%d seats: seat %d's %s (%s, tadpoles %v) is not shown as %q", c.seats, i+1, cv.Space, cv.Card, cv.Tadpoles, want)
				}
			}
		}
		if cards == 0 {
			t.Fatalf("%d seats: the opponents have no cards: a position that tests nothing", c.seats)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if h := cfg.Height * 400 / cfg.Width; h > 1400 {
			t.Errorf("%d seats: %dx%d is %d px tall at 400 px wide, want at most 1400 (two screens)", c.seats, cfg.Width, cfg.Height, h)
		}
		if len(b) > 60_000 {
			t.Errorf("%d seats: PNG %d bytes, want under 60 KB", c.seats, len(b))
		}
	}
}
