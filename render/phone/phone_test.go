package phone

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/boardbot/boardbot/render"
	ascalionrender "github.com/boardbot/boardbot/render/ascalion"
	ascidiaerender "github.com/boardbot/boardbot/render/ascidiae"
	ausoniarender "github.com/boardbot/boardbot/render/ausonia"
	autumnashrender "github.com/boardbot/boardbot/render/autumnash"
	reefrender "github.com/boardbot/boardbot/render/reef"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/reef"
)

// phoneW is the width Discord shows a picture at on a phone until it is tapped, and minPx the
// smallest text that reads there.
const (
	phoneW = 400
	minPx  = 9.0
)

var outDir = flag.String("phone.out", "", "write every image drawn, and a copy scaled to 400 px, to this directory")

type drawFn func(v any, m render.Meta) ([]byte, error)

type gameCase struct {
	id    string
	game  rules.Game
	seats int
	opts  map[string]string
	// phone is the image that must read on a phone: the focus image posted with the board, or
	// the whole board where it reads (Autumn Ash's portrait).
	phone drawFn
}

// games is every game with every seat count and every option that changes the picture.
var games = []gameCase{
	{"autumn-ash", autumnash.Game, 2, nil, autumnashrender.PNG},
	{"autumn-ash-beginner", autumnash.Game, 2, map[string]string{"variant": "beginner"}, autumnashrender.PNG},
	{"autumn-ash-unsettled", autumnash.Game, 2, map[string]string{"variant": "unsettled"}, autumnashrender.PNG},
	{"ascidiae-solo", ascidiae.Game, 1, nil, ascidiaerender.Focus},
	{"ascidiae", ascidiae.Game, 2, nil, ascidiaerender.Focus},
	{"ascidiae-3-long", ascidiae.Game, 3, map[string]string{"long": "yes", "difficulty": "white"}, ascidiaerender.Focus},
	{"ascidiae-4", ascidiae.Game, 4, map[string]string{"difficulty": "black"}, ascidiaerender.Focus},
	{"ascalion-2", ascalion.Game, 2, nil, ascalionrender.Focus},
	{"ascalion-3", ascalion.Game, 3, map[string]string{"expansion": "on"}, ascalionrender.Focus},
	{"ascalion", ascalion.Game, 4, map[string]string{"setup": "quick"}, ascalionrender.Focus},
	{"ascalion-4-draft", ascalion.Game, 4, map[string]string{"setup": "draft", "expansion": "on"}, ascalionrender.Focus},
	{"ascalion-5", ascalion.Game, 5, map[string]string{"setup": "quick"}, ascalionrender.Focus},
	{"ascalion-6", ascalion.Game, 6, map[string]string{"setup": "quick", "expansion": "on"}, ascalionrender.Focus},
	{"reef-encounter-2", reef.Game, 2, nil, reefrender.Focus},
	{"reef-encounter", reef.Game, 3, nil, reefrender.Focus},
	{"reef-encounter-4-advanced", reef.Game, 4, map[string]string{"variant": "advanced"}, reefrender.Focus},
	{"ausonia-solo", ausonia.Game, 1, nil, ausoniarender.Focus},
	{"ausonia-2", ausonia.Game, 2, nil, ausoniarender.Focus},
	{"ausonia", ausonia.Game, 3, nil, ausoniarender.Focus},
	{"ausonia-4", ausonia.Game, 4, nil, ausoniarender.Focus},
}

// positionsOf holds each game case's positions: three tests draw them, and the random game
// behind them was the package's largest cost when played for each.
var positionsOf = struct {
	sync.Mutex
	m map[string]map[string]rules.State
}{m: map[string]map[string]rules.State{}}

// positions is a seeded random game's start, a middle position and its end, played once per
// game case; the tests only take views of them.
func positions(t *testing.T, g gameCase) map[string]rules.State {
	t.Helper()
	positionsOf.Lock()
	defer positionsOf.Unlock()
	if ps, ok := positionsOf.m[g.id]; ok {
		return ps
	}
	ps := playPositions(t, g)
	positionsOf.m[g.id] = ps
	return ps
}

