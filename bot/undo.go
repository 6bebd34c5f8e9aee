package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/record"
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
	// From is the first move taken back with Seq when the player's last command stored several
	// (its steps, the moves then played for them); 0 for one move. Notation is its steps typed.
	From     int64  `json:"from,omitempty"`
	Notation string `json:"notation,omitempty"`
	// Open: every event of the command was public, so its steps as typed tell the others nothing
	// they did not see (a Reef setup's secret polyp would be in them).
	Open bool `json:"open,omitempty"`
	// Reply is the first of the AI seats' moves that followed the command and go back with it
	// (0: none); Replies names those seats, in the order they replied.
	Reply   int64    `json:"reply,omitempty"`
	Replies []string `json:"replies,omitempty"`

	game rules.Game // not stored: to spell Notation in the reader's words
}

// end is the player's own last move in the request, before any AI reply.
func (p *undoRequest) end() int64 {
	if p.Reply > 0 {
		return p.Reply - 1
	}
	return p.Seq
}

// first is the first move the request takes back.
func (p *undoRequest) first() int64 {
	if p.From > 0 {
		return p.From
	}
	return p.end()
}

// last names what the request takes back, never by the log's move numbers (players count turns,
// not stored decisions): "their last move", "your last turn (flow, 1, white)". own says the
// reader is its player, who may always read their steps as typed; others read them only when
// nothing of the command was hidden from them (Open).
func (p *undoRequest) last(lang string, own bool) string {
	// [a turn of several decisions][the reader's own]
	keys := [2][2]string{{"undo_last_move_their", "undo_last_move_your"}, {"undo_last_turn_their", "undo_last_turn_your"}}
	turn, mine := 0, 0
	if p.From > 0 && p.From < p.end() {
		turn = 1
	}
	if own {
		mine = 1
	}
	text := T(lang, keys[turn][mine])
	if p.Notation != "" && (own || p.Open) {
		text = T(lang, "undo_last_told", "Last", text, "Notation", notationIn(p.game, lang, p.Notation))
	}
	switch len(p.Replies) {
	case 0:
	case 1:
		text = T(lang, "undo_and_reply", "Last", text, "Name", p.Replies[0])
	default:
		text = T(lang, "undo_and_replies", "Last", text, "Names", joinNames(lang, p.Replies))
	}
	return text
}

const undoScope = "undo"

