package autumnash

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"regexp"
	"slices"
	"testing"

	xdraw "golang.org/x/image/draw"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/msg"
)

func TestGolden(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			v := loadFixture(t, f)
			img, err := Image(v, render.SampleMeta(2))
			if err != nil {
				t.Fatal(err)
			}
			// Compare what is sent: the image after quantising to the board's palette.
			render.Golden(t, f.name, render.Quantise(img, pal))
		})
	}
}

// A game ended by resignation mid-play: the platform's result over a running view, nobody to move.
func TestGoldenResigned(t *testing.T) {
	v := fixtureByName(t, "both-bagged")
	m := render.SampleMeta(2)
	loser := v.Turn
	ranks := []int{1, 1}
	ranks[loser] = 2
	m.Result = &rules.Result{Ranks: ranks, ReasonMsg: rules.Verbatim(m.Names[loser] + " resigned.")}
	img, err := Image(v, m)
	if err != nil {
		t.Fatal(err)
	}
	render.Golden(t, "resigned", render.Quantise(img, pal))
}

func fixtureByName(t *testing.T, name string) *game.View {
	t.Helper()
	for _, f := range fixtures {
		if f.name == name {
			return loadFixture(t, f)
		}
	}
	t.Fatalf("no fixture %q", name)
	return nil
}

func rgba(t *testing.T, v any) *image.RGBA {
	t.Helper()
	img, err := Image(v, render.Meta{})
	if err != nil {
		t.Fatal(err)
	}
	return img.(*image.RGBA)
}

func TestImageAcceptsValueAndPointer(t *testing.T) {
	v := fixtureByName(t, "mid-stacks")
	a, b := rgba(t, v), rgba(t, *v)
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Errorf("a view and a pointer to it render differently")
	}
	p, err := PNG(v, render.Meta{})
	if err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(bytes.NewReader(p))
	if err != nil {
		t.Fatal(err)
	}
	if dec.Bounds() != a.Bounds() {
		t.Errorf("PNG is %v, image %v", dec.Bounds(), a.Bounds())
	}
}

func TestImageRejectsWhatIsNotAView(t *testing.T) {
	good := fixtureByName(t, "start")
	short := *good
	short.Stacks = short.Stacks[:5]
	huge := *good
	huge.Cols, huge.Rows = 100, 100
	badPiece := *good
	badPiece.Stacks = append([][]game.Piece(nil), good.Stacks...)
	badPiece.Stacks[0] = []game.Piece{{Colour: 42, Size: 1}}
	badSize := *good
	badSize.Stacks = append([][]game.Piece(nil), good.Stacks...)
	badSize.Stacks[0] = []game.Piece{{Colour: game.Red, Size: 7}}
	for name, v := range map[string]any{
		"nil": nil, "string": "board", "nil pointer": (*game.View)(nil), "short stacks": short,
		"huge board": huge, "unknown colour": badPiece, "unknown size": badSize,
	} {
		if _, err := Image(v, render.Meta{}); err == nil {
			t.Errorf("%s: no error", name)
		}
		if _, err := PNG(v, render.Meta{}); err == nil {
			t.Errorf("%s: PNG gave no error", name)
		}
	}
}

// at is the colour at a fraction (fx, fy) of a square's side, from its top-left corner.
func at(img *image.RGBA, v *game.View, q game.Square, fx, fy float64) color.RGBA {
	l, q := drawnAt(v, q)
	x, y := l.grid.Origin(q.Col, q.Row)
	return img.RGBAAt(int(x+fx*l.cell), int(y+fy*l.cell))
}

// countIn counts the pixels of colour c inside a square.
func countIn(img *image.RGBA, v *game.View, q game.Square, c color.RGBA) int {
	l, q := drawnAt(v, q)
	r := l.grid.Square(q.Col, q.Row)
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}

func sq(label string) game.Square {
	return game.Square{Col: int(label[0] - 'a'), Row: int(label[1] - '1')}
}