// playPositions plays a seeded random game and keeps its start, a middle position and its end.
func playPositions(t *testing.T, g gameCase) map[string]rules.State {
	t.Helper()
	setup := rules.Setup{Seats: g.seats, Seed: 7, Options: g.opts}
	var states []rules.State
	st, err := g.game.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 22))
	snap := func() {
		b, err := st.Encode()
		if err != nil {
			t.Fatal(err)
		}
		c, err := g.game.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, c)
	}
	snap()
	for i := 0; i < 20000 && st.Result() == nil; i++ {
		ps := st.Awaiting()
		p := ps[r.IntN(len(ps))]
		m, err := rules.RandomMove(st, p.Seat, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(p.Seat, m); err != nil {
			t.Fatal(err)
		}
		if i%25 == 0 {
			snap()
		}
	}
	snap()
	return map[string]rules.State{"start": states[0], "middle": states[len(states)/2], "end": states[len(states)-1]}
}

// TestPhoneText draws every game at its start, middle and end, with players' names, and checks
// that every label of its phone image is at least 9 px tall once the image is 400 px wide.
func TestPhoneText(t *testing.T) {
	for _, g := range games {
		t.Run(g.id, func(t *testing.T) {
			meta := render.SampleMeta(g.seats)
			ps := positions(t, g)
			for _, at := range []string{"start", "middle", "end"} {
				v := ps[at].View(rules.Spectator)
				stop := render.RecordLabels()
				b, err := g.phone(v, meta)
				labels := stop()
				if err != nil {
					t.Fatal(err)
				}
				cfg, err := png.DecodeConfig(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				write(t, g.id+"-"+at, b)
				if *outDir != "" && !strings.HasPrefix(g.id, "autumn-ash") {
					whole, err := boardOf[g.game](v, meta) // to look at beside the phone image
					if err != nil {
						t.Fatal(err)
					}
					write(t, g.id+"-"+at+"-board", whole)
				}
				small, px, ok := render.SmallestLabel(labels, cfg.Width, phoneW)
				if !ok {
					t.Fatalf("%s: no label drawn", at)
				}
				want := minPx
				if px < want-1e-9 {
					t.Errorf("%s (%d px wide): %q is %.1f px at %d px wide, want at least %.1f (font size %.1f, want %.1f); %s",
						at, cfg.Width, small.Text, px, phoneW, want, small.Size, want*float64(cfg.Width)/phoneW, tooSmall(labels, cfg.Width))
				}
			}
		})
	}
}

// tooSmall lists the distinct labels under the limit, smallest first, for the failure message.
func tooSmall(ls []render.Label, w int) string {
	limit := minPx * float64(w) / phoneW
	seen := map[string]bool{}
	var out []render.Label
	for _, l := range ls {
		if l.Size < limit-1e-9 && !seen[l.Text] {
			seen[l.Text] = true
			out = append(out, l)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Size < out[j].Size })
	if len(out) > 12 {
		out = out[:12]
	}
	s := ""
	for _, l := range out {
		s += " " + strconvQ(l.Text) + "@" + ftoa(l.Size)
	}
	return "too small:" + s
}

func write(t *testing.T, name string, b []byte) {
	if *outDir == "" {
		return
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	_ = os.WriteFile(filepath.Join(*outDir, name+".png"), b, 0o644)
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	small := scaleTo(img, phoneW)
	var buf bytes.Buffer
	_ = png.Encode(&buf, small)
	_ = os.WriteFile(filepath.Join(*outDir, name+"-400.png"), buf.Bytes(), 0o644)
}

// scaleTo shrinks img to w pixels wide by averaging boxes of pixels, as a phone does.
func scaleTo(img image.Image, w int) image.Image {
	b := img.Bounds()
	h := b.Dy() * w / b.Dx()
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		y0, y1 := b.Min.Y+y*b.Dy()/h, b.Min.Y+(y+1)*b.Dy()/h
		for x := 0; x < w; x++ {
			x0, x1 := b.Min.X+x*b.Dx()/w, b.Min.X+(x+1)*b.Dx()/w
			var r, g, bl, n uint32
			for yy := y0; yy < max(y1, y0+1); yy++ {
				for xx := x0; xx < max(x1, x0+1); xx++ {
					cr, cg, cb, _ := img.At(xx, yy).RGBA()
					r, g, bl, n = r+cr, g+cg, bl+cb, n+1
				}
			}
			i := out.PixOffset(x, y)
			out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = uint8(r/n>>8), uint8(g/n>>8), uint8(bl/n>>8), 255
		}
	}
	return out
}
