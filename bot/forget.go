package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/storage"
)

// A player's request to be forgotten (/settings forget; `boardbot forget-user` for requests that
// reach the admin another way). Games still going are not ended in the player's name: the
// request is refused until they have resigned or left them, so nobody's game changes under them
// by surprise. Finished and aborted games stay whole for the other players (results, ratings,
// records), with a former player in the forgotten seat.

// GoingGames lists the games in the lobby or running where user holds a seat (not one replaced
// by the random player): a request to be forgotten waits for them.
func (s *Service) GoingGames(ctx context.Context, user string) ([]*storage.Game, error) {
	rows, err := s.store.Games(ctx, storage.GameFilter{UserID: user,
		Statuses: []storage.Status{storage.StatusLobby, storage.StatusRunning}})
	if err != nil {
		return nil, err
	}
	var going []*storage.Game
	for _, r := range rows {
		for _, p := range r.Players {
			if p.UserID == user && !p.Robot {
				going = append(going, r)
				break
			}
		}
	}
	return going, nil
}

// ForgetUser erases what the store keeps of user (storage.Store.ForgetUser): their seats take
// the name "former player N" in each game's thread language. It returns the number of games
// changed, or an error wrapping storage.ErrPlaying when user still sits in a game going on.
func (s *Service) ForgetUser(ctx context.Context, user string) (int, error) {
	if user == "" {
		return 0, errors.New("forget: no user id")
	}
	// The names are chosen before the store's transaction, which must not read the store.
	rows, err := s.store.Games(ctx, storage.GameFilter{UserID: user})
	if err != nil {
		return 0, err
	}
	langs := map[string]string{}
	for _, r := range rows {
		if _, ok := langs[r.Guild]; !ok {
			langs[r.Guild] = s.ServerLanguage(ctx, r.Guild)
		}
	}
	n, err := s.store.ForgetUser(ctx, user, func(_ int64, guild string, seat int) string {
		lang, ok := langs[guild]
		if !ok {
			lang = LangEnglish
		}
		return T(lang, "former_player", "N", seat+1)
	})
	if err != nil {
		return 0, err
	}
	// The user's id is not logged: the request is to be forgotten.
	s.log.Info("audit: a user's data was erased on request", "games", n)
	return n, nil
}

// ForgetMe answers /settings forget: without confirm it says what would be erased and what
// stays; with confirm it erases it. Both refuse while the player still sits in a game going on.
func (s *Service) ForgetMe(ctx context.Context, req Request, confirm bool) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	going, err := s.GoingGames(ctx, req.User.ID)
	if err != nil {
		return Reply{}, err
	}
	if len(going) > 0 {
		return Reply{}, refuseT(ul, "forget_playing", "Games", s.gameList(going))
	}
	if !confirm {
		rows, err := s.store.Games(ctx, storage.GameFilter{UserID: req.User.ID})
		if err != nil {
			return Reply{}, err
		}
		return Reply{Text: T(ul, "forget_preview", "Count", len(rows)), Private: true}, nil
	}
	n, err := s.ForgetUser(ctx, req.User.ID)
	if errors.Is(err, storage.ErrPlaying) {
		// Seated in a game between the check and the erasure: say which.
		going, _ = s.GoingGames(ctx, req.User.ID)
		return Reply{}, refuseT(ul, "forget_playing", "Games", s.gameList(going))
	}
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: T(ul, "forget_done", "Count", n), Private: true}, nil
}

// gameList names games as "Autumn Ash #3, Ausonia #7".
func (s *Service) gameList(rows []*storage.Game) string {
	var names []string
	for _, r := range rows {
		name := r.Kind
		if k, ok := s.Kit(r.Kind); ok {
			name = k.Game.Info().Name
		}
		names = append(names, fmt.Sprintf("%s #%d", name, r.ID))
	}
	return strings.Join(names, ", ")
}
