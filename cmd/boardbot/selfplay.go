package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime/debug"
	"sort"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
)

// selfplayStats is the JSON selfplay prints.
type selfplayStats struct {
	Game        string  `json:"game"`
	Games       int     `json:"games"`
	Finished    int     `json:"finished"`
	Moves       int     `json:"moves"`
	MovesPerSec float64 `json:"moves_per_sec"`
	Renders     int     `json:"renders"`
	RenderMsP50 float64 `json:"render_ms_p50"` // per post: the board, and the focus image where the game has one
	RenderMsP99 float64 `json:"render_ms_p99"`
	PNGBytesP50 int     `json:"png_bytes_p50"` // per image
	PNGBytesMax int     `json:"png_bytes_max"`
	// The board and the focus image apart: render + PNG per image, and the PNG sizes.
	BoardMsP50    float64 `json:"board_ms_p50"`
	BoardBytesP50 int     `json:"board_bytes_p50"`
	FocusMsP50    float64 `json:"focus_ms_p50,omitempty"`
	FocusBytesP50 int     `json:"focus_bytes_p50,omitempty"`
	// The same in processor time (the process's, so the collector's share counts): it moves
	// far less than the wall clock on a shared machine.
	RenderCPUMsP50 float64  `json:"render_cpu_ms_p50,omitempty"`
	BoardCPUMsP50  float64  `json:"board_cpu_ms_p50,omitempty"`
	FocusCPUMsP50  float64  `json:"focus_cpu_ms_p50,omitempty"`
	BySeats        []int    `json:"games_by_seats"` // index = seat count
	Failures       []string `json:"failures,omitempty"`
}

type selfplayConfig struct {
	games, seats, maxMoves, renderEvery int
	seed                                uint64
	options                             map[string]string
	render                              bool
}

func cmdSelfplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "game id (see boardbot games)")
	var cfg selfplayConfig
	fs.IntVar(&cfg.games, "games", 100, "number of games")
	fs.Uint64Var(&cfg.seed, "seed", 1, "first seed; game i uses seed+i")
	fs.IntVar(&cfg.seats, "seats", 0, "seat count (default: spread over the game's range)")
	fs.IntVar(&cfg.maxMoves, "max-moves", 50000, "a game still running after this many moves fails")
	fs.BoolVar(&cfg.render, "render", false, "render boards and measure it")
	fs.IntVar(&cfg.renderEvery, "render-every", 0, "render every Nth position (default: every 8th, the gap doubling after each 8 renders, so long games are sampled; the final position and every seat's view of it always)")
	cfg.options = optionFlag{}
	fs.Var(optionFlag(cfg.options), "option", "key=value, repeatable (default: spread over every option's values)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	kit, err := kitByID(*game)
	if err != nil {
		fmt.Fprintln(stderr, "boardbot:", err)
		return 2
	}
	st := selfplay(ctx, kit, cfg)
	enc := json.NewEncoder(stdout)
	_ = enc.Encode(st)
	if len(st.Failures) > 0 || st.Finished != st.Games {
		for _, f := range st.Failures {
			fmt.Fprintln(stderr, "FAIL", f)
		}
		return 1
	}
	return 0
}

// setupFor spreads seat counts and option values over game i, unless fixed by the flags.
func setupFor(info rules.Info, cfg selfplayConfig, i int) rules.Setup {
	s := rules.Setup{Seats: cfg.seats, Seed: cfg.seed + uint64(i), Options: map[string]string{}}
	if s.Seats == 0 {
		s.Seats = info.MinSeats + i%(info.MaxSeats-info.MinSeats+1)
	}
	idx := i / (info.MaxSeats - info.MinSeats + 1)
	for _, o := range info.Options {
		if v, ok := cfg.options[o.Key]; ok {
			s.Options[o.Key] = v
			continue
		}
		s.Options[o.Key] = o.Choices[idx%len(o.Choices)].Value
		idx /= len(o.Choices)
	}
	return s
}

func selfplay(ctx context.Context, kit bot.Kit, cfg selfplayConfig) selfplayStats {
	info := kit.Game.Info()
	out := selfplayStats{Game: info.ID, BySeats: make([]int, info.MaxSeats+1)}
	var renderNs []int64
	var sizes []int
	var parts renderParts
	var moveTime time.Duration
	for i := 0; i < cfg.games && ctx.Err() == nil; i++ {
		setup := setupFor(info, cfg, i)
		out.Games++
		if setup.Seats >= 0 && setup.Seats < len(out.BySeats) {
			out.BySeats[setup.Seats]++
		}
		res, err := playOne(kit, setup, cfg, &moveTime, &renderNs, &sizes, &parts)
		out.Moves += res.moves
		if err != nil {
			out.Failures = append(out.Failures, fmt.Sprintf("seed=%d seats=%d options=%v: %v", setup.Seed, setup.Seats, setup.Options, err))
			continue
		}
		out.Finished++
	}
	if moveTime > 0 {
		out.MovesPerSec = float64(out.Moves) / moveTime.Seconds()
	}
	out.Renders = len(renderNs)
	if len(renderNs) > 0 {
		sort.Slice(renderNs, func(a, b int) bool { return renderNs[a] < renderNs[b] })
		sort.Ints(sizes)
		out.RenderMsP50 = float64(renderNs[len(renderNs)/2]) / 1e6
		out.RenderMsP99 = float64(renderNs[len(renderNs)*99/100]) / 1e6
		out.PNGBytesP50 = sizes[len(sizes)/2]
		out.PNGBytesMax = sizes[len(sizes)-1]
		out.BoardMsP50, out.BoardBytesP50 = p50ms(parts.boardNs), p50(parts.boardSizes)
		out.FocusMsP50, out.FocusBytesP50 = p50ms(parts.focusNs), p50(parts.focusSizes)
		out.RenderCPUMsP50, out.BoardCPUMsP50, out.FocusCPUMsP50 = p50ms(parts.postCPU), p50ms(parts.boardCPU), p50ms(parts.focusCPU)
	}
	return out
}

