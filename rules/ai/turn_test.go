package ai

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// shuttle: seat 0 moves a marker between 0 and 2 (left, right), waits (tick) or ends its turn;
// seat 1 only ends its turn. Its greedy player shuttles: right from 0, left from 1, the to and fro
// a player laughs at. The game ends after 40 ticks.
type shuttle struct {
	Pos, Ticks int
	NoEnd      bool // seat 0 cannot end its turn
	Turn       rules.Seat
	Res        *rules.Result
}

var shuttleGame = toyGame[shuttle, *shuttle]{"shuttle"}

func (g *shuttle) Awaiting() []rules.Prompt {
	if g.Res != nil {
		return nil
	}
	return []rules.Prompt{{Seat: g.Turn, Msg: rules.Verbatim("move")}}
}
func (g *shuttle) menu(s rules.Seat) []string {
	if s == 1 {
		return []string{"end"}
	}
	out := []string{"end", "tick"}
	if g.NoEnd {
		out = out[1:]
	}
	if g.Pos > 0 {
		out = append(out, "left")
	}
	if g.Pos < 2 {
		out = append(out, "right")
	}
	return out
}
func (g *shuttle) Choices(s rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	menu := g.menu(s)
	switch {
	case s != g.Turn || g.Res != nil:
		return nil, false, rules.Refuse(rules.Verbatim("not your turn"))
	case len(m) == 0:
		var cs []rules.Choice
		for _, t := range menu {
			cs = append(cs, rules.Choice{Token: t})
		}
		return cs, false, nil
	case len(m) == 1 && slices.Contains(menu, m[0]):
		return nil, true, nil
	}
	return nil, false, rules.Refuse(rules.Verbatim(fmt.Sprintf("say %s", strings.Join(menu, " or "))))
}
func (g *shuttle) Apply(s rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := rules.Check(g, s, m); err != nil {
		return nil, err
	}
	switch m[0] {
	case "end":
		g.Turn = 1 - g.Turn
	case "tick":
		g.Ticks++
		if g.Ticks >= 40 {
			g.Res = &rules.Result{Ranks: []int{1, 2}}
		}
	case "left":
		g.Pos--
	case "right":
		g.Pos++
	}
	return nil, nil
}
func (g *shuttle) View(rules.Seat) any     { return g }
func (g *shuttle) Result() *rules.Result   { return g.Res }
func (g *shuttle) Encode() ([]byte, error) { return json.Marshal(g) }
func (g *shuttle) Clone() rules.State      { c := *g; return &c }
func (g *shuttle) GreedyMove(s rules.Seat, _ uint64) rules.Move {
	switch {
	case s == 1:
		return rules.Move{"end"}
	case g.Pos == 0:
		return rules.Move{"right"}
	}
	return rules.Move{"left"}
}
func (g *shuttle) Evaluate() []float64 { return []float64{0.5, 0.5} }

// The habit watch sees a move back to a position of the same turn, and not a move that changes
// nothing or one that returns to a position of an earlier turn.
func TestHabitWatchUndo(t *testing.T) {
	st := &shuttle{}
	w := NewHabitWatch()
	var got []string
	for _, m := range []string{"right", "left", "end", "end", "right", "end", "end", "left", "right", "tick"} {
		seat := st.Turn
		before := st.Clone()
		if _, err := st.Apply(seat, rules.Move{m}); err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Join(append([]string{m}, w.Move(before, seat, rules.Move{m}, nil, st)...), ":"))
	}
	want := "right left:undo end end right end end left right:undo tick"
	if strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, " "), want)
	}
	if w.Counts[0][HabitUndo] != 2 || len(w.Counts[1]) != 0 {
		t.Errorf("counts %v", w.Counts)
	}
}

// With a Turn and Sensible, the rollout improvement never plays the greedy player's way back;
// without them (easy, or no turn carried) it does.
func TestTurnAvoidsUndo(t *testing.T) {
	for _, c := range []struct {
		turn  bool
		undos int
	}{{true, 0}, {false, 1}} {
		st := &shuttle{}
		w := NewHabitWatch()
		turn := NewTurn("normal")
		for i := 0; i < 6 && st.Turn == 0; i++ {
			cfg := Config{Candidates: 2, Iterations: 8, Horizon: 2, Sensible: true, Seed: uint64(i)}
			if c.turn {
				cfg.Turn = turn
			}
			m, _, err := Choose(shuttleGame, st, 0, cfg)
			if err != nil {
				t.Fatal(err)
			}
			before := st.Clone()
			st.Apply(0, m)
			w.Move(before, 0, m, nil, st)
		}
		if got := w.Counts[0][HabitUndo]; (got == 0) != (c.undos == 0) {
			t.Errorf("turn %v: %d undos, want %d", c.turn, got, c.undos)
		}
	}
}

