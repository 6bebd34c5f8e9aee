package main

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules"
)

// kitOf is the registered kit of a game id.
func kitOf(tb testing.TB, id string) bot.Kit {
	for _, k := range allKits() {
		if k.Game.Info().ID == id {
			return k
		}
	}
	tb.Fatalf("no game %s", id)
	return bot.Kit{}
}

// playRandom plays up to steps random moves, stopping before the move that would end the game
// so that it is still running (unless a forced move the bot plays ends it), and returns how many
// it played.
func (p *privacyTable) playRandom(steps int, r *rand.Rand) int {
	p.t.Helper()
	for i := range steps {
		aw := p.mirror.Awaiting()
		if len(aw) == 0 {
			return i // a forced move the bot played itself ended the game
		}
		seat := aw[r.IntN(len(aw))].Seat
		m, err := rules.RandomMove(p.mirror, seat, r)
		if err != nil {
			p.t.Fatal(err)
		}
		c, err := rules.Clone(p.kit.Game, p.mirror)
		if err != nil {
			p.t.Fatal(err)
		}
		if _, err := c.Apply(seat, m); err != nil || c.Result() != nil {
			return i
		}
		// The move is chosen for the decision now asked, as a picker's is (Seq): never taken for
		// a turn the bot ended before it.
		seq := int64(p.moves)
		req := bot.Request{User: bot.User{ID: p.users[seat]}, Place: bot.Place{Guild: "g", Channel: "thread"}, Seq: &seq}
		if _, err := p.svc.MoveTokens(context.Background(), req, m); err != nil {
			p.t.Fatalf("%q by seat %d: %v", m, seat, err)
		}
		p.sync()
	}
	return steps
}

func (p *privacyTable) history(user string, n int) string {
	p.t.Helper()
	rep, err := p.svc.History(context.Background(), bot.Request{User: bot.User{ID: user}, Place: bot.Place{Guild: "g", Channel: "thread"}}, n)
	if err != nil {
		p.t.Fatal(err)
	}
	return rep.Text
}

// History tells moves by their events, never by their notation: Autumn Ash's public moves by
// what they did, Ausonia's to another player by what they may see, never a card from a hand.
func TestHistoryTellsMovesByEvents(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ash := newPrivacyTable(t, kitOf(t, "autumn-ash"), 2, 5)
	ash.playRandom(6, r)
	log, _ := ash.svc.Store().Moves(context.Background(), ash.game)
	if got := strings.Split(ash.history("spectator", 0), "\n")[1]; strings.HasSuffix(got, ": "+log[0].Notation) || strings.HasSuffix(got, " moved.") {
		t.Errorf("Autumn Ash history does not tell the move by its events: %s", got)
	}
	aus := newPrivacyTable(t, kitOf(t, "ausonia"), 2, 5)
	aus.playRandom(40, r)
	log, _ = aus.svc.Store().Moves(context.Background(), aus.game)
	lines := strings.Split(aus.history("spectator", 0), "\n")[1:]
	plays := 0
	for i, m := range log {
		if strings.HasPrefix(m.Notation, "play ") {
			plays++
			if strings.HasSuffix(lines[i], ": "+m.Notation) {
				t.Errorf("Ausonia history shows a hand card's notation to a spectator: %s", lines[i])
			}
		}
	}
	if plays == 0 {
		t.Fatal("no card was played: the check proves nothing")
	}
}

// BenchmarkHistoryLongAusonia measures /history on a long running 2-player Ausonia game for a
// reader who made none of the moves: the whole log is replayed from its setup, the last 20 moves
// are formatted.
func BenchmarkHistoryLongAusonia(b *testing.B) {
	// The same seeds replay the same game: the first pass finds its length, the second stops one
	// move earlier so that the game still runs.
	full := newPrivacyTable(b, kitOf(b, "ausonia"), 2, 9).playRandom(5000, rand.New(rand.NewPCG(9, 9)))
	p := newPrivacyTable(b, kitOf(b, "ausonia"), 2, 9)
	p.playRandom(full-1, rand.New(rand.NewPCG(9, 9)))
	if p.mirror.Result() != nil {
		b.Fatal("the game ended: history would not replay it")
	}
	b.ResetTimer()
	for range b.N {
		p.history("spectator", 20)
	}
	b.ReportMetric(float64(p.moves), "moves")
}