// Undo asks to take back the last move (answer ""), agrees to a pending request (answer "" by
// another player) or refuses one (answer "no"). Inside the player's own turn, while nothing of
// the move has reached anyone else, it is taken back at once and silently; otherwise only when
// every other player agrees. Never past a move that told someone something new (undoBlock).
// When the AI seats have replied since the player's command (and nobody else moved), the replies
// go back with it: the AI agrees at once, so against the AI alone it is taken back at once.
func (s *Service) Undo(ctx context.Context, req Request, answer string) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	answer = YesNo(ul, answer) // "nein", "non": the reader's words count
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
				return s.dropUndo(ctx, t, nil, T(sl, "undo_withdrew", "Name", name), T(ul, "undo_withdrew_you", "Last", pending.last(ul, true)), "")
			}
			return Reply{}, refuseT(ul, "undo_already_asked", "Names", joinNames(ul, s.undoWaiting(t, pending)))
		}
		if answer == "no" {
			// The refusal names who asked (whose move it was): the refuser is not its player.
			asker := playerName(row, rules.Seat(pending.By))
			pending.Refused = true
			return s.dropUndo(ctx, t, pending, T(sl, "undo_refused", "Name", name, "Asker", asker, "Last", pending.last(sl, false)),
				T(ul, "undo_refused_you", "Asker", asker, "Last", pending.last(ul, false)), T(sl, "undo_refused_short", "Name", name))
		}
		for _, seat := range held {
			pending.Agreed = appendInt(pending.Agreed, int(seat))
		}
		if len(s.undoWaiting(t, pending)) == 0 {
			return s.takeBack(ctx, t, pending, name, ul)
		}
		if err := s.saveUndo(ctx, t, pending); err != nil {
			return Reply{}, err
		}
		asker := playerName(row, rules.Seat(pending.By))
		return Reply{Text: T(sl, "undo_agrees", "Name", name, "Asker", asker, "Last", pending.last(sl, false), "Names", joinNames(sl, s.undoWaiting(t, pending))), Game: row.ID}, nil
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
	g, err := s.lastCommand(ctx, t, moves, held)
	if err != nil {
		return Reply{}, err
	}
	if g == nil || !holds(held, g.seat) {
		return Reply{}, refuseT(ul, "undo_not_yours", "Name", playerName(row, rules.Seat(last.Seat)))
	}
	if refused != nil && holds(held, refused.By) {
		return Reply{}, refuseT(ul, "undo_refused_wait", "Last", refused.last(ul, true))
	}
	var evs []rules.Event
	for _, e := range g.evs {
		evs = append(evs, e...)
	}
	own := false // an AI seat's reply has ended the player's turn
	if len(g.replies) == 0 {
		if own, err = s.ownTurn(ctx, t, rules.Seat(g.seat), g.from, evs); err != nil {
			return Reply{}, err
		}
	}
	// The reason is the command's weightiest (undoBlock's order); the decision named, its first
	// with it, as the player typed it (or as the bot played it for them).
	if id := undoBlock(evs, rules.Seat(g.seat), !own); id != "" {
		at := 0
		for i, e := range g.evs {
			if undoBlock(e, rules.Seat(g.seat), !own) == id {
				at = i
				break
			}
		}
		if why := undoWhy(t.state, g.evs[at], ul); why != "" {
			return Reply{}, refuseT(ul, "undo_why", "Notation", moves[g.start+at].Notation, "Why", why)
		}
		return Reply{}, refuseT(ul, id, "Notation", moves[g.start+at].Notation)
	}
	// The AI seats' replies go back with the command only if they told nobody anything new
	// either: the mover has seen them, so what they showed counts as told.
	for i, r := range g.replies {
		if id := undoBlock(r.evs, rules.Seat(r.seat), true); id != "" {
			if holds(held, r.seat) { // a move the bot played for the asker, named as such
				return Reply{}, refuseT(ul, id, "Notation", moves[g.start+len(g.evs)+i].Notation)
			}
			return Reply{}, refuseT(ul, replyBlock[id], "Name", playerName(row, rules.Seat(r.seat)))
		}
	}
	p := &undoRequest{Seq: t.seq, By: g.seat, Notation: g.notation, game: t.kit.Game, Open: !slices.ContainsFunc(evs, func(e rules.Event) bool { return !e.Public() })}
	if len(g.replies) > 0 {
		p.Reply = g.replies[0].seq
		for _, r := range g.replies {
			if !holds(held, r.seat) && !slices.Contains(p.Replies, playerName(row, rules.Seat(r.seat))) {
				p.Replies = append(p.Replies, playerName(row, rules.Seat(r.seat)))
			}
		}
	}
	if g.from < p.end() {
		p.From = g.from
	}
	if own {
		return s.takeBackOwn(ctx, t, p, ul)
	}
	// Nobody but AI seats (which agree at once) to ask.
	if len(s.undoWaiting(t, p)) == 0 {
		return s.takeBack(ctx, t, p, "", ul)
	}
	if err := s.saveUndo(ctx, t, p); err != nil {
		return Reply{}, err
	}
	var mentions []string
	for _, p := range row.Players {
		if p.Seat != g.seat && !p.Robot {
			mentions = appendOnce(mentions, p.UserID)
		}
	}
	text := T(sl, "undo_asks", "Name", name, "Last", p.last(sl, false), "Phrase", movePhraseIn(sl, row, evs))
	n := Notice{Kind: "text", Game: row.ID, Seq: t.seq, Channel: postChannel(row), Text: text, Mentions: mentions, Undo: true, Lang: sl}
	if err := s.store.Enqueue(ctx, s.notice(n)); err != nil {
		return Reply{}, err
	}
	waiting := s.undoWaiting(t, p)
	key := "undo_requested"
	if len(waiting) > 1 {
		key = "undo_requested_many"
	}
	return Reply{Text: T(ul, key, "Names", joinNames(ul, waiting)), Private: true, Game: row.ID}, nil
}