func TestEntryCornersAreStarred(t *testing.T) {
	v := fixtureByName(t, "start")
	img := rgba(t, v)
	corner := map[game.Square]bool{}
	for _, q := range v.Corners {
		corner[q] = true
	}
	if len(corner) != 4 {
		t.Fatalf("the start has %d corners", len(corner))
	}
	for row := 0; row < v.Rows; row++ {
		for col := 0; col < v.Cols; col++ {
			q := game.Square{Col: col, Row: row}
			starred := at(img, v, q, 0.11+5/l(v), 0.11+5/l(v)) == render.White
			if starred != corner[q] {
				t.Errorf("%s: star %v, corner %v", q.Label(), starred, corner[q])
			}
		}
	}
}

func l(v *game.View) float64 { bv, _ := shownBoard(v); return newLayout(bv).cell }

// drawnAt is the layout of v's image and where the game's square q is on its grid.
func drawnAt(v *game.View, q game.Square) (layout, game.Square) {
	bv, off := shownBoard(v)
	return newLayoutAt(bv, off), game.Square{Col: q.Col - off.Col, Row: q.Row - off.Row}
}

func TestBurntLeavesAreHatched(t *testing.T) {
	v := fixtureByName(t, "over")
	img := rgba(t, v)
	seen := 0
	for i, st := range v.Stacks {
		q := game.Square{Col: i % v.Cols, Row: i / v.Cols}
		hatched := countIn(img, v, q, ash) > 50
		isBurnt := len(st) > 0 && burnt(st[len(st)-1].Colour)
		if hatched != isBurnt {
			t.Errorf("%s: hatched %v, burnt top %v", q.Label(), hatched, isBurnt)
		}
		if isBurnt {
			seen++
		}
	}
	if seen == 0 {
		t.Fatal("the fixture has no burnt leaf")
	}
}

func TestLastMoveIsFramedAndBaggedSquaresDashed(t *testing.T) {
	v := fixtureByName(t, "bagging")
	if v.Last == nil || len(v.Last.Bagged) == 0 {
		t.Fatal("fixture has no bagging")
	}
	img := rgba(t, v)
	dest := v.Last.Path[len(v.Last.Path)-1]
	// The frame runs along the inside of the destination square, in the mover's colour.
	if got := at(img, v, dest, 0.2, 0.03); got != seatChip[v.Last.Seat] {
		t.Errorf("destination %s frame is %v", dest.Label(), got)
	}
	for _, q := range v.Last.Bagged {
		if q == dest {
			continue
		}
		if n := countIn(img, v, q, seatChip[v.Last.Seat]); n < 200 {
			t.Errorf("bagged square %s has %d pixels of the mover's colour: no dashed frame", q.Label(), n)
		}
	}
	// Without the last move, none of it is drawn.
	bare := *v
	bare.Last, bare.Prev = nil, nil
	img = rgba(t, &bare)
	if got := at(img, v, dest, 0.2, 0.03); got == seatChip[v.Last.Seat] {
		t.Errorf("destination framed without a last move")
	}
}

// Both players' last moves are on the board, each in its side's colour, the older one pale, with
// what each bagged: a player's own bag does not vanish once the opponent has moved.
func TestBothLastMovesMarked(t *testing.T) {
	v := fixtureByName(t, "both-bagged")
	if v.Last == nil || v.Prev == nil || v.Prev.Seat == v.Last.Seat || len(v.Prev.Bagged) == 0 {
		t.Fatalf("fixture lacks two bagging moves: %+v %+v", v.Last, v.Prev)
	}
	newer, older := v.Last, v.Prev
	img := rgba(t, v)
	nd, od := newer.Path[len(newer.Path)-1], older.Path[len(older.Path)-1]
	if got := at(img, v, nd, 0.2, 0.03); got != seatChip[newer.Seat] {
		t.Errorf("newer destination %s frame is %v, want %v", nd.Label(), got, seatChip[newer.Seat])
	}
	if od != nd {
		if got := at(img, v, od, 0.2, 0.03); got != seatFill[older.Seat] {
			t.Errorf("older destination %s frame is %v, want the pale %v", od.Label(), got, seatFill[older.Seat])
		}
	}
	marked := 0
	for _, q := range older.Bagged {
		if countIn(img, v, q, seatFill[older.Seat]) >= 200 {
			marked++
		}
	}
	if marked == 0 {
		t.Errorf("none of the older move's bagged squares %v is marked in its pale colour", older.Bagged)
	}
	// Without the older move its marks go.
	bare := *v
	bare.Prev = nil
	img = rgba(t, &bare)
	for _, q := range older.Bagged {
		if n := countIn(img, v, q, seatFill[older.Seat]); n >= 200 {
			t.Errorf("%s marked pale (%d pixels) without an older move", q.Label(), n)
		}
	}
}

