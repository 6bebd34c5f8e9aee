package sqlite

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
)

// crashEnv carries the database path to a child process; its presence makes TestCrashChild run.
const crashEnv = "BOARDBOT_STORAGE_CRASH_DB"

const crashGames = 4

// crashStart is a game's snapshot before any move.
func crashStart(id int64) []byte {
	h := sha256.Sum256(fmt.Appendf(nil, "game %d", id))
	return h[:]
}

// crashNext is the snapshot after notation: a pure function of the previous one, so the log
// replays to exactly one snapshot and any disagreement between them shows.
func crashNext(prev []byte, notation string) []byte {
	h := sha256.New()
	h.Write(prev)
	h.Write([]byte(notation))
	return h.Sum(nil)
}

// TestCrashChild is the child process of TestCrashSafety: it appends moves to random games until
// it is killed, printing "ok <game> <seq> <notation>" once each commit has returned.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("child process of TestCrashSafety")
	}
	fail := func(format string, args ...any) {
		fmt.Fprintf(os.Stderr, "crash child: "+format+"\n", args...)
		os.Exit(3)
	}
	s, err := Open(path)
	if err != nil {
		fail("%v", err)
	}
	ctx := t.Context()
	ids, err := s.GameIDs(ctx)
	if err != nil || len(ids) == 0 {
		fail("game ids: %v %v", ids, err)
	}
	rng := rand.New(rand.NewPCG(uint64(os.Getpid()), uint64(time.Now().UnixNano())))
	// A child whose parent died never runs for long.
	for stop := time.Now().Add(30 * time.Second); time.Now().Before(stop); {
		id := ids[rng.IntN(len(ids))]
		g, err := s.Game(ctx, id)
		if err != nil {
			fail("load game %d: %v", id, err)
		}
		notation := fmt.Sprintf("m%016x", rng.Uint64())
		deadline := time.Now().Add(time.Hour)
		v, err := s.AppendMove(ctx, storage.MoveWrite{
			GameID:        id,
			ExpectVersion: g.Version,
			Move:          storage.Move{Seat: int(g.Version % 2), Notation: notation, UserID: "u", InteractionID: notation},
			Snapshot:      crashNext(g.Snapshot, notation),
			Status:        storage.StatusRunning,
			Deadline:      &deadline,
			Outbox:        []storage.OutboxMessage{{Kind: "turn", Payload: []byte(notation)}},
		})
		if errors.Is(err, storage.ErrConflict) {
			continue // the other child moved first
		}
		if err != nil {
			fail("append to game %d: %v", id, err)
		}
		// Version 1 at creation, 2 with the start snapshot, then one per move: the new move's
		// seq is v-2.
		fmt.Fprintf(os.Stdout, "ok %d %d %s\n", id, v-2, notation)
	}
	os.Exit(0)
}

