package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

func fakePNG(v any, _ render.Meta) ([]byte, error) {
	b, err := json.Marshal(v)
	return append([]byte("PNG"), b...), err
}

func TestSelfplayFigures(t *testing.T) {
	st := selfplay(context.Background(), bot.Kit{Game: rulestest.Bids, PNG: fakePNG},
		selfplayConfig{games: 12, seed: 3, maxMoves: 1000, render: true, options: map[string]string{}})
	if st.Games != 12 || st.Finished != 12 || len(st.Failures) != 0 {
		t.Fatalf("%+v", st)
	}
	if st.Moves == 0 || st.MovesPerSec <= 0 || st.Renders == 0 || st.PNGBytesP50 == 0 || st.PNGBytesMax < st.PNGBytesP50 {
		t.Fatalf("figures missing: %+v", st)
	}
	if st.BoardBytesP50 == 0 || st.FocusBytesP50 != 0 {
		t.Fatalf("a game without a focus image reports its board alone: %+v", st)
	}
	// With a focus image, the board and the focus image are timed and sized apart.
	withFocus := selfplay(context.Background(), bot.Kit{Game: rulestest.Bids, PNG: fakePNG, Focus: func(v any, m render.Meta) ([]byte, error) {
		return []byte("PNG focus"), nil
	}}, selfplayConfig{games: 2, seed: 3, maxMoves: 1000, render: true, options: map[string]string{}})
	if withFocus.FocusBytesP50 != len("PNG focus") || withFocus.BoardBytesP50 <= withFocus.FocusBytesP50 || withFocus.BoardMsP50 <= 0 || withFocus.FocusMsP50 <= 0 {
		t.Fatalf("board and focus figures missing: %+v", withFocus)
	}
	// Seats and options are spread over their ranges.
	if st.BySeats[2] == 0 || st.BySeats[3] == 0 || st.BySeats[4] == 0 {
		t.Fatalf("seat counts not spread: %v", st.BySeats)
	}
}

func TestSetupSpread(t *testing.T) {
	info := rulestest.Bids.Info()
	seen := map[string]bool{}
	for i := 0; i < 6; i++ {
		s := setupFor(info, selfplayConfig{seed: 1, options: map[string]string{}}, i)
		seen[s.Options["rounds"]] = true
	}
	if !seen["3"] || !seen["5"] {
		t.Fatalf("option values not spread: %v", seen)
	}
	s := setupFor(info, selfplayConfig{seats: 3, options: map[string]string{"rounds": "5"}}, 4)
	if s.Seats != 3 || s.Options["rounds"] != "5" {
		t.Fatalf("flags must win: %+v", s)
	}
}

// refusing wraps Bids so that Apply refuses a move its own tree offers: selfplay must fail.
type refusing struct{ rules.Game }

func (r refusing) New(s rules.Setup) (rules.State, error) {
	st, err := r.Game.New(s)
	return refusingState{st}, err
}

type refusingState struct{ rules.State }

func (s refusingState) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	if m[0] == "draw" {
		return nil, rules.Refuse(rules.Verbatim("no drawing today"))
	}
	return s.State.Apply(seat, m)
}

type panicking struct{ rules.Game }

func (p panicking) New(s rules.Setup) (rules.State, error) {
	st, err := p.Game.New(s)
	return panickingState{st}, err
}

type panickingState struct{ rules.State }

func (panickingState) Apply(rules.Seat, rules.Move) ([]rules.Event, error) { panic("boom") }

func TestSelfplayFails(t *testing.T) {
	cases := []struct {
		name string
		kit  bot.Kit
		cfg  selfplayConfig
		want string
	}{
		{"refused choice", bot.Kit{Game: refusing{rulestest.Bids}}, selfplayConfig{games: 5, maxMoves: 1000}, "was refused"},
		{"panic", bot.Kit{Game: panicking{rulestest.Bids}}, selfplayConfig{games: 1, maxMoves: 1000}, "panic"},
		{"no end", bot.Kit{Game: rulestest.Bids}, selfplayConfig{games: 1, maxMoves: 3}, "no result after 3 moves"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.cfg.options = map[string]string{}
			st := selfplay(context.Background(), c.kit, c.cfg)
			if len(st.Failures) == 0 || !strings.Contains(strings.Join(st.Failures, "\n"), c.want) {
				t.Fatalf("want a failure mentioning %q: %+v", c.want, st)
			}
		})
	}
}

func TestRunUsage(t *testing.T) {
	var out, errb strings.Builder
	if code := run(context.Background(), []string{"frob"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "unknown command") {
		t.Fatalf("%d %q", code, errb.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"games", "--json"}, &out, &errb); code != 0 {
		t.Fatal(code)
	}
	var infos []rules.Info
	if err := json.Unmarshal([]byte(out.String()), &infos); err != nil || len(infos) == 0 || infos[0].ID != "autumn-ash" {
		t.Fatalf("%v %s", err, out.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"selfplay", "--game", "nope"}, &out, &errb); code != 2 {
		t.Fatal("unknown game must be a usage error")
	}
}