func TestStacksShowTheirHeight(t *testing.T) {
	v := fixtureByName(t, "mid-stacks")
	img := rgba(t, v)
	found := false
	for i, st := range v.Stacks {
		q := game.Square{Col: i % v.Cols, Row: i / v.Cols}
		if entered(v.Last, q) || entered(v.Prev, q) {
			continue // the entry mark's disc sits there; a leaf never stays on its entry corner
		}
		// The badge is a white disc in the top-right corner.
		badge := at(img, v, q, 1-0.12-4/l(v), 0.12+4/l(v)+0.07) == render.White
		if badge != (len(st) > 1) {
			t.Errorf("%s: badge %v for a stack of %d", q.Label(), badge, len(st))
		}
		found = found || len(st) > 1
	}
	if !found {
		t.Fatal("fixture has no stack")
	}
}

func entered(m *game.LastMove, q game.Square) bool {
	return m != nil && m.Entered != nil && *m.Entered == q
}

func TestUnsettledShadesSquaresOutsideTheField(t *testing.T) {
	v := fixtureByName(t, "unsettled-early")
	if v.Window == nil {
		t.Fatal("fixture has no window")
	}
	img := rgba(t, v)
	box := *v.Window
	for row := 0; row < v.Rows; row++ {
		for col := 0; col < v.Cols; col++ {
			q := game.Square{Col: col, Row: row}
			in := max(box[1].Col, col)-min(box[0].Col, col) < winCols && max(box[1].Row, row)-min(box[0].Row, row) < winRows
			shaded := at(img, v, q, 0.5, 0.5) == outside
			if shaded == in {
				t.Errorf("%s: shaded %v, reachable %v", q.Label(), shaded, in)
			}
		}
	}
}

func TestStatusNamesTurnAndWinner(t *testing.T) {
	for _, tc := range []struct {
		fixture string
		want    string
	}{{"start", "Rainbow to move"}, {"over", "Xeno wins"}, {"entered", "Rainbow to move"}} {
		v := fixtureByName(t, tc.fixture)
		if s := status(v, render.Meta{}).Text; len(s) < len(tc.want) || s[:len(tc.want)] != tc.want {
			t.Errorf("%s: status %q, want %q...", tc.fixture, s, tc.want)
		}
	}
}

func TestLastMoveText(t *testing.T) {
	bag := &game.LastMove{Seat: 1, Entered: &game.Square{Col: 0, Row: 5}, Path: []game.Square{{Col: 0, Row: 5}, {Col: 1, Row: 5}, {Col: 1, Row: 4}},
		Became: game.Piece{Owner: 1, Colour: game.White, Size: game.Pawn}, Capped: true, Bagged: []game.Square{{Col: 1, Row: 4}}, Points: 9}
	queen := &game.LastMove{Seat: 0, Path: []game.Square{{Col: 2, Row: 1}, {Col: 2, Row: 2}}, Became: game.Piece{Colour: game.Yellow, Size: game.Queen}}
	for _, tc := range []struct {
		last, prev *game.LastMove
		names      []string
		want       []string
	}{
		{nil, nil, nil, nil},
		{bag, nil, nil, []string{"Xeno entered at A6, moved A6-B6-B5 capping, became a white pawn and bagged 9 points."}},
		// Both moves, the newer first; the players named as every text names them, not the sides.
		{queen, bag, []string{"ann", "bob"}, []string{"ann moved C2-C3, became a yellow queen.",
			"bob entered at A6, moved A6-B6-B5 capping, became a white pawn and bagged 9 points."}},
		{&game.LastMove{Seat: 5, Path: []game.Square{{Col: 2, Row: 1}, {Col: 2, Row: 2}}}, nil, nil, nil},
		{&game.LastMove{Seat: 1, Path: []game.Square{{Col: 2, Row: 6}, {Col: 3, Row: 6}, {Col: 2, Row: 6}},
			Became: game.Piece{Colour: game.Orange, Size: game.Queen}}, nil, []string{"ann", "Hana"},
			[]string{"Hana moved C7-D7-C7, became an orange queen."}},
	} {
		got, moves := lastMovesText(&game.View{Last: tc.last, Prev: tc.prev}, render.Meta{Names: tc.names})
		if !slices.Equal(got, tc.want) || len(moves) != len(got) {
			t.Errorf("got %q\nwant %q", got, tc.want)
		}
	}
}

