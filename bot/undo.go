package bot

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// undoRequest is a pending request to take back the last move, kept in the settings table under
// scope "undo" so it needs no column of its own.
type undoRequest struct {
	Seq    int64 `json:"seq"` // the move to take back; stale once the log has moved
	By     int   `json:"by"`
	Agreed []int `json:"agreed"`
	// Refused: the request was refused. It is kept until the log moves, so that the asker cannot
	// ask again for the same move at once (and ping the others again).
	Refused bool `json:"refused,omitempty"`
}

const undoScope = "undo"

// Undo asks to take back the last move (answer ""), agrees to a pending request (answer "" by
// another player) or refuses one (answer "no"). A move is taken back only when every other
// player agrees, and never past a move that revealed hidden information or a random draw.
func (s *Service) Undo(ctx context.Context, req Request, answer string) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	answer = strings.ToLower(strings.TrimSpace(answer))
	if answer != "" && answer != "yes" && answer != "no" {
		return Reply{}, refuseT(ul, "undo_answer")
	}
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	row := t.row
	if row.Status != storage.StatusRunning {
		return Reply{}, refuseT(ul, "undo_not_running", "Game", gameTitle(t))
	}
	held := seatsOf(row, req.User.ID)
	if len(held) == 0 {
		return Reply{}, refuseT(ul, "undo_not_player", "Game", gameTitle(t))
	}
	sl := s.threadLang(row)
	pending, err := s.pendingUndo(ctx, t)
	if err != nil {
		return Reply{}, err
	}
	name := cleanName(req.User.Name)
	var refused *undoRequest
	if pending != nil && pending.Refused {
		refused, pending = pending, nil
	}
	if pending != nil {
		if holds(held, pending.By) {
			if answer == "no" {
				return s.dropUndo(ctx, t, nil, T(sl, "undo_withdrew", "Name", name), T(ul, "undo_withdrew_you", "Move", pending.Seq))
			}
			return Reply{}, refuseT(ul, "undo_already_asked", "Names", joinNames(ul, s.undoWaiting(t, pending)))
		}
		if answer == "no" {
			// The refusal names who asked (whose move it was): the refuser is not its player.
			asker := playerName(row, rules.Seat(pending.By))
			pending.Refused = true
			return s.dropUndo(ctx, t, pending, T(sl, "undo_refused", "Name", name, "Asker", asker, "Move", pending.Seq),
				T(ul, "undo_refused_you", "Asker", asker, "Move", pending.Seq))
		}
		for _, seat := range held {
			pending.Agreed = appendInt(pending.Agreed, int(seat))
		}
		if len(s.undoWaiting(t, pending)) == 0 {
			return s.takeBack(ctx, t, pending)
		}
		if err := s.saveUndo(ctx, t, pending); err != nil {
			return Reply{}, err
		}
		return Reply{Text: T(sl, "undo_agrees", "Name", name, "Move", pending.Seq, "Names", joinNames(sl, s.undoWaiting(t, pending))), Game: row.ID}, nil
	}
	if answer == "no" {
		return Reply{}, refuseT(ul, "undo_none")
	}
	if t.seq == 0 {
		return Reply{}, refuseT(ul, "undo_no_moves")
	}
	moves, err := s.store.Moves(ctx, row.ID)
	if err != nil {
		return Reply{}, err
	}
	last := moves[len(moves)-1]
	if !holds(held, last.Seat) || last.UserID == RobotUser || last.UserID == AutoUser {
		return Reply{}, refuseT(ul, "undo_not_yours", "Name", playerName(row, rules.Seat(last.Seat)))
	}
	if refused != nil && holds(held, refused.By) {
		return Reply{}, refuseT(ul, "undo_refused_wait", "Move", refused.Seq)
	}
	_, evs, err := s.replayTo(ctx, t, t.seq)
	if err != nil {
		return Reply{}, err
	}
	for _, e := range evs {
		if e.Reveals {
			return Reply{}, refuseT(ul, "undo_reveals", "Move", t.seq)
		}
	}
	p := &undoRequest{Seq: t.seq, By: last.Seat}
	if len(s.undoWaiting(t, p)) == 0 {
		return s.takeBack(ctx, t, p)
	}
	if err := s.saveUndo(ctx, t, p); err != nil {
		return Reply{}, err
	}
	var mentions []string
	for _, p := range row.Players {
		if p.Seat != last.Seat && !p.Robot {
			mentions = appendOnce(mentions, p.UserID)
		}
	}
	text := T(sl, "undo_asks", "Name", name, "Move", t.seq, "Phrase", movePhraseIn(sl, row, evs))
	n := Notice{Kind: "text", Game: row.ID, Seq: t.seq, Channel: postChannel(row), Text: text, Mentions: mentions, Undo: true, Lang: sl}
	if err := s.store.Enqueue(ctx, s.notice(n)); err != nil {
		return Reply{}, err
	}
	return Reply{Text: T(ul, "undo_requested"), Private: true, Game: row.ID}, nil
}

