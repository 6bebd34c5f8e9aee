package bot

import (
	"slices"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
)

// Turn numbers as players count them, one for each seat's turn, the same everywhere a game is
// numbered: /history, the status line, the recap and the replay's captions (the engine's move
// numbers, "move 68" and "278 moves", counted every decision and disagreed with the history).

// turnWalker numbers a log's turns move by move. A turn begins when a move's seat is not the seat
// of the turn before, or the game's turn count moved on since the turn began; inside a move, where
// the game counted turns begun at another seat's doings (see historyTurns).
type turnWalker struct {
	num  int        // turns begun so far
	seat rules.Seat // the seat of the turn in play
	tc   int        // the game's turn count when it began
}

func newTurnWalker() *turnWalker { return &turnWalker{seat: -1} }

func (w *turnWalker) begin(s rules.Seat, tc int) {
	w.num++
	w.seat, w.tc = s, tc
}

// step walks one move of mover, whose parts (historyActors) are seats' doings in order. It
// reports where turns begin: at the move's start (opens[0]) and at part j (opens[j+1]).
func (w *turnWalker) step(mover rules.Seat, lm loggedMove, seats []rules.Seat) []bool {
	opens := make([]bool, len(seats)+1)
	if mover != w.seat || lm.before != w.tc {
		w.begin(mover, lm.before)
		opens[0] = true
	}
	// The game counted k turns in this move: its last k changes of seat are where turns began
	// (Ascidiae's seats whose turns play themselves, the next player's activations).
	var changes []int
	for j := 1; j < len(seats); j++ {
		if seats[j] != seats[j-1] {
			changes = append(changes, j)
		}
	}
	if k := lm.after - lm.before; k >= 0 && k < len(changes) {
		changes = changes[len(changes)-k:]
	}
	for j, s := range seats {
		// Without a count, the last part opens its seat's turn when it hands it the game.
		o := slices.Contains(changes, j) || j > 0 && j == len(seats)-1 && slices.Equal(lm.awaited, []int{int(s)})
		if s != w.seat && o {
			w.begin(s, lm.after)
			opens[j+1] = true
		}
	}
	return opens
}

// walkLog numbers a replayed log: the turn each move begins in (the number its first line has
// in /history), and the walker after the last move.
func walkLog(log []loggedMove, rec *record.Record) ([]int, *turnWalker) {
	w := newTurnWalker()
	nums := make([]int, len(log))
	for i, lm := range log {
		mover := rec.Moves[i].Seat
		parts := historyActors(mover, lm.evs)
		seats := make([]rules.Seat, len(parts))
		for j, p := range parts {
			seats[j] = p.seat
		}
		before := w.num
		nums[i] = before
		if w.step(mover, lm, seats)[0] {
			nums[i] = before + 1
		}
	}
	return nums, w
}

// recordTurns numbers the moves of rec by turn as /history does, and says how many turns the
// log holds.
func recordTurns(g rules.Game, rec *record.Record) (nums []int, turns int, err error) {
	log, err := replayLog(g, rec)
	if err != nil {
		return nil, 0, err
	}
	nums, w := walkLog(log, rec)
	return nums, w.num, nil
}

// turnInPlay is the number of the turn being played in st, after the log rec: the last turn's
// when its seat is the one awaited and the game's turn count has not moved on (its next move
// goes on the same turn, as /history will number it), else the next.
func turnInPlay(g rules.Game, rec *record.Record, st rules.State) (int, error) {
	log, err := replayLog(g, rec)
	if err != nil {
		return 0, err
	}
	_, w := walkLog(log, rec)
	return w.inPlay(st), nil
}

// turnNumbered is a turnWalker as the flow keeps it.
type turnNumbered struct {
	Num  int `json:"n"`
	Seat int `json:"s"`
	TC   int `json:"tc"`
}

func (w *turnWalker) mark() *turnNumbered {
	return &turnNumbered{Num: w.num, Seat: int(w.seat), TC: w.tc}
}

func (m *turnNumbered) walker() *turnWalker {
	return &turnWalker{num: m.Num, seat: rules.Seat(m.Seat), tc: m.TC}
}

// stepMove walks one move as walkLog does: mover's move that caused evs, the game's turn count
// going from before to st's.
func (w *turnWalker) stepMove(mover rules.Seat, evs []rules.Event, before int, st rules.State) {
	parts := historyActors(mover, evs)
	seats := make([]rules.Seat, len(parts))
	for j, p := range parts {
		seats[j] = p.seat
	}
	w.step(mover, loggedMove{evs: evs, before: before, after: turnCount(st), awaited: awaitedSeats(st)}, seats)
}

// inPlay is the number of the turn being played in st with the walker after the last move (see
// turnInPlay).
func (w *turnWalker) inPlay(st rules.State) int {
	if aw := awaitedSeats(st); len(aw) == 1 && rules.Seat(aw[0]) == w.seat && turnCount(st) == w.tc {
		return max(1, w.num)
	}
	return w.num + 1
}