// A turn of many decisions spends at most Share times its dearest decision, plus one round per
// decision; without a Turn each decision spends its whole budget.
func TestTurnBudget(t *testing.T) {
	cfg := Config{Candidates: 4, Iterations: 64, Horizon: 4, Seed: 1}
	_, one, err := Choose(shuttleGame, &shuttle{Pos: 1, NoEnd: true}, 0, cfg)
	if err != nil {
		t.Fatal(err)
	}
	turn := NewTurn("normal")
	st := &shuttle{Pos: 1, NoEnd: true}
	spent, rounds, decisions := 0, 0, 0
	for i := 0; i < 12; i++ {
		c := cfg
		c.Turn, c.Seed = turn, uint64(i)
		m, stats, err := Choose(shuttleGame, st, 0, c)
		if err != nil {
			t.Fatal(err)
		}
		spent += stats.Simulated
		rounds += one.Simulated / one.Iterations
		decisions++
		st.Apply(0, m) // the turn goes on
	}
	if turn.Decisions != decisions {
		t.Errorf("the turn counted %d decisions, want %d", turn.Decisions, decisions)
	}
	if bound := 2*one.Simulated + rounds; spent > bound || spent < one.Simulated {
		t.Errorf("a turn of %d decisions spent %d simulated moves; one decision %d, bound %d", decisions, spent, one.Simulated, bound)
	}
	if 12*one.Simulated <= 2*one.Simulated+rounds {
		t.Fatalf("the test proves nothing: %d", one.Simulated)
	}
	// A new turn (the position is not where the last decision led) gets the full budget again.
	st.NoEnd = false
	st.Apply(0, rules.Move{"end"})
	st.Apply(1, rules.Move{"end"})
	c := cfg
	c.Turn = turn
	if _, stats, _ := Choose(shuttleGame, st, 0, c); stats.Simulated < one.Simulated/2 || turn.Decisions != 1 {
		t.Errorf("a new turn: %d simulated, %d decisions", stats.Simulated, turn.Decisions)
	}
}

// sensibleNim offers only "take 2" as sensible: both ways of deciding keep to it.
type sensibleNim struct{ greedyNim }

func (g *sensibleNim) SensibleMoves(rules.Seat) []rules.Move { return []rules.Move{{"take", "2"}} }
func (g *sensibleNim) Clone() rules.State                    { c := *g; return &c }

func TestSensibleMoves(t *testing.T) {
	for _, cfg := range []Config{
		{Iterations: 50, Sensible: true, Seed: 1},
		{Candidates: 3, Iterations: 9, Horizon: 3, Sensible: true, Seed: 1},
	} {
		st := &sensibleNim{greedyNim{nim{Pile: 9}}}
		m, _, err := Choose(nimGame{}, st, 0, cfg)
		if err != nil || m.String() != "take 2" {
			t.Errorf("%+v: chose %q (%v), want take 2", cfg, m, err)
		}
	}
}

// sharedShuttle sets its own turn budget (ai.TurnSharer): one dearest decision in all at hard
// (scale 3), three at normal.
type sharedShuttle struct{ shuttle }

func (g *sharedShuttle) TurnShare(scale float64) float64 {
	if scale > 1 {
		return 1
	}
	return 3
}
func (g *sharedShuttle) Clone() rules.State { c := *g; return &c }