// TestCrashSafety kills children that are appending moves (SIGKILL, at random moments, sometimes
// two children writing at once) and after every kill checks that each game's snapshot is the
// replay of its log, the log has no gap, every move a child saw committed is there, and its
// notification was queued with it.
func TestCrashSafety(t *testing.T) {
	t.Parallel() // its children write while the parent mostly waits; no package variable changed
	if os.Getenv(crashEnv) != "" {
		t.Skip("running as the child")
	}
	// The long tier kills children for 8 s; the default suite for 2 s, and never fewer than
	// minRounds rounds, so a loaded machine still proves as much as the final check asks.
	budget := 8 * time.Second
	if testing.Short() || !rulestest.Long() {
		budget = 2 * time.Second
	}
	const minRounds = 6
	path := filepath.Join(t.TempDir(), "crash.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for range crashGames {
		g := &storage.Game{Kind: "crash", Seats: 2, Status: storage.StatusRunning}
		if _, err := s.CreateGame(t.Context(), g); err != nil {
			t.Fatal(err)
		}
		g.Snapshot = crashStart(g.ID)
		if err := s.UpdateGame(t.Context(), g); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()

	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	committed := map[int64]map[int64]string{} // game -> seq -> notation, as children reported
	start := time.Now()
	rounds, kills := 0, 0
	for time.Since(start) < budget || rounds < minRounds {
		rounds++
		n := 1
		if rounds%3 == 0 {
			n = 2
		}
		reports := runChildren(t, path, n, rng)
		kills += n
		for _, r := range reports {
			if committed[r.game] == nil {
				committed[r.game] = map[int64]string{}
			}
			if prev, ok := committed[r.game][r.seq]; ok && prev != r.notation {
				t.Fatalf("round %d: game %d seq %d reported committed twice: %s and %s", rounds, r.game, r.seq, prev, r.notation)
			}
			committed[r.game][r.seq] = r.notation
		}
		verifyCrashDB(t, path, committed, rounds)
		if t.Failed() {
			return
		}
	}
	total := 0
	for _, m := range committed {
		total += len(m)
	}
	t.Logf("%d rounds, %d kills, %d moves committed and found", rounds, kills, total)
	if rounds < 5 || total < 20 {
		t.Errorf("only %d rounds and %d commits: the test proved little", rounds, total)
	}
}

type crashReport struct {
	game, seq int64
	notation  string
}

// runChildren starts n children on path, kills each at a random moment and returns what they
// reported as committed.
func runChildren(t *testing.T, path string, n int, rng *rand.Rand) []crashReport {
	t.Helper()
	type child struct {
		cmd    *exec.Cmd
		stderr bytes.Buffer
		lines  []string
		done   chan struct{}
	}
	children := make([]*child, n)
	for i := range children {
		c := &child{done: make(chan struct{})}
		c.cmd = exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		c.cmd.Env = append(os.Environ(), crashEnv+"="+path)
		c.cmd.Stderr = &c.stderr
		out, err := c.cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() {
			defer close(c.done)
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				c.lines = append(c.lines, sc.Text())
			}
		}()
		children[i] = c
	}
	// Kill moments from the child's start-up (opening, recovering the WAL) to well into its loop.
	var wg sync.WaitGroup
	for _, c := range children {
		wg.Add(1)
		delay := time.Duration(rng.IntN(300)) * time.Millisecond
		go func() {
			defer wg.Done()
			time.Sleep(delay)
			c.cmd.Process.Kill() // SIGKILL: no deferred function, no flush, no clean close
		}()
	}
	wg.Wait()
	var reports []crashReport
	for _, c := range children {
		<-c.done
		err := c.cmd.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("child ended with %v before it was killed; stderr:\n%s", err, c.stderr.String())
		}
		for _, l := range c.lines {
			var r crashReport
			if _, err := fmt.Sscanf(l, "ok %d %d %s", &r.game, &r.seq, &r.notation); err != nil {
				continue // the test framework's own output
			}
			reports = append(reports, r)
		}
	}
	return reports
}

// verifyCrashDB opens the database as the bot would after a crash and checks every game.
func verifyCrashDB(t *testing.T, path string, committed map[int64]map[int64]string, round int) {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatalf("round %d: open after kill: %v", round, err)
	}
	defer s.Close()
	ctx := t.Context()
	if problems, err := s.Check(ctx); err != nil || len(problems) > 0 {
		t.Fatalf("round %d: Check = %v, %v", round, problems, err)
	}
	msgs, err := s.Pending(ctx, time.Now().Add(time.Hour), 0)
	if err != nil {
		t.Fatal(err)
	}
	queued := map[int64][]string{}
	for _, m := range msgs {
		queued[m.GameID] = append(queued[m.GameID], string(m.Payload))
	}
	ids, err := s.GameIDs(ctx)
	if err != nil || len(ids) != crashGames {
		t.Fatalf("round %d: game ids %v, %v", round, ids, err)
	}
	for _, id := range ids {
		g, err := s.Game(ctx, id)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		log, err := s.Moves(ctx, id)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		snap := crashStart(id)
		var notations []string
		for i, m := range log {
			if m.Seq != int64(i+1) {
				t.Fatalf("round %d: game %d: move %d has seq %d", round, id, i+1, m.Seq)
			}
			snap = crashNext(snap, m.Notation)
			notations = append(notations, m.Notation)
		}
		if !bytes.Equal(snap, g.Snapshot) {
			t.Errorf("round %d: game %d: snapshot disagrees with the replay of its %d moves", round, id, len(log))
		}
		// Version 1 at creation, 2 with the start snapshot, then one per move.
		if g.Version != int64(len(log))+2 {
			t.Errorf("round %d: game %d: version %d with %d moves", round, id, g.Version, len(log))
		}
		if q := queued[id]; !slices.Equal(q, notations) {
			t.Errorf("round %d: game %d: %d outbox messages for %d moves, or not in their order", round, id, len(q), len(notations))
		}
		for seq, n := range committed[id] {
			if seq < 1 || seq > int64(len(log)) || log[seq-1].Notation != n {
				t.Errorf("round %d: game %d: committed move %d %s is lost (log has %d moves)", round, id, seq, n, len(log))
			}
		}
	}
}
