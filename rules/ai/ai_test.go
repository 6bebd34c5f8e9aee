package ai

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// nim: a pile of stones, each turn "take" then 1, 2 or 3; whoever takes the last stone wins. The
// winning move always leaves a multiple of four, which random play finds one time in three.
type nimGame struct{}

type nim struct {
	Pile int        `json:"pile"`
	Turn rules.Seat `json:"turn"`
	Res  *rules.Result
}

func (nimGame) Info() rules.Info { return rules.Info{ID: "nim", Name: "Nim", MinSeats: 2, MaxSeats: 2} }
func (nimGame) New(s rules.Setup) (rules.State, error) {
	return &nim{Pile: 21}, nil
}
func (nimGame) Decode(b []byte) (rules.State, error) {
	var n nim
	err := json.Unmarshal(b, &n)
	return &n, err
}
func (n *nim) Awaiting() []rules.Prompt {
	if n.Res != nil {
		return nil
	}
	return []rules.Prompt{{Seat: n.Turn, Msg: rules.Verbatim("take")}}
}
func (n *nim) Choices(s rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	if s != n.Turn || n.Res != nil {
		return nil, false, rules.Refuse(rules.Verbatim("not your turn"))
	}
	switch {
	case len(m) == 0:
		return []rules.Choice{{Token: "take"}}, false, nil
	case len(m) == 1 && m[0] == "take":
		var cs []rules.Choice
		for k := 1; k <= 3 && k <= n.Pile; k++ {
			cs = append(cs, rules.Choice{Token: strconv.Itoa(k)})
		}
		return cs, false, nil
	case len(m) == 2 && m[0] == "take":
		k, err := strconv.Atoi(m[1])
		if err != nil || k < 1 || k > 3 || k > n.Pile {
			return nil, false, rules.Refuse(rules.Verbatim("take 1 to 3"))
		}
		return nil, true, nil
	}
	return nil, false, rules.Refuse(rules.Verbatim("say take N"))
}
func (n *nim) Apply(s rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := rules.Check(n, s, m); err != nil {
		return nil, err
	}
	k, _ := strconv.Atoi(m[1])
	n.Pile -= k
	if n.Pile == 0 {
		n.Res = &rules.Result{Ranks: []int{2, 2}, ReasonMsg: rules.Verbatim("last stone")}
		n.Res.Ranks[s] = 1
	}
	n.Turn = 1 - n.Turn
	return nil, nil
}
func (n *nim) View(rules.Seat) any     { return n }
func (n *nim) Result() *rules.Result   { return n.Res }
func (n *nim) Encode() ([]byte, error) { return json.Marshal(n) }

// The search finds the move that leaves a multiple of four, from every pile where one exists.
func TestNimWinningMoves(t *testing.T) {
	for pile := 5; pile <= 15; pile++ {
		if pile%4 == 0 {
			continue
		}
		t.Run(fmt.Sprint(pile), func(t *testing.T) {
			st := &nim{Pile: pile}
			m, _, err := Choose(nimGame{}, st, 0, Config{Iterations: 5000, Seed: uint64(pile)})
			if err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprintf("take %d", pile%4)
			if m.String() != want {
				t.Fatalf("pile %d: chose %q, want %q", pile, m, want)
			}
			if st.Pile != pile {
				t.Fatal("the search changed the real state")
			}
		})
	}
}

// Same state, seed and budget: same move and same work; another seed may differ but stays legal.
func TestDeterministic(t *testing.T) {
	st := &nim{Pile: 16}
	a, sa, _ := Choose(nimGame{}, st, 0, Config{Iterations: 300, Seed: 7})
	b, sb, _ := Choose(nimGame{}, st, 0, Config{Iterations: 300, Seed: 7})
	if !a.Equal(b) || sa != sb {
		t.Fatalf("%q %+v vs %q %+v", a, sa, b, sb)
	}
}

