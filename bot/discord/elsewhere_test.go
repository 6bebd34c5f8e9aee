package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules"
)

// strikes is a toy game with Ausonia's shape: turns in order, counted in rounds, and a move on
// one seat's turn that asks the other seat to answer out of turn (Ausonia's Discard). Seat 0
// steps 1 or 2 and its turn ends; seat 1 strikes 1 or 2, seat 0 discards 1 or 2, and seat 1 ends
// its turn by resting 1 or 2.
type strikes struct{}

type strikesState struct {
	Turn  rules.Seat    `json:"turn"`
	Stage string        `json:"stage"` // "step", "strike", "discard", "rest"
	Round int           `json:"round"`
	Score []int         `json:"score"`
	Res   *rules.Result `json:"res,omitempty"`
}

const strikesRounds = 3

func (strikes) Info() rules.Info {
	return rules.Info{ID: "strikes", Name: "Strikes", MinSeats: 2, MaxSeats: 2, SummaryMsg: rules.Verbatim("Step, strike, discard."), NotationMsg: rules.Verbatim("step 1")}
}

func (strikes) New(rules.Setup) (rules.State, error) {
	return &strikesState{Stage: "step", Score: make([]int, 2)}, nil
}

func (strikes) Decode(b []byte) (rules.State, error) {
	st := &strikesState{}
	return st, json.Unmarshal(b, st)
}

func (s *strikesState) Encode() ([]byte, error) { return json.Marshal(s) }
func (s *strikesState) Result() *rules.Result   { return s.Res }
func (s *strikesState) View(rules.Seat) any     { return s }
func (s *strikesState) RoundCount() int         { return s.Round }
func (s *strikesState) TurnCount() int          { return 2*s.Round + int(s.Turn) }

// asked is the seat that must answer now.
func (s *strikesState) asked() rules.Seat {
	if s.Stage == "discard" {
		return 0
	}
	return s.Turn
}

var strikesPrompt = map[string]string{"step": "Step 1 or 2.", "strike": "Strike 1 or 2.", "discard": "You are struck: discard 1 or 2.", "rest": "Rest 1 or 2."}

func (s *strikesState) Awaiting() []rules.Prompt {
	if s.Res != nil {
		return nil
	}
	return []rules.Prompt{{Seat: s.asked(), Msg: rules.Verbatim(strikesPrompt[s.Stage])}}
}

func (s *strikesState) Choices(seat rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	if s.Res != nil || seat != s.asked() {
		return nil, false, rules.Refuse(rules.Verbatim("It is not your turn."))
	}
	switch {
	case len(m) == 0:
		return []rules.Choice{{Token: s.Stage, Msg: rules.Verbatim(s.Stage)}}, false, nil
	case len(m) == 1 && m[0] == s.Stage:
		return []rules.Choice{{Token: "1"}, {Token: "2"}}, false, nil
	case len(m) == 2 && m[0] == s.Stage && (m[1] == "1" || m[1] == "2"):
		return nil, true, nil
	}
	return nil, false, rules.Refuse(rules.Verbatim(fmt.Sprintf("Say %s 1 or 2.", s.Stage)))
}

func (s *strikesState) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := rules.Check(s, seat, m); err != nil {
		return nil, err
	}
	s.Score[seat] += int(m[1][0] - '0')
	ev := rules.Event{Msg: rules.Verbatim(fmt.Sprintf("%s does %s %s.", rules.SeatRef(seat), m[0], m[1]))}
	switch s.Stage {
	case "step":
		s.Turn, s.Stage = 1, "strike"
	case "strike":
		s.Stage = "discard"
	case "discard":
		s.Stage = "rest"
	case "rest":
		s.Turn, s.Stage = 0, "step"
		if s.Round++; s.Round == strikesRounds {
			s.Res = &rules.Result{Ranks: rules.RanksByScore(s.Score)}
		}
	}
	return []rules.Event{ev}, nil
}

// A question put to a player on another player's turn, after their own turn ended (Ausonia's
// Discard played by the AI), reaches them with a ping, though their own turn in the same round
// pinged them already: they left the keyboard when their turn ended. Their own turn pings them
// once a round, and the AI is never pinged.
func TestAskedOnAnotherTurnIsPinged(t *testing.T) {
	e := newKitEnv(t, []bot.Kit{{Game: strikes{}, PNG: fakePNG}}, 3, func(o *bot.Options) { o.AIIterations = 4 })
	e.connect()
	ctx := context.Background()
	rs := e.do(e.slash("ann", "c-games", "create", sub("strikes", opt("bots", float64(1)), opt("level", "easy"))))
	threads := find(rs, "POST", "/channels/c-games/messages")
	if len(threads) != 2 {
		t.Fatalf("lobby post and thread: %+v", rs)
	}
	thread := threads[1].ID
	var asked []string // each post that asks ann, with whether it pinged her
	seen := func(rs []recorded) {
		for _, p := range find(rs, "POST", "/channels/"+thread+"/messages") {
			c := content(p.JSON)
			pinged := false
			for _, u := range allowedUsers(p.JSON) {
				if u != "u-ann" {
					t.Fatalf("only ann may be pinged, got %q in %q", u, c)
				}
				pinged = true
			}
			for _, q := range []string{"Step 1 or 2.", "discard 1 or 2."} {
				if strings.Contains(c, q) {
					asked = append(asked, fmt.Sprintf("%s pinged=%v", q, pinged))
				}
			}
		}
	}
	seen(e.deliver())
	for i := 0; i < 20; i++ {
		g, err := e.store.GameByThread(ctx, thread)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status != "running" {
			break
		}
		e.playBySlash("ann", thread)
		seen(e.deliver())
		if _, err := e.svc.PlayAI(ctx); err != nil {
			t.Fatal(err)
		}
		seen(e.deliver())
	}
	var want []string
	for r := 0; r < strikesRounds; r++ {
		want = append(want, "Step 1 or 2. pinged=true", "discard 1 or 2. pinged=true")
	}
	if strings.Join(asked, "\n") != strings.Join(want, "\n") {
		t.Fatalf("ann was asked:\n%s\nwant:\n%s", strings.Join(asked, "\n"), strings.Join(want, "\n"))
	}
}
