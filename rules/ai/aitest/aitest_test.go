package aitest

import (
	"encoding/json"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// coin: one seat guesses a hidden coin. Whoever reads the real coin guesses right every time, so
// an AI that leaks it plays differently once the coin is re-dealt; a blind AI cannot tell.
type coinGame struct{}

func (coinGame) Info() rules.Info                     { return rules.Info{ID: "coin", MinSeats: 1, MaxSeats: 1} }
func (coinGame) New(rules.Setup) (rules.State, error) { return &coin{}, nil }
func (coinGame) Decode(b []byte) (rules.State, error) {
	var c coin
	err := json.Unmarshal(b, &c)
	return &c, err
}

type coin struct {
	Coin string
	Res  *rules.Result
}

func (c *coin) Awaiting() []rules.Prompt {
	if c.Res != nil {
		return nil
	}
	return []rules.Prompt{{Seat: 0, Msg: rules.Verbatim("guess")}}
}

func (c *coin) Choices(s rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	switch {
	case s != 0 || c.Res != nil:
		return nil, false, rules.Refuse(rules.Verbatim("not your turn"))
	case len(m) == 0:
		return []rules.Choice{{Token: "guess"}}, false, nil
	case len(m) == 1 && m[0] == "guess":
		return []rules.Choice{{Token: "heads"}, {Token: "tails"}}, false, nil
	case len(m) == 2 && m[0] == "guess" && (m[1] == "heads" || m[1] == "tails"):
		return nil, true, nil
	}
	return nil, false, rules.Refuse(rules.Verbatim("say guess heads or guess tails"))
}

func (c *coin) Apply(s rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := rules.Check(c, s, m); err != nil {
		return nil, err
	}
	c.Res = &rules.Result{Ranks: []int{2}}
	if m[1] == c.Coin {
		c.Res.Ranks[0] = 1
	}
	return nil, nil
}

func (c *coin) View(rules.Seat) any                               { return nil }
func (c *coin) Result() *rules.Result                             { return c.Res }
func (c *coin) Encode() ([]byte, error)                           { return json.Marshal(c) }
func (c *coin) Clone() rules.State                                { d := *c; return &d }
func (c *coin) GreedyMove(rules.Seat, uint64) rules.Move          { return rules.Move{"guess", "heads"} }
func (c *coin) Determinize(_ rules.Seat, seed uint64) rules.State { return &coin{Coin: flip(seed)} }

func flip(seed uint64) string {
	if seed>>17&1 == 1 {
		return "tails"
	}
	return "heads"
}

// Blind holds for both ways the AI decides on a game whose only secret decides everything.
func TestBlindOnCoin(t *testing.T) {
	for _, real := range []string{"heads", "tails"} {
		for _, cfg := range blindConfigs {
			st := &coin{Coin: real}
			scramble := func(st rules.State, _ rules.Seat, seed uint64) rules.State {
				c := *st.(*coin)
				c.Coin = map[string]string{"heads": "tails", "tails": "heads"}[c.Coin]
				return &c
			}
			if err := Blind(coinGame{}, st, cfg, scramble); err != nil {
				t.Errorf("coin %s, %d candidates: %v", real, cfg.Candidates, err)
			}
		}
	}
}
