package ascalion

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
)

// habitCase is a turn in which the arena saw a level above easy show a habit (boardbot arena
// --habit-dump): the position where the seat's turn began, the game's seed and the move number,
// so the seat's decisions can be replayed with the arena's seeds.
type habitCase struct {
	Seed   uint64   `json:"seed"`
	Seat   int      `json:"seat"`
	Player string   `json:"player"`
	Move   int      `json:"move"`
	At     int      `json:"at"`
	Habits []string `json:"habits"`
	Played string   `json:"played"`
	State  []byte   `json:"state"`
}

// replayTurn plays the seat's turn from the case's position with the arena's seeds and returns
// the moves and the habits each showed.
func replayTurn(t *testing.T, c habitCase) (moves []string, habits []string) {
	t.Helper()
	st, err := Game.Decode(c.State)
	if err != nil {
		t.Fatal(err)
	}
	level := strings.TrimPrefix(c.Player, "ai:")
	seat := rules.Seat(c.Seat)
	turn := ai.NewTurn(level)
	watch := ai.NewHabitWatch()
	for n := c.Move; st.Result() == nil && rules.IsAwaited(st, seat) && n < c.Move+40; n++ {
		cfg, err := ai.ForLevel(level, ai.MoveSeed(c.Seed, int64(n), seat))
		if err != nil {
			t.Fatal(err)
		}
		cfg.Turn = turn
		m, _, err := ai.Choose(Game, st, seat, cfg)
		if err != nil {
			t.Fatal(err)
		}
		before, _ := ai.Clone(Game, st)
		evs, err := st.Apply(seat, m)
		if err != nil {
			t.Fatalf("%q: %v", m, err)
		}
		moves = append(moves, m.String())
		habits = append(habits, watch.Move(before, seat, m, evs, st)...)
	}
	return moves, habits
}

// The turns in which the arena caught a habit at normal or hard, replayed with its seeds: no
// habit now.
func TestHabitCases(t *testing.T) {
	files, _ := filepath.Glob("testdata/habits/*.json")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c habitCase
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatal(err)
		}
		moves, habits := replayTurn(t, c)
		t.Logf("%s: %q", filepath.Base(f), moves)
		if len(habits) > 0 {
			t.Errorf("%s (arena: %v on %q): habits %v in %q", filepath.Base(f), c.Habits, c.Played, habits, moves)
		}
	}
}

// A decision that begins inside a transport (seed 704, move 189): Red's extra transport by boat,
// a horse aboard, was refused passage by Blue and the boat turned back to where it started.
// Ending there is what is left of the transport, not one spent for nothing; loading the horse of
// the bank onto the boat, or unloading into a land holding one, sends a horse back to the supply.
func TestSensibleResumedTransport(t *testing.T) {
	b, err := os.ReadFile("testdata/habits/ascalion-704-189.json")
	if err != nil {
		t.Fatal(err)
	}
	var c habitCase
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	st, err := Game.Decode(c.State)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	seat := rules.Seat(c.Seat)
	if s.Trip == nil || !s.Trip.Back || s.Trip.Kind != "boat" || s.Stage != stExtra {
		t.Fatalf("not a boat's extra transport turned back: %+v", s.Trip)
	}
	next, _, err := s.Choices(seat, nil)
	if err != nil {
		t.Fatal(err)
	}
	var toks []string
	for _, ch := range next {
		toks = append(toks, ch.Token)
	}
	if got := s.SensibleTokens(seat, nil, toks); !slices.Equal(got, []string{"end"}) {
		t.Errorf("sensible tokens of %q: %q, want only end", toks, got)
	}
	for notation, want := range map[string][]string{"end": nil, "+horse end": {HabitSurplus}, "-horse end": {HabitSurplus}} {
		m, _ := rules.ParseMove(notation)
		after := s.clone()
		if _, err := after.Apply(seat, m); err != nil {
			t.Fatalf("%s: %v", notation, err)
		}
		if got := s.Habits(seat, m, nil, after); !slices.Equal(got, want) {
			t.Errorf("%s: habits %v, want %v", notation, got, want)
		}
	}
}
