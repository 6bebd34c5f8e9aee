package rulestest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// fastBids gives the fake game fast paths, each correct or broken in one way.
type fastBids struct {
	bids
	breakTokens, breakClone bool
}

type fastBidState struct {
	*bidState
	g fastBids
}

func (g fastBids) New(s rules.Setup) (rules.State, error) {
	st, err := g.bids.New(s)
	if err != nil {
		return nil, err
	}
	return fastBidState{st.(*bidState), g}, nil
}

func (g fastBids) Decode(b []byte) (rules.State, error) {
	st, err := g.bids.Decode(b)
	if err != nil {
		return nil, err
	}
	return fastBidState{st.(*bidState), g}, nil
}

func (s fastBidState) ChoiceTokens(seat rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	next, complete, err := s.Choices(seat, m)
	if s.g.breakTokens && len(next) > 1 {
		next = next[1:]
	}
	for i := range next {
		next[i].Msg = nil
	}
	return next, complete, err
}

func (s fastBidState) Clone() rules.State {
	b, _ := json.Marshal(s.bidState)
	var c bidState
	_ = json.Unmarshal(b, &c)
	c.g = s.bidState.g
	if s.g.breakClone {
		c.Hands = s.Hands // shares the hands with the original
	}
	return fastBidState{&c, s.g}
}

func TestCheckFast(t *testing.T) {
	cases := []struct {
		name string
		game fastBids
		want string // "" = must pass
	}{
		{"correct", fastBids{}, ""},
		{"tokens differ", fastBids{breakTokens: true}, "ChoiceTokens gives"},
		{"clone shares data", fastBids{breakClone: true}, "changed the original"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			errs := CheckFast(c.game, Config{Games: 2, MaxMoves: 300, Setups: []rules.Setup{{Seats: 3, Seed: 5}}})
			if c.want == "" {
				for _, e := range errs {
					t.Error(e)
				}
				return
			}
			if len(errs) == 0 {
				t.Fatalf("CheckFast passed a broken fast path")
			}
			if !strings.Contains(errs[0].Error(), c.want) {
				t.Fatalf("error does not mention %q: %v", c.want, errs[0])
			}
		})
	}
}
