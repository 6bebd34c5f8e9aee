package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// BenchmarkRandomPlayout is random legal play as selfplay and the search's rollouts run it, in
// moves/s.
func BenchmarkRandomPlayout(b *testing.B) {
	rulestest.BenchPlayout(b, Game, rules.Setup{Seats: 2}, rules.Setup{Seats: 3}, rules.Setup{Seats: 4})
}
