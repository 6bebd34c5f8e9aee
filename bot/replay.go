package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/render/anim"
	"github.com/boardbot/boardbot/render/recap"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/storage"
)

// Animated replays. A frame is drawn wherever the set of awaited seats changes (a turn passing,
// a vote opening or closing), not after every sub-move, and at the final position, which stays
// on screen longer. Only the public view (rules.Spectator) is ever drawn.
const (
	// MaxUpload is Discord's upload limit; a replay GIF is made to fit under it.
	MaxUpload = 10 << 20
	// gifWidth is the widest frame: boards are drawn at full size and scaled down to it, which
	// keeps the labels readable on a phone while a frame costs less than half as many pixels.
	gifWidth   = 800
	frameDelay = 900 * time.Millisecond
	finalDelay = 5 * time.Second
	// maxFrames caps a long game (Ascalion runs to a thousand turn changes): frames are then
	// taken evenly over the game, the first and the final position always among them. Fewer
	// frames rather than smaller ones or several files: every frame stays readable and one post
	// shows the whole game, about five minutes at most.
	maxFrames = 360
)

// keyMoves replays rec and returns the move counts after which a frame is drawn: 0 (the start),
// every move that changed the awaited set, and the last move.
func keyMoves(kit Kit, rec *record.Record) ([]int, error) {
	st, err := startOf(kit, rec)
	if err != nil {
		return nil, err
	}
	keys := []int{0}
	prev := awaitedSet(st)
	_, err = record.Replay(kit.Game, rec, func(i int, st rules.State, _ []rules.Event) error {
		now := awaitedSet(st)
		if !slices.Equal(now, prev) || i == len(rec.Moves)-1 {
			keys = append(keys, i+1)
		}
		prev = now
		return nil
	})
	return keys, err
}

// startOf is the game of rec before its first move.
func startOf(kit Kit, rec *record.Record) (rules.State, error) {
	setup, err := kit.Game.Info().ValidateSetup(rec.Setup)
	if err != nil {
		return nil, err
	}
	return kit.Game.New(setup)
}