// undoReasoner is a game state that says in its own words why the events of a move told news
// that keeps it from being taken back (Reef Encounter: "the take refilled the open sea with
// polyps drawn from the bag"), instead of the general list of causes; nil when it has none.
type undoReasoner interface {
	UndoReason(evs []rules.Event) *msg.Message
}

// undoWhy is st's own reason for evs in lang, "" when the game gives none.
func undoWhy(st rules.State, evs []rules.Event, lang string) string {
	r, ok := st.(undoReasoner)
	if !ok {
		return ""
	}
	if m := r.UndoReason(evs); m != nil {
		return msg.Render(m, lang, nil)
	}
	return ""
}

// replyBlock is undoBlock's reason for an AI seat's reply, said of that reply.
var replyBlock = map[string]string{
	"undo_reveals":       "undo_reply_reveals",
	"undo_reveals_other": "undo_reply_reveals_other",
	"undo_shown":         "undo_reply_shown",
}

// undoBlock is why the events evs of a move by seat keep it from being taken back (a message
// id), "" when nothing does. What was news to the mover (a card drawn, a random outcome, another
// seat's secret) or to another seat never goes back; the mover's own hidden cards shown go back
// only while told is false: nobody else has heard of the move yet.
func undoBlock(evs []rules.Event, seat rules.Seat, told bool) string {
	// News first: it is the reason that holds whoever has heard of the move.
	for _, e := range evs {
		if e.NewsTo(seat) {
			return "undo_reveals"
		}
	}
	for _, e := range evs {
		if e.Reveals {
			return "undo_reveals_other"
		}
	}
	for _, e := range evs {
		if told && len(e.Shows) > 0 && (e.Public() || slices.ContainsFunc(e.To, func(s rules.Seat) bool { return !slices.Contains(e.Shows, s) })) {
			return "undo_shown"
		}
	}
	return ""
}

// ownTurn reports whether the moves from seq from on (the last command), by seat, lie inside
// seat's own turn with nothing of them told to anyone else: seat alone is still awaited in the
// same turn, the thread has had no post or status edit since the first (posts go out when the
// turn passes, bot/flow.go), nobody else has looked at the game since (notePeek), and none of
// their events evs went to another seat.
func (s *Service) ownTurn(ctx context.Context, t *table, seat rules.Seat, from int64, evs []rules.Event) (bool, error) {
	f := readFlow(t.row)
	if f.Post >= from || f.Held != 0 || f.Shared || turnCount(t.state) != f.Turn ||
		!slices.Equal(awaitedSeats(t.state), []int{int(seat)}) || !slices.Equal(f.Awaited, []int{int(seat)}) {
		return false, nil
	}
	if seen, err := s.peekedAt(ctx, t); err != nil || seen >= from {
		return false, err
	}
	for _, p := range f.Pending {
		if p.Edit != 0 {
			return false, nil
		}
	}
	for _, e := range evs {
		if slices.ContainsFunc(e.To, func(s rules.Seat) bool { return s != seat }) {
			return false, nil
		}
	}
	return true, nil
}

// notePeek remembers that user looked at the game (its board, a view, its history) while moves
// of a turn were not posted yet: unless user holds the one seat awaited (whose turn it is), those
// moves have reached someone else and are no longer taken back silently (ownTurn).
func (s *Service) notePeek(ctx context.Context, t *table, user string) {
	if t.state == nil || t.seq == 0 || t.row.Status != storage.StatusRunning || readFlow(t.row).Post >= t.seq {
		return
	}
	if aw := awaitedSeats(t.state); len(aw) == 1 && holds(seatsOf(t.row, user), aw[0]) {
		return
	}
	if err := s.setPeek(ctx, t.row.ID, t.seq); err != nil {
		s.log.Error("noting a look at a turn not posted", "game", t.row.ID, "err", err)
	}
}

// peekedAt is the seq up to which someone else than the player awaited has looked at the game
// (notePeek), 0 when nobody has.
func (s *Service) peekedAt(ctx context.Context, t *table) (int64, error) {
	v, ok, err := s.store.Setting(ctx, undoScope, strconv.FormatInt(t.row.ID, 10), "seen")
	if err != nil || !ok || v == "" {
		return 0, err
	}
	n, _ := strconv.ParseInt(v, 10, 64)
	return n, nil
}

