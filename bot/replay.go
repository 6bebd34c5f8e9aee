package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/render/anim"
	"github.com/boardbot/boardbot/render/recap"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/storage"
)

// Animated replays. A frame is drawn at the end of each turn as /history numbers turns (so a
// turn of many sub-moves is one frame, and a solo game has a frame a turn), captioned with the
// turn's number and public events, and at the final position, which stays on screen longer. A
// turn that changed a score stays longer too. Every turn keeps its frame: a long game is shown
// faster so that the whole replay lasts about a minute, and a GIF too big for the upload is drawn
// narrower before any frame is left out. Only the public view (rules.Spectator) is ever drawn.
const (
	// MaxUpload is Discord's upload limit; a replay GIF is made to fit under it.
	MaxUpload = 10 << 20
	// gifWidth is the widest frame: boards are drawn at full size and scaled down to it, which
	// keeps the labels readable on a phone while a frame costs less than half as many pixels.
	gifWidth   = 800
	frameDelay = 900 * time.Millisecond
	// minDelay is the shortest a turn is shown in a long game: still a step a reader sees.
	minDelay     = 120 * time.Millisecond
	scoringDelay = 2 * time.Second
	finalDelay   = 5 * time.Second
	// replayBudget is how long a whole replay lasts at most, at the delays above.
	replayBudget = 60 * time.Second
	// captionPx is the caption's text size in the GIF (800 px wide), and captionLines its lines.
	captionPx    = 20.0
	captionLines = 2
)

// turnFrame is one frame of a replay: the position after moves moves, the turn's summary line,
// and whether the turn changed a score.
type turnFrame struct {
	moves   int
	caption string
	scoring bool
	wait    time.Duration // how long it is shown, set by fitBudget
}

func (f turnFrame) delay(last bool) time.Duration {
	switch {
	case last:
		return finalDelay
	case f.scoring:
		return scoringDelay
	}
	return frameDelay
}

// turnFrames replays rec and returns a frame for the start and for the end of every turn: where
// the next move is another seat's, or the game ends.
func turnFrames(kit Kit, rec *record.Record) ([]turnFrame, error) {
	return turnFramesIn(LangEnglish, kit, rec)
}

// turnFramesIn is turnFrames with captions in lang.
func turnFramesIn(lang string, kit Kit, rec *record.Record) ([]turnFrame, error) {
	st, err := startOf(kit, rec)
	if err != nil {
		return nil, err
	}
	progress := func(st rules.State) []int {
		if kit.Progress == nil {
			return nil
		}
		p, err := kit.Progress(st.View(rules.Spectator), lang)
		if err != nil {
			return nil
		}
		return p.Values
	}
	// Each frame is led by its turn's number as /history gives it, so that a frame and the
	// history's line cite the same turn.
	nums, _, err := recordTurns(kit.Game, rec)
	if err != nil {
		return nil, err
	}
	frames := []turnFrame{{moves: 0, caption: T(lang, "replay_begins", "Game", kit.Game.Info().Name)}}
	before := progress(st)
	var lines []string
	run := 0 // the first move of the frame's run
	final, err := record.Replay(kit.Game, rec, func(i int, st rules.State, evs []rules.Event) error {
		for _, e := range evs {
			// As in posts, an event that restates another (a turn's steps, told by its summary) is
			// not told twice.
			if e.To == nil && !e.Detail && strings.TrimSpace(e.English()) != "" {
				lines = append(lines, eventText(lang, e, func(s rules.Seat) string { return seatName(lang, rec, st, int(s)) }))
			}
		}
		if i+1 < len(rec.Moves) && nums[i+1] == nums[run] {
			return nil // the next move goes on the same turn
		}
		after := progress(st)
		caption := strings.Join(lines, " ")
		if caption == "" {
			caption = T(lang, "replay_moves", "Name", seatName(lang, rec, st, int(rec.Moves[i].Seat)))
		}
		caption = T(lang, "history_turn", "Turn", nums[run], "Text", caption)
		frames = append(frames, turnFrame{moves: i + 1, caption: caption, scoring: !slices.Equal(before, after)})
		before, lines, run = after, nil, i+1
		return nil
	})
	if err == nil && rec.End != nil {
		// The platform ended the game after its last move: the closing frame states the result.
		frames = append(frames, turnFrame{moves: len(rec.Moves), caption: RecordOutcome(lang, rec, final)})
	}
	return frames, err
}

