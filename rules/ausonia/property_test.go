package ausonia

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// scramble re-deals everything viewer may not see: every other seat's hand, draw pile, face-down
// raise area, foundations and looked-at cards are pooled and dealt back in the same sizes; the
// viewer's own draw order, the Favour deck, the Power deck below its top and the generator change.
// scramble is the game's own sampler: the suite then checks that it changes nothing the viewer
// may see.
func scramble(st rules.State, viewer rules.Seat, seed uint64) (rules.State, error) {
	return st.(*state).Determinize(viewer, seed), nil
}

// Random play is slow to reach 60 with 2-4 players (random seats corrupt each other and buy at
// random: a few thousand moves), so positions are checked every 60th move there.
func TestPropertySuite(t *testing.T) {
	var setups []rules.Setup
	for n := 1; n <= 4; n++ {
		setups = append(setups, rules.Setup{Seats: n, Seed: uint64(n)})
	}
	rulestest.Run(t, Game, rulestest.Config{Setups: setups, Scramble: scramble, Games: 2, Every: 60, Exhaustive: 24, MaxMoves: 30000})
}

func TestPropertySuiteEveryAspirant(t *testing.T) {
	var setups []rules.Setup
	for _, a := range Aspirants {
		setups = append(setups, rules.Setup{Seats: 1, Seed: 40, Options: map[string]string{OptAspirant: a.Code}})
	}
	rulestest.Run(t, Game, rulestest.Config{Setups: setups, Scramble: scramble, Games: 2, Every: 5, Exhaustive: 24})
}

func dump(t *testing.T, v any) string {
	b, _ := json.MarshalIndent(v, "", " ")
	return fmt.Sprint(string(b))
}