// Several seats awaited at once (Bids: every seat bids together) and hidden hands without a
// Determinizer: the search still returns legal moves for every awaited seat, to the end.
func TestSimultaneousSeats(t *testing.T) {
	g := rulestest.Bids
	st, err := g.New(rules.Setup{Seats: 3, Seed: 5, Options: map[string]string{"rounds": "3"}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; st.Result() == nil; i++ {
		if i > 200 {
			t.Fatal("game does not end")
		}
		ps := st.Awaiting()
		if len(ps) == 0 {
			t.Fatal("nobody awaited")
		}
		p := ps[len(ps)-1]
		m, _, err := Choose(g, st, p.Seat, Config{Iterations: 60, Seed: uint64(i)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(p.Seat, m); err != nil {
			t.Fatalf("%q refused: %v", m, err)
		}
	}
}

func TestValues(t *testing.T) {
	cases := []struct {
		ranks []int
		want  []float64
	}{
		{[]int{1, 2}, []float64{1, 0}},
		{[]int{2, 1, 3}, []float64{0.5, 1, 0}},
		{[]int{1, 1}, []float64{1, 1}},
		{[]int{1}, []float64{1}},
		{[]int{2}, []float64{0}},
	}
	for _, c := range cases {
		got := Values(&rules.Result{Ranks: c.ranks})
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%v: %v, want %v", c.ranks, got, c.want)
		}
	}
}

func TestLevels(t *testing.T) {
	for _, l := range Levels {
		if _, err := ForLevel(l, 1); err != nil {
			t.Error(err)
		}
	}
	if _, err := ForLevel("godlike", 1); err == nil {
		t.Error("unknown level accepted")
	}
}

// greedyNim has a greedy player that always takes one stone, and a flat evaluation.
type greedyNim struct{ nim }

func (g *greedyNim) GreedyMove(rules.Seat, uint64) rules.Move { return rules.Move{"take", "1"} }
func (g *greedyNim) Evaluate() []float64                      { return []float64{0.5, 0.5} }
func (g *greedyNim) Clone() rules.State                       { c := *g; return &c }

// The greedy prior leads a small search to the greedy move, and a search that finds better
// leaves it.
func TestGreedyPrior(t *testing.T) {
	st := &greedyNim{nim{Pile: 7}}
	m, _, err := Choose(nimGame{}, st, 0, Config{Iterations: 40, Prior: 10, Seed: 1})
	if err != nil || m.String() != "take 1" {
		t.Fatalf("a heavy prior plays the greedy move: %q %v", m, err)
	}
	m, _, err = Choose(nimGame{}, st, 0, Config{Iterations: 4000, Prior: 0.1, Seed: 1})
	if err != nil || m.String() != "take 3" {
		t.Fatalf("the search must leave a losing greedy move: %q %v", m, err)
	}
}

// mirage is nim whose samples also offer "take 4", a move the real pile of 4 refuses: the search
// loves it (it takes the last stone), but the AI must play from the real menu.
type mirage struct{ nim }

func (m *mirage) Determinize(rules.Seat, uint64) rules.State { return &mirageSample{nim: m.nim} }

type mirageSample struct{ nim }

func (m *mirageSample) Choices(s rules.Seat, mv rules.Move) ([]rules.Choice, bool, error) {
	if len(mv) == 2 && mv[1] == "4" {
		return nil, true, nil
	}
	next, complete, err := m.nim.Choices(s, mv)
	if len(mv) == 1 && err == nil {
		next = append(next, rules.Choice{Token: "4"})
	}
	return next, complete, err
}

func (m *mirageSample) Apply(s rules.Seat, mv rules.Move) ([]rules.Event, error) {
	if mv.String() == "take 4" {
		m.Pile = 0
		m.Res = &rules.Result{Ranks: []int{2, 2}}
		m.Res.Ranks[s] = 1
		return nil, nil
	}
	return m.nim.Apply(s, mv)
}

func TestOnlyTheRealMenu(t *testing.T) {
	st := &mirage{nim{Pile: 4}}
	m, _, err := Choose(nimGame{}, st, 0, Config{Iterations: 300, Seed: 3})
	if err != nil || rules.Check(st, 0, m) != nil {
		t.Fatalf("chose %q (%v), not on the real menu", m, err)
	}
}

// Rollout improvement over the greedy player: with everyone taking one stone after it, the AI
// wins when it leaves an even pile, so from 10 it must take 2 where the greedy player takes 1. A
// tie (from 9, taking 1 or 3 both win) goes to the greedy move, and so does a decision with no
// evidence (no horizon and a flat evaluation) or with no other candidate.
func TestImproveOverGreedy(t *testing.T) {
	cases := []struct {
		pile, cands, horizon int
		want                 string
	}{
		{10, 3, 30, "take 2"},
		{6, 3, 30, "take 2"},
		{9, 3, 30, "take 1"},
		{10, 3, 0, "take 1"},
		{10, 1, 30, "take 1"},
		{2, 3, 30, "take 2"},
	}
	for _, c := range cases {
		st := &greedyNim{nim{Pile: c.pile}}
		cfg := Config{Candidates: c.cands, Iterations: 3 * c.cands, Horizon: c.horizon, Seed: 5}
		m, stats, err := Choose(nimGame{}, st, 0, cfg)
		if err != nil || m.String() != c.want {
			t.Errorf("pile %d, %d candidates, horizon %d: %q (%v), want %q", c.pile, c.cands, c.horizon, m, err, c.want)
		}
		if st.Pile != c.pile {
			t.Fatal("the search changed the real state")
		}
		m2, stats2, _ := Choose(nimGame{}, st, 0, cfg)
		if !m2.Equal(m) || stats2 != stats {
			t.Errorf("pile %d: not deterministic: %q %+v then %q %+v", c.pile, m, stats, m2, stats2)
		}
	}
}

// The greedy move is left only for a gain larger than its standard error over the samples.
func TestPickNeedsClearGain(t *testing.T) {
	// four samples each: gains of +1,+1,+1,+1 (clear), +2,-2,+2,-1 (mean 0.25, noisy), -1 x4
	mk := func(tok string, ds ...float64) *candidate {
		c := &candidate{m: rules.Move{tok}}
		for _, d := range ds {
			c.diff += d
			c.diff2 += d * d
		}
		return c
	}
	cases := []struct {
		cands []*candidate
		want  string
	}{
		{[]*candidate{mk("greedy"), mk("noisy", 2, -2, 2, -1), mk("clear", 0.3, 0.3, 0.3, 0.3)}, "clear"},
		{[]*candidate{mk("greedy"), mk("noisy", 2, -2, 2, -1), mk("worse", -1, -1, -1, -1)}, "greedy"},
		{[]*candidate{mk("greedy"), mk("small", 0.1, 0.1, 0.1, 0.1), mk("big", 0.5, 0.4, 0.5, 0.4)}, "big"},
	}
	for i, c := range cases {
		if got := pick(c.cands, 4).m[0]; got != c.want {
			t.Errorf("case %d: picked %s, want %s", i, got, c.want)
		}
	}
}

// A level (GameBudget) in a game with a greedy player but no rollout budget gets the tree search.
func TestLevelWithoutBudgetSearches(t *testing.T) {
	st := &greedyNim{nim{Pile: 10}}
	_, stats, err := Choose(nimGame{}, st, 0, Config{Candidates: 3, GameBudget: 1, Iterations: 50, Seed: 2})
	if err != nil || stats.Nodes == 0 {
		t.Fatalf("no tree built: %+v %v", stats, err)
	}
	_, stats, err = Choose(nimGame{}, st, 0, Config{Candidates: 3, Iterations: 9, Horizon: 30, Seed: 2})
	if err != nil || stats.Nodes != 0 || stats.Iterations != 3 {
		t.Fatalf("an explicit rollout config must run the improvement: %+v %v", stats, err)
	}
}

// toyGame is the rules.Game of a two-seat test state S: a zero S to start, JSON snapshots.
type toyGame[S any, P interface {
	*S
	rules.State
}] struct{ id string }

func (t toyGame[S, P]) Info() rules.Info {
	return rules.Info{ID: t.id, Name: t.id, MinSeats: 2, MaxSeats: 2}
}
func (toyGame[S, P]) New(rules.Setup) (rules.State, error) { return P(new(S)), nil }
func (toyGame[S, P]) Decode(b []byte) (rules.State, error) {
	st := new(S)
	err := json.Unmarshal(b, st)
	return P(st), err
}

// margin: seat 0 says a or b and wins either way, by a little (a, the greedy move) or by a lot.
type margin struct {
	Pick string
	Res  *rules.Result
}

var marginGame = toyGame[margin, *margin]{"margin"}

func (g *margin) Awaiting() []rules.Prompt {
	if g.Res != nil {
		return nil
	}
	return []rules.Prompt{{Seat: 0, Msg: rules.Verbatim("pick")}}
}
func (g *margin) Choices(s rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	switch {
	case s != 0 || g.Res != nil:
		return nil, false, rules.Refuse(rules.Verbatim("not your turn"))
	case len(m) == 0:
		return []rules.Choice{{Token: "a"}, {Token: "b"}}, false, nil
	case len(m) == 1 && (m[0] == "a" || m[0] == "b"):
		return nil, true, nil
	}
	return nil, false, rules.Refuse(rules.Verbatim("say a or b"))
}
func (g *margin) Apply(s rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := rules.Check(g, s, m); err != nil {
		return nil, err
	}
	g.Pick, g.Res = m[0], &rules.Result{Ranks: []int{1, 2}}
	return nil, nil
}
func (g *margin) View(rules.Seat) any                      { return g }
func (g *margin) Result() *rules.Result                    { return g.Res }
func (g *margin) Encode() ([]byte, error)                  { return json.Marshal(g) }
func (g *margin) Clone() rules.State                       { c := *g; return &c }
func (g *margin) GreedyMove(rules.Seat, uint64) rules.Move { return rules.Move{"a"} }
func (g *margin) Evaluate() []float64 {
	switch g.Pick {
	case "a":
		return []float64{0.6, 0.4}
	case "b":
		return []float64{0.9, 0.1}
	}
	return []float64{0.5, 0.5}
}

// A simulation that ends the game counts the margin too, not only the win: both moves win here,
// and the improvement must still tell the wide win from the narrow one the greedy player takes.
func TestImproveCountsTheMargin(t *testing.T) {
	m, _, err := Choose(marginGame, &margin{}, 0, Config{Candidates: 2, Iterations: 4, Horizon: 1, Seed: 1})
	if err != nil || m.String() != "b" {
		t.Fatalf("chose %q (%v), want b: a win by more is worth more", m, err)
	}
	if lo, hi := outcome(&margin{Pick: "a", Res: &rules.Result{Ranks: []int{2, 1}}}, 0), outcome(&margin{Pick: "a", Res: &rules.Result{Ranks: []int{1, 2}}}, 0); lo >= hi {
		t.Errorf("a loss (%v) must count less than a win (%v)", lo, hi)
	}
}

// stall: seat 0 may stall (its turn goes on, nothing changes) or end its turn, after which seat 1
// hits, which costs seat 0, and it is seat 0's turn again. It never ends.
type stall struct {
	Turn rules.Seat
	Hit  bool
	Res  *rules.Result
}

var stallGame = toyGame[stall, *stall]{"stall"}

func (g *stall) Awaiting() []rules.Prompt {
	if g.Res != nil {
		return nil
	}
	return []rules.Prompt{{Seat: g.Turn, Msg: rules.Verbatim("move")}}
}
func (g *stall) Choices(s rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	menu := []string{"stall", "end"}
	if s == 1 {
		menu = []string{"hit"}
	}
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
func (g *stall) Apply(s rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := rules.Check(g, s, m); err != nil {
		return nil, err
	}
	switch m[0] {
	case "end":
		g.Turn = 1
	case "hit":
		g.Hit, g.Turn = true, 0
	}
	return nil, nil
}
func (g *stall) View(rules.Seat) any     { return g }
func (g *stall) Result() *rules.Result   { return g.Res }
func (g *stall) Encode() ([]byte, error) { return json.Marshal(g) }
func (g *stall) Clone() rules.State      { c := *g; return &c }
func (g *stall) GreedyMove(s rules.Seat, _ uint64) rules.Move {
	if s == 1 {
		return rules.Move{"hit"}
	}
	return rules.Move{"end"}
}
func (g *stall) Evaluate() []float64 {
	if g.Hit {
		return []float64{0.2, 0.8}
	}
	return []float64{0.5, 0.5}
}

// A move that only keeps the AI's turn going must not look better for pushing the opponents'
// reply past the horizon: the horizon counts the other seats' moves.
func TestImproveDoesNotStall(t *testing.T) {
	for _, h := range []int{1, 2} {
		m, _, err := Choose(stallGame, &stall{}, 0, Config{Candidates: 2, Iterations: 4, Horizon: h, Seed: 1})
		if err != nil || m.String() != "end" {
			t.Errorf("horizon %d: chose %q (%v), want end: stalling only delays the hit", h, m, err)
		}
	}
}

// sureNim is greedyNim declaring its rollouts deterministic (ai.Deterministic), which they are.
type sureNim struct{ greedyNim }

func (g *sureNim) DeterministicRollouts() bool { return true }
func (g *sureNim) Clone() rules.State          { c := *g; return &c }

// In a game whose rollouts have one outcome, each candidate is simulated once and the budget of
// simulations buys candidates: with one candidate asked for and three simulations, all three
// moves from 10 are tried (and take 2, the winning one, found) in a single round.
func TestDeterministicRolloutsBuyCandidates(t *testing.T) {
	for _, c := range []struct {
		cands, iters int
		want         string
		rounds       int
	}{
		{1, 3, "take 2", 1},
		{3, 9, "take 2", 1},
		{1, 1, "take 1", 0}, // one candidate and no budget for more: the greedy move, unsimulated
	} {
		st := &sureNim{greedyNim{nim{Pile: 10}}}
		m, stats, err := Choose(nimGame{}, st, 0, Config{Candidates: c.cands, Iterations: c.iters, Horizon: 30, Seed: 3})
		if err != nil || m.String() != c.want || stats.Iterations != c.rounds {
			t.Errorf("%d candidates, %d simulations: %q after %d rounds (%v), want %q after %d", c.cands, c.iters, m, stats.Iterations, err, c.want, c.rounds)
		}
	}
}

// patience: stall alone, one seat that may stall or end its turn, forever.
type patience struct{ stall }

func (g *patience) Awaiting() []rules.Prompt {
	return []rules.Prompt{{Seat: 0, Msg: rules.Verbatim("move")}}
}
func (g *patience) Apply(s rules.Seat, m rules.Move) ([]rules.Event, error) {
	return nil, rules.Check(g, s, m)
}
func (g *patience) Choices(s rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	return g.stall.Choices(s, m)
}
func (g *patience) Clone() rules.State  { c := *g; return &c }
func (g *patience) Evaluate() []float64 { return []float64{0.5} }

// In a solo game the horizon counts the seat's own moves: there are no others to wait for, and a
// simulation that ran to the cap on moves cost a solo Ascidiae decision over 2 s of one core.
func TestImproveHorizonAlone(t *testing.T) {
	_, stats, err := Choose(stallGame, &patience{}, 0, Config{Candidates: 2, Iterations: 2, Horizon: 3, Seed: 1})
	// one trial of the second candidate to rank it, then each candidate and 3 greedy moves
	if want := 1 + 2*(1+3); err != nil || stats.Simulated != want {
		t.Errorf("simulated %d moves (%v), want %d", stats.Simulated, err, want)
	}
}

// levelNim sizes its levels itself (ai.LevelBudgeter): one simulation by RolloutBudget, but at
// scale 1 three candidates simulated once, and at any other scale three simulations of the
// level's own candidates; it records the scale it was asked for.
type levelNim struct {
	sureNim
	asked *float64
}

func (g *levelNim) RolloutBudget() (int, int) { return 1, 30 }
func (g *levelNim) LevelBudget(scale float64) (int, int, int) {
	*g.asked = scale
	if scale == 1 {
		return 3, 1, 30
	}
	return 0, 3, 30
}
func (g *levelNim) Clone() rules.State { c := *g; return &c }

// A LevelBudgeter's own budget replaces the multiplied one: with its three candidates (scale 1)
// or three simulations (scale 3) every move from 10 is tried and take 2 found, where the Config's
// one candidate and RolloutBudget's one simulation would keep the greedy take 1.
func TestLevelBudgetFromGame(t *testing.T) {
	for _, scale := range []float64{1, 3} {
		var asked float64
		st := &levelNim{sureNim{greedyNim{nim{Pile: 10}}}, &asked}
		m, _, err := Choose(nimGame{}, st, 0, Config{Candidates: 1, GameBudget: scale, Seed: 3})
		if err != nil || m.String() != "take 2" || asked != scale {
			t.Errorf("scale %v: %q (%v), asked for scale %v", scale, m, err, asked)
		}
	}
}

// treeNim sizes its hard tree search itself (ai.TreeBudgeter): 400 iterations at scale 3, the
// level's own at scale 1.
type treeNim struct{ nim }

func (g *treeNim) TreeBudget(scale float64) int {
	if scale > 1 {
		return 400
	}
	return 0
}
func (g *treeNim) Clone() rules.State { c := *g; return &c }

// A TreeBudgeter's iterations replace the level's at that scale only, and only for a level (an
// explicit budget, GameBudget 0, is kept).
func TestTreeBudgetFromGame(t *testing.T) {
	iterations := func(scale float64) int {
		_, stats, err := Choose(nimGame{}, &treeNim{nim{Pile: 10}}, 0, Config{Iterations: 40, GameBudget: scale, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		return stats.Iterations
	}
	own, normal, hard := iterations(0), iterations(1), iterations(3)
	if normal != own || hard < 400 || hard <= own {
		t.Errorf("iterations: explicit %d, normal %d, hard %d; want normal = explicit and hard at least 400", own, normal, hard)
	}
}

// tokenNim is nim with a TokenChooser, counting the calls of Choices, whose labels the search
// never reads.
type tokenNim struct {
	nim
	labelled *int
}

func (g *tokenNim) Choices(s rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	*g.labelled++
	return g.nim.Choices(s, m)
}
func (g *tokenNim) ChoiceTokens(s rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	return g.nim.Choices(s, m)
}
func (g *tokenNim) Clone() rules.State { c := *g; return &c }

// The search reads its menus without labels where the game offers that (building and rendering
// labels on every node of every playout was a large share of the AI's time), and still plays
// the winning move. One labelled call is the check of the move chosen, whose refusal would be
// shown.
func TestSearchAsksForTokensOnly(t *testing.T) {
	labelled := 0
	st := &tokenNim{nim{Pile: 7}, &labelled}
	m, _, err := Choose(nimGame{}, st, 0, Config{Iterations: 400, Seed: 1})
	if err != nil || m.String() != "take 3" {
		t.Fatalf("%q %v, want take 3", m, err)
	}
	if labelled > 1 {
		t.Errorf("the search asked for labelled menus %d times", labelled)
	}
}