// startOf is the game of rec before its first move.
func startOf(kit Kit, rec *record.Record) (rules.State, error) {
	setup, err := kit.Game.Info().ValidateSetup(rec.Setup)
	if err != nil {
		return nil, err
	}
	return kit.Game.New(setup)
}

// fitBudget times the frames so that the whole replay lasts at most replayBudget while every turn
// keeps its frame: a reader who misses one move (the one that built the winning line) cannot
// follow the rest. The first frame and plain turns get frameDelay, scoring turns scoringDelay and
// the last finalDelay; a longer game shows its turns faster, scoring turns still the longest, down
// to minDelay. Only a game of more turns than fit at minDelay (hundreds) loses plain turns, then
// scoring turns, evenly spread; the first and last frames always stay.
func fitBudget(all []turnFrame) []turnFrame {
	if len(all) == 0 {
		return nil
	}
	out := slices.Clone(all)
	last := len(out) - 1
	left := replayBudget - finalDelay
	if len(out) == 1 {
		out[0].wait = finalDelay
		return out
	}
	if fit := int(left / minDelay); last > fit {
		out = thin(out, fit)
		last = len(out) - 1
	}
	nScoring := 0
	for _, f := range out[1:last] {
		if f.scoring {
			nScoring++
		}
	}
	nPlain := last - nScoring // the first frame counts as plain
	natural := time.Duration(nPlain)*frameDelay + time.Duration(nScoring)*scoringDelay
	plainD, scoringD := frameDelay, scoringDelay
	if natural > left {
		k := float64(left) / float64(natural)
		plainD = max(minDelay, centis(time.Duration(float64(frameDelay)*k)))
		scoringD = max(minDelay, centis(time.Duration(float64(scoringDelay)*k)))
		if nScoring > 0 && time.Duration(nPlain)*plainD+time.Duration(nScoring)*scoringDelay > left {
			// The plain turns are at the floor: the scoring turns share what is left.
			scoringD = max(minDelay, min(scoringD, centis((left-time.Duration(nPlain)*plainD)/time.Duration(nScoring))))
		}
	}
	for i := range out {
		switch {
		case i == last:
			out[i].wait = finalDelay
		case i > 0 && out[i].scoring:
			out[i].wait = scoringD
		default:
			out[i].wait = plainD
		}
	}
	return out
}

// centis rounds d down to GIF's hundredths of a second, so that rounding never adds time.
func centis(d time.Duration) time.Duration { return d - d%(10*time.Millisecond) }

// thin keeps at most n+1 frames: the first and last, the scoring turns, then an even sample of the
// plain ones (scoring turns sampled too when they alone are too many).
func thin(all []turnFrame, n int) []turnFrame {
	first, last := all[0], all[len(all)-1]
	var scoring, plain []turnFrame
	for _, f := range all[1 : len(all)-1] {
		if f.scoring {
			scoring = append(scoring, f)
		} else {
			plain = append(plain, f)
		}
	}
	room := n - 1 // frames between the first and the last
	if len(scoring) > room {
		scoring = sample(scoring, room)
	}
	plain = sample(plain, room-len(scoring))
	kept := append(append([]turnFrame{first}, scoring...), plain...)
	slices.SortFunc(kept, func(a, b turnFrame) int { return a.moves - b.moves })
	return append(kept, last)
}

// sample keeps at most n of keys, evenly spread, the first and the last always kept (n >= 2).
func sample[T any](keys []T, n int) []T {
	if len(keys) <= n {
		return keys
	}
	if n < 2 {
		return keys[:max(n, 0)]
	}
	out := make([]T, 0, n)
	for i := range n {
		out = append(out, keys[i*(len(keys)-1)/(n-1)])
	}
	return out
}

