package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/ascidiae"
)

func TestWilson(t *testing.T) {
	cases := []struct{ wins, n, lo, hi float64 }{
		{10, 10, 0.722, 1}, // all won: the interval still admits a 28% loss rate
		{0, 10, 0, 0.278},  // mirror image
		{50, 100, 0.404, 0.596},
		{19, 20, 0.764, 0.991},
	}
	for _, c := range cases {
		lo, hi := wilson(c.wins, c.n)
		if math.Abs(lo-c.lo) > 0.002 || math.Abs(hi-c.hi) > 0.002 {
			t.Errorf("wilson(%v, %v) = %.3f..%.3f, want %.3f..%.3f", c.wins, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

func TestParsePlayer(t *testing.T) {
	for _, k := range []string{"random", "greedy", "ai:easy", "ai:normal", "ai:hard", "ai:50", "ai:normal/0", "ai:300/4", "ai:normal@8x64x4", "ai:hard@1x5x0", "ai:hard@12x48x2s4.5"} {
		if _, err := parsePlayer(ascidiae.Game, k); err != nil {
			t.Errorf("%s: %v", k, err)
		}
	}
	if p, _ := parsePlayer(ascidiae.Game, "ai:hard@12x48x2s4.5"); p.share != 4.5 {
		t.Errorf("ai:hard@12x48x2s4.5: share %v, want 4.5", p.share)
	}
	for _, k := range []string{"ai:godlike", "human", "ai:-3", "ai:normal/x", "ai:easy/-1", "ai:normal@8x64", "ai:normal@8x0x2", "ai:normal@ax1x1", "ai:hard@12x48x2s", "ai:hard@12x48x2s0", "ai:hard@12x48x2sx"} {
		if _, err := parsePlayer(ascidiae.Game, k); err == nil {
			t.Errorf("%s accepted", k)
		}
	}
}

// A tiny arena: every finished game gives out exactly one win in all, seats rotate so each kind
// sits every game, and the figures are printed as JSON.
func TestArenaCounts(t *testing.T) {
	// One arena shows the JSON figures, the --progress lines and --habit-dump at once (each game
	// of an AI costs seconds). The AI's opponent is greedy, not random: the habit judges look
	// twice at a move that leaves points on the table, which random does at nearly every move
	// (three fifths of this test's CPU), and greedy seldom.
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"arena", "--game", "autumn-ash", "--seats", "2", "--games", "2",
		"--players", "ai:easy,greedy", "--json", "--progress", "--habit-dump", t.TempDir()}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if strings.Count(errb.String(), "won by") != 2 || !strings.Contains(errb.String(), "game 2 (seed 2):") {
		t.Fatalf("--progress: %s", errb.String())
	}
	var st arenaStats
	if err := json.Unmarshal(out.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	if st.Games != 2 || st.Finished != 2 || len(st.Kinds) != 2 {
		t.Fatalf("%+v", st)
	}
	wins := 0.0
	for _, k := range st.Kinds {
		wins += k.Wins
		if k.Seats != 2 || k.CILow > k.WinRate || k.CIHigh < k.WinRate || k.FairShare != 0.5 {
			t.Errorf("%+v", k)
		}
	}
	if wins != 2 {
		t.Errorf("%v wins handed out in 2 games", wins)
	}
	for _, k := range st.Kinds {
		// Autumn Ash has one decision a turn: as many turns as moves, and a turn costs its move.
		if k.Turns != k.Moves || k.Habits == nil || k.TurnCPUP99 < k.CPUP99 && k.CPUP99 > 0 && k.TurnCPUP99 == 0 {
			t.Errorf("turns and habits: %+v", k)
		}
	}
	if st.Kinds[0].Simulated == 0 || st.Kinds[1].Simulated != 0 {
		t.Errorf("only the AI simulates: %+v", st.Kinds)
	}
	out.Reset()
	code = run(context.Background(), []string{"arena", "--game", "autumn-ash", "--seats", "2", "--games", "1",
		"--players", "ai:easy,greedy", "--per-decision"}, &out, &errb)
	if code != 0 || !strings.Contains(out.String(), "per turn") {
		t.Fatalf("--per-decision: exit %d: %s%s", code, out.String(), errb.String())
	}
	code = run(context.Background(), []string{"arena", "--game", "autumn-ash", "--seats", "2", "--players", "random"}, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "one per seat") {
		t.Fatalf("a player per seat: exit %d, %s", code, errb.String())
	}
}

// --habit-dump makes its directory: a missing one would have lost every dump without a word.
func TestArenaHabitDumpMakesItsDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dumps", "new")
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"arena", "--game", "autumn-ash", "--games", "1",
		"--players", "ai:easy,random", "--max-moves", "4", "--habit-dump", dir}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Errorf("%s not made: %v", dir, err)
	}
}

// A game that says how it was won splits each kind's wins by it (Ascalion: cities, elimination,
// rounds); the split adds up to the wins.
func TestArenaWinsBy(t *testing.T) {
	var out, errb bytes.Buffer
	// -habits=false: judging random players' habits was nine tenths of this test's cost.
	code := run(context.Background(), []string{"arena", "--game", "ascalion", "--seats", "2", "--games", "2",
		"--players", "random,random", "--json", "-habits=false"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var st arenaStats
	if err := json.Unmarshal(out.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	if st.Finished != 2 || len(st.Kinds) != 1 {
		t.Fatalf("%+v", st)
	}
	k := st.Kinds[0]
	sum := 0.0
	for by, w := range k.WinsBy {
		if by != "cities" && by != "elimination" && by != "rounds" {
			t.Errorf("won by %q", by)
		}
		sum += w
	}
	if sum != k.Wins || sum == 0 {
		t.Errorf("wins by %v add up to %v, wins %v", k.WinsBy, sum, k.Wins)
	}
	if len(k.Habits) != 0 {
		t.Errorf("-habits=false judged habits: %v", k.Habits)
	}
	// A dump of habits nobody judges would stay empty without a word.
	errb.Reset()
	code = run(context.Background(), []string{"arena", "--game", "ascalion", "--games", "1", "--players", "random,random",
		"-habits=false", "--habit-dump", t.TempDir()}, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "-habits=false") {
		t.Errorf("-habits=false with --habit-dump: exit %d, %s", code, errb.String())
	}
}