func holds(seats []rules.Seat, seat int) bool {
	for _, s := range seats {
		if int(s) == seat {
			return true
		}
	}
	return false
}

func appendInt(list []int, v int) []int {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

// undoWaiting names the players who still have to agree.
func (s *Service) undoWaiting(t *table, p *undoRequest) []string {
	var out []string
	for _, pl := range t.row.Players {
		if pl.Seat == p.By || pl.Robot || holdsInt(p.Agreed, pl.Seat) {
			continue
		}
		out = append(out, pl.Name)
	}
	return out
}

func holdsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func (s *Service) pendingUndo(ctx context.Context, t *table) (*undoRequest, error) {
	v, ok, err := s.store.Setting(ctx, undoScope, strconv.FormatInt(t.row.ID, 10), "request")
	if err != nil || !ok || v == "" {
		return nil, err
	}
	var p undoRequest
	if json.Unmarshal([]byte(v), &p) != nil || p.Seq != t.seq {
		return nil, nil // stale: the game has moved on since
	}
	return &p, nil
}

func (s *Service) saveUndo(ctx context.Context, t *table, p *undoRequest) error {
	v := ""
	if p != nil {
		b, _ := json.Marshal(p)
		v = string(b)
	}
	return s.store.SetSetting(ctx, undoScope, strconv.FormatInt(t.row.ID, 10), "request", v)
}

// dropUndo ends a request (keeping it as kept when refused), tells the thread text and the actor
// their own line, mine, in their language.
func (s *Service) dropUndo(ctx context.Context, t *table, kept *undoRequest, text, mine string) (Reply, error) {
	if err := s.saveUndo(ctx, t, kept); err != nil {
		return Reply{}, err
	}
	if err := s.store.Enqueue(ctx, s.plainNotice(t.row, text)); err != nil {
		return Reply{}, err
	}
	return Reply{Text: mine, Private: true, Public: text, Game: t.row.ID}, nil
}

// takeBack removes the last move and rebuilds the state from the log.
func (s *Service) takeBack(ctx context.Context, t *table, p *undoRequest) (Reply, error) {
	row := t.row
	st, _, err := s.replayTo(ctx, t, p.Seq-1)
	if err != nil {
		return Reply{}, err
	}
	snap, err := st.Encode()
	if err != nil {
		return Reply{}, err
	}
	ver, err := s.store.TruncateMoves(ctx, row.ID, row.Version, p.Seq-1, snap)
	if err != nil {
		_ = s.reload(ctx, t)
		return Reply{}, conflictText(s.threadLang(row), err)
	}
	row.Version, row.Snapshot = ver, snap
	t.state, t.seq = st, p.Seq-1
	if err := s.saveUndo(ctx, t, nil); err != nil {
		return Reply{}, err
	}
	// The take-back is news for everyone: the thread starts afresh, pinging every awaited player.
	lead := T(s.threadLang(row), "undo_taken_back", "Move", p.Seq)
	f, notices := s.post(t, st, t.seq, flow{Takeovers: readFlow(row).Takeovers}, lead)
	row.Flow = f.encode()
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		return Reply{}, conflictText(s.threadLang(row), err)
	}
	if err := s.store.Enqueue(ctx, notices...); err != nil {
		return Reply{}, err
	}
	return Reply{Text: lead, Game: row.ID}, nil
}

// movePhrase describes a move by its public events, for texts everyone reads: " (alice takes
// c4.)", or nothing when it had none to tell.
func movePhraseIn(lang string, row *storage.Game, evs []rules.Event) string {
	var seen []string
	for _, e := range evs {
		if e.Public() {
			seen = append(seen, ensureStop(eventText(lang, e, func(s rules.Seat) string { return playerName(row, s) })))
		}
	}
	if len(seen) == 0 {
		return ""
	}
	return T(lang, "move_phrase", "Events", strings.TrimSuffix(strings.Join(seen, " "), "."))
}
