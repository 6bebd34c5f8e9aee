package autumnash

import (
	"math/bits"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// state is a game of Autumn Ash. It is not safe for concurrent use: Choices fills a cache.
type state struct {
	v      *variant
	b      board
	scores [2]int
	turn   rules.Seat // rules.Spectator once over
	last   *LastMove
	prev   *LastMove // the move before last, the other player's: the board marks both
	result *rules.Result

	// Derived from the fields above, rebuilt by refresh, never encoded.
	counts [numColours][4]int
	wins   []window
	memo   evalMemo
	evs    []*[evChunk]moveEval // the chunks memo entries come from (see newEval); never shared by copies
	nevs   int                  // slots of evs in use
	// entries[c] is 0 until entrySizes(c) is known, then entryKnown | a bit per size.
	entries [maxCells]uint8
	// hasMove[sq] is 0 until pieceHasMove(noEntry, sq) is known, then moverNone or moverFound
	// plus a legal destination.
	hasMove [maxCells]uint8
	hint    basicHint      // the opponent's last move found by decide's check (see anyBasicMove)
	menu    []rules.Choice // RandomMoveFrom's token list, kept from one move to the next
}

func newState(v *variant) *state {
	s := &state{v: v, b: board{cols: v.cols, rows: v.rows}}
	for _, pl := range v.start {
		s.b.push(pl.sq, pl.p)
	}
	s.refresh()
	return s
}

// refresh rebuilds the derived fields after the board changed.
func (s *state) refresh() {
	s.counts = s.b.counts()
	s.rederive()
}

// rederive is refresh for a caller that kept counts up to date itself.
func (s *state) rederive() {
	s.wins = s.v.windows(&s.b, s.wins)
	s.memo.reset() // keeps the table's room for the next position
	s.nevs = 0
	s.entries, s.hasMove = [maxCells]uint8{}, [maxCells]uint8{}
}

func (s *state) Awaiting() []rules.Prompt {
	if s.result != nil {
		return nil
	}
	return []rules.Prompt{{Seat: s.turn, Msg: s.promptMsg().msg}}
}

func (s *state) Result() *rules.Result { return s.result }

func other(seat rules.Seat) rules.Seat { return 1 - seat }

// allowed checks that seat may move now.
func (s *state) allowed(seat rules.Seat) error {
	switch {
	case s.result != nil:
		return refuse("bad_over", msg.Nested("Reason", s.result.ReasonMsg))
	case seat == rules.Spectator:
		return refuse("bad_spectator")
	case seat != s.turn:
		return refuse("bad_turn", seatArg("Seat", s.turn))
	}
	return nil
}

func (s *state) Choices(seat rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	return s.choices(seat, partial, true)
}

func (s *state) choices(seat rules.Seat, partial rules.Move, labels bool) ([]rules.Choice, bool, error) {
	if err := s.allowed(seat); err != nil {
		return nil, false, err
	}
	n, err := s.walk(partial)
	if err != nil {
		return nil, false, err
	}
	return s.nextChoices(n, labels, nil), n.stage == stDone, nil
}

// hasLegalMove reports whether the seat to move has any legal move at all.
func (s *state) hasLegalMove() bool {
	for m := s.b.movers[s.turn]; m != 0; m &= m - 1 {
		if s.pieceHasMove(noEntry, bits.TrailingZeros64(m)) {
			return true
		}
	}
	var cb [maxCells]int
	for _, c := range s.appendEntryCorners(cb[:0]) {
		if len(s.entrySizes(c)) > 0 {
			return true
		}
	}
	return false
}

// SeatName is the side a seat plays: "Rainbow" or "Xeno".
func (s *state) SeatName(p rules.Seat) string { return data.sideName[p] }
