package bot

import (
	"context"
	"math"
	"sort"

	"github.com/boardbot/boardbot/storage"
)

// Standing is one player's line on a server's leaderboard for one game.
type Standing struct {
	User   string
	Name   string // the name of their latest game
	Games  int
	Wins   int // ranked first (shared firsts count)
	Rating int
}

// Rating is Elo, chosen because players know it and it needs no tuning: everyone starts at 1500;
// a finished game counts as one match between every pair of its players (win 1, tie 0.5, loss 0
// by rank) with K = 32 shared out over the n-1 opponents, so a four-player game moves a rating
// about as much as a duel. Games are taken in the order they finished; aborted games do not
// count; a resigned or timed-out player keeps the loss the result gives them (the AI that takes the
// seat over does not make the game a practice game); games created with AI seats do not count.
const (
	eloStart = 1500.0
	eloK     = 32.0
)

// Leaderboard ranks the players of one game kind on one server, best rating first.
func (s *Service) Leaderboard(ctx context.Context, guild, kind string) ([]Standing, error) {
	rows, err := s.store.Games(ctx, storage.GameFilter{Guild: guild, Kind: kind, Statuses: []storage.Status{storage.StatusFinished}})
	if err != nil {
		return nil, err
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if !rows[i].Updated.Equal(rows[j].Updated) {
			return rows[i].Updated.Before(rows[j].Updated)
		}
		return rows[i].ID < rows[j].ID
	})
	type acc struct {
		Standing
		r float64
	}
	by := map[string]*acc{}
	get := func(p storage.Player) *acc {
		a, ok := by[p.UserID]
		if !ok {
			a = &acc{Standing: Standing{User: p.UserID}, r: eloStart}
			by[p.UserID] = a
		}
		a.Name = p.Name
		return a
	}
	for _, row := range rows {
		if hasAISeats(row) {
			continue // games against the AI are practice: they leave the human ratings alone
		}
		res := s.Result(row)
		if res == nil || len(res.Ranks) != len(row.Players) || len(row.Players) < 2 {
			continue
		}
		players := make([]*acc, len(row.Players))
		for i, p := range row.Players {
			players[i] = get(p)
		}
		k := eloK / float64(len(players)-1)
		delta := make([]float64, len(players))
		for i := range players {
			for j := range players {
				if i == j || players[i] == players[j] {
					continue
				}
				want := 1 / (1 + math.Pow(10, (players[j].r-players[i].r)/400))
				got := 0.5
				switch {
				case res.Ranks[i] < res.Ranks[j]:
					got = 1
				case res.Ranks[i] > res.Ranks[j]:
					got = 0
				}
				delta[i] += k * (got - want)
			}
		}
		seen := map[*acc]bool{}
		for i, a := range players {
			a.r += delta[i]
			if !seen[a] {
				seen[a] = true
				a.Games++
				if res.Ranks[i] == 1 {
					a.Wins++
				}
			}
		}
	}
	out := make([]Standing, 0, len(by))
	for _, a := range by {
		if storage.IsFormerUser(a.User) {
			continue // a player who asked to be forgotten: their games still rate the others
		}
		a.Rating = int(math.Round(a.r))
		out = append(out, a.Standing)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Rating != out[j].Rating {
			return out[i].Rating > out[j].Rating
		}
		if out[i].Wins != out[j].Wins {
			return out[i].Wins > out[j].Wins
		}
		return out[i].User < out[j].User
	})
	return out, nil
}