// renderParts times and sizes the board and the focus image apart.
type renderParts struct {
	boardNs, focusNs            []int64
	boardSizes, focusSizes      []int
	boardCPU, focusCPU, postCPU []int64
}

func p50(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	s := append([]int(nil), xs...)
	sort.Ints(s)
	return s[len(s)/2]
}

func p50ms(ns []int64) float64 {
	if len(ns) == 0 {
		return 0
	}
	s := append([]int64(nil), ns...)
	sort.Slice(s, func(a, b int) bool { return s[a] < s[b] })
	return float64(s[len(s)/2]) / 1e6
}

type playResult struct{ moves int }

func playOne(kit bot.Kit, setup rules.Setup, cfg selfplayConfig, moveTime *time.Duration, renderNs *[]int64, sizes *[]int, parts *renderParts) (res playResult, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic after %d moves: %v\n%s", res.moves, p, debug.Stack())
		}
	}()
	full, err := kit.Game.Info().ValidateSetup(setup)
	if err != nil {
		return res, err
	}
	st, err := kit.Game.New(full)
	if err != nil {
		return res, fmt.Errorf("new: %w", err)
	}
	r := rand.New(rand.NewPCG(setup.Seed, 0x5e1f))
	every, drawn := cfg.renderEvery, 0
	if every == 0 {
		every = 8
	}
	// Names as players give them, so boards draw them as they would in a game.
	meta := render.Meta{}
	for i := range setup.Seats {
		meta.Names = append(meta.Names, fmt.Sprintf("player%d", i+1))
	}
	draw := func(seat rules.Seat) error {
		if !cfg.render || kit.PNG == nil {
			return nil
		}
		t0 := time.Now()
		c0, _ := render.ProcessCPU()
		v := st.View(seat)
		b, err := kit.PNG(v, meta)
		if err != nil {
			return fmt.Errorf("render after %d moves (seat %d): %w", res.moves, seat, err)
		}
		*sizes = append(*sizes, len(b))
		t1 := time.Now()
		c1, _ := render.ProcessCPU()
		parts.boardNs, parts.boardSizes = append(parts.boardNs, t1.Sub(t0).Nanoseconds()), append(parts.boardSizes, len(b))
		parts.boardCPU = append(parts.boardCPU, int64(c1-c0))
		if kit.Focus != nil && seat == rules.Spectator {
			// A public turn post carries the focus image too: timed as one post.
			f, err := kit.Focus(v, meta)
			if err != nil {
				return fmt.Errorf("focus after %d moves: %w", res.moves, err)
			}
			*sizes = append(*sizes, len(f))
			parts.focusNs, parts.focusSizes = append(parts.focusNs, time.Since(t1).Nanoseconds()), append(parts.focusSizes, len(f))
			c2, _ := render.ProcessCPU()
			parts.focusCPU = append(parts.focusCPU, int64(c2-c1))
		}
		*renderNs = append(*renderNs, time.Since(t0).Nanoseconds())
		c3, _ := render.ProcessCPU()
		parts.postCPU = append(parts.postCPU, int64(c3-c0))
		return nil
	}
	for st.Result() == nil {
		if res.moves >= cfg.maxMoves {
			return res, fmt.Errorf("no result after %d moves", res.moves)
		}
		ps := st.Awaiting()
		if len(ps) == 0 {
			return res, fmt.Errorf("running but awaiting nobody after %d moves", res.moves)
		}
		t0 := time.Now()
		p := ps[r.IntN(len(ps))]
		m, err := rules.RandomMove(st, p.Seat, r)
		if err != nil {
			return res, fmt.Errorf("move %d: %w", res.moves+1, err)
		}
		if _, err := st.Apply(p.Seat, m); err != nil {
			return res, fmt.Errorf("move %d: seat %d %q from the choice tree was refused: %v", res.moves+1, p.Seat, m.String(), err)
		}
		*moveTime += time.Since(t0)
		res.moves++
		if res.moves%every == 0 {
			if err := draw(rules.Spectator); err != nil {
				return res, err
			}
			drawn++
			if cfg.renderEvery == 0 && drawn%8 == 0 {
				every *= 2 // sample long games logarithmically
			}
		}
	}
	// The final board, and every seat's private view of it.
	if err := draw(rules.Spectator); err != nil {
		return res, err
	}
	for s := 0; s < full.Seats; s++ {
		if err := draw(rules.Seat(s)); err != nil {
			return res, err
		}
	}
	return res, nil
}
