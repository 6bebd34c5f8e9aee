package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
)

// arenaPlayer is one kind of player the arena can seat.
type arenaPlayer struct {
	kind string
	move func(st rules.State, seat rules.Seat, seed uint64, turn *ai.Turn) (rules.Move, ai.Stats, error)
	// level names the turn budget of an AI player (ai.NewTurn); "" for the others
	level string
	share float64 // a turn budget in place of the level's and the game's (0: theirs)
}

// parsePlayer reads random, greedy, ai:<level> or ai:<iterations>.
func parsePlayer(g rules.Game, kind string) (arenaPlayer, error) {
	switch {
	case kind == "random":
		return arenaPlayer{kind: kind, move: func(st rules.State, seat rules.Seat, seed uint64, _ *ai.Turn) (rules.Move, ai.Stats, error) {
			m, err := rules.RandomMove(st, seat, rand.New(rand.NewPCG(seed, 1)))
			return m, ai.Stats{}, err
		}}, nil
	case kind == "greedy":
		gr := ai.Greedy(g)
		return arenaPlayer{kind: kind, move: func(st rules.State, seat rules.Seat, seed uint64, _ *ai.Turn) (rules.Move, ai.Stats, error) {
			m, err := gr(st, seat, seed)
			return m, ai.Stats{}, err
		}}, nil
	case strings.HasPrefix(kind, "ai:"):
		spec, improve, hasImprove := strings.Cut(strings.TrimPrefix(kind, "ai:"), "@")
		arg, rollout, hasRollout := strings.Cut(spec, "/")
		cfg, err := ai.ForLevel(arg, 0)
		if n, nerr := strconv.Atoi(arg); nerr == nil && n > 0 {
			cfg, err = ai.ForLevel("normal", 0)
			cfg.Iterations = n
		}
		// p: a greedy prior of a quarter of the budget; pp: of the whole budget.
		for strings.HasSuffix(rollout, "p") {
			rollout = strings.TrimSuffix(rollout, "p")
			cfg.Prior = min(1, cfg.Prior+0.25)
			if cfg.Prior > 0.25 {
				cfg.Prior = 1
			}
		}
		rollout, guided := strings.CutSuffix(rollout, "g")
		if guided {
			cfg.Guide = 0.5
		}
		if r, rerr := strconv.Atoi(rollout); hasRollout && (rerr != nil || r < 0) {
			err = fmt.Errorf("%q: after the slash comes the rollout length, a number", kind)
		} else if hasRollout {
			cfg.Rollout = r
		}
		// @KxNxH: rollout improvement over the greedy player with K candidates, N simulations and
		// a horizon of H moves (K 0: the tree search); sS after it fixes the turn's share at S.
		var share float64
		if hasImprove {
			var k, n, h int
			improve, shareText, hasShare := strings.Cut(improve, "s")
			if _, serr := fmt.Sscanf(improve, "%dx%dx%d", &k, &n, &h); serr != nil || k < 0 || n <= 0 || h < 0 {
				err = fmt.Errorf("%q: after @ come candidates x simulations x horizon, e.g. ai:normal@8x64x4", kind)
			}
			if v, perr := strconv.ParseFloat(shareText, 64); hasShare && (perr != nil || v <= 0) {
				err = fmt.Errorf("%q: after s comes the turn's share, a positive number, e.g. ai:hard@12x48x2s4.5", kind)
			} else if hasShare {
				share = v
			}
			cfg.Candidates, cfg.Iterations, cfg.Horizon, cfg.GameBudget = k, n, h, 0
		}
		if err != nil {
			return arenaPlayer{}, err
		}
		level := arg
		if _, nerr := strconv.Atoi(arg); nerr == nil {
			level = "normal"
		}
		return arenaPlayer{kind: kind, level: level, share: share, move: func(st rules.State, seat rules.Seat, seed uint64, turn *ai.Turn) (rules.Move, ai.Stats, error) {
			c := cfg
			c.Seed = seed
			c.Turn = turn
			return ai.Choose(g, st, seat, c)
		}}, nil
	}
	return arenaPlayer{}, fmt.Errorf("unknown player %q: use random, greedy, ai:easy, ai:normal, ai:hard or ai:<iterations>, optionally with /<rollout moves>", kind)
}

