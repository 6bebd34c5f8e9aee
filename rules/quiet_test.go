package rules

import (
	"errors"
	"testing"
)

// counting applies through Apply only, counting the calls and refusing one move.
type counting struct {
	tree
	applied *int
}

func (c counting) Apply(s Seat, m Move) ([]Event, error) {
	if m.String() == "bad" {
		return nil, Refuse(Verbatim("no"))
	}
	*c.applied++
	return []Event{{Msg: Verbatim("moved")}}, nil
}

func (c counting) Awaiting() []Prompt {
	return []Prompt{{Seat: 1, Msg: Verbatim("a")}, {Seat: 0, Msg: Verbatim("b")}}
}

// quietCounting has the fast paths too.
type quietCounting struct{ counting }

func (q quietCounting) ApplyQuiet(s Seat, m Move) error { *q.applied += 10; return nil }
func (q quietCounting) AwaitedSeats() []Seat            { return []Seat{2} }

// Without the optional interfaces, ApplyQuiet is Apply (its refusal included) and AwaitedSeats
// lists Awaiting's seats in order; with them, the state's own are used.
func TestQuietFallbacks(t *testing.T) {
	n := 0
	st := counting{applied: &n}
	if err := ApplyQuiet(st, 0, Move{"c2"}); err != nil || n != 1 {
		t.Fatalf("fallback apply: %v, %d applies", err, n)
	}
	if err := ApplyQuiet(st, 0, Move{"bad"}); !errors.As(err, new(*Illegal)) {
		t.Fatalf("fallback refusal: %v", err)
	}
	if got := AwaitedSeats(st); len(got) != 2 || got[0] != 1 || got[1] != 0 {
		t.Fatalf("fallback seats %v", got)
	}
	q := quietCounting{st}
	if err := ApplyQuiet(q, 0, Move{"c2"}); err != nil || n != 11 {
		t.Fatalf("quiet apply: %v, count %d", err, n)
	}
	if got := AwaitedSeats(q); len(got) != 1 || got[0] != 2 {
		t.Fatalf("own seats %v", got)
	}
}