func TestTurnShareFromGame(t *testing.T) {
	cfg := Config{Candidates: 4, Iterations: 64, Horizon: 4, Seed: 1}
	_, one, err := Choose(shuttleGame, &sharedShuttle{shuttle{Pos: 1, NoEnd: true}}, 0, cfg)
	if err != nil {
		t.Fatal(err)
	}
	turn := NewTurn("hard")
	st := &sharedShuttle{shuttle{Pos: 1, NoEnd: true}}
	spent := 0
	for i := 0; i < 6; i++ {
		c := cfg
		c.Turn, c.Seed = turn, uint64(i)
		m, stats, err := Choose(shuttleGame, st, 0, c)
		if err != nil {
			t.Fatal(err)
		}
		spent += stats.Simulated
		st.Apply(0, m)
	}
	if turn.Share != 1 || spent > one.Simulated+6*one.Simulated/one.Iterations {
		t.Errorf("share %v: spent %d, one decision %d", turn.Share, spent, one.Simulated)
	}
	normal := NewTurn("normal")
	c := cfg
	c.Turn = normal
	if _, _, err := Choose(shuttleGame, &sharedShuttle{shuttle{Pos: 1, NoEnd: true}}, 0, c); err != nil || normal.Share != 3 {
		t.Errorf("normal's share %v (%v), want the game's 3 for scale 1", normal.Share, err)
	}
	fixed := NewTurn("hard")
	fixed.Fix(2)
	c.Turn = fixed
	if _, _, err := Choose(shuttleGame, &sharedShuttle{shuttle{Pos: 1, NoEnd: true}}, 0, c); err != nil || fixed.Share != 2 {
		t.Errorf("a fixed share became %v (%v), want 2", fixed.Share, err)
	}
}

// lure: seat 0 plays x 1, x 2 or y 1, then seat 1 ends the game (a third seat looks on). x 1
// wins for seat 0, x 2 makes it second, y 1 last; but x 1 is a habit (the game's HabitJudge names it), which the game's token
// filter cannot see coming.
type lure struct {
	Pick string
	Res  *rules.Result
}

var lureGame = toyGame[lure, *lure]{"lure"}

func (g *lure) Awaiting() []rules.Prompt {
	switch {
	case g.Res != nil:
		return nil
	case g.Pick == "":
		return []rules.Prompt{{Seat: 0, Msg: rules.Verbatim("pick")}}
	}
	return []rules.Prompt{{Seat: 1, Msg: rules.Verbatim("end")}}
}
func (g *lure) Choices(s rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	switch {
	case g.Res != nil || (s == 0) != (g.Pick == ""):
		return nil, false, rules.Refuse(rules.Verbatim("not your turn"))
	case s == 1 && len(m) == 0:
		return []rules.Choice{{Token: "end"}}, false, nil
	case s == 1 && len(m) == 1 && m[0] == "end":
		return nil, true, nil
	case len(m) == 0:
		return []rules.Choice{{Token: "x"}, {Token: "y"}}, false, nil
	case len(m) == 1 && m[0] == "x":
		return []rules.Choice{{Token: "1"}, {Token: "2"}}, false, nil
	case len(m) == 1 && m[0] == "y":
		return []rules.Choice{{Token: "1"}}, false, nil
	case len(m) == 2 && (m[0] == "x" && (m[1] == "1" || m[1] == "2") || m.String() == "y 1"):
		return nil, true, nil
	}
	return nil, false, rules.Refuse(rules.Verbatim("say x 1, x 2 or y 1"))
}
func (g *lure) Apply(s rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := rules.Check(g, s, m); err != nil {
		return nil, err
	}
	if s == 0 {
		g.Pick = m.String()
		return nil, nil
	}
	g.Res = map[string]*rules.Result{"x 1": {Ranks: []int{1, 2, 3}}, "x 2": {Ranks: []int{2, 1, 3}}, "y 1": {Ranks: []int{3, 1, 2}}}[g.Pick]
	return nil, nil
}
func (g *lure) View(rules.Seat) any     { return g }
func (g *lure) Result() *rules.Result   { return g.Res }
func (g *lure) Encode() ([]byte, error) { return json.Marshal(g) }
func (g *lure) Clone() rules.State      { c := *g; return &c }
func (g *lure) SensibleTokens(_ rules.Seat, _ rules.Move, tokens []string) []string {
	return tokens
}
func (g *lure) Habits(_ rules.Seat, m rules.Move, _ []rules.Event, _ rules.State) []string {
	if m.String() == "x 1" {
		return []string{"lure"}
	}
	return nil
}

// Where the game filters tokens (SensibleTokens), the whole move the tree chose is checked: a
// habit is replaced by the nearest move that is none (x 2, not y 1); easy keeps it.
func TestRescueLaughableMove(t *testing.T) {
	for _, c := range []struct {
		sensible bool
		want     string
	}{{false, "x 1"}, {true, "x 2"}} {
		m, _, err := Choose(lureGame, &lure{}, 0, Config{Iterations: 200, Sensible: c.sensible, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if m.String() != c.want {
			t.Errorf("sensible %v: %q, want %q", c.sensible, m, c.want)
		}
	}
}
