package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules"
)

// offering is a toy trade window: both seats are asked at once until each says done; "note"
// leaves a seat's question as it was, "offer" puts a new one to the other seat (answer an offer).
type offering struct{}

type offeringState struct {
	Done    []bool `json:"done"`
	Offered []bool `json:"offered"` // the seat has an offer to answer
}

func (offering) Info() rules.Info {
	return rules.Info{ID: "offering", Name: "Offering", MinSeats: 2, MaxSeats: 2, SummaryMsg: rules.Verbatim("Offer or note."), NotationMsg: rules.Verbatim("note")}
}

func (offering) New(rules.Setup) (rules.State, error) {
	return &offeringState{Done: make([]bool, 2), Offered: make([]bool, 2)}, nil
}

func (offering) Decode(b []byte) (rules.State, error) {
	st := &offeringState{}
	return st, json.Unmarshal(b, st)
}

func (s *offeringState) Encode() ([]byte, error) { return json.Marshal(s) }
func (s *offeringState) View(rules.Seat) any     { return s }

func (s *offeringState) Result() *rules.Result {
	if s.Done[0] && s.Done[1] {
		return &rules.Result{Ranks: []int{1, 1}}
	}
	return nil
}

func (s *offeringState) Awaiting() []rules.Prompt {
	var out []rules.Prompt
	for i := range 2 {
		if s.Done[i] {
			continue
		}
		text := "Trade window: offer, note or done."
		if s.Offered[i] {
			text = "Offer for you: answer it, note or done."
		}
		out = append(out, rules.Prompt{Seat: rules.Seat(i), Msg: rules.Verbatim(text), Open: true})
	}
	return out
}

func (s *offeringState) Choices(seat rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	if s.Result() != nil || s.Done[seat] {
		return nil, false, rules.Refuse(rules.Verbatim("It is not your turn."))
	}
	if len(m) == 0 {
		return []rules.Choice{{Token: "note"}, {Token: "offer"}, {Token: "done"}}, false, nil
	}
	if len(m) == 1 && (m[0] == "note" || m[0] == "offer" || m[0] == "done") {
		return nil, true, nil
	}
	return nil, false, rules.Refuse(rules.Verbatim("Say note, offer or done."))
}

func (s *offeringState) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := rules.Check(s, seat, m); err != nil {
		return nil, err
	}
	switch m[0] {
	case "offer":
		s.Offered[1-seat] = true
	case "done":
		s.Done[seat] = true
	}
	return []rules.Event{{Msg: rules.Verbatim(fmt.Sprintf("%s does %s.", rules.SeatRef(seat), m[0]))}}, nil
}

// A question another player's move puts to a player whose ping is spent (they moved since it) is
// a new request: an edit of the live post would carry it silently (Discord edits notify nobody),
// so it goes out as a post that pings them. A move that changes nobody's question is an edit.
func TestNewQuestionAfterOwnMovePings(t *testing.T) {
	e := newEnv(t)
	e.svc = New(e.store, []Kit{{Game: offering{}, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }, DefaultReminderHours: 24})
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "offering", Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	th := fmt.Sprintf("t-%d", rep.Game)
	if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Join(ctx, e.in(th, user("bob"))); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	step := func(who, move string) Outgoing {
		t.Helper()
		e.mustMove(th, who, move)
		e.deliver()
		if len(e.sent) != 1 {
			t.Fatalf("%s %s: %d messages", who, move, len(e.sent))
		}
		return e.sent[0]
	}
	// ann notes: her ping is spent; nobody's question changes.
	if o := step("ann", "note"); o.Kind != "status" {
		t.Fatalf("a note is an edit: %s %q", o.Kind, o.Text)
	}
	// bob offers to ann: a new question to her after her own move.
	o := step("bob", "offer")
	if o.Kind != "turn" || !slices.Equal(o.Mentions, []string{"u-ann"}) || !strings.Contains(o.Text, "ann: Offer for you") {
		t.Fatalf("the offer to ann: %s, pings %v: %q", o.Kind, o.Mentions, o.Text)
	}
	// bob notes: ann was told and has not moved since; bob's question is his own.
	if o := step("bob", "note"); o.Kind != "status" || len(o.Mentions) != 0 {
		t.Fatalf("a note after the offer: %s, pings %v", o.Kind, o.Mentions)
	}
}
