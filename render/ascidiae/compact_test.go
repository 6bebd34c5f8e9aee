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

// The phone image (Focus) shows every grid compactly, the awaited player's too: card names with
// their loads and tadpoles, named by the player; and it fits about one phone screen, at most 1.7 times as tall as wide (issue 38: at
// four seats it was 3.4 times as tall as wide).
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
			if name := meta.Player(rules.Seat(i), "", 16); !strings.Contains(all, "\n"+name+"\n") {
				t.Errorf("%d seats: %s's grid is not named", c.seats, name)
			}
			for _, cv := range p.Cells {
				if cv.Card == "" {
					continue
				}
				cards++
				// Three or four colours leave the load to the pile: the tadpoles take the line.
				counts := ""
				for col := asc.Colour(0); col < asc.NumColours; col++ {
					if cv.Tadpoles[col] > 0 {
						counts += itoa(cv.Tadpoles[col]) + "\n"
					}
				}
				// A name too long for its space at the phone's smallest text is cut after whole
				// letters with a full stop ("caudal."), still read as the card.
				name := cv.Card
				for _, l := range texts {
					if len(l) > 4 && strings.HasSuffix(l, ".") && strings.HasPrefix(cv.Card, strings.TrimSuffix(l, ".")) {
						name = l
					}
				}
				want := "\n" + name + "\n" + itoa(cv.Tadpoles.Total()) + "/" + itoa(cv.Capacity) + "\n" + counts
				if strings.Count(counts, "\n") >= 2 && strings.Contains(all, "\n"+name+"\n"+counts) {
					continue
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
		if r := float64(cfg.Height) / float64(cfg.Width); r > 1.7 {
			t.Errorf("%d seats: %dx%d is %.2f times as tall as wide, want at most 1.7", c.seats, cfg.Width, cfg.Height, r)
		}
		if len(b) > 60_000 {
			t.Errorf("%d seats: PNG %d bytes, want under 60 KB", c.seats, len(b))
		}
	}
}

// Every species' name fits a compact space: whole, or cut after whole letters with a full stop
// (xerocephala ran 20 px into its neighbour).
func TestCompactNamesFit(t *testing.T) {
	b := &board{}
	b.width = 614
	w := (b.compactW()-2*compactPad-(asc.Cols-1)*compactGap)/asc.Cols - 4
	for _, c := range asc.GameData().Cards {
		name, st := compactName(c.ID, w)
		if got := render.TextWidth(name, st); got > w || st.Size < 12 {
			t.Errorf("%s as %q: %.0f px at %.0f px, over %.0f", c.ID, name, got, st.Size, w)
		}
		if name != c.ID && (!strings.HasSuffix(name, ".") || !strings.HasPrefix(c.ID, strings.TrimSuffix(name, "."))) {
			t.Errorf("%s cut as %q", c.ID, name)
		}
	}
}