// arenaKind is what the arena prints for one kind of player.
type arenaKind struct {
	Player    string  `json:"player"`
	Seats     int     `json:"seats_played"` // seat-games played by this kind
	Wins      float64 `json:"wins"`         // first places; a shared first counts as a share
	WinRate   float64 `json:"win_rate"`
	CILow     float64 `json:"ci95_low"`
	CIHigh    float64 `json:"ci95_high"`
	FairShare float64 `json:"fair_share"` // the win rate of equal players: 1/seats (solo: none)
	Moves     int     `json:"moves"`
	ThinkP50  float64 `json:"think_ms_p50"` // wall time: inflated when the machine is loaded
	ThinkP99  float64 `json:"think_ms_p99"`
	CPUP50    float64 `json:"think_cpu_ms_p50"` // CPU time of the thinking thread: one core's work
	CPUP99    float64 `json:"think_cpu_ms_p99"`
	Simulated int     `json:"simulated_moves"` // moves applied inside searches
	// A turn is every decision of one seat until another seat moves (or the game ends).
	Turns      int            `json:"turns"`
	TurnP50    float64        `json:"turn_ms_p50"`
	TurnP99    float64        `json:"turn_ms_p99"`
	TurnCPUP50 float64        `json:"turn_cpu_ms_p50"`
	TurnCPUP99 float64        `json:"turn_cpu_ms_p99"`
	TurnCPUMax float64        `json:"turn_cpu_ms_max"`
	Habits     map[string]int `json:"habits"` // habits a player would laugh at (ai.HabitWatch), summed over games
	// WinsBy splits Wins by how the games were won, for games that say so (wonByer): Ascalion's
	// "cities", "elimination", "rounds".
	WinsBy map[string]float64 `json:"wins_by,omitempty"`
}

type arenaStats struct {
	Game        string      `json:"game"`
	Seats       int         `json:"seats"`
	Games       int         `json:"games"`
	Finished    int         `json:"finished"`
	Moves       int         `json:"moves"`
	MovesPerSec float64     `json:"moves_per_sec"`     // game moves per second of wall time
	SimPerSec   float64     `json:"sim_moves_per_sec"` // moves applied inside searches per second of search
	HeapMB      float64     `json:"heap_mb_max"`       // largest live heap seen after a search move
	Kinds       []arenaKind `json:"players"`
	Failures    []string    `json:"failures,omitempty"`
}

func cmdArena(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "game id (see boardbot games)")
	seats := fs.Int("seats", 2, "seat count")
	games := fs.Int("games", 20, "number of games; seats rotate between the players from game to game")
	seed := fs.Uint64("seed", 1, "first seed; game i uses seed+i")
	players := fs.String("players", "ai:normal,random", "comma-separated players, one per seat: random, greedy, ai:easy, ai:normal, ai:hard, ai:<iterations>; ai:normal/4 sets the rollout length too")
	maxMoves := fs.Int("max-moves", 20000, "a game still running after this many moves counts as unfinished")
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	wall := fs.Duration("time", 0, "start no new game after this much time (0: play them all); keeps runs bounded on a shared machine")
	perDecision := fs.Bool("per-decision", false, "give every AI decision its full budget (no turn budget, no memory of the turn), as before issue 23")
	progress := fs.Bool("progress", false, "print a line per finished game to stderr")
	habits := fs.Bool("habits", true, "judge every move for habits; -habits=false spares the judges' cost (in some games most of the arena's) when only the wins matter")
	habitDump := fs.String("habit-dump", "", "a directory: for every habit, write the position where the seat's turn began (JSON), to reproduce it")
	opts := optionFlag{}
	fs.Var(opts, "option", "key=value, repeatable")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	kit, err := kitByID(*game)
	if err != nil {
		fmt.Fprintln(stderr, "boardbot:", err)
		return 2
	}
	kinds := strings.Split(*players, ",")
	if len(kinds) != *seats {
		fmt.Fprintf(stderr, "boardbot: --players names %d players for %d seats; give one per seat, e.g. --players ai:normal,random\n", len(kinds), *seats)
		return 2
	}
	var ps []arenaPlayer
	for _, k := range kinds {
		p, err := parsePlayer(kit.Game, strings.TrimSpace(k))
		if err != nil {
			fmt.Fprintln(stderr, "boardbot:", err)
			return 2
		}
		ps = append(ps, p)
	}
	if *wall > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *wall)
		defer cancel()
	}
	if *perDecision {
		for i := range ps {
			ps[i].level = ""
		}
	}
	if *habitDump != "" && !*habits {
		fmt.Fprintln(stderr, "boardbot: --habit-dump dumps the habits that -habits=false leaves unjudged")
		return 2
	}
	if *habitDump != "" {
		// Made here, not at the first habit: a missing directory would lose every dump silently.
		if err := os.MkdirAll(*habitDump, 0o755); err != nil {
			fmt.Fprintln(stderr, "boardbot: --habit-dump:", err)
			return 2
		}
	}
	arenaDump, arenaProgress, arenaHabits = *habitDump, nil, *habits
	if *progress {
		arenaProgress = stderr
	}
	st := arena(ctx, kit.Game, ps, *seats, *games, *seed, map[string]string(opts), *maxMoves)
	if *asJSON {
		_ = json.NewEncoder(stdout).Encode(st)
	} else {
		printArena(stdout, st)
	}
	if len(st.Failures) > 0 {
		for _, f := range st.Failures {
			fmt.Fprintln(stderr, "FAIL", f)
		}
		return 1
	}
	return 0
}

