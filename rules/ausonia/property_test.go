package ausonia

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// Random play is slow to reach 60 with 2-4 players (random seats corrupt each other and buy at
// random: a few thousand moves), so positions are checked every 60th move there. One game per
// setup by default, two in the long tier (BOARDBOT_LONG=1).
func TestPropertySuite(t *testing.T) {
	var setups []rules.Setup
	for n := 1; n <= 4; n++ {
		setups = append(setups, rules.Setup{Seats: n, Seed: uint64(n)})
	}
	rulestest.Run(t, Game, rulestest.Config{Setups: setups, Scramble: Scramble, Games: rulestest.Scale(1, 2), Every: 60, Exhaustive: 24, MaxMoves: 30000})
}

func TestPropertySuiteEveryAspirant(t *testing.T) {
	var setups []rules.Setup
	for _, a := range Aspirants {
		setups = append(setups, rules.Setup{Seats: 1, Seed: 40, Options: map[string]string{OptAspirant: a.Code}})
	}
	rulestest.Run(t, Game, rulestest.Config{Setups: setups, Scramble: Scramble, Games: rulestest.Scale(1, 2), Every: 5, Exhaustive: 24})
}

func dump(t *testing.T, v any) string {
	b, _ := json.MarshalIndent(v, "", " ")
	return fmt.Sprint(string(b))
}