// After a resignation (the platform's result over a running view) nobody is to move: the stash
// panels drop their "to move" frame, as the status bar already does.
func TestResignedBoardHasNobodyToMove(t *testing.T) {
	v := fixtureByName(t, "mid-stacks")
	if v.Result != nil || !seatOK(int(v.Turn)) {
		t.Fatal("fixture is not a running game")
	}
	l := newLayout(v)
	framed := func(m render.Meta) bool {
		img, err := Image(v, m)
		if err != nil {
			t.Fatal(err)
		}
		r := l.stash[v.Turn]
		return img.(*image.RGBA).RGBAAt((r.Min.X+r.Max.X)/2, r.Min.Y+1) == render.Ink
	}
	if !framed(render.Meta{}) {
		t.Fatal("the running game's stash is not framed: the test reads the wrong pixel")
	}
	resigned := &rules.Result{Ranks: []int{1, 2}, ReasonMsg: rules.Verbatim("bob resigned.")}
	if v.Turn == 0 {
		resigned.Ranks = []int{2, 1}
	}
	if framed(render.Meta{Result: resigned}) {
		t.Error("after a resignation the stash still says who is to move")
	}
	if framed(render.Meta{Aborted: true}) {
		t.Error("after an abort the stash still says who is to move")
	}
}

// Every position of seeded games in every variant renders, fits the size budget and has the
// expected shape.
func TestPlayoutsRender(t *testing.T) {
	for _, variant := range []string{game.VariantStandard, game.VariantBeginner, game.VariantUnsettled} {
		for seed := uint64(10); seed < 11; seed++ {
			views := playout(t, variant, seed, nil)
			for i, v := range views {
				if i%8 != 0 && i != len(views)-1 {
					continue
				}
				b, err := PNG(v, render.Meta{})
				if err != nil {
					t.Fatalf("%s seed %d view %d: %v", variant, seed, i, err)
				}
				if len(b) > 150<<10 {
					t.Errorf("%s seed %d view %d: PNG is %d KB", variant, seed, i, len(b)>>10)
				}
				cfg, err := png.DecodeConfig(bytes.NewReader(b))
				if err != nil || cfg.Width != imageW || cfg.Height < 1100 || cfg.Height > 1400 {
					t.Errorf("%s: image %dx%d, %v", variant, cfg.Width, cfg.Height, err)
				}
			}
		}
	}
}

func FuzzImage(f *testing.F) {
	for _, fx := range fixtures {
		if b, err := os.ReadFile(fixturePath(fx.name)); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"cols":5,"rows":6,"stacks":[[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[]],"corners":[{"Col":-3,"Row":99}],"window":[{"Col":9,"Row":-4},{"Col":-2,"Row":40}],"scores":[-5,999],"target":0,"turn":7,"last":{"seat":-1,"path":[{"Col":0,"Row":0},{"Col":50,"Row":0}],"bagged":[{"Col":-1,"Row":2}]},"stash":[[{"colour":"red","pawns":-3,"drones":99999}],[]]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var v game.View
		if json.Unmarshal(b, &v) != nil {
			return
		}
		if v.Cols*v.Rows > 64 {
			return // keep each run fast; the size limit itself is tested elsewhere
		}
		_, _ = Image(&v, render.Meta{}) // must not panic
	})
}

func benchmarkPNG(b *testing.B, name string) {
	var v *game.View
	for _, f := range fixtures {
		if f.name == name {
			v = loadFixture(b, f)
		}
	}
	if v == nil {
		b.Fatalf("no fixture %s", name)
	}
	var size int
	done := render.CPUPerOp(b)
	for b.Loop() {
		p, err := PNG(v, render.Meta{})
		if err != nil {
			b.Fatal(err)
		}
		size = len(p)
	}
	done(b.N)
	b.ReportMetric(float64(size)/1024, "KB")
}