func printArena(w io.Writer, st arenaStats) {
	fmt.Fprintf(w, "%s, %d seats: %d games (%d finished), %d moves, %.0f moves/s, search %.0f simulated moves/s, heap max %.1f MB\n",
		st.Game, st.Seats, st.Games, st.Finished, st.Moves, st.MovesPerSec, st.SimPerSec, st.HeapMB)
	fmt.Fprintf(w, "%-12s %6s %7s %6s %15s %6s %9s %9s %9s %9s\n", "player", "seats", "wins", "rate", "95% CI", "fair", "wall p50", "wall p99", "cpu p50", "cpu p99")
	for _, k := range st.Kinds {
		fmt.Fprintf(w, "%-12s %6d %7.1f %5.0f%% %6.0f%% - %3.0f%% %5.0f%% %9.1f %9.1f %9.1f %9.1f\n", k.Player, k.Seats, k.Wins, 100*k.WinRate,
			100*k.CILow, 100*k.CIHigh, 100*k.FairShare, k.ThinkP50, k.ThinkP99, k.CPUP50, k.CPUP99)
	}
	fmt.Fprintf(w, "per turn (ms): %-12s %6s %9s %9s %9s %9s %9s  habits\n", "player", "turns", "wall p50", "wall p99", "cpu p50", "cpu p99", "cpu max")
	for _, k := range st.Kinds {
		var hs []string
		for _, h := range ai.HabitNames(k.Habits) {
			hs = append(hs, fmt.Sprintf("%s %d", h, k.Habits[h]))
		}
		if len(hs) == 0 {
			hs = []string{"none"}
		}
		fmt.Fprintf(w, "               %-12s %6d %9.1f %9.1f %9.1f %9.1f %9.1f  %s\n", k.Player, k.Turns, k.TurnP50, k.TurnP99, k.TurnCPUP50, k.TurnCPUP99,
			k.TurnCPUMax, strings.Join(hs, ", "))
	}
}

// arenaDump is the directory --habit-dump names ("" for none).
var arenaDump string

// arenaHabits is --habits: whether every move is judged for habits.
var arenaHabits = true

// arenaProgress, with --progress, receives a line per finished game.
var arenaProgress io.Writer

// habitCase is what --habit-dump writes: the turn in which a habit showed, from its start, so a
// test can replay the seat's decisions with the same seeds (ai.MoveSeed(Seed, Move+i, Seat)).
type habitCase struct {
	Game   string   `json:"game"`
	Seed   uint64   `json:"seed"`
	Seat   int      `json:"seat"`
	Player string   `json:"player"`
	Move   int      `json:"move"` // the move number at which the turn began
	At     int      `json:"at"`   // the move number of the habit
	Habit  []string `json:"habits"`
	Played string   `json:"played"`
	State  []byte   `json:"state"` // the encoding where the turn began
}