// setPeek stores notePeek's mark; seq 0 clears it, once the moves it covered are taken back.
func (s *Service) setPeek(ctx context.Context, game, seq int64) error {
	v := ""
	if seq > 0 {
		v = strconv.FormatInt(seq, 10)
	}
	return s.store.SetSetting(ctx, undoScope, strconv.FormatInt(game, 10), "seen", v)
}

// takeBackOwn takes back the moves of p (the player's last command) inside its player's own turn (ownTurn): nobody is asked, pinged or posted to. The flow forgets the move's events, so that the post at the end of
// the turn tells only what stands; the player sees their position again, in their language ul.
func (s *Service) takeBackOwn(ctx context.Context, t *table, p *undoRequest, ul string) (Reply, error) {
	row := t.row
	seat := rules.Seat(p.By)
	upto := p.first() - 1
	moves, err := s.store.Moves(ctx, row.ID)
	if err != nil {
		return Reply{}, err
	}
	rec, err := s.recordOf(ctx, row, upto)
	if err != nil {
		return Reply{}, err
	}
	f := readFlow(row)
	type told struct {
		by rules.Seat
		e  rules.Event
	}
	var since []told // the public events of the moves after the last post that stay
	human := 0       // flow.Human as those moves leave it (a post resets it)
	st, err := record.Replay(t.kit.Game, rec, func(i int, _ rules.State, evs []rules.Event) error {
		if m := moves[i]; m.Seq > f.Post {
			if m.UserID != AutoUser && m.UserID != RobotUser && !isAIUser(m.UserID) && !isRobot(row, rules.Seat(m.Seat)) {
				human = m.Seat + 1
			}
			for _, e := range evs {
				if e.Public() {
					since = append(since, told{rec.Moves[i].Seat, e})
				}
			}
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	snap, err := st.Encode()
	if err != nil {
		return Reply{}, err
	}
	ver, err := s.store.TruncateMoves(ctx, row.ID, row.Version, upto, snap)
	if err != nil {
		_ = s.reload(ctx, t)
		return Reply{}, conflictText(ul, err)
	}
	row.Version, row.Snapshot = ver, snap
	t.state, t.seq = st, upto
	// The pending events are rebuilt as afterMove wrote them, without the move taken back.
	lang := s.threadLang(row)
	name := seatNamer(lang, row, st)
	f.Pending, f.Human = nil, human
	f.Numbered = nil // moves were taken back: the status line reads the log once (turnNow)
	for _, x := range since {
		f.Pending = addPending(f.Pending, pendingOfIn(lang, x.e, name, x.by))
	}
	row.Flow = f.encode()
	if err := s.saveUndo(ctx, t, nil); err != nil {
		return Reply{}, err
	}
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		return Reply{}, conflictText(ul, err)
	}
	rep := Reply{Text: T(ul, "undo_own", "Last", p.last(ul, true)), Private: true, Game: row.ID}
	if p, ok := rules.PromptFor(st, seat); ok {
		img, err := s.render(t.kit, row, st, seat, t.seq, ul)
		if err != nil {
			s.log.Error("render after an undo", "game", row.ID, "err", err)
		}
		rep.Image, rep.More = altIn(img, ul, t.kit), true
		rep.Text += "\n" + T(ul, "turn_goes_on", "Prompt", promptText(ul, p, seatNamer(ul, row, st)))
	}
	return rep, nil
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
	p.game = t.kit.Game
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
// their own line, mine, in their language. settle, when set, closes the request's question in a
// word (its buttons), the thread having text in its own post: told once.
func (s *Service) dropUndo(ctx context.Context, t *table, kept *undoRequest, text, mine, settle string) (Reply, error) {
	if err := s.saveUndo(ctx, t, kept); err != nil {
		return Reply{}, err
	}
	if err := s.store.Enqueue(ctx, s.plainNotice(t.row, text)); err != nil {
		return Reply{}, err
	}
	if settle == "" {
		settle = text
	}
	return Reply{Text: mine, Private: true, Public: settle, Game: t.row.ID}, nil
}

// takeBack removes the moves of p (the player's last command, with the AI's replies) and rebuilds
// the state from the log. It is told once, in the thread's post with the board, naming who agreed;
// actor (in language ul) is the player whose agreement completed it, "" when the asker needed
// nobody's (only AI seats to agree). Each gets their own line privately.
func (s *Service) takeBack(ctx context.Context, t *table, p *undoRequest, actor, ul string) (Reply, error) {
	row := t.row
	st, _, err := s.replayTo(ctx, t, p.first()-1)
	if err != nil {
		return Reply{}, err
	}
	snap, err := st.Encode()
	if err != nil {
		return Reply{}, err
	}
	ver, err := s.store.TruncateMoves(ctx, row.ID, row.Version, p.first()-1, snap)
	if err != nil {
		_ = s.reload(ctx, t)
		return Reply{}, conflictText(s.threadLang(row), err)
	}
	row.Version, row.Snapshot = ver, snap
	t.state, t.seq = st, p.first()-1
	if err := s.saveUndo(ctx, t, nil); err != nil {
		return Reply{}, err
	}
	// The take-back is posted below: a look before it says nothing of the moves that follow.
	if err := s.setPeek(ctx, row.ID, 0); err != nil {
		return Reply{}, err
	}
	// The take-back is news for everyone: the thread starts afresh, pinging every awaited player.
	sl := s.threadLang(row)
	asker := playerName(row, rules.Seat(p.By))
	lead := T(sl, "undo_taken_back", "Name", asker, "Last", p.last(sl, false))
	var agreed []string
	for _, pl := range row.Players {
		if pl.Seat != p.By && !pl.Robot && holdsInt(p.Agreed, pl.Seat) {
			agreed = appendOnce(agreed, pl.Name)
		}
	}
	if len(agreed) > 0 {
		lead = T(sl, "undo_taken_back_agreed", "Name", asker, "Last", p.last(sl, false), "Names", joinNames(sl, agreed))
	}
	old := readFlow(row)
	f, notices := s.post(t, st, t.seq, flow{Takeovers: old.Takeovers, Remind: remindIn(old, row)}, lead)
	notices = s.quietPosts(s.gameTimes(ctx, row), row, st, &f, s.now(), notices)
	row.RemindAt = f.wakeAt(row)
	row.Flow = f.encode()
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		return Reply{}, conflictText(s.threadLang(row), err)
	}
	if err := s.store.Enqueue(ctx, notices...); err != nil {
		return Reply{}, err
	}
	// A robot seat awaited alongside (moves at once) is the AI's again.
	if _, ok := aiSeatDue(t); ok {
		s.handToAI(t)
	}
	if actor == "" {
		return Reply{Text: T(ul, "undo_took_back_you", "Last", p.last(ul, true)), Private: true, Game: row.ID}, nil
	}
	// Public settles the request's question in the thread (its buttons); the take-back itself is
	// told in the post.
	return Reply{Text: T(ul, "undo_agreed_you", "Asker", asker, "Last", p.last(ul, false)), Private: true,
		Public: T(sl, "undo_agreed", "Name", actor), Game: row.ID}, nil
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

// command is the player's last command as undo takes it back: the moves from seq from to the
// last, by seat, with each move's events and the player's steps as typed ("flow, 1, white").
type command struct {
	seat     int
	from     int64
	start    int // the index of move from in the log
	notation string
	evs      [][]rules.Event
	// replies are the AI seats' moves after the command (aiReplies), taken back with it.
	replies []replyMove
}

// replyMove is one move of an AI seat's reply: its seq, seat and events.
type replyMove struct {
	seq  int64
	seat int
	evs  []rules.Event
}

// lastCommand finds the last command in moves (the whole log of t), nil when the last moves are
// nobody's command (the bot's, the AI's, the clock's). When the last moves are AI seats' replies
// to a command of a seat in held, it is that command, with the replies. A command is the moves its player stored
// with one interaction (play.go stores step n of interaction "X" as "X#n"), followed by the moves
// the bot then played automatically for the same seat. Moves without an interaction id (the
// console) group as the player's moves since the last move of another seat in the same turn.
func (s *Service) lastCommand(ctx context.Context, t *table, moves []storage.Move, held []rules.Seat) (*command, error) {
	rec, err := s.recordOf(ctx, t.row, t.seq)
	if err != nil {
		return nil, err
	}
	if len(rec.Moves) != len(moves) {
		return nil, fmt.Errorf("game %d: %d moves stored, %d in its record", t.row.ID, len(moves), len(rec.Moves))
	}
	evs := make([][]rules.Event, len(moves))
	turn := make([]int, len(moves)) // the turn count after each move
	if _, err := record.Replay(t.kit.Game, rec, func(i int, st rules.State, e []rules.Event) error {
		evs[i], turn[i] = e, turnCount(st)
		return nil
	}); err != nil {
		return nil, err
	}
	end := len(moves)
	from, ok := commandStart(moves, turn)
	if !ok || !holds(held, moves[from].Seat) {
		if k := aiReplies(t.row, moves, held); k > 0 && k < len(moves) {
			if f, ok := commandStart(moves[:k], turn[:k]); ok && holds(held, moves[f].Seat) {
				from, end = f, k
			}
		}
	}
	if !ok && end == len(moves) {
		return nil, nil
	}
	c := &command{seat: moves[from].Seat, from: moves[from].Seq, start: from, evs: evs[from:end]}
	for i := end; i < len(moves); i++ {
		c.replies = append(c.replies, replyMove{moves[i].Seq, moves[i].Seat, evs[i]})
	}
	var steps []string
	for _, m := range moves[from:end] {
		if m.UserID != AutoUser {
			steps = append(steps, m.Notation)
		}
	}
	c.notation = strings.Join(steps, ", ")
	return c, nil
}

// aiReplies is the index in moves of the first of the last moves that are AI seats' replies: moves
// of robot seats (by the AI, the random player or the bot) and the bot's forced moves for the
// seats held; len(moves) when the last move is none of these or none of them is a robot seat's.
func aiReplies(row *storage.Game, moves []storage.Move, held []rules.Seat) int {
	k, robot := len(moves), false
	for k > 0 {
		m := moves[k-1]
		switch {
		case isRobot(row, rules.Seat(m.Seat)) && (m.UserID == AIUser || m.UserID == RobotUser || m.UserID == AutoUser):
			robot = true
		case m.UserID == AutoUser && holds(held, m.Seat):
		default:
			if !robot {
				return len(moves)
			}
			return k
		}
		k--
	}
	if !robot {
		return len(moves)
	}
	return k
}

// commandStart is the index in moves of the first move of the last command (see lastCommand);
// turn[i] is the turn count after move i. False when the last moves are nobody's command.
func commandStart(moves []storage.Move, turn []int) (int, bool) {
	i := len(moves) - 1
	for i >= 0 && moves[i].UserID == AutoUser && moves[i].Seat == moves[len(moves)-1].Seat {
		i--
	}
	if i < 0 {
		return 0, false
	}
	top := moves[i]
	if top.Seat != moves[len(moves)-1].Seat || !byPlayer(top) {
		return 0, false
	}
	key := commandKey(top.InteractionID)
	from := i
	for j := i - 1; j >= 0; j-- {
		m := moves[j]
		if m.Seat != top.Seat {
			break
		}
		if key != "" {
			if m.UserID != top.UserID || commandKey(m.InteractionID) != key {
				break
			}
		} else if (m.UserID != top.UserID && m.UserID != AutoUser) || m.InteractionID != "" ||
			(j > 0 && turn[j-1] != turn[j]) { // moves j and j+1 began in different turns
			break
		}
		from = j
	}
	return from, true
}

// byPlayer reports whether move m was played for its seat's player rather than by the bot on
// its own (a robot seat, an only legal move): those alone are nobody's to take back.
func byPlayer(m storage.Move) bool {
	return m.UserID != AutoUser && m.UserID != RobotUser
}

// commandKey is the interaction a stored move came from: its id without play.go's "#n".
func commandKey(id string) string {
	if k, _, ok := strings.Cut(id, "#"); ok {
		return k
	}
	return id
}
