package ascalion

import (
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/msg"
)

// The focus image lists the awaited player's areas, each by name, and under each on the region's
// edge the lands of others it borders, by name; every label at least 9 px (the image is 400 px wide).
func TestFocusListsTheAwaitedPlayersAreas(t *testing.T) {
	for _, f := range fixtures {
		if f.name != "midgame4" && f.name != "trade3" {
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			st := position(t, f.name, f.setup, f.moves, f.stop)
			v := st.View(rules.Spectator).(game.View)
			stop := render.RecordLabels()
			_, err := Focus(v, render.SampleMeta(f.setup.Seats))
			labels := stop()
			if err != nil {
				t.Fatal(err)
			}
			count := map[string]int{}
			for _, l := range labels {
				count[l.Text]++
				if l.Size < 9 {
					t.Errorf("%q is %.1f px, want at least 9", l.Text, l.Size)
				}
			}
			s := v.Waiting[0]
			b := game.BoardMap()
			owned, outer := 0, 0
			for li, l := range v.Lands {
				if !l.InPlay || l.Owner != s {
					continue
				}
				owned++
				if count[l.Name] == 0 {
					t.Errorf("%s's area %s is not listed", who(v, render.SampleMeta(f.setup.Seats), s), l.Name)
				}
				bordered := false
				for _, a := range b.Lands[li].Adj {
					if n := v.Lands[a]; n.InPlay && n.Owner != s {
						bordered = true
						if count[n.Name] == 0 {
							t.Errorf("%s's neighbour %s is not named", l.Name, n.Name)
						}
					}
				}
				if bordered {
					outer++
				}
			}
			if owned == 0 {
				t.Fatal("the awaited player owns nothing: a position that tests nothing")
			}
			if got := count[tr("", "region_borders")]; got != outer {
				t.Errorf("%d lines of neighbours for %d areas on the region's edge", got, outer)
			}
			if title := tr("", "region_title", msg.Code("Who", who(v, render.SampleMeta(f.setup.Seats), s))); count[title] != 1 {
				t.Errorf("the list is not titled %q", title)
			}
		})
	}
}