// arena plays games between the players, rotating who sits where, and sums up per kind.
func arena(ctx context.Context, g rules.Game, ps []arenaPlayer, seats, games int, seed uint64, opts map[string]string, maxMoves int) arenaStats {
	out := arenaStats{Game: g.Info().ID, Seats: seats}
	type acc struct {
		seats, moves, sim int
		wins              float64
		think, cpu        []float64
		turnWall, turnCPU []float64
		habits            map[string]int
		winsBy            map[string]float64
	}
	byKind := map[string]*acc{}
	var order []string
	for _, p := range ps {
		if byKind[p.kind] == nil {
			byKind[p.kind] = &acc{habits: map[string]int{}, winsBy: map[string]float64{}}
			order = append(order, p.kind)
		}
	}
	var ms runtime.MemStats
	defer lockThread()()
	start := time.Now()
	var searchTime time.Duration
	for i := 0; i < games && ctx.Err() == nil; i++ {
		out.Games++
		setup := rules.Setup{Seats: seats, Seed: seed + uint64(i), Options: opts}
		full, err := g.Info().ValidateSetup(setup)
		if err != nil {
			out.Failures = append(out.Failures, err.Error())
			break
		}
		st, err := g.New(full)
		if err != nil {
			out.Failures = append(out.Failures, err.Error())
			break
		}
		at := func(seat rules.Seat) arenaPlayer { return ps[(int(seat)+i)%len(ps)] }
		pick := rand.New(rand.NewPCG(setup.Seed, 0xa7e7a))
		watch := ai.NewHabitWatch()
		turns := map[rules.Seat]*ai.Turn{}
		// the turn in progress: its seat and what it has cost so far
		turnSeat, turnWall, turnCPU := rules.Spectator, 0.0, 0.0
		var turnStart []byte // the encoding where the turn began (--habit-dump)
		turnN := 0
		endTurn := func() {
			if turnSeat != rules.Spectator {
				a := byKind[at(turnSeat).kind]
				a.turnWall = append(a.turnWall, turnWall)
				a.turnCPU = append(a.turnCPU, turnCPU)
			}
			turnSeat, turnWall, turnCPU = rules.Spectator, 0, 0
		}
		n := 0
		for ; st.Result() == nil && n < maxMoves; n++ {
			aw := st.Awaiting()
			if len(aw) == 0 {
				break
			}
			seat := aw[pick.IntN(len(aw))].Seat
			p := at(seat)
			if seat != turnSeat {
				endTurn()
				turnSeat = seat
				if arenaDump != "" {
					turnStart, turnN = nil, n
					if b, err := st.Encode(); err == nil {
						turnStart = b
					}
				}
			}
			if turns[seat] == nil && p.level != "" {
				turns[seat] = ai.NewTurn(p.level)
				if p.share > 0 {
					turns[seat].Fix(p.share)
				}
			}
			var before rules.State // the judges' look before the move (--habits)
			if arenaHabits {
				if before, err = ai.Clone(g, st); err != nil {
					out.Failures = append(out.Failures, err.Error())
					break
				}
			}
			t0 := time.Now()
			c0, cpuOK := threadCPU()
			m, stats, err := p.move(st, seat, ai.MoveSeed(setup.Seed, int64(n), seat), turns[seat])
			d := time.Since(t0)
			c1, _ := threadCPU()
			if err != nil {
				out.Failures = append(out.Failures, fmt.Sprintf("seed %d move %d %s: %v", setup.Seed, n, p.kind, err))
				break
			}
			evs, err := st.Apply(seat, m)
			if err != nil {
				out.Failures = append(out.Failures, fmt.Sprintf("seed %d move %d %s played %q: %v", setup.Seed, n, p.kind, m, err))
				break
			}
			turnWall += float64(d.Microseconds()) / 1000
			if cpuOK {
				turnCPU += float64((c1 - c0).Microseconds()) / 1000
			}
			a := byKind[p.kind]
			var hs []string
			if arenaHabits {
				hs = watch.Move(before, seat, m, evs, st)
			}
			for _, h := range hs {
				a.habits[h]++
			}
			if len(hs) > 0 && arenaDump != "" && p.level != "" && p.level != "easy" {
				b, _ := json.MarshalIndent(habitCase{Game: g.Info().ID, Seed: setup.Seed, Seat: int(seat), Player: p.kind, Move: turnN, At: n,
					Habit: hs, Played: m.String(), State: turnStart}, "", " ")
				_ = os.WriteFile(filepath.Join(arenaDump, fmt.Sprintf("%s-%d-%d.json", g.Info().ID, setup.Seed, n)), b, 0o644)
			}
			a.moves++
			a.sim += stats.Simulated
			a.think = append(a.think, float64(d.Microseconds())/1000)
			if cpuOK {
				a.cpu = append(a.cpu, float64((c1-c0).Microseconds())/1000)
			}
			if stats.Simulated > 0 {
				searchTime += d
				if a.moves%50 == 1 {
					runtime.ReadMemStats(&ms)
					out.HeapMB = math.Max(out.HeapMB, float64(ms.HeapAlloc)/(1<<20))
				}
			}
		}
		endTurn()
		out.Moves += n
		res := st.Result()
		if res == nil {
			continue
		}
		if arenaHabits {
			for s, hs := range watch.End(st, seats) {
				for h, c := range hs {
					byKind[at(s).kind].habits[h] += c
				}
			}
		}
		out.Finished++
		winners := res.Winners()
		by := ""
		if wb, ok := st.(wonByer); ok {
			by = wb.WonBy()
		}
		for s := 0; s < seats; s++ {
			a := byKind[at(rules.Seat(s)).kind]
			a.seats++
			for _, w := range winners {
				if int(w) == s {
					a.wins += 1 / float64(len(winners))
					if by != "" {
						a.winsBy[by] += 1 / float64(len(winners))
					}
				}
			}
		}
		if arenaProgress != nil {
			var ws []string
			for _, w := range winners {
				ws = append(ws, at(w).kind)
			}
			fmt.Fprintf(arenaProgress, "game %d (seed %d): %d moves, won by %s\n", i+1, setup.Seed, n, strings.Join(ws, " and "))
		}
	}
	if el := time.Since(start); el > 0 {
		out.MovesPerSec = float64(out.Moves) / el.Seconds()
	}
	sim := 0
	for _, k := range order {
		a := byKind[k]
		sim += a.sim
		kd := arenaKind{Player: k, Seats: a.seats, Wins: a.wins, Moves: a.moves, Simulated: a.sim}
		if seats > 1 {
			kd.FairShare = 1 / float64(seats)
		}
		if a.seats > 0 {
			kd.WinRate = a.wins / float64(a.seats)
			kd.CILow, kd.CIHigh = wilson(a.wins, float64(a.seats))
		}
		kd.ThinkP50, kd.ThinkP99 = percentile(a.think, 50), percentile(a.think, 99)
		kd.CPUP50, kd.CPUP99 = percentile(a.cpu, 50), percentile(a.cpu, 99)
		kd.Turns = len(a.turnWall)
		kd.TurnP50, kd.TurnP99 = percentile(a.turnWall, 50), percentile(a.turnWall, 99)
		kd.TurnCPUP50, kd.TurnCPUP99 = percentile(a.turnCPU, 50), percentile(a.turnCPU, 99)
		kd.TurnCPUMax = percentile(a.turnCPU, 100)
		kd.Habits = a.habits
		if len(a.winsBy) > 0 {
			kd.WinsBy = a.winsBy
		}
		out.Kinds = append(out.Kinds, kd)
	}
	if searchTime > 0 {
		out.SimPerSec = float64(sim) / searchTime.Seconds()
	}
	return out
}

// wonByer is a finished game that says how it was won ("cities", "elimination"), for the
// arena's wins_by.
type wonByer interface{ WonBy() string }

// wilson is the 95% Wilson score interval of wins out of n, sound for small n and rates near 0
// or 1, where the normal approximation is not.
func wilson(wins, n float64) (float64, float64) {
	const z = 1.96
	p := wins / n
	den := 1 + z*z/n
	mid := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	lo, hi := math.Max(0, mid-half), math.Min(1, mid+half)
	if wins == 0 {
		lo = 0 // exactly, not a rounding error above the observed rate
	}
	if wins == n {
		hi = 1
	}
	return lo, hi
}

func percentile(xs []float64, p int) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := len(s) * p / 100
	if i >= len(s) {
		i = len(s) - 1
	}
	return s[i]
}
