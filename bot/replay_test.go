package bot

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/render/anim"
	ascalionrender "github.com/boardbot/boardbot/render/ascalion"
	ascidiaerender "github.com/boardbot/boardbot/render/ascidiae"
	ausoniarender "github.com/boardbot/boardbot/render/ausonia"
	autumnashrender "github.com/boardbot/boardbot/render/autumnash"
	"github.com/boardbot/boardbot/render/recap"
	reefrender "github.com/boardbot/boardbot/render/reef"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/rules/reef"
)

var _ = flag.Bool("update", false, "rewrite golden images")

// The five games as the binary registers them.
var replayKits = map[string]Kit{
	"autumn-ash": {Game: autumnash.Game, PNG: autumnashrender.PNG, Image: autumnashrender.Image, Palette: autumnashrender.Palette(),
		Progress: autumnashrender.Progress},
	"ascidiae": {Game: ascidiae.Game, PNG: ascidiaerender.PNG, Image: ascidiaerender.Image, Palette: ascidiaerender.Palette(),
		Progress: ascidiaerender.Progress},
	"ascalion": {Game: ascalion.Game, PNG: ascalionrender.PNG, Image: ascalionrender.Image, Palette: ascalionrender.Palette(),
		Progress: ascalionrender.Progress},
	"reef-encounter": {Game: reef.Game, PNG: reefrender.PNG, Image: reefrender.Image, Palette: reefrender.Palette(),
		Progress: reefrender.Progress},
	"ausonia": {Game: ausonia.Game, PNG: ausoniarender.PNG, Image: ausoniarender.Image, Palette: ausoniarender.Palette(),
		Progress: ausoniarender.Progress},
}

func loadRecord(t testing.TB, id string) *record.Record {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "replay", id+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := record.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// over draws f on screen where it is opaque (transparent pixels keep the last frame), as
// draw.Over would, without its per-pixel colour conversions.
func over(screen *image.RGBA, f *image.Paletted) {
	rgba := make([][4]uint8, len(f.Palette))
	opaque := make([]bool, len(f.Palette))
	for i, c := range f.Palette {
		r, g, b, a := c.RGBA()
		rgba[i], opaque[i] = [4]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}, a == 0xffff
	}
	for y := f.Rect.Min.Y; y < f.Rect.Max.Y; y++ {
		row := f.Pix[f.PixOffset(f.Rect.Min.X, y):][:f.Rect.Dx()]
		o := screen.PixOffset(f.Rect.Min.X, y)
		for x, p := range row {
			if opaque[p] {
				copy(screen.Pix[o+4*x:o+4*x+4], rgba[p][:])
			}
		}
	}
}

// shown is what a viewer of a GIF sees: the first and the last screen, the number of frames and
// their delays (keeping every screen would cost more than the test).
type shown struct {
	first, last *image.RGBA
	n           int
	delays      []int
}

// screens decodes a GIF and plays it, each frame drawn over the screen so far.
func screens(t *testing.T, b []byte) shown {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	screen := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	out := shown{n: len(g.Image), delays: g.Delay}
	for i, f := range g.Image {
		over(screen, f)
		if i == 0 {
			out.first = image.NewRGBA(screen.Rect)
			copy(out.first.Pix, screen.Pix)
		}
	}
	out.last = screen
	return out
}

// Every game replays to a GIF under Discord's limit whose first frame is the setup and whose last
// is the final position (golden images, the caption band under the board), shown longer than the
// others, with a frame for every turn; the whole replay lasts at most the budget.
func TestReplayGIFGolden(t *testing.T) {
	for id, kit := range replayKits {
		t.Run(id, func(t *testing.T) {
			rec := loadRecord(t, id)
			b, err := ReplayGIF(kit, rec)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > MaxUpload {
				t.Fatalf("%d bytes, over the upload limit", len(b))
			}
			sh := screens(t, b)
			delays := sh.delays
			turns, err := turnFrames(kit, rec)
			if err != nil {
				t.Fatal(err)
			}
			if sh.n != len(turns) {
				t.Fatalf("%d frames for %d turns: every turn keeps its frame", sh.n, len(turns))
			}
			if last := delays[len(delays)-1]; last < 300 || delays[0] >= last {
				t.Fatalf("final delay %d cs, first %d cs: the end should pause", last, delays[0])
			}
			total := 0
			for _, d := range delays {
				total += d
			}
			if total > int(replayBudget/(10*time.Millisecond)) {
				t.Fatalf("the replay lasts %d cs, over the budget", total)
			}
			render.Golden(t, "replay/"+id+"-first", sh.first)
			render.Golden(t, "replay/"+id+"-last", sh.last)
		})
	}
}

