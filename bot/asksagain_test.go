package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules"
)

// asks is a toy game of rounds: seat 0 asks (seat 1 answers at once, and seat 0 is asked the
// same again) or ends the round.
type asks struct{}

type asksState struct {
	Answering bool `json:"answering"`
	Round     int  `json:"round"`
}

func (asks) Info() rules.Info {
	return rules.Info{ID: "asks", Name: "Asks", MinSeats: 2, MaxSeats: 2, SummaryMsg: rules.Verbatim("Ask or end."), NotationMsg: rules.Verbatim("ask")}
}

func (asks) New(rules.Setup) (rules.State, error) { return &asksState{}, nil }

func (asks) Decode(b []byte) (rules.State, error) {
	st := &asksState{}
	return st, json.Unmarshal(b, st)
}

func (s *asksState) Encode() ([]byte, error) { return json.Marshal(s) }
func (s *asksState) View(rules.Seat) any     { return s }
func (s *asksState) RoundCount() int         { return s.Round }

func (s *asksState) Result() *rules.Result {
	if s.Round == 3 {
		return &rules.Result{Ranks: []int{1, 1}}
	}
	return nil
}

func (s *asksState) asked() rules.Seat {
	if s.Answering {
		return 1
	}
	return 0
}

func (s *asksState) Awaiting() []rules.Prompt {
	if s.Result() != nil {
		return nil
	}
	if s.Answering {
		return []rules.Prompt{{Seat: 1, Msg: rules.Verbatim("Answer yes or no.")}}
	}
	return []rules.Prompt{{Seat: 0, Msg: rules.Verbatim("Ask or end.")}}
}

func (s *asksState) Choices(seat rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	if s.Result() != nil || seat != s.asked() {
		return nil, false, rules.Refuse(rules.Verbatim("It is not your turn."))
	}
	tokens := []string{"ask", "end"}
	if s.Answering {
		tokens = []string{"yes", "no"}
	}
	if len(m) == 0 {
		return []rules.Choice{{Token: tokens[0]}, {Token: tokens[1]}}, false, nil
	}
	if len(m) == 1 && (m[0] == tokens[0] || m[0] == tokens[1]) {
		return nil, true, nil
	}
	return nil, false, rules.Refuse(rules.Verbatim(fmt.Sprintf("Say %s or %s.", tokens[0], tokens[1])))
}

func (s *asksState) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := rules.Check(s, seat, m); err != nil {
		return nil, err
	}
	switch m[0] {
	case "ask":
		s.Answering = true
	case "yes", "no":
		s.Answering = false
	case "end":
		s.Round++
	}
	return []rules.Event{{Msg: rules.Verbatim(fmt.Sprintf("%s says %s.", rules.SeatRef(seat), m[0]))}}, nil
}

// The AI's answer to a person at the keyboard, who is asked the very same question again in the
// same round, is told by an edit of the live post (the thread's last message), not by a post of
// its own; in a new round it is a post, with the round's ping.
func TestRobotReplyToTheSameQuestionIsAnEdit(t *testing.T) {
	e := newEnv(t)
	e.svc = New(e.store, []Kit{{Game: asks{}, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }, AIIterations: 4, DefaultReminderHours: 24})
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "asks", Seats: 2, Seed: 1, Bots: 1, Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	th := fmt.Sprintf("t-%d", rep.Game)
	if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	var got []string
	for _, m := range []string{"ask", "ask", "end", "ask"} {
		e.mustMove(th, "ann", m)
		e.svc.PlayAI(ctx)
		e.deliver()
		for _, o := range e.sent {
			got = append(got, fmt.Sprintf("%s pings=%d", o.Kind, len(o.Mentions)))
		}
	}
	// "end" leaves ann asked alone (nothing posted while one seat goes on); the robot's answer
	// to her first question of the new round is a post, which pings her for the round.
	want := fmt.Sprint([]string{"status pings=0", "status pings=0", "turn pings=1"})
	if fmt.Sprint(got) != want {
		t.Fatalf("the thread got %v, want %v", got, want)
	}
}