// ReplayGIF draws the game of rec as an animated GIF under MaxUpload.
func ReplayGIF(kit Kit, rec *record.Record) ([]byte, error) {
	return ReplayGIFIn(LangEnglish, kit, rec)
}

// ReplayGIFIn is ReplayGIF with its captions in lang.
func ReplayGIFIn(lang string, kit Kit, rec *record.Record) ([]byte, error) {
	return replayGIFIn(lang, kit, rec, MaxUpload)
}

func replayGIF(kit Kit, rec *record.Record, limit int) ([]byte, error) {
	return replayGIFIn(LangEnglish, kit, rec, limit)
}

func replayGIFIn(lang string, kit Kit, rec *record.Record, limit int) ([]byte, error) {
	if kit.Image == nil || len(kit.Palette) == 0 {
		return nil, fmt.Errorf("%s has no replay pictures", kit.Game.Info().Name)
	}
	all, err := turnFramesIn(lang, kit, rec)
	if err != nil {
		return nil, err
	}
	frames := fitBudget(all)
	// Too big for the upload: narrower frames first (every turn keeps its frame), and only when
	// even the narrowest is too big, fewer frames.
	var b []byte
	for _, w := range gifWidths {
		if b, err = encodeReplay(lang, kit, rec, frames, w); err != nil || len(b) <= limit {
			return b, err
		}
	}
	w := gifWidths[len(gifWidths)-1]
	n := len(frames)
	for {
		if n <= 2 {
			return nil, fmt.Errorf("replay: even two frames take %d bytes", len(b))
		}
		// Frames cost about the same each: keep the share that fits, with a margin.
		n = max(2, n*limit/len(b)*9/10)
		if b, err = encodeReplay(lang, kit, rec, fitBudget(sample(frames, n)), w); err != nil || len(b) <= limit {
			return b, err
		}
	}
}

// gifWidths are the frame widths tried in turn until the replay fits the upload: the narrowest
// still reads on a phone, which shows about 400 px.
var gifWidths = []int{gifWidth, 640, 480}

