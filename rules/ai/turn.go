package ai

import "github.com/boardbot/boardbot/rules"

// Turn carries one seat's consecutive decisions: a turn of Ausonia or Reef Encounter is many
// decisions, and a budget per decision made a turn cost as many budgets as it had decisions. The
// caller keeps one Turn per AI seat and passes it in Config.Turn at every decision; the Turn
// notices by itself when a new turn has begun (the position is not the one its last decision led
// to) and starts afresh.
//
// The budget is counted in simulated moves, never in time, so a decision stays a function of the
// position, the seed and the turn so far. A turn spends at most Share times the work of its
// dearest decision at full budget (estimated from that decision's first round): the first such
// decision gets its full budget, each later one half of what is left, and once nothing is left
// the greedy move is played after one round (the tree search: after its minimum). Every decision
// runs that first round, so the bound is Share times the dearest plus one round a decision.
//
// The Turn also remembers the positions the seat's turn has passed through, so that no level
// above easy plays a move that brings one back (HabitUndo).
type Turn struct {
	// Share is the turn's budget in multiples of its dearest decision; 0 means no limit.
	Share float64

	scale float64 // the level's Config.GameBudget (1 normal, 3 hard), for TurnSharer
	fixed bool    // Share was set by Fix: the game's TurnShare does not replace it
	seat  rules.Seat
	next  string          // the key of the position the last decision led to
	seen  map[string]bool // positions before the decisions of this turn
	dear  float64         // the dearest decision's estimated full work, in simulated moves
	spent int             // simulated moves spent this turn
	// Decisions counts the decisions of the current turn.
	Decisions int
}

// NewTurn is a turn budget for a level's decisions: normal and hard spend at most twice their
// dearest decision (or the game's share), easy is cheap enough to need no limit.
func NewTurn(level string) *Turn {
	if level == "easy" {
		return &Turn{}
	}
	scale := 1.0
	if cfg, err := ForLevel(level, 0); err == nil && cfg.GameBudget > 0 {
		scale = cfg.GameBudget
	}
	return &Turn{Share: 2, scale: scale}
}

// Fix sets the turn's share for every turn, in place of the game's (the arena's experiments).
func (t *Turn) Fix(share float64) { t.Share, t.fixed = share, true }

// TurnSharer is implemented by states whose game sets its own turn budget, in multiples of the
// turn's dearest decision (Turn.Share), for the levels above easy (scale as in LevelBudgeter: 1
// at normal, 3 at hard): a game of many cheap decisions a turn (Ausonia) can give each more
// than one of few dear ones (Reef Encounter), and a level can spread its budget over more of
// the turn's decisions instead of spending it on the first.
type TurnSharer interface {
	TurnShare(scale float64) float64
}

// begin is called at the start of a decision of seat in st.
func (t *Turn) begin(st rules.State, seat rules.Seat) {
	key := PositionKey(st)
	if seat != t.seat || key != t.next || t.seen == nil {
		t.seat, t.seen, t.dear, t.spent, t.Decisions = seat, map[string]bool{}, 0, 0, 0
		if ts, ok := st.(TurnSharer); ok && t.Share > 0 && !t.fixed {
			t.Share = ts.TurnShare(t.scale)
		}
	}
	t.seen[key] = true
	t.Decisions++
}

// end records the decision's cost and the position its move leads to.
func (t *Turn) end(g rules.Game, st rules.State, seat rules.Seat, m rules.Move, simulated int) {
	t.spent += simulated
	t.next = ""
	if c, err := Clone(g, st); err == nil && m != nil {
		if _, err := c.Apply(seat, m); err == nil && c.Result() == nil {
			t.next = PositionKey(c)
		}
	}
}

// limit is how many simulated moves a decision whose full budget would cost full may spend
// (negative: no limit). The dearest decision so far can take its full budget while the turn has
// spent little; each later one takes at most half of what is left, so the turn never spends more
// than Share times its dearest decision.
func (t *Turn) limit(full float64) float64 {
	if t == nil || t.Share <= 0 {
		return -1
	}
	t.dear = max(t.dear, full)
	left := t.Share*t.dear - float64(t.spent)
	return max(0, min(full, max(left/2, left-(t.Share-1)*t.dear)))
}

// undoes says whether the position after m (played by seat in st) is one the turn has already
// been through.
func (t *Turn) undoes(g rules.Game, st rules.State, seat rules.Seat, m rules.Move) bool {
	if t == nil || len(t.seen) < 2 {
		return false // the position before this decision is no undo (a move that changes nothing)
	}
	c, err := Clone(g, st)
	if err != nil {
		return false
	}
	if _, err := c.Apply(seat, m); err != nil {
		return false
	}
	k := PositionKey(c)
	return t.seen[k] && k != PositionKey(st)
}