// One frame per turn, a turn being a run of moves by one seat: in Autumn Ash every move is a
// turn; in Ausonia a turn is several moves and makes one frame, at its last move. Every frame
// is captioned with its turn's public events, and a turn that changed a score is marked.
func TestTurnFrames(t *testing.T) {
	rec := loadRecord(t, "autumn-ash")
	fs, err := turnFrames(replayKits["autumn-ash"], rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != len(rec.Moves)+1 || fs[0].moves != 0 || fs[len(fs)-1].moves != len(rec.Moves) {
		t.Fatalf("autumn ash: %d frames for %d moves", len(fs), len(rec.Moves))
	}
	scoring := 0
	for _, f := range fs[1:] {
		if f.caption == "" || strings.Contains(f.caption, "{seat:") {
			t.Fatalf("frame after move %d captioned %q", f.moves, f.caption)
		}
		if f.scoring {
			scoring++
		}
	}
	if scoring == 0 || scoring == len(fs)-1 {
		t.Fatalf("%d of %d autumn ash turns score", scoring, len(fs)-1)
	}
	rec = loadRecord(t, "ausonia")
	fs, err = turnFrames(replayKits["ausonia"], rec)
	if err != nil {
		t.Fatal(err)
	}
	want := []int{0}
	for i := range rec.Moves {
		if i == len(rec.Moves)-1 || rec.Moves[i+1].Seat != rec.Moves[i].Seat {
			want = append(want, i+1)
		}
	}
	var got []int
	for _, f := range fs {
		got = append(got, f.moves)
	}
	if len(got) >= len(rec.Moves) || !slices.Equal(got, want) {
		t.Fatalf("ausonia frames after %v, want %v", got, want)
	}
}

// Every turn of a game keeps its frame within the budget: a longer game is shown faster (never
// under minDelay), a scoring turn longer than a plain one and the last longest. Only a game of more
// turns than fit at minDelay loses plain turns; its first, last and scoring frames stay.
func TestReplayFitsTheBudget(t *testing.T) {
	for _, tc := range []struct {
		turns, every int // every: one scoring turn in every
		all          bool
	}{
		{20, 5, true}, {45, 10, true}, {112, 4, true}, {400, 10, true}, {400, 2, true}, {1000, 10, false}, {1000, 1, false},
	} {
		var all []turnFrame
		for i := range tc.turns {
			all = append(all, turnFrame{moves: i, scoring: i%tc.every == tc.every-1})
		}
		kept := fitBudget(all)
		var total, plainD, scoringD time.Duration
		scoring := 0
		for i, f := range kept {
			total += f.wait
			if f.wait < minDelay || f.wait%(10*time.Millisecond) != 0 {
				t.Fatalf("%d turns: frame %d shown %v", tc.turns, i, f.wait)
			}
			if i > 0 && f.moves <= kept[i-1].moves {
				t.Fatalf("%d turns: frames out of order", tc.turns)
			}
			switch {
			case i == len(kept)-1:
			case f.scoring && i > 0:
				scoring++
				scoringD = max(scoringD, f.wait)
			default:
				plainD = max(plainD, f.wait)
			}
		}
		wantScoring := 0
		for _, f := range all[1 : len(all)-1] {
			if f.scoring {
				wantScoring++
			}
		}
		name := fmt.Sprintf("%d turns, 1 in %d scoring", tc.turns, tc.every)
		if total > replayBudget || kept[0].moves != 0 || kept[len(kept)-1].moves != tc.turns-1 || kept[len(kept)-1].wait != finalDelay {
			t.Fatalf("%s: %d frames lasting %v", name, len(kept), total)
		}
		if tc.all && len(kept) != len(all) {
			t.Fatalf("%s: %d of %d frames kept", name, len(kept), len(all))
		}
		if !tc.all && (len(kept) >= len(all) || scoring < min(wantScoring, len(kept)-2)) {
			t.Fatalf("%s: %d frames kept, %d of %d scoring", name, len(kept), scoring, wantScoring)
		}
		if scoring > 0 && plainD > 0 && scoringD < plainD {
			t.Fatalf("%s: scoring turns %v, plain %v", name, scoringD, plainD)
		}
		if tc.turns <= 45 && (plainD != frameDelay || scoringD != scoringDelay) {
			t.Fatalf("%s: a short game is shown at %v/%v", name, plainD, scoringD)
		}
	}
}

// A replay too big for the limit is drawn narrower first, every frame kept; only when even the
// narrowest is too big does it keep fewer frames, the first and the final among them.
func TestReplayGIFSamplesFramesToFit(t *testing.T) {
	kit := replayKits["autumn-ash"]
	rec := loadRecord(t, "autumn-ash")
	rec.Moves = rec.Moves[:24] // a running game: enough frames to sample, cheap to draw
	full, err := ReplayGIF(kit, rec)
	if err != nil {
		t.Fatal(err)
	}
	a := screens(t, full)
	turns, _ := turnFrames(kit, rec)
	narrow, err := encodeReplay(LangEnglish, kit, rec, fitBudget(turns), gifWidths[len(gifWidths)-1])
	if err != nil {
		t.Fatal(err)
	}
	// Between the narrowest and the full size: narrower, every frame there.
	limit := (len(full) + len(narrow)) / 2
	mid, err := replayGIF(kit, rec, limit)
	if err != nil {
		t.Fatal(err)
	}
	m := screens(t, mid)
	if len(mid) > limit || m.n != a.n || m.first.Rect.Dx() >= a.first.Rect.Dx() {
		t.Fatalf("%d bytes (limit %d), %d of %d frames, %d px wide", len(mid), limit, m.n, a.n, m.first.Rect.Dx())
	}
	limit = len(narrow) / 2
	small, err := replayGIF(kit, rec, limit)
	if err != nil {
		t.Fatal(err)
	}
	if len(small) > limit {
		t.Fatalf("%d bytes over the %d limit", len(small), limit)
	}
	n := screens(t, narrow)
	b := screens(t, small)
	if b.n >= n.n || !bytes.Equal(n.first.Pix, b.first.Pix) || !bytes.Equal(n.last.Pix, b.last.Pix) {
		t.Fatalf("%d frames of %d kept; first and last must be the same", b.n, n.n)
	}
	if got := sample([]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 4); !slices.Equal(got, []int{0, 3, 6, 9}) {
		t.Fatalf("sample: %v", got)
	}
}

// The recap takes ranks and scores from the result, each seat's points after every move from the
// public view, and the length and longest turn from the move times.
func TestRecapOf(t *testing.T) {
	kit := replayKits["autumn-ash"]
	rec := loadRecord(t, "autumn-ash")
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	times := make([]time.Time, len(rec.Moves))
	for i := range times {
		times[i] = start.Add(time.Duration(i) * time.Hour)
	}
	times = append(times[:40:40], times[40:]...)
	for i := 40; i < len(times); i++ {
		times[i] = times[i].Add(50 * time.Hour) // move 41 came two days after move 40
	}
	rc, err := recapOf(kit, rec, times)
	if err != nil {
		t.Fatal(err)
	}
	final, err := record.Replay(kit.Game, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	res := final.Result()
	v := final.View(rules.Spectator).(*autumnash.View)
	// The recap names the players where the engine wrote seat placeholders.
	wantReason := rules.RenderSeats(res.English(), func(s rules.Seat) string { return rc.Players[s].Name })
	if rc.Turns != len(rec.Moves) || rc.Measure != "points" || rc.Unit != "points" || !rc.Finished || rc.Reason != wantReason || len(rc.Players) != 2 {
		t.Fatalf("recap %+v", rc)
	}
	for seat, p := range rc.Players {
		if p.Rank != res.Ranks[seat] || p.Score == nil || *p.Score != res.Scores[seat] {
			t.Errorf("seat %d: rank %d score %v, result %v", seat, p.Rank, p.Score, res)
		}
		if len(p.Values) != len(rec.Moves)+1 || p.Values[0] != 0 || p.Values[len(p.Values)-1] != v.Scores[seat] {
			t.Errorf("seat %d: %d values ending %v, want %d ending %d", seat, len(p.Values), p.Values[len(p.Values)-1], len(rec.Moves)+1, v.Scores[seat])
		}
	}
	if want := times[len(times)-1].Sub(times[0]); rc.Length != want {
		t.Errorf("length %v, want %v", rc.Length, want)
	}
	who := seatName(LangEnglish, rec, final, int(rec.Moves[40].Seat))
	if rc.LongestTurn != 51*time.Hour || rc.LongestBy != who {
		t.Errorf("longest turn %v by %q, want 51h by %q", rc.LongestTurn, rc.LongestBy, who)
	}
	// Without times (a record file) those numbers are left out, and the picture still draws.
	rc, err = recapOf(kit, rec, nil)
	if err != nil || rc.Length != 0 || rc.LongestTurn != 0 {
		t.Fatalf("without times: %v %v %v", err, rc.Length, rc.LongestTurn)
	}
	b, err := RecapPNG(kit, rec, times)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	render.Golden(t, "replay/autumn-ash-recap", img)
}

// Every game has a recap measure taken from its public view, one value per seat.
func TestRecapForEveryGame(t *testing.T) {
	for id, kit := range replayKits {
		rec := loadRecord(t, id)
		rc, err := recapOf(kit, rec, nil)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if rc.Measure == "" || rc.Unit == "" || rc.MeasureID == "" || rc.UnitID == "" || len(rc.Players) != rec.Setup.Seats {
			t.Fatalf("%s: measure %q, unit %q, %d players", id, rc.Measure, rc.Unit, len(rc.Players))
		}
		// A record cut short is a running game: its recap shows no final result.
		part := *rec
		part.Moves = rec.Moves[:len(rec.Moves)/2]
		if rc, err := recapOf(kit, &part, nil); err != nil || rc.Finished || rc.Reason != "" || slices.ContainsFunc(rc.Players, func(p recap.Player) bool { return p.Rank != 0 || p.Score != nil }) {
			t.Fatalf("%s: half the record: finished %v, reason %q, %v", id, rc.Finished, rc.Reason, err)
		}
		for _, p := range rc.Players {
			if len(p.Values) != len(rec.Moves)+1 {
				t.Fatalf("%s: %d values for %d moves", id, len(p.Values), len(rec.Moves))
			}
		}
	}
}

// BenchmarkGIFEncodeAutumnAsh is the encoder alone (frames in, bytes out) over a whole game's
// frames as the replay makes them (800 px wide), as ms per frame: wall clock, and cpu-ms, the
// thread's processor time, which the other users of a shared machine barely move. The drawing is
// done before the timer.
func BenchmarkGIFEncodeAutumnAsh(b *testing.B) {
	kit := replayKits["autumn-ash"]
	rec := loadRecord(b, "autumn-ash")
	var frames []anim.Frame
	fr := anim.NewFramer(gifWidth, kit.Palette)
	st, _ := kit.Game.New(rec.Setup)
	add := func(st rules.State) {
		img, err := kit.Image(st.View(rules.Spectator), render.Meta{Names: rec.Players})
		if err != nil {
			b.Fatal(err)
		}
		pm := fr.Frame(img)
		// The framer reuses its frame: keep a copy.
		frames = append(frames, anim.Frame{Image: &image.Paletted{Pix: slices.Clone(pm.Pix), Stride: pm.Stride, Rect: pm.Rect, Palette: pm.Palette}, Delay: time.Second})
	}
	add(st)
	for _, e := range rec.Moves {
		if _, err := st.Apply(e.Seat, e.Move); err != nil {
			b.Fatal(err)
		}
		add(st)
	}
	var size int
	defer lockThread()()
	cpu := threadCPU()
	for b.Loop() {
		out, err := anim.Encode(frames)
		if err != nil {
			b.Fatal(err)
		}
		size = len(out)
	}
	reportPerFrame(b, len(frames), threadCPU()-cpu)
	b.ReportMetric(float64(size)/1024, "KB")
}

func reportPerFrame(b *testing.B, frames int, cpu time.Duration) {
	n := float64(b.N * frames)
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/n, "ms/frame")
	b.ReportMetric(float64(cpu.Microseconds())/1000/n, "cpu-ms/frame")
}

// BenchmarkReplayGIF is a whole replay end to end (replaying, drawing, scaling, quantising and
// encoding every frame) of each game's recorded game, and of a long Ascalion game drawn as 300
// frames: ms per frame, cpu-ms per frame, frames and the GIF's size.
func BenchmarkReplayGIF(b *testing.B) {
	type game struct {
		kit Kit
		rec *record.Record
	}
	games := map[string]game{}
	for id, kit := range replayKits {
		games[id] = game{kit, loadRecord(b, id)}
	}
	games["ascalion-300"] = game{replayKits["ascalion"], randomRecord(b, replayKits["ascalion"], 4, 7, 300)}
	for _, id := range []string{"autumn-ash", "ascidiae", "ascalion", "reef-encounter", "ausonia", "ascalion-300"} {
		b.Run(id, func(b *testing.B) {
			g := games[id]
			all, err := turnFrames(g.kit, g.rec)
			if err != nil {
				b.Fatal(err)
			}
			keys := fitBudget(all)
			var size int
			defer lockThread()()
			cpu := threadCPU()
			for b.Loop() {
				out, err := encodeReplay(LangEnglish, g.kit, g.rec, keys, gifWidth)
				if err != nil {
					b.Fatal(err)
				}
				size = len(out)
			}
			reportPerFrame(b, len(keys), threadCPU()-cpu)
			b.ReportMetric(float64(len(keys)), "frames")
			b.ReportMetric(float64(size)/1024, "KB")
		})
	}
}

// randomRecord plays random legal moves from seed until the awaited set has changed frames
// times (or the game ends), as a record.
func randomRecord(t testing.TB, kit Kit, seats int, seed uint64, frames int) *record.Record {
	t.Helper()
	setup, err := kit.Game.Info().ValidateSetup(rules.Setup{Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	st, err := kit.Game.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Record{Game: kit.Game.Info().ID, Setup: setup}
	r := rand.New(rand.NewPCG(seed, 1))
	changes, prev := 0, awaitedSet(st)
	for changes < frames && st.Result() == nil && len(rec.Moves) < 20000 {
		seat := st.Awaiting()[0].Seat
		m, err := rules.RandomMove(st, seat, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, record.Entry{Seat: seat, Move: m})
		if now := awaitedSet(st); !slices.Equal(now, prev) {
			changes++
			prev = now
		}
	}
	return rec
}

func awaitedSet(st rules.State) []rules.Seat {
	var out []rules.Seat
	for _, p := range st.Awaiting() {
		out = append(out, p.Seat)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// The platform's result (a resignation the engine does not know) ranks the recap, its reason
// names the players, and the badges are the board's.
func TestRecapTakesThePlatformsResult(t *testing.T) {
	kit := replayKits["autumn-ash"]
	rec := loadRecord(t, "autumn-ash")
	part := *rec
	part.Moves = rec.Moves[:10]
	rc, err := recapWith(LangEnglish, kit, &part, nil, &rules.Result{Ranks: []int{2, 1}, ReasonMsg: rules.Verbatim(rules.SeatRef(0) + " resigned.")})
	if err != nil {
		t.Fatal(err)
	}
	if !rc.Finished || rc.Players[0].Rank != 2 || rc.Players[1].Rank != 1 {
		t.Fatalf("recap %+v does not follow the platform's result", rc)
	}
	if want := rc.Players[0].Name + " resigned."; rc.Reason != want {
		t.Errorf("reason %q, want %q", rc.Reason, want)
	}
	if rc.Players[0].Letter != "R" || rc.Players[1].Letter != "X" {
		t.Errorf("badges %q and %q, want the board's R and X", rc.Players[0].Letter, rc.Players[1].Letter)
	}
}

// A recap in the server's language: a record without player names says "Seat N" in it, and the
// result reason is the engine's message rendered in it, not its English.
func TestRecapInLanguage(t *testing.T) {
	kit := replayKits["autumn-ash"]
	rec := *loadRecord(t, "autumn-ash")
	rec.Players = nil
	final, err := record.Replay(kit.Game, &rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	res := final.Result()
	if res == nil || res.ReasonMsg == nil {
		t.Fatalf("result %+v has no message", res)
	}
	for _, lang := range []string{LangEnglish, "de", LangPseudo} {
		rc, err := recapWith(lang, kit, &rec, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if rc.Lang != lang {
			t.Errorf("recap drawn in %q, want %q", rc.Lang, lang)
		}
		for seat, p := range rc.Players {
			if want := T(lang, "replay_seat", "N", seat+1); !strings.HasPrefix(p.Name, want) {
				t.Errorf("%s: seat %d named %q, want it to begin %q", lang, seat, p.Name, want)
			}
		}
		want := resultReason(lang, res, func(s rules.Seat) string { return rc.Players[s].Name })
		if rc.Reason != want || (lang != LangEnglish && rc.Reason == rules.RenderSeats(res.English(), func(s rules.Seat) string { return rc.Players[s].Name })) {
			t.Errorf("%s: reason %q, want %q", lang, rc.Reason, want)
		}
	}
	if !strings.HasPrefix(T("de", "replay_seat", "N", 1), "Platz") {
		t.Errorf("German seat %q", T("de", "replay_seat", "N", 1))
	}
}

// After a resignation the recap scores each player as the final board does: the parrotfish
// opened (rules.Concluder) and scored, not the polyps fed to it (play-test: the recap's "7
// polyps in the parrotfish" beside the board's 12 points).
func TestRecapOfAResignationScoresAsTheBoard(t *testing.T) {
	kit := replayKits["reef-encounter"]
	rec := loadRecord(t, "reef-encounter")
	part := *rec
	part.Moves = rec.Moves[:len(rec.Moves)/2]
	rc, err := recapWith(LangEnglish, kit, &part, nil, &rules.Result{Ranks: []int{2, 1}, ReasonMsg: rules.Verbatim(rules.SeatRef(0) + " resigned.")})
	if err != nil {
		t.Fatal(err)
	}
	final, err := record.Replay(kit.Game, &part, nil)
	if err != nil {
		t.Fatal(err)
	}
	board, err := kit.Game.Decode(endSnap(kit.Game, final))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range board.View(rules.Spectator).(*reef.View).Players {
		got := rc.Players[p.Seat].Score
		if p.Score == nil || got == nil || *got != *p.Score {
			t.Errorf("seat %d: the recap scores %v, the board %v", p.Seat, got, p.Score)
		}
	}
	if rc.Players[0].Rank != 2 || rc.Players[1].Rank != 1 {
		t.Errorf("the ranks are not the platform's: %+v", rc.Players)
	}
}

// The recap's chart marks each seat with its badge on the board in the reader's language: an
// Ascalion recap in German drew the English colour initials (Y for the yellow seat, not Ge).
func TestRecapLettersInLanguage(t *testing.T) {
	kit := replayKits["ascalion"]
	rec := loadRecord(t, "ascalion")
	want := map[string][]string{LangEnglish: {"R", "B", "Y"}, "de": {"R", "B", "Ge"}, "es": {"R", "Az", "Am"}, "fr": {"R", "B", "J"}}
	for lang, letters := range want {
		rc, err := recapWith(lang, kit, rec, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		for seat, p := range rc.Players {
			if seat < len(letters) && p.Letter != letters[seat] {
				t.Errorf("%s: seat %d lettered %q, want %q", lang, seat, p.Letter, letters[seat])
			}
		}
		if lang == "de" {
			img, err := recap.Image(rc)
			if err != nil {
				t.Fatal(err)
			}
			render.Golden(t, "replay/ascalion-recap-de", img)
		}
	}
}