func awaitedSet(st rules.State) []rules.Seat {
	var out []rules.Seat
	for _, p := range st.Awaiting() {
		out = append(out, p.Seat)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// sample keeps at most n of keys, evenly spread, the first and the last always kept.
func sample(keys []int, n int) []int {
	if len(keys) <= n || n < 2 {
		return keys
	}
	out := make([]int, 0, n)
	for i := range n {
		out = append(out, keys[i*(len(keys)-1)/(n-1)])
	}
	return out
}

// ReplayGIF draws the game of rec as an animated GIF under MaxUpload.
func ReplayGIF(kit Kit, rec *record.Record) ([]byte, error) { return replayGIF(kit, rec, MaxUpload) }

func replayGIF(kit Kit, rec *record.Record, limit int) ([]byte, error) {
	if kit.Image == nil || len(kit.Palette) == 0 {
		return nil, fmt.Errorf("%s has no replay pictures", kit.Game.Info().Name)
	}
	keys, err := keyMoves(kit, rec)
	if err != nil {
		return nil, err
	}
	n := min(len(keys), maxFrames)
	for {
		b, err := encodeReplay(kit, rec, sample(keys, n))
		if err != nil || len(b) <= limit {
			return b, err
		}
		if n <= 2 {
			return nil, fmt.Errorf("replay: even two frames take %d bytes", len(b))
		}
		// Frames cost about the same each: keep the share that fits, with a margin.
		n = max(2, n*limit/len(b)*9/10)
	}
}

// encodeReplay replays rec and encodes the public board after each move count in keys.
func encodeReplay(kit Kit, rec *record.Record, keys []int) ([]byte, error) {
	st, err := startOf(kit, rec)
	if err != nil {
		return nil, err
	}
	var enc *anim.Encoder
	// Boards whose height follows the view (hands, players) keep their height at the same scale:
	// the GIF is as tall as the tallest.
	fr := anim.NewFramer(gifWidth, kit.Palette)
	add := func(moves int, st rules.State) error {
		img, err := kit.Image(st.View(rules.Spectator), render.Meta{Names: rec.Players})
		if err != nil {
			return fmt.Errorf("render after move %d: %w", moves, err)
		}
		pm := fr.Frame(img)
		render.Recycle(img) // the framer keeps what it needs
		if enc == nil {
			if enc, err = anim.NewEncoder(pm.Rect, kit.Palette); err != nil {
				return err
			}
		}
		d := frameDelay
		if moves == keys[len(keys)-1] {
			d = finalDelay
		}
		return enc.Add(anim.Frame{Image: pm, Delay: d})
	}
	next := 0
	if keys[0] == 0 {
		if err := add(0, st); err != nil {
			return nil, err
		}
		next = 1
	}
	_, err = record.Replay(kit.Game, rec, func(i int, st rules.State, _ []rules.Event) error {
		if next < len(keys) && keys[next] == i+1 {
			next++
			return add(i+1, st)
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

// ReplayGIF draws a stored game as an animated GIF, for the result post or the /replay command.
// It reads the game's moves from storage and replays them; it checks nothing about who asks.
func (s *Service) ReplayGIF(ctx context.Context, gameID int64) ([]byte, error) {
	_, kit, rec, err := s.storedRecord(ctx, gameID)
	if err != nil {
		return nil, err
	}
	return ReplayGIF(kit, rec)
}

// storedRecord loads a started game's row, kit and record.
func (s *Service) storedRecord(ctx context.Context, gameID int64) (*storage.Game, Kit, *record.Record, error) {
	row, err := s.store.Game(ctx, gameID)
	if err != nil {
		return nil, Kit{}, nil, err
	}
	kit, ok := s.kits[row.Kind]
	if !ok {
		return nil, Kit{}, nil, fmt.Errorf("game %d: %s is not offered by this bot", gameID, row.Kind)
	}
	if row.Status == storage.StatusLobby {
		return nil, Kit{}, nil, refuse("That game has not started yet: there is nothing to replay.")
	}
	rec, err := s.recordOf(ctx, row, -1)
	return row, kit, rec, err
}

// Replay answers /replay: the animated game of this thread, or of a finished game of this server
// named by id (a running game is replayed only in its own thread, where its players are).
func (s *Service) Replay(ctx context.Context, req Request) (Reply, error) {
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
			return Reply{}, refuse("There is no game #%d on this server; /mine lists yours.", req.Game)
		}
		if err != nil {
			return Reply{}, err
		}
		if row.Status != storage.StatusFinished && row.Status != storage.StatusAborted && row.Thread != req.Place.Channel {
			return Reply{}, refuse("Game #%d is still running: replay it in its own thread, or wait until it ends.", req.Game)
		}
	}
	row, kit, rec, err := s.storedRecord(ctx, req.Game)
	if err != nil {
		return Reply{}, err
	}
	b, err := ReplayGIF(kit, rec)
	if err != nil {
		return Reply{}, err
	}
	name := kit.Game.Info().Name
	return Reply{
		Text:  fmt.Sprintf("%s #%d, move by move (%d moves).", name, row.ID, len(rec.Moves)),
		Game:  row.ID,
		Image: &Image{Name: fmt.Sprintf("%s-%d-replay.gif", row.Kind, row.ID), PNG: b, Alt: name + " replay"},
	}, nil
}

// maxPoints bounds the chart's points: a long game is sampled evenly, the end always kept.
const maxPoints = 600

// RecapPNG draws the end-of-game recap of rec: ranks and scores from the result, each seat's
// progress after every move (from the public view only), and the numbers. times, when given,
// holds each move's time (as stored), for the game's length and its longest turn.
func RecapPNG(kit Kit, rec *record.Record, times []time.Time) ([]byte, error) {
	return recapPNG(kit, rec, times, nil)
}

// recapPNG is RecapPNG with the platform's result, when it gave one, over the engine's.
func recapPNG(kit Kit, rec *record.Record, times []time.Time, final *rules.Result) ([]byte, error) {
	rc, err := recapWith(kit, rec, times, final)
	if err != nil {
		return nil, err
	}
	return recap.PNG(rc)
}

func recapOf(kit Kit, rec *record.Record, times []time.Time) (rc recap.Recap, err error) {
	return recapWith(kit, rec, times, nil)
}

func recapWith(kit Kit, rec *record.Record, times []time.Time, platform *rules.Result) (rc recap.Recap, err error) {
	if kit.Progress == nil {
		return rc, fmt.Errorf("%s has no recap", kit.Game.Info().Name)
	}
	st, err := startOf(kit, rec)
	if err != nil {
		return rc, err
	}
	first, err := kit.Progress(st.View(rules.Spectator))
	if err != nil {
		return rc, err
	}
	series := [][]int{first.Values}
	final, err := record.Replay(kit.Game, rec, func(_ int, st rules.State, _ []rules.Event) error {
		p, err := kit.Progress(st.View(rules.Spectator))
		series = append(series, p.Values)
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
	res := final.Result()
	if platform != nil {
		res = platform // a resignation or a timeout ends a game the engine may think is running
	}
	rc = recap.Recap{Game: kit.Game.Info().Name, Measure: first.Measure, One: first.One, Unit: first.Unit, UnitOne: first.UnitOne, Moves: len(rec.Moves), Finished: res != nil,
		Opponent: first.Opponent}
	showScores := res != nil && slices.ContainsFunc(res.Scores, func(v int) bool { return v != 0 })
	for seat := range rec.Setup.Seats {
		p := recap.Player{Name: seatName(rec, final, seat)}
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
			rc.Reason = rules.RenderSeats(res.Reason, func(s rules.Seat) string { return seatName(rec, final, int(s)) })
		}
		rc.Players = append(rc.Players, p)
	}
	if len(times) == len(rec.Moves) && len(times) > 1 {
		rc.Length = times[len(times)-1].Sub(times[0])
		// A turn is the wait before a move: the time its seat took to answer.
		for i := 1; i < len(times); i++ {
			if d := times[i].Sub(times[i-1]); d > rc.LongestTurn {
				rc.LongestTurn, rc.LongestBy = d, seatName(rec, final, int(rec.Moves[i].Seat))
			}
		}
	}
	return rc, nil
}

// seatName is the player's name from the record with the game's own name for the seat.
func seatName(rec *record.Record, st rules.State, seat int) string {
	name := fmt.Sprintf("Seat %d", seat+1)
	if seat < len(rec.Players) && rec.Players[seat] != "" {
		name = rec.Players[seat]
	}
	return withOwnName(name, st, rules.Seat(seat))
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
	return recapPNG(kit, rec, times, final)
}

// boardMeta is what a board shows beyond the view: the players' names by seat.
func boardMeta(row *storage.Game) render.Meta {
	return render.Meta{Names: names(row)}
}
