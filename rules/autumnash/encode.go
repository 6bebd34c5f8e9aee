package autumnash

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// snapshot is the encoded state: the board as stacks of two-character codes, bottom first.
type snapshot struct {
	Variant string        `json:"variant"`
	Board   []string      `json:"board"` // index row*cols+col
	Scores  [2]int        `json:"scores"`
	Turn    rules.Seat    `json:"turn"`
	Last    *LastMove     `json:"last,omitempty"`
	Prev    *LastMove     `json:"prev,omitempty"` // absent from snapshots stored before it
	Result  *rules.Result `json:"result,omitempty"`
}

func (s *state) Encode() ([]byte, error) {
	snap := snapshot{Variant: s.v.name, Board: make([]string, s.b.n()), Scores: s.scores, Turn: s.turn, Last: s.last, Prev: s.prev, Result: s.result}
	if s.result != nil && s.result.ReasonMsg != nil {
		// The reason's message is not stored, only its English (a Verbatim is written as its
		// words alone): decode rebuilds the message from the result (reasonMsg), so snapshots
		// keep their form and games stored before messages get them too.
		r := *s.result
		r.ReasonMsg = rules.Verbatim(s.result.English())
		snap.Result = &r
	}
	var buf []piece
	for i := range snap.Board {
		buf = s.b.stack(i, buf[:0])
		snap.Board[i] = formatStack(buf)
	}
	return json.Marshal(snap)
}

// maxSnapshot bounds what Decode reads before any work.
const maxSnapshot = 1 << 16

func decode(data []byte) (*state, error) {
	if len(data) > maxSnapshot {
		return nil, fmt.Errorf("autumnash: snapshot too large (%d bytes)", len(data))
	}
	var snap snapshot
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&snap); err != nil {
		return nil, fmt.Errorf("autumnash: snapshot: %w", err)
	}
	v := variantByName(snap.Variant)
	if v == nil {
		return nil, fmt.Errorf("autumnash: snapshot: unknown variant %q", snap.Variant)
	}
	s := &state{v: v, b: board{cols: v.cols, rows: v.rows}, scores: snap.Scores, turn: snap.Turn, last: snap.Last, prev: snap.Prev, result: snap.Result}
	if s.result != nil && len(s.result.Ranks) == 2 {
		if m := reasonMsg(s.result, s.scores); m != nil { // else the stored words, as they are
			s.result.ReasonMsg = m
		}
	}
	if len(snap.Board) != v.cols*v.rows {
		return nil, fmt.Errorf("autumnash: snapshot: board has %d cells, want %d", len(snap.Board), v.cols*v.rows)
	}
	placed := 0
	for i, code := range snap.Board {
		st, err := parseStack(code)
		if err == nil {
			err = s.b.place(i, st, &placed)
		}
		if err != nil {
			return nil, fmt.Errorf("autumnash: snapshot: cell %s: %w", v.label(i), err)
		}
	}
	s.refresh()
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("autumnash: snapshot: %w", err)
	}
	return s, nil
}

// validate checks what a hand-edited or corrupt snapshot could get wrong.
func (s *state) validate() error {
	for c := Colour(0); c < numColours; c++ {
		for z := Pawn; z <= Queen; z++ {
			if s.counts[c][z] > data.total[c][z] {
				return fmt.Errorf("%d %ss on the board, only %d exist", s.counts[c][z], newPiece(c, z).name(), data.total[c][z])
			}
		}
	}
	if len(s.wins) == 0 {
		return fmt.Errorf("the leaves do not fit a %dx%d field", s.v.winCols, s.v.winRows)
	}
	for _, sc := range s.scores {
		if sc < 0 || sc > 1000 {
			return fmt.Errorf("score %d out of range", sc)
		}
	}
	if s.result == nil {
		if s.turn != 0 && s.turn != 1 {
			return fmt.Errorf("turn %d out of range", s.turn)
		}
	} else {
		if s.turn != rules.Spectator || len(s.result.Ranks) != 2 {
			return fmt.Errorf("finished game with turn %d and %d ranks", s.turn, len(s.result.Ranks))
		}
	}
	for _, l := range []*LastMove{s.last, s.prev} {
		if l == nil {
			continue
		}
		sqs := append([]Square{}, l.Path...)
		sqs = append(sqs, l.Bagged...)
		if l.Entered != nil {
			sqs = append(sqs, *l.Entered)
		}
		for _, q := range sqs {
			if s.v.sq(q.Col, q.Row) < 0 {
				return fmt.Errorf("last move square %v off the board", q)
			}
		}
		if len(l.Path) < 2 || len(l.Path) > 3 || (l.Seat != 0 && l.Seat != 1) ||
			l.Became.Size < Pawn || l.Became.Size > Queen || l.Became.Owner != ownerOf(l.Became.Colour) {
			return fmt.Errorf("last move malformed")
		}
	}
	if s.prev != nil && (s.last == nil || s.prev.Seat == s.last.Seat) {
		return fmt.Errorf("the move before last is not the other player's")
	}
	return nil
}

// reasonMsg rebuilds the message of a finished game's reason: the winner reached the target, or
// the loser had no legal move. Nil if the stored reason is neither (it is then shown as it is).
func reasonMsg(r *rules.Result, scores [2]int) *msg.Message {
	winner := rules.Seat(0)
	if r.Ranks[1] == 1 {
		winner = 1
	}
	for _, m := range []*msg.Message{
		say("res_wins", seatArg("Seat", winner), msg.Number("Points", scores[winner])),
		say("res_stuck", seatArg("Seat", other(winner))),
	} {
		if m.English() == r.English() {
			return m
		}
	}
	return nil
}
