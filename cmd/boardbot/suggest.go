package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
)

// suggestion is what `replay --suggest LEVEL` prints for an awaited seat: the move the AI of that
// level would play, in notation and in words, and how long it thought.
type suggestion struct {
	Seat    rules.Seat `json:"seat"`
	Player  string     `json:"player,omitempty"`
	Level   string     `json:"level"`
	Move    string     `json:"move"`
	Label   string     `json:"label"`
	ThinkMs int64      `json:"think_ms"`
}

// suggest asks the AI of level for every awaited seat's move in st, the position after moves
// moves of a game set up with seed. The AI's seed is the one the bot would use there, so the
// answer is the bot's own move for that position.
func suggest(g rules.Game, st rules.State, seed uint64, moves int, level string, players []string) ([]suggestion, error) {
	var out []suggestion
	seen := map[rules.Seat]bool{}
	for _, p := range st.Awaiting() {
		if seen[p.Seat] {
			continue
		}
		seen[p.Seat] = true
		cfg, err := ai.ForLevel(level, ai.MoveSeed(seed, int64(moves), p.Seat))
		if err != nil {
			return nil, fmt.Errorf("--suggest: %w (levels: %s)", err, strings.Join(ai.Levels, ", "))
		}
		cp, err := ai.Clone(g, st)
		if err != nil {
			return nil, err
		}
		t0 := time.Now()
		m, _, err := ai.Choose(g, cp, p.Seat, cfg)
		if err != nil {
			return nil, fmt.Errorf("--suggest for seat %d: %w", p.Seat, err)
		}
		s := suggestion{Seat: p.Seat, Level: level, Move: m.String(), Label: moveLabel(st, p.Seat, m, players),
			ThinkMs: time.Since(t0).Milliseconds()}
		if int(p.Seat) < len(players) {
			s.Player = players[p.Seat]
		}
		out = append(out, s)
	}
	return out, nil
}

// moveLabel says a move in words: the labels of its tokens along the choice tree, with seats
// named after the record's players.
func moveLabel(st rules.State, seat rules.Seat, m rules.Move, players []string) string {
	var parts []string
	for i, tok := range m {
		next, _, err := st.Choices(seat, m[:i])
		if err != nil {
			break
		}
		for _, c := range next {
			if l := c.English(); c.Token == tok && l != "" {
				parts = append(parts, l)
			}
		}
	}
	text := strings.Join(parts, ", ")
	return rules.RenderSeats(text, func(s rules.Seat) string {
		if int(s) < len(players) && players[s] != "" {
			return players[s]
		}
		return rules.SeatTitle(st, s)
	})
}