// encodeReplay replays rec and encodes the public board after each frame's moves, with its
// caption in a band under the board.
func encodeReplay(lang string, kit Kit, rec *record.Record, frames []turnFrame, width int) ([]byte, error) {
	st, err := startOf(kit, rec)
	if err != nil {
		return nil, err
	}
	var enc *anim.Encoder
	// Boards whose height follows the view (hands, players) keep their height at the same scale:
	// the GIF is as tall as the tallest.
	fr := anim.NewFramer(width, kit.Palette)
	meta := render.Meta{Names: rec.Players, Lang: lang} // the frames in the captions' language
	add := func(k int, st rules.State) error {
		f := frames[k]
		m := meta
		if k == len(frames)-1 {
			// The last board states the thread's result, as the bot's final board does.
			m.Result, m.Aborted = RecordResult(rec, st)
		}
		img, err := kit.Image(st.View(rules.Spectator), m)
		if err != nil {
			return fmt.Errorf("render after move %d: %w", f.moves, err)
		}
		framed := captioned(img, f.caption, width)
		render.Recycle(img)
		pm := fr.Frame(framed)
		render.Recycle(framed) // the framer keeps what it needs
		if enc == nil {
			if enc, err = anim.NewEncoder(pm.Rect, kit.Palette); err != nil {
				return err
			}
		}
		wait := f.wait
		if wait == 0 {
			wait = f.delay(k == len(frames)-1)
		}
		return enc.Add(anim.Frame{Image: pm, Delay: wait})
	}
	next := 0
	for next < len(frames) && frames[next].moves == 0 {
		if err := add(next, st); err != nil {
			return nil, err
		}
		next++
	}
	_, err = record.Replay(kit.Game, rec, func(i int, st rules.State, _ []rules.Event) error {
		// A platform's end is a second frame after the last move.
		for next < len(frames) && frames[next].moves == i+1 {
			next++
			if err := add(next-1, st); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if enc == nil {
		return nil, errors.New("replay: nothing to draw")
	}
	return enc.Finish()
}

// captioned is the board with the caption in a band under it, written at captionPx once the
// frame is scaled to width, on at most captionLines lines.
func captioned(board image.Image, caption string, width int) image.Image {
	b := board.Bounds()
	scale := float64(b.Dx()) / float64(width)
	if scale < 1 {
		scale = 1
	}
	st := render.Style{Size: captionPx * scale, VAlign: render.Top}
	lh := render.LineHeight(st)
	pad := 10 * scale
	bandH := int(math.Ceil(2*pad + captionLines*lh))
	c := render.AcquireCanvas(b.Dx(), b.Dy()+bandH, render.Panel)
	draw.Draw(c.RGBA, image.Rect(0, 0, b.Dx(), b.Dy()), board, b.Min, draw.Src)
	c.Rect(image.Rect(0, b.Dy(), b.Dx(), b.Dy()+bandH), render.Panel)
	c.Rect(image.Rect(0, b.Dy(), b.Dx(), b.Dy()+int(math.Ceil(2*scale))), render.Edge)
	lines := render.Wrap(caption, st, float64(b.Dx())-2*pad)
	if len(lines) > captionLines {
		// The turn goes on: the last line ends in an ellipsis, words dropped until it fits.
		lines = lines[:captionLines]
		l := lines[captionLines-1]
		for render.TextWidth(l+" …", st) > float64(b.Dx())-2*pad {
			i := strings.LastIndexByte(l, ' ')
			if i <= 0 {
				break
			}
			l = l[:i]
		}
		lines[captionLines-1] = l + " …"
	}
	y := float64(b.Dy()) + pad
	for _, l := range lines {
		c.Text(pad, y, l, st)
		y += lh
	}
	return c.Image()
}

// ReplayGIF draws a stored game as an animated GIF, for the result post or the /replay command.
// It reads the game's moves from storage and replays them; it checks nothing about who asks.
func (s *Service) ReplayGIF(ctx context.Context, gameID int64) ([]byte, error) {
	row, kit, rec, err := s.storedRecord(ctx, gameID)
	if err != nil {
		return nil, err
	}
	return ReplayGIFIn(s.threadLang(row), kit, rec)
}

// storedRecord loads a started game's row, kit and record.
func (s *Service) storedRecord(ctx context.Context, gameID int64) (*storage.Game, Kit, *record.Record, error) {
	row, err := s.store.Game(ctx, gameID)
	if err != nil {
		return nil, Kit{}, nil, err
	}
	nameAISeats(row)
	kit, ok := s.kits[row.Kind]
	if !ok {
		return nil, Kit{}, nil, fmt.Errorf("game %d: %s is not offered by this bot", gameID, row.Kind)
	}
	if row.Status == storage.StatusLobby {
		return nil, Kit{}, nil, refuseT(LangEnglish, "replay_lobby")
	}
	rec, err := s.recordOf(ctx, row, -1)
	return row, kit, rec, err
}

// Replay answers /replay: the animated game of this thread, or of a finished game of this server
// named by id (a running game is replayed only in its own thread, where its players are).
func (s *Service) Replay(ctx context.Context, req Request) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	if req.Game == 0 {
		t, err := s.resolve(ctx, req)
		if err != nil {
			return Reply{}, err
		}
		req.Game = t.row.ID
		t.mu.Unlock()
	} else {
		row, err := s.store.Game(ctx, req.Game)
		if errors.Is(err, storage.ErrNotFound) || (err == nil && row.Guild != req.Place.Guild) {
			return Reply{}, refuseT(ul, "replay_no_game", "ID", req.Game)
		}
		if err != nil {
			return Reply{}, err
		}
		if row.Status != storage.StatusFinished && row.Status != storage.StatusAborted && row.Thread != req.Place.Channel {
			return Reply{}, refuseT(ul, "replay_running", "ID", req.Game)
		}
	}
	row, kit, rec, err := s.storedRecord(ctx, req.Game)
	if err != nil {
		var r *Refusal
		if errors.As(err, &r) && r.id != "" {
			return Reply{}, refuseT(ul, r.id, r.args...)
		}
		return Reply{}, err
	}
	sl := s.threadLang(row)
	b, err := ReplayGIFIn(sl, kit, rec)
	if err != nil {
		return Reply{}, err
	}
	name := kit.Game.Info().Name
	return Reply{
		Text:  T(sl, "replay_text", "Game", name, "ID", row.ID, "Count", len(rec.Moves)),
		Game:  row.ID,
		Image: &Image{Name: fmt.Sprintf("%s-%d-replay.gif", row.Kind, row.ID), PNG: b, Alt: T(sl, "alt_replay", "Game", name)},
	}, nil
}

// maxPoints bounds the chart's points: a long game is sampled evenly, the end always kept.
const maxPoints = 600

// RecapPNG draws the end-of-game recap of rec: ranks and scores from the result, each seat's
// progress after every move (from the public view only), and the numbers. times, when given,
// holds each move's time (as stored), for the game's length and its longest turn.
func RecapPNG(kit Kit, rec *record.Record, times []time.Time) ([]byte, error) {
	return recapPNG(LangEnglish, kit, rec, times, nil)
}

// RecapPNGIn is RecapPNG drawn for a reader of lang: its labels, names and the seats' letters
// as the game's boards in that language show them.
func RecapPNGIn(lang string, kit Kit, rec *record.Record, times []time.Time) ([]byte, error) {
	return recapPNG(lang, kit, rec, times, nil)
}

// recapPNG is RecapPNG in lang with the platform's result, when it gave one, over the engine's.
func recapPNG(lang string, kit Kit, rec *record.Record, times []time.Time, final *rules.Result) ([]byte, error) {
	rc, err := recapWith(lang, kit, rec, times, final)
	if err != nil {
		return nil, err
	}
	return recap.PNG(rc)
}

func recapOf(kit Kit, rec *record.Record, times []time.Time) (rc recap.Recap, err error) {
	return recapWith(LangEnglish, kit, rec, times, nil)
}

// recapWith is the recap of rec with its names and result reason in lang.
func recapWith(lang string, kit Kit, rec *record.Record, times []time.Time, platform *rules.Result) (rc recap.Recap, err error) {
	if kit.Progress == nil {
		return rc, fmt.Errorf("%s has no recap", kit.Game.Info().Name)
	}
	st, err := startOf(kit, rec)
	if err != nil {
		return rc, err
	}
	first, err := kit.Progress(st.View(rules.Spectator), lang)
	if err != nil {
		return rc, err
	}
	series := [][]int{first.Values}
	var opp []int // the solo opponent's own running score, when it keeps one
	if first.OpponentValue != nil {
		opp = append(opp, *first.OpponentValue)
	}
	final, err := record.Replay(kit.Game, rec, func(_ int, st rules.State, _ []rules.Event) error {
		p, err := kit.Progress(st.View(rules.Spectator), lang)
		series = append(series, p.Values)
		if opp != nil && p.OpponentValue != nil {
			opp = append(opp, *p.OpponentValue)
		}
		return err
	})
	if err != nil {
		return rc, err
	}
	keep := make([]int, len(series))
	for i := range keep {
		keep[i] = i
	}
	keep = sample(keep, maxPoints)
	// The record's takeover and end lines rank it as the thread did: a resignation or a timeout
	// ends a game the engine may think is running.
	res, aborted := RecordResult(rec, final)
	if platform != nil {
		res = platform
	}
	// Turns as /history counts them, not the engine's moves (a turn of many decisions is one).
	_, turns, err := recordTurns(kit.Game, rec)
	if err != nil {
		return rc, err
	}
	rc = recap.Recap{Game: kit.Game.Info().Name, Measure: first.Measure, One: first.One, Unit: first.Unit, UnitOne: first.UnitOne, Turns: turns, Finished: res != nil,
		Aborted: aborted && res == nil, Opponent: first.Opponent, Lang: lang, MeasureID: first.MeasureID, UnitID: first.UnitID, OpponentMsg: first.OpponentMsg}
	if len(opp) == len(series) {
		for _, k := range keep {
			rc.OpponentValues = append(rc.OpponentValues, opp[k])
		}
	}
	showScores := res != nil && slices.ContainsFunc(res.Scores, func(v int) bool { return v != 0 })
	if res != nil && !showScores {
		// A result without scores (a resignation, a timeout): the scores the final board shows
		// once the state is concluded (endSnap), so that the recap and the board agree.
		if sc := concludedScores(kit, final, rec.Setup.Seats); sc != nil {
			cp := *res
			cp.Scores, res, showScores = sc, &cp, true
		}
	}
	for seat := range rec.Setup.Seats {
		p := recap.Player{Name: seatName(lang, rec, final, seat)}
		if seat < len(first.Colours) {
			p.Colour = first.Colours[seat]
		}
		if seat < len(first.Letters) {
			p.Letter = first.Letters[seat]
		}
		for _, k := range keep {
			if seat < len(series[k]) {
				p.Values = append(p.Values, series[k][seat])
			}
		}
		if res != nil && seat < len(res.Ranks) {
			p.Rank = res.Ranks[seat]
			if showScores && seat < len(res.Scores) {
				p.Score = &res.Scores[seat]
			}
			rc.Reason = resultReason(lang, res, func(s rules.Seat) string { return seatName(lang, rec, final, int(s)) })
		}
		rc.Players = append(rc.Players, p)
	}
	if len(times) == len(rec.Moves) && len(times) > 1 {
		rc.Length = times[len(times)-1].Sub(times[0])
		// A turn is the wait before a move: the time its seat took to answer.
		for i := 1; i < len(times); i++ {
			if d := times[i].Sub(times[i-1]); d > rc.LongestTurn {
				rc.LongestTurn, rc.LongestBy = d, seatName(lang, rec, final, int(rec.Moves[i].Seat))
			}
		}
	}
	return rc, nil
}

// concludedScores are the final scores by seat that the board of st concluded (rules.Concluder)
// shows (recap.Progress.Final), nil for a game without them.
func concludedScores(kit Kit, st rules.State, seats int) []int {
	if _, ok := st.(rules.Concluder); !ok || kit.Progress == nil {
		return nil
	}
	cp, err := kit.Game.Decode(endSnap(kit.Game, st))
	if err != nil {
		return nil
	}
	p, err := kit.Progress(cp.View(rules.Spectator), LangEnglish) // the numbers only
	if err != nil || len(p.Final) != seats {
		return nil
	}
	return p.Final
}

// seatName is the player's name from the record, else "Seat N" in lang (as seatLabel, no
// bracketed seat name).
func seatName(lang string, rec *record.Record, st rules.State, seat int) string {
	name := T(lang, "replay_seat", "N", seat+1)
	if seat < len(rec.Players) && rec.Players[seat] != "" {
		name = rec.Players[seat]
	}
	return name
}

// RecapPNG draws a stored game's recap, with the length and longest turn from its move times.
func (s *Service) RecapPNG(ctx context.Context, gameID int64) ([]byte, error) {
	row, kit, rec, err := s.storedRecord(ctx, gameID)
	if err != nil {
		return nil, err
	}
	return s.storedRecap(ctx, row, kit, rec)
}

func (s *Service) storedRecap(ctx context.Context, row *storage.Game, kit Kit, rec *record.Record) ([]byte, error) {
	moves, err := s.store.Moves(ctx, row.ID)
	if err != nil {
		return nil, err
	}
	var times []time.Time
	for _, m := range moves {
		times = append(times, m.At)
	}
	var final *rules.Result
	if len(row.Result) > 0 {
		var r rules.Result
		if json.Unmarshal(row.Result, &r) == nil && len(r.Ranks) == rec.Setup.Seats {
			final = &r
		}
	}
	return recapPNG(s.threadLang(row), kit, rec, times, final)
}

// boardMeta is what a board shows beyond the view: the players' names by seat, the language of its
// labels and, once the game is over, its one result (Service.meta), so the final board states what
// the thread post states. lang is the reader's: the thread's for a public board, the player's for
// a private one.
func (s *Service) boardMeta(row *storage.Game, st rules.State, lang string) render.Meta {
	if row.Status == storage.StatusRunning && st.Result() == nil {
		return render.Meta{Names: names(row), Lang: lang}
	}
	m := s.meta(row, st, lang)
	m.Names = names(row)
	return m
}