func BenchmarkPNGStart(b *testing.B)     { benchmarkPNG(b, "start") }
func BenchmarkPNGOver(b *testing.B)      { benchmarkPNG(b, "over") }
func BenchmarkPNGUnsettled(b *testing.B) { benchmarkPNG(b, "unsettled-mid") }

// Boards are rendered by several workers at once; they must not disturb each other.
func TestConcurrentRendersAgree(t *testing.T) {
	views := []*game.View{fixtureByName(t, "over"), fixtureByName(t, "unsettled-mid"), fixtureByName(t, "start")}
	want := make([][]byte, len(views))
	for i, v := range views {
		b, err := PNG(v, render.Meta{})
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	done := make(chan error)
	for w := 0; w < 4; w++ {
		go func() {
			for i := range views {
				j := (i + w) % len(views)
				b, err := PNG(views[j], render.Meta{})
				if err == nil && !bytes.Equal(b, want[j]) {
					err = fmt.Errorf("view %d rendered differently", j)
				}
				if err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for w := 0; w < 4; w++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// A clear pawn and a white pawn differ by more than a shade once a phone shows the board 400 px
// wide: a good share of the pyramid differs clearly, letters left out (drawn 1 px).
func TestClearAndWhiteDifferAt400px(t *testing.T) {
	l := newLayoutFor(5, 6)
	h := int(math.Round(l.cell * heightFrac[game.Pawn]))
	shrink := func(c game.Colour) *image.RGBA {
		src := pieceSprites.Get(pieceKey{colour: c, size: game.Pawn, h: h, letter: 1})
		b := src.Bounds()
		w := b.Dx() * 400 / l.w
		dst := image.NewRGBA(image.Rect(0, 0, w, w))
		xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, b, xdraw.Src, nil)
		return dst
	}
	clear, white := shrink(game.Clear), shrink(game.White)
	area, differ := 0, 0
	for i := 0; i < len(clear.Pix); i += 4 {
		if clear.Pix[i+3] < 255 || white.Pix[i+3] < 255 {
			continue // the pyramid's edge and the transparent corners
		}
		area++
		d := 0
		for k := 0; k < 3; k++ {
			d = max(d, int(clear.Pix[i+k])-int(white.Pix[i+k]), int(white.Pix[i+k])-int(clear.Pix[i+k]))
		}
		if d > 48 {
			differ++
		}
	}
	if area < 100 {
		t.Fatalf("only %d opaque pixels: not a pawn", area)
	}
	if share := float64(differ) / float64(area); share < 0.15 {
		t.Errorf("clear and white pawns differ clearly on %.0f%% of their pixels at 400 px, want 15%% or more", share*100)
	}
}

// A game won by a resignation says why in its header, not "bob wins, 0 to 0"; a game won by
// points keeps the score.
func TestResignedHeaderSaysWhy(t *testing.T) {
	v := fixtureByName(t, "mid-stacks")
	m := render.Meta{Names: []string{"alice", "bob"}, Result: &rules.Result{Ranks: []int{2, 1}, ReasonMsg: rules.Verbatim("alice resigned.")}}
	cp := *v
	cp.Result = m.Result
	if got := status(&cp, m).Text; got != "bob wins: alice resigned" {
		t.Errorf("resigned: %q", got)
	}
	won := fixtureByName(t, "over")
	if got := status(won, render.Meta{Names: []string{"alice", "bob"}}).Text; !regexp.MustCompile(` \d+ to \d+$`).MatchString(got) {
		t.Errorf("won by points: %q", got)
	}
}

// The board takes most of the portrait, as a phone shows it: the grid with its coordinates is at
// least three fifths of the image's height on both boards, and stash and legend are thin strips.
func TestBoardTakesMostOfTheFrame(t *testing.T) {
	for _, shape := range [][2]int{{5, 6}, {8, 8}} {
		l := newLayoutFor(shape[0], shape[1])
		b := l.grid.Bounds()
		board := float64(b.Dy()+coordM) / float64(l.h)
		strips := float64(l.legend.Max.Y-l.stash[0].Min.Y) / float64(l.h)
		if shape[0] == 5 && board < 0.6 {
			t.Errorf("5x6: the board is %.0f%% of the height, want 60%% or more", board*100)
		}
		if board < 0.55 {
			t.Errorf("%dx%d: the board is %.0f%% of the height", shape[0], shape[1], board*100)
		}
		// The old layout, stash panels and a two-column legend, took 30%. The colour key (issue
		// #40) adds a line: 16% on the 5x6 board, 19% on Unsettled's, whose legend has two lines.
		limit := 0.16
		if shape[0] == 8 {
			limit = 0.19
		}
		if strips > limit {
			t.Errorf("%dx%d: stash and legend take %.0f%% of the height, want a thin strip", shape[0], shape[1], strips*100)
		}
		if b.Max.X > l.w-pad || b.Min.X < pad+coordM {
			t.Errorf("%dx%d: grid %v outside the frame", shape[0], shape[1], b)
		}
	}
}

// A finished game's board, the fullest there is, stays within 60 KB.
func TestFinishedBoardPNGSize(t *testing.T) {
	for _, name := range []string{"over", "both-bagged"} {
		b, err := PNG(fixtureByName(t, name), render.SampleMeta(2))
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > 60<<10 {
			t.Errorf("%s: PNG is %d KB, want 60 KB at most", name, len(b)>>10)
		}
	}
}

// A player's own view (/view) carries the full legend the thread's board leaves to one line:
// every mark and each side's colours by name.
func TestGoldenFullLegend(t *testing.T) {
	for _, tc := range []struct{ fixture, lang string }{{"over", ""}, {"unsettled-mid", msg.German}} {
		v := *fixtureByName(t, tc.fixture)
		v.Legend = true
		m := render.SampleMeta(2)
		m.Lang = tc.lang
		img, err := Image(&v, m)
		if err != nil {
			t.Fatal(err)
		}
		short := newLayout(fixtureByName(t, tc.fixture))
		if img.Bounds().Dy() <= short.h {
			t.Errorf("%s: the full legend adds nothing (%d px high)", tc.fixture, img.Bounds().Dy())
		}
		name := "legend-" + tc.fixture
		if tc.lang != "" {
			name = tc.lang + "-" + name
		}
		render.Golden(t, name, render.Quantise(img, pal))
	}
}

// A score bar says the score against the target until it is passed, then the score alone, as
// the texts do ("37 points (target 21)", never "37 of 21").
func TestScoreTextPastTheTarget(t *testing.T) {
	for _, tc := range []struct {
		score, target int
		want          string
	}{{0, 21, "0 / 21"}, {19, 21, "19 / 21"}, {21, 21, "21 / 21"}, {38, 21, "38"}, {3, 0, "3 / 1"}} {
		if got := scoreText(tc.score, tc.target); got != tc.want {
			t.Errorf("%d of %d: %q, want %q", tc.score, tc.target, got, tc.want)
		}
	}
}

// A leaf that moved out and back (D1-C1-D1) gets its loop on the square it visited: nothing of
// the arrow crosses the middle of its own square, where its letter is (issue #40).
func TestOutAndBackLoopLeavesTheLetterClear(t *testing.T) {
	v := fixtureByName(t, "unsettled-mid")
	m := v.Prev
	if m == nil || len(m.Path) != 3 || m.Path[0] != m.Path[2] {
		t.Fatalf("fixture's older move is not out and back: %+v", m)
	}
	bare := *v
	bare.Prev = nil
	a, b := rgba(t, v), rgba(t, &bare)
	if n := differIn(a, b, v, m.Path[0], 0.12, 0.12, 0.88, 0.88); n > 0 {
		t.Errorf("the loop crosses %s: %d pixels of its middle differ", m.Path[0].Label(), n)
	}
	if n := differIn(a, b, v, m.Path[1], 0, 0, 1, 1); n < 100 {
		t.Errorf("no loop on %s (%d pixels differ)", m.Path[1].Label(), n)
	}
}

// differIn counts the pixels of the part fx0..fx1, fy0..fy1 of a square that differ in a and b.
func differIn(a, b *image.RGBA, v *game.View, q game.Square, fx0, fy0, fx1, fy1 float64) int {
	lay, q := drawnAt(v, q)
	x, y := lay.grid.Origin(q.Col, q.Row)
	n := 0
	for py := int(y + fy0*lay.cell); py < int(y+fy1*lay.cell); py++ {
		for px := int(x + fx0*lay.cell); px < int(x+fx1*lay.cell); px++ {
			if a.RGBAAt(px, py) != b.RGBAAt(px, py) {
				n++
			}
		}
	}
	return n
}

// The points tag of a bag ending on the top row stays on the board and off the corner star:
// the strip above the board and the star's box read the same with or without the tag.
func TestPointsTagOnTopRowKeepsToTheBoard(t *testing.T) {
	v := fixtureByName(t, "both-bagged")
	last := *v.Last
	top := game.Square{Col: v.Cols - 1, Row: v.Rows - 1} // E6, an entry corner
	last.Path = []game.Square{{Col: top.Col, Row: top.Row - 1}, top}
	with := *v
	with.Last, with.Prev = &last, nil
	without := with
	bare := last
	bare.Points = 0
	without.Last = &bare
	a, b := rgba(t, &with), rgba(t, &without)
	lay := newLayout(v)
	x, y := lay.grid.Origin(top.Col, top.Row)
	star := image.Rect(int(x), int(y), int(x+starSide(lay.cell)), int(y+starSide(lay.cell)))
	above := image.Rect(int(x), int(y)-pad, int(x+lay.cell), int(y)-4)
	for _, r := range []image.Rectangle{star, above} {
		for py := r.Min.Y; py < r.Max.Y; py++ {
			for px := r.Min.X; px < r.Max.X; px++ {
				if a.RGBAAt(px, py) != b.RGBAAt(px, py) {
					t.Fatalf("the +%d tag covers %v at (%d, %d)", last.Points, r, px, py)
				}
			}
		}
	}
}

// Once Unsettled's leaves span a whole 5x6 field (unsettled-mid: B1-F6), only the field is drawn,
// at the 5x6 board's size, with the game's coordinates; while it can still shift (unsettled-early)
// the whole chessboard is (issue #40).
func TestUnsettledFixedFieldIsDrawnAlone(t *testing.T) {
	fixed := fixtureByName(t, "unsettled-mid")
	bv, off := shownBoard(fixed)
	if bv.Cols != winCols || bv.Rows != winRows || off != (game.Square{Col: 1}) {
		t.Fatalf("fixed field drawn as %dx%d from %s", bv.Cols, bv.Rows, off.Label())
	}
	for row := 0; row < winRows; row++ {
		for col := 0; col < winCols; col++ {
			got, want := bv.Stacks[row*winCols+col], fixed.Stacks[row*fixed.Cols+col+off.Col]
			if !slices.Equal(got, want) {
				t.Errorf("drawn %d,%d holds %v, the game's %s %v", col, row, got, game.Square{Col: col + off.Col, Row: row}.Label(), want)
			}
		}
	}
	if got, want := rgba(t, fixed).Bounds().Dy(), newLayoutFull(winCols, winRows, false).h; got != want {
		t.Errorf("fixed field image %d px high, the 5x6 board's %d", got, want)
	}
	early := fixtureByName(t, "unsettled-early")
	if bv, _ := shownBoard(early); bv != early {
		t.Errorf("a field that can still shift is cropped to %dx%d", bv.Cols, bv.Rows)
	}
}

// At 400 px wide (a phone) on the 5x6 board a pawn's single pip is at least 6 px across and the
// chips listing a stack of three at least 18 px high (issue #40: both were unreadable).
func TestPipsAndStackChipsReadAt400px(t *testing.T) {
	lay := newLayoutFull(5, 6, false)
	k := 400 / float64(lay.w)
	if d := 2 * pipRadius(lay.cell*heightFrac[game.Pawn], lay.cell) * k; d < 6 {
		t.Errorf("a pawn's pip is %.1f px across at 400 px", d)
	}
	if s := chipSide(lay.cell, 3) * k; s < 18 {
		t.Errorf("a stack of three lists its leaves in %.1f px chips at 400 px", s)
	}
	// Taller stacks keep to one column of chips within the square as before.
	for n := 2; n <= 4; n++ {
		if float64(n)*chipSide(lay.cell, n) > lay.cell*0.88 {
			t.Errorf("a stack of %d no longer fits one column of chips", n)
		}
	}
}
