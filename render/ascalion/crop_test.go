package ascalion

import (
	"image"

	"github.com/boardbot/boardbot/render"
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/ascalion"
)

// The board's cut of the map stays the same through a game, so replay frames keep their size.
func TestLandCropHoldsThroughAGame(t *testing.T) {
	for _, opts := range []map[string]string{{"setup": "quick"}, {"setup": "quick", "expansion": "on"}} {
		st, err := game.Game.New(rules.Setup{Seats: 4, Seed: 9, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		first := landCrop(geometry(), st.View(rules.Spectator).(game.View))
		r := rand.New(rand.NewPCG(9, 1))
		for i := 0; i < 3000 && st.Result() == nil; i++ {
			ps := st.Awaiting()
			p := ps[r.IntN(len(ps))]
			m, err := rules.RandomMove(st, p.Seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(p.Seat, m); err != nil {
				t.Fatal(err)
			}
			if i%50 == 0 {
				if c := landCrop(geometry(), st.View(rules.Spectator).(game.View)); c != first {
					t.Fatalf("%v: the cut moved from %v to %v after %d moves", opts, first, c, i+1)
				}
			}
		}
		if first.Dx() >= imgW && opts["expansion"] == "" {
			t.Errorf("%v: the map is not cut (%v)", opts, first)
		}
	}
}

// The sea's field numbers are drawn once, on a cached layer, yet a recording of labels (the phone
// test's) hears each one the board shows, every time the board is drawn, at the size it has.
func TestSeaNumbersHeard(t *testing.T) {
	st, err := game.Game.New(rules.Setup{Seats: 3, Seed: 9, Options: map[string]string{"setup": "quick"}})
	if err != nil {
		t.Fatal(err)
	}
	v := st.View(rules.Spectator)
	count := func() (n int) {
		stop := render.RecordLabels()
		_, err := PNG(v, render.Meta{})
		ls := stop()
		if err != nil {
			t.Fatal(err)
		}
		numbers := map[string]bool{}
		for _, l := range seaLabels {
			numbers[l.text] = true
		}
		for _, l := range ls {
			if numbers[l.Text] && l.Size == 9 {
				n++
			}
		}
		return n
	}
	first, again := count(), count()
	if first == 0 || first != again {
		t.Fatalf("sea numbers heard: %d on the first board, %d on the next; want the same, more than 0", first, again)
	}
	shown := 0
	crop := landCrop(geometry(), v.(game.View))
	for _, l := range seaLabels {
		if image.Pt(int(l.x), int(l.y)).In(crop) {
			shown++
		}
	}
	if first < shown {
		t.Errorf("%d sea numbers heard, %d shown", first, shown)
	}
}

// While one player plans a transport, an attack or a development, the focus shows as many of his
// lands as any cut-out of the map can (issue 36: the last move elsewhere was no help to plan).
func TestFocusShowsThePlannersLands(t *testing.T) {
	g := geometry()
	st := play(t, rules.Setup{Seats: 4, Seed: 2, Options: map[string]string{"setup": "quick"}}, 0, nil)
	r := rand.New(rand.NewPCG(9, 3))
	seen := 0
	for i := 0; i < 1500 && st.Result() == nil; i++ {
		v := st.View(rules.Spectator).(game.View)
		if len(v.Waiting) == 1 && v.Attack == nil && v.Passage == nil && (v.Step == "transport" || v.Step == "attack" || v.Step == "development") {
			seen++
			inside := func(rc image.Rectangle) int {
				n := 0
				for li, l := range v.Lands {
					c := g.landC[li]
					if l.InPlay && l.Owner == v.Waiting[0] && image.Pt(int(c.X), int(c.Y)).In(rc.Inset(30)) {
						n++
					}
				}
				return n
			}
			got := inside(focusRect(g, v))
			for li, l := range v.Lands {
				if !l.InPlay || l.Owner != v.Waiting[0] {
					continue
				}
				c := g.landC[li]
				x := max(0, min(int(c.X)-focusW/2, imgW-focusW))
				y := max(statusH, min(int(c.Y)-focusMapH/2, statusH+int(g.mapH)-focusMapH))
				if n := inside(image.Rect(x, y, x+focusW, y+focusMapH)); n > got {
					t.Fatalf("move %d, %s of seat %d: the focus holds %d of his lands, around %s %d", i, v.Step, v.Waiting[0], got, l.Name, n)
				}
			}
		}
		ps := st.Awaiting()
		p := ps[r.IntN(len(ps))]
		m, err := rules.RandomMove(st, p.Seat, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(p.Seat, m); err != nil {
			t.Fatal(err)
		}
	}
	if seen < 10 {
		t.Errorf("only %d planning moments met", seen)
	}
}
