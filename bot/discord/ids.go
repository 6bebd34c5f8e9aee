package discord

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules"
)

// Component custom ids have the form g/<game>/<action>[/<arg>...] and at most 100 characters.
const maxCustomID = 100

// Actions carried by components.
const (
	actJoin  = "join"  // lobby
	actLeave = "leave" // lobby
	actStart = "start" // lobby
	actTurn  = "turn"  // seq, user: open the move picker for that user's seat
	actView  = "view"  // my private view
	actPick  = "pick"  // select menu: seq, path...; the chosen value is the next token
	actPage  = "page"  // seq, page, path...
	actBack  = "back"  // seq, path...
	actPlay  = "play"  // seq, path...
	actLate  = "late"  // seq, skip|replace|end
	actUndo  = "undo"  // seq, yes|no
	actQuit  = "quit"  // yes|no: confirm or cancel /resign (the asker's own ephemeral question)
	actAns   = "ans"   // seq, user, path: a whole move answered with one tap on a turn post
)

// cid is a parsed custom id.
type cid struct {
	Game   int64
	Action string
	Args   []string
}

func (c cid) String() string {
	parts := append([]string{"g", strconv.FormatInt(c.Game, 10), c.Action}, c.Args...)
	return strings.Join(parts, "/")
}

func parseCID(s string) (cid, bool) {
	if len(s) > maxCustomID {
		return cid{}, false
	}
	f := strings.Split(s, "/")
	if len(f) < 3 || f[0] != "g" {
		return cid{}, false
	}
	id, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil || id <= 0 {
		return cid{}, false
	}
	return cid{Game: id, Action: f[2], Args: f[3:]}, true
}

func (c cid) arg(i int) string {
	if i < len(c.Args) {
		return c.Args[i]
	}
	return ""
}

func (c cid) int(i int) int64 {
	n, _ := strconv.ParseInt(c.arg(i), 10, 64)
	return n
}

// pathID builds a custom id ending with a move path. Tokens are escaped so a "/" inside one
// cannot split it; a path too long for the 100 characters is stashed and named by its key.
func pathID(ctx context.Context, svc *bot.Service, c cid, path rules.Move) (string, error) {
	enc := make([]string, len(path))
	for i, t := range path {
		enc[i] = url.PathEscape(t)
	}
	c.Args = append(c.Args, enc...)
	if s := c.String(); len(s) <= maxCustomID {
		return s, nil
	}
	key, err := svc.Stash(ctx, path.String())
	if err != nil {
		return "", err
	}
	c.Args = append(c.Args[:len(c.Args)-len(enc)], "~"+key)
	return c.String(), nil
}

// pathOf reads the move path from a custom id's arguments starting at from.
func pathOf(ctx context.Context, lang string, svc *bot.Service, c cid, from int) (rules.Move, error) {
	if from >= len(c.Args) {
		return rules.Move{}, nil
	}
	rest := c.Args[from:]
	if len(rest) == 1 && strings.HasPrefix(rest[0], "~") {
		v, ok, err := svc.Unstash(ctx, rest[0][1:])
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, &bot.Refusal{Msg: bot.T(lang, "dc_menu_expired")}
		}
		return rules.Move(strings.Fields(v)), nil
	}
	out := make(rules.Move, 0, len(rest))
	for _, a := range rest {
		if a == "" {
			continue
		}
		t, err := url.PathUnescape(a)
		if err != nil {
			return nil, &bot.Refusal{Msg: bot.T(lang, "dc_menu_damaged")}
		}
		out = append(out, t)
	}
	return out, nil
}
