package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
	"github.com/boardbot/boardbot/storage"
)

// stepTurns is a toy game whose turn is many decisions, as in Ausonia or Reef Encounter: a seat adds
// 1, 2 or 3 to its score six times, then the other seat plays; the higher score after ten rounds
// wins.
type stepTurns struct{}

const stepsPerTurn, stepsRounds = 6, 10

type stepsState struct {
	Turn   rules.Seat    `json:"turn"`
	Left   int           `json:"left"` // decisions left in the turn
	Round  int           `json:"round"`
	Scores []int         `json:"scores"`
	Res    *rules.Result `json:"res,omitempty"`
}

func (stepTurns) Info() rules.Info {
	return rules.Info{ID: "steps", Name: "Steps", MinSeats: 2, MaxSeats: 2, SummaryMsg: rules.Verbatim("Six steps a turn."), NotationMsg: rules.Verbatim("step 2")}
}

func (stepTurns) New(rules.Setup) (rules.State, error) {
	return &stepsState{Left: stepsPerTurn, Scores: make([]int, 2)}, nil
}

func (stepTurns) Decode(b []byte) (rules.State, error) {
	st := &stepsState{}
	return st, json.Unmarshal(b, st)
}

func (s *stepsState) Encode() ([]byte, error) { return json.Marshal(s) }
func (s *stepsState) Result() *rules.Result   { return s.Res }
func (s *stepsState) View(rules.Seat) any     { return s }

func (s *stepsState) Awaiting() []rules.Prompt {
	if s.Res != nil {
		return nil
	}
	return []rules.Prompt{{Seat: s.Turn, Msg: rules.Verbatim("Take a step.")}}
}

func (s *stepsState) Choices(seat rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	if s.Res != nil || seat != s.Turn {
		return nil, false, rules.Refuse(rules.Verbatim("It is not your turn."))
	}
	switch {
	case len(m) == 0:
		return []rules.Choice{{Token: "step", Msg: rules.Verbatim("Step")}}, false, nil
	case len(m) == 1 && m[0] == "step":
		return []rules.Choice{{Token: "1"}, {Token: "2"}, {Token: "3"}}, false, nil
	case len(m) == 2 && m[0] == "step" && (m[1] == "1" || m[1] == "2" || m[1] == "3"):
		return nil, true, nil
	}
	return nil, false, rules.Refuse(rules.Verbatim("Say step 1, 2 or 3."))
}

func (s *stepsState) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := rules.Check(s, seat, m); err != nil {
		return nil, err
	}
	s.Scores[seat] += int(m[1][0] - '0')
	if s.Left--; s.Left == 0 {
		s.Left, s.Turn = stepsPerTurn, 1-s.Turn
		if s.Turn == 0 {
			s.Round++
		}
		if s.Round == stepsRounds {
			s.Res = &rules.Result{Ranks: rules.RanksByScore(s.Scores)}
		}
	}
	return []rules.Event{{Msg: rules.Verbatim(fmt.Sprintf("%s steps %s.", rules.SeatRef(seat), m[1]))}}, nil
}

// decision is one AI decision as the worker saw it.
type decision struct {
	turn      *ai.Turn
	decisions int // the Turn's count after this decision
	simulated int
}

// The bot carries one ai.Turn across an AI seat's consecutive decisions: the six decisions of a
// turn share one budget (the later ones spend far less than the first), and the seat's next
// turn, after the human has moved, starts with a fresh Turn and a full budget.
func TestAITurnSharedAcrossDecisions(t *testing.T) {
	e := newEnv(t)
	e.svc = New(e.store, []Kit{{Game: stepTurns{}, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }, DefaultReminderHours: 24})
	var seen []decision
	e.svc.aiq.observe = func(_ int64, seat rules.Seat, turn *ai.Turn, stats ai.Stats) {
		if seat != 1 {
			t.Errorf("the AI played seat %d", seat)
		}
		d := decision{turn: turn, simulated: stats.Simulated}
		if turn != nil {
			d.decisions = turn.Decisions
		}
		seen = append(seen, d)
	}
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "steps", Seats: 2, Seed: 5, Bots: 1, Level: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	th := "t-steps"
	if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
		t.Fatal(err)
	}
	for turn := 0; turn < 2; turn++ {
		for i := 0; i < stepsPerTurn; i++ {
			e.playSomething(th, []string{"ann"})
		}
		e.playAI()
	}
	if len(seen) != 2*stepsPerTurn {
		t.Fatalf("the AI made %d decisions, want two turns of %d", len(seen), stepsPerTurn)
	}
	for k := 0; k < 2; k++ {
		turn := seen[k*stepsPerTurn : (k+1)*stepsPerTurn]
		full, rest := turn[0].simulated, 0
		for i, d := range turn {
			if d.turn != turn[0].turn || d.decisions != i+1 {
				t.Errorf("turn %d, decision %d: Turn %p counting %d, want %p counting %d", k+1, i+1, d.turn, d.decisions, turn[0].turn, i+1)
			}
			if i > 0 {
				rest += d.simulated
			}
		}
		// Alone, each of the five later decisions would cost about as much as the first. The
		// turn's share is twice its dearest decision as the search prices it (from its first
		// rounds, with room for half as much again): at most about twice the first in all.
		if rest > 2*full {
			t.Errorf("turn %d: the first decision simulated %d moves, the five others %d: the budget is not shared", k+1, full, rest)
		}
	}
	if seen[stepsPerTurn].turn == seen[0].turn {
		t.Error("the second turn reused the first turn's Turn")
	}
	if a, b := seen[0].simulated, seen[stepsPerTurn].simulated; b*5 < a*4 {
		t.Errorf("the second turn's first decision simulated %d moves, the first turn's %d: not a fresh budget", b, a)
	}
	// Nothing is kept while a human is awaited.
	e.svc.aiq.mu.Lock()
	kept := len(e.svc.aiq.turns)
	e.svc.aiq.mu.Unlock()
	if kept != 0 {
		t.Errorf("%d Turns kept while the human is awaited", kept)
	}
	if e.row(th).Status != storage.StatusRunning {
		t.Fatal("the game ended early")
	}
}
