package bot

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/storage"
)

// Notice is a message for a game's thread or a user, queued in the outbox in the same transaction
// as the change that caused it, and delivered by a Dispatcher. Everything a transport needs to
// draw it is here, built from public information only (a "dm" carries its one player's text).
//
// Kinds: "turn" is a new thread post (the digest since the last post, the board at Seq, the
// prompts); "status" edits the game's live post (the one posted at Post) in a simultaneous phase:
// its Text and buttons are replaced, nobody is pinged, no board is attached; "text" is a plain
// post; "reminder", "late" and "undo" questions are posts with their own buttons; "dm" goes to User.
type Notice struct {
	Kind     string   `json:"kind"`
	Game     int64    `json:"game"`
	Seq      int64    `json:"seq"`            // the game after this many moves; buttons carry it
	Post     int64    `json:"post,omitempty"` // status: the Seq of the post it edits
	Channel  string   `json:"channel"`        // where to post: the thread, else the lobby channel
	Text     string   `json:"text"`
	Mentions []string `json:"mentions,omitempty"` // user ids to ping: exactly these, nobody else
	Board    bool     `json:"board,omitempty"`    // attach the public board at Seq
	Recap    bool     `json:"recap,omitempty"`    // attach the game's recap (a result post)
	Prompt   bool     `json:"prompt,omitempty"`   // awaited seats get "Take your turn" buttons
	User     string   `json:"user,omitempty"`     // dm: the user it is for
	// Awaited are the seats the prompt buttons are for (turn, status, reminder) or that ran out of
	// time (late), with their players.
	Awaited []Awaited `json:"awaited,omitempty"`
	// Actions the other players may take on a late notice: ActSkip, ActReplace, ActEnd.
	Actions []string `json:"actions,omitempty"`
	// Undo asks the other players to agree to take back move Seq (buttons Agree / Refuse).
	Undo bool `json:"undo,omitempty"`
	// Snap is the game's snapshot at Seq, stored with a board notice in the move's transaction so
	// that drawing it never replays the log however far the game has moved on. It holds private
	// information: Deliver takes it off before a transport sees the notice.
	Snap []byte `json:"snap,omitempty"`
	// Head is how many of a turn post's first Text lines are its events (the rest is the
	// prompts or the result): what a later post of the same game keeps of it when delivery,
	// having fallen behind, folds the two into one (see fold). A status edit's are the post's
	// events and those since.
	Head int `json:"head,omitempty"`
	// Since are, on a turn post whose events a status edit of the post before (at After) told
	// in part, all its events with the edit that told each: the Text leaves those out, and
	// delivery puts back the ones no edit that reached the thread told (see restore).
	Since []pendingEvent `json:"since,omitempty"`
	After int64          `json:"after,omitempty"`
	// Own is how many of a status edit's first Text lines are its post's own (the post's
	// events, as posted): a status that goes out as a new post, where the old one cannot be
	// edited, leaves them out, since the old post still tells them (see WithoutPost).
	Own int `json:"own,omitempty"`
	// Lead says the first line is not an event but "<seat> moved." (a move without public
	// events): folded into a later post, it is kept only when no post of the fold has events.
	Lead bool `json:"lead,omitempty"`
	// Lang is the language its text is in (the server's, or a DM's user's), for what delivery
	// adds to it; "" is English (notices queued before languages).
	Lang string `json:"lang,omitempty"`
	// Last is what the board's last-move box tells (render.Meta.Last): the post's events without
	// housekeeping. Nil: the box tells the engine's own last move.
	Last []string `json:"last,omitempty"`
	// Silent: the post goes out without notifications (Discord's SUPPRESS_NOTIFICATIONS), as
	// its mentions were taken off for the players' quiet hours.
	Silent bool `json:"silent,omitempty"`
}

// Awaited is a seat a notice is about, with its player.
type Awaited struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	User string `json:"user"`
	// Answers are the public one-tap answers its prompt declares (rules.Prompt.Answers).
	Answers []Answer `json:"answers,omitempty"`
}

// Answer is a whole move offered as a button of its own on a public post, so that a question (a
// vote, an alliance, a passage, the answer to a trade offer) takes one tap instead of the picker.
// Only the game declares them, and only public ones.
type Answer struct {
	Move  string `json:"move"`
	Label string `json:"label,omitempty"`
}

// notice wraps n for the outbox, due now by the service's clock.
func (s *Service) notice(n Notice) storage.OutboxMessage {
	b, _ := json.Marshal(n)
	now := s.now()
	return storage.OutboxMessage{GameID: n.Game, Kind: n.Kind, Payload: b, NextTry: now, Created: now}
}

func postChannel(row *storage.Game) string {
	if row.Thread != "" {
		return row.Thread
	}
	return row.Channel
}

func (s *Service) plainNotice(row *storage.Game, text string) storage.OutboxMessage {
	return s.notice(Notice{Kind: "text", Game: row.ID, Channel: postChannel(row), Text: text, Lang: s.threadLang(row)})
}

// privateNotices sends events addressed to some seats to those players by direct message, when
// they asked for DMs. Otherwise they read them with /view or in their own move's reply. actor is
// the user who made the move for seat mover: that move's reply tells them, so no DM tells it again.
func (s *Service) privateNotices(ctx context.Context, t *table, evs []rules.Event, mover rules.Seat, actor string) ([]storage.OutboxMessage, error) {
	var out []storage.OutboxMessage
	for _, e := range evs {
		if e.Public() {
			continue
		}
		for _, seat := range e.To {
			uid := userOf(t.row, seat)
			if uid == "" || (seat == mover && uid == actor) || isRobot(t.row, seat) {
				continue
			}
			on, err := s.wantsDM(ctx, uid)
			if err != nil {
				return nil, err
			}
			if on {
				lang := s.userLang(ctx, uid, "")
				out = append(out, s.notice(Notice{Kind: "dm", Game: t.row.ID, User: uid, Lang: lang,
					Text: T(lang, "dm", "Game", gameTitle(t), "Text", eventText(lang, e, seatNamer(lang, t.row, t.state)))}))
			}
		}
	}
	return out, nil
}

func userOf(row *storage.Game, seat rules.Seat) string {
	for _, p := range row.Players {
		if p.Seat == int(seat) {
			return p.UserID
		}
	}
	return ""
}

func appendOnce(list []string, v string) []string {
	if v == "" {
		return list
	}
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

// resultText states a finished game's result, the same in the thread post, /board and /games.
// st (nil when unknown) gives the seats' own names, which tell AI seats apart.
func resultTextIn(lang string, row *storage.Game, st rules.State, res *rules.Result) string {
	var ws []string
	for _, seat := range res.Winners() {
		ws = append(ws, winnerName(lang, row, st, seat))
	}
	var head string
	switch {
	case len(ws) == 0 && len(row.Players) == 1:
		head = T(lang, "result_solo_lost", "Name", playerName(row, 0))
	case len(ws) == 0:
		head = T(lang, "result_nobody")
	case len(ws) == 1:
		head = T(lang, "result_wins", "Name", ws[0])
	default:
		head = T(lang, "result_share", "Names", joinNames(lang, ws))
	}
	reason := resultReason(lang, res, func(seat rules.Seat) string { return seatLabel(lang, row, st, seat) })
	r := strings.TrimRight(reason, ". ") // a reason is often a sentence; the full stop after it is ours
	switch {
	case r == "":
	case len(ws) == 1 && strings.HasPrefix(r, ws[0]+" ") && saysWin(lang, r):
		// The reason already says who wins ("bob reaches 37 points and wins"): said once.
		head = T(lang, "result_said", "Reason", r)
	default:
		head = T(lang, "result_with_reason", "Result", head, "Reason", r)
	}
	text := T(lang, "result_stop", "Result", head)
	if len(res.Scores) == len(row.Players) && slices.ContainsFunc(res.Scores, func(sc int) bool { return sc != 0 }) {
		// A game won without points (every score 0) has no scores to tell.
		var parts []string
		for i, sc := range res.Scores {
			parts = append(parts, T(lang, "result_score", "Name", winnerName(lang, row, st, rules.Seat(i)), "Score", sc))
		}
		if r, ok := st.(rules.SoloRival); ok {
			// The rival's score beside the player's: "alice 3" alone hides that it won with 64.
			if name, sc, ok := r.Rival(); ok {
				parts = append(parts, T(lang, "result_score", "Name", engineText(lang, name, nil), "Score", sc))
			}
		}
		text += " " + T(lang, "result_scores", "Scores", strings.Join(parts, ", "))
	}
	return text
}

// saysWin reports whether a result's reason holds one of the language's words for winning
// (result_win_words, stems separated by "|").
func saysWin(lang, reason string) bool {
	low := strings.ToLower(reason)
	for _, w := range strings.Split(T(lang, "result_win_words"), "|") {
		if w != "" && strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// winnerName is a seat's player as results and boards name it: the name, as everywhere else
// ("Ada wins", never "the AI playing Xeno"); AI seats have names of their own (nameAISeats).
func winnerName(lang string, row *storage.Game, st rules.State, seat rules.Seat) string {
	return seatLabel(lang, row, st, seat)
}

// setClocks sets the move deadline and the next reminder from the game's clock settings, and
// when Tick next looks at the game (f's reminder, held pings, the AI's hold). The clocks count
// the awaited players' awake time only: the deadline is when the last of them has been awake
// for the game's clock, the reminder when the first has been awake for its reminder time.
func (s *Service) setClocks(pt *playerTimes, row *storage.Game, st rules.State, f *flow) {
	row.Deadline, row.RemindAt, f.Remind = nil, nil, remindNone
	if st.Result() != nil {
		f.Hold = nil
		return
	}
	now := s.now()
	users := awaitedUsers(row, st)
	if row.ClockHours > 0 {
		d := now.Add(time.Duration(row.ClockHours) * time.Hour)
		for i, u := range users {
			at := pt.of(u).AwakeAfter(now, time.Duration(row.ClockHours)*time.Hour)
			if i == 0 || at.After(d) {
				d = at
			}
		}
		row.Deadline = &d
	}
	if row.ReminderHours > 0 {
		r := now.Add(time.Duration(row.ReminderHours) * time.Hour)
		for i, u := range users {
			at := pt.of(u).AwakeAfter(now, time.Duration(row.ReminderHours)*time.Hour)
			if i == 0 || at.Before(r) {
				r = at
			}
		}
		f.Remind = r.Unix()
	}
	row.RemindAt = f.wakeAt(row)
}

// Outgoing is a delivered notice, ready for a transport: text, the users to ping, and the board.
type Outgoing struct {
	Notice
	Image *Image
	// Focus is the part of the board a phone must read, drawn larger, posted with the board;
	// nil for a game whose whole board reads at phone width.
	Focus *Image
	// Recap is the finished game's recap, a second picture after the board.
	Recap *Image
	// ID is the outbox message's id. Key identifies this message across retries and never
	// another one (ids are reused once a message is sent), so a transport can make a repeated
	// send idempotent with it (Discord's message nonce); it is at most 22 characters.
	ID  int64
	Key string
	// Stale is set on a prompt that the game has moved past (a turn post delivered after a later
	// post, a reminder after a move): it is shown without buttons or pings. A stale status edit
	// is not made at all.
	Stale bool
	// Live is, for a status edit, the id of the message to edit: the turn post it names (never a
	// reminder that became the prompt since); "" while that post has not been delivered.
	Live string
	// Folded are the outbox ids of the earlier messages of the game this one stands for: delivery
	// fell behind, and their events are in this post (see fold). They are done when it is sent.
	Folded []int64
	// Queued is when the oldest message this one stands for was enqueued (the metrics'
	// enqueue-to-post time).
	Queued time.Time
}

// Sender delivers one message. An error means "try again later"; the outbox keeps it.
type Sender interface {
	Send(ctx context.Context, out Outgoing) error
}

// Parallel is a Sender that may be given several messages at once, of different games (never two
// of one game), up to Parallel() of them. Other senders get one message at a time.
type Parallel interface {
	Parallel() int
}

// deliverLease is how long an instance holds the messages it claimed unless Options say
// otherwise: longer than the slowest send (a rate limit waited out included), short enough that
// a dead instance's messages are soon taken over.
const deliverLease = 2 * time.Minute

// Deliver claims up to limit due outbox messages for this instance and sends them through sender,
// and returns how many went out. Each game's messages go out one after another in queue order;
// different games' go out at once when the sender is Parallel. A claim keeps other instances off
// the messages (storage.Store.Claim), so each is sent by one instance, and a dead instance's are
// taken over when its lease runs out. A failed send is retried later with a growing delay, and
// its game's later messages wait behind it, so a move is never lost, reordered or sent twice by
// the bot (a transport that fails after delivering may still repeat one message).
func (s *Service) Deliver(ctx context.Context, sender Sender, limit int) (int, error) {
	if limit <= 0 {
		limit = 1
	}
	claimed, lease := s.now(), cmp.Or(s.opt.DeliverLease, deliverLease)
	msgs, err := s.store.Claim(ctx, s.owner, claimed, lease, limit)
	if err != nil {
		return 0, err
	}
	until := claimed.Add(lease / 2)
	lanes := lanesOf(msgs)
	workers := 1
	if p, ok := sender.(Parallel); ok {
		workers = max(1, min(p.Parallel(), len(lanes)))
	}
	var (
		sent  atomic.Int64
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	next := make(chan []storage.OutboxMessage)
	for range workers {
		wg.Go(func() {
			for lane := range next {
				if err := s.deliverLane(ctx, sender, lane, &sent, until); err != nil {
					mu.Lock()
					first = cmp.Or(first, err)
					mu.Unlock()
				}
			}
		})
	}
	for _, lane := range lanes {
		next <- lane
	}
	close(next)
	wg.Wait()
	return int(sent.Load()), first
}

// lanesOf groups claimed messages by game, each game's in queue order (by id: a retried message
// is due later than the ones queued behind it, yet goes first); a message of no game is a lane
// of its own.
func lanesOf(msgs []storage.OutboxMessage) [][]storage.OutboxMessage {
	var lanes [][]storage.OutboxMessage
	at := map[int64]int{}
	for _, m := range msgs {
		i, ok := at[m.GameID]
		if !ok || m.GameID == 0 {
			i = len(lanes)
			lanes = append(lanes, nil)
			at[m.GameID] = i
		}
		lanes[i] = append(lanes[i], m)
	}
	for _, l := range lanes {
		slices.SortFunc(l, func(a, b storage.OutboxMessage) int { return cmp.Compare(a.ID, b.ID) })
	}
	return lanes
}

// deliverLane sends one game's messages in order. When one fails, the rest are put off with it
// (a Retry, so each counts an attempt) and go out after it; only a store error is returned. No
// send starts after until (half the claim's lease): the rest stay claimed until the lease
// lapses and are then claimed again, so a send (bounded by the transport to less than the
// other half) always ends before another instance may take its message over.
//
// When ctx ends (SIGTERM), the message being sent is finished and recorded all the same (it may
// have reached Discord: left claimed, it would go out again after a restart), and the rest of
// the lane is released at once for whichever instance runs next.
func (s *Service) deliverLane(ctx context.Context, sender Sender, lane []storage.OutboxMessage, sent *atomic.Int64, until time.Time) error {
	stop := ctx
	ctx = context.WithoutCancel(ctx)
	for i := 0; i < len(lane); {
		if stop.Err() != nil {
			return s.release(ctx, lane[i:])
		}
		if s.now().After(until) {
			s.log.Warn("outbox: the claim's lease is half gone, the game's other messages wait for the next claim", "game", lane[i].GameID, "left", len(lane)-i)
			return nil
		}
		folded := fold(lane[i:])
		m := lane[i+len(folded)]
		next, err := s.deliverOne(ctx, sender, m, folded)
		if err != nil {
			return err
		}
		if next.IsZero() {
			sent.Add(int64(len(folded) + 1))
			i += len(folded) + 1
			continue
		}
		if m.Kind == "status" {
			// A status edit that failed (its post not delivered, or refused) holds nothing:
			// the game's next post goes out, and makes the edit outdated.
			i += len(folded) + 1
			continue
		}
		for _, r := range lane[i:] {
			if r.ID == m.ID {
				continue // deliverOne put it off already
			}
			if err := s.store.Retry(ctx, r.ID, next); err != nil {
				return err
			}
		}
		return nil
	}
	return nil
}

// release gives up this instance's claims on msgs (a stop): due at once, for the next instance.
// Each counts an attempt, as a claim taken over does.
func (s *Service) release(ctx context.Context, msgs []storage.OutboxMessage) error {
	now := s.now()
	for _, m := range msgs {
		if err := s.store.Retry(ctx, m.ID, now); err != nil && !errors.Is(err, storage.ErrNotFound) {
			return err
		}
	}
	return nil
}

// fold finds the messages at the head of a game's lane that a later turn post of the same lane
// makes outdated: earlier turn posts and status edits (of a post the later one replaces). When delivery has
// fallen behind a game (a burst of moves, an outage), they go out as one post with the newest
// board: their events first, then the newest post's text. That is what a player scrolling the
// thread wants (one board, every move listed), and it draws one board instead of many, so a
// lagging outbox catches up. It returns the messages to fold into the one after them (none when
// the head is not an outdated turn post). Turn posts queued by an older version (no Head) are
// not folded: their events cannot be told from their prompts.
func fold(lane []storage.OutboxMessage) []storage.OutboxMessage {
	var turns []int // the run's turn posts
	tried := -1     // the last message of the run that was tried before
	for j, m := range lane {
		if m.Kind != "turn" && m.Kind != "status" {
			break
		}
		if m.Kind == "turn" {
			if len(turns) > 0 && !foldable(lane[turns[len(turns)-1]]) {
				break
			}
			turns = append(turns, j)
		}
		if m.Attempts > 0 {
			tried = j
		}
	}
	// A message tried before (a failed send, or a claim taken over from a dead instance) may be
	// on Discord already, under its nonce: it is sent again as it was, with the same messages
	// folded into it (those before it, all still queued) and none of the later ones, so that
	// Discord's nonce check returns the first post instead of making a second.
	if tried >= 0 {
		for len(turns) > 0 && turns[len(turns)-1] > tried {
			turns = turns[:len(turns)-1]
		}
	}
	if len(turns) == 0 || turns[len(turns)-1] == 0 {
		return nil
	}
	return lane[:turns[len(turns)-1]]
}

// foldable reports whether a queued turn post says how many of its lines are events, and is not
// the game's start post (at seq 0), whose roster is no event: the post the robots' first moves
// make right after it goes out on its own.
func foldable(m storage.OutboxMessage) bool {
	var h struct {
		Head int   `json:"head"`
		Seq  int64 `json:"seq"`
	}
	return json.Unmarshal(m.Payload, &h) == nil && h.Head > 0 && h.Seq > 0
}

// oldNotShown is the first line of a digest queued by an older version that left events out.
const oldNotShown = "(%d earlier events not shown.)"

// merge makes n, the newest of a run of turn posts, carry the events of the earlier ones
// (folded, with their status edits): all their event lines, each post's apart from the next by a
// blank line as turns are, then n's own prompts or result. The earlier posts' pings go to those
// still awaited in n, who were never pinged since those posts were not made; the others have
// moved since and need none.
func merge(n *Notice, folded []storage.OutboxMessage, made func(post int64) int64) {
	if len(folded) == 0 {
		return
	}
	var events, leads, last []string
	awaited := map[string]bool{}
	for _, a := range n.Awaited {
		awaited[a.User] = true
	}
	hidden := 0 // events the digest of a post queued by an older version had already left out
	add := func(f Notice) {
		lines := strings.Split(f.Text, "\n")
		head := lines[:min(f.Head, len(lines))]
		if f.Lead && len(head) > 0 {
			leads = append(leads, head[0])
			head = head[1:]
		}
		var own []string
		for _, l := range head {
			var k int
			if _, err := fmt.Sscanf(l, oldNotShown, &k); err == nil {
				hidden += k
				continue
			}
			own = append(own, l)
		}
		if len(f.Last) > 0 {
			if len(last) > 0 {
				last = append(last, "")
			}
			last = append(last, f.Last...)
		}
		if len(own) == 0 {
			return
		}
		if len(events) > 0 {
			events = append(events, "")
		}
		events = append(events, own...)
	}
	for _, m := range folded {
		if m.Kind != "turn" {
			continue
		}
		f, _, err := decodeNotice(m)
		if err != nil {
			continue
		}
		restore(&f, made(f.After))
		add(f)
		for _, u := range f.Mentions {
			if awaited[u] {
				n.Mentions = appendOnce(n.Mentions, u)
			}
		}
	}
	lines := strings.Split(n.Text, "\n")
	rest := lines[min(n.Head, len(lines)):]
	add(*n)
	n.Lead = false
	if len(events) == 0 {
		events = leads
	}
	if hidden > 0 {
		events = append([]string{T(n.Lang, "events_before", "Count", hidden, "FullList", T(n.Lang, "full_list"))}, events...)
	}
	n.Text = strings.Join(append(events, rest...), "\n")
	n.Head = len(events)
	n.Last = last
}

// deliverOne sends m and ends its claim: removed when sent, put off when the send failed. It
// returns when it is to be tried again (zero: sent, or dropped for good).
func (s *Service) deliverOne(ctx context.Context, sender Sender, m storage.OutboxMessage, folded []storage.OutboxMessage) (time.Time, error) {
	n, snap, err := decodeNotice(m)
	if err != nil {
		s.log.Error("outbox: bad payload, dropped", "id", m.ID, "err", err)
		return time.Time{}, s.store.MarkSent(ctx, m.ID)
	}
	made := s.madeEdits(ctx, n, folded)
	restore(&n, made(n.After))
	merge(&n, folded, made)
	out := Outgoing{Notice: n, ID: m.ID, Key: outboxKey(m), Queued: m.Created}
	for _, f := range folded {
		out.Folded = append(out.Folded, f.ID)
		if f.Created.Before(out.Queued) {
			out.Queued = f.Created
		}
	}
	if n.Game != 0 && s.refusedAndOver(ctx, n.Game, n.Kind == "dm") {
		// Its thread refused the game's posts and the game has ended since (an /abort by
		// number), or it was never opened: nothing will read it, and every refused try counts
		// against the bot.
		return time.Time{}, s.store.MarkSent(ctx, m.ID)
	}
	if n.Kind != "dm" && n.Game != 0 {
		s.current(ctx, &out)
	}
	s.quietOnDelivery(ctx, &out)
	if n.Board && !(n.Kind == "status" && out.Stale) { // an outdated edit is not made: no drawing
		img, focus, err := s.boardAt(ctx, n.Game, n.Seq, snap, n.Last)
		if err != nil {
			s.log.Error("outbox: board", "game", n.Game, "err", err)
		} else {
			out.Image, out.Focus = img, focus
		}
	}
	if n.Recap {
		out.Recap = s.recapImage(ctx, n.Game)
	}
	send := sender.Send
	if r, ok := sender.(Resender); ok && m.Attempts > 0 && time.Since(m.Created) > cmp.Or(s.opt.NonceWindow, nonceWindow) {
		// Tried before, and queued longer ago than Discord remembers nonces: it may be posted
		// already (its mark lost), and Discord would not merge a second post into it.
		send = r.SendAgain
	}
	err = send(ctx, out)
	if err == nil && len(folded) > 0 && n.Kind == "turn" {
		s.noteFolded(ctx, n.Game, n.Seq, out.Text, out.Head)
	}
	var dropped *Dropped
	if errors.As(err, &dropped) {
		err = nil // not made, and never will be: done with, its events told by the next post
	} else if err == nil && n.Kind == "status" && !out.Stale {
		// Another instance may write the game at the same moment: tried again on the game as
		// it is then, as the prompt's id is (bot/discord takeButtonsOff).
		werr := s.editMade(ctx, n.Game, n.Post, n.Seq)
		for try := 1; werr != nil && try < 4; try++ {
			werr = s.editMade(ctx, n.Game, n.Post, n.Seq)
		}
		if werr != nil {
			// Unrecorded, the next post tells the edit's events once more: twice, not lost.
			s.log.Warn("outbox: recording a status edit", "game", n.Game, "err", werr)
		}
	}
	if err != nil {
		if refusal, ok := refusedBy(err); ok && n.Game != 0 {
			// The thread refuses it until someone fixes it: the game waits, and is told so.
			next, rerr := s.threadRefused(ctx, n.Game, refusal)
			if rerr != nil {
				return time.Time{}, rerr
			}
			if !next.IsZero() {
				return next, s.store.Retry(ctx, m.ID, next)
			}
			err = nil // the game is over: nothing waits for it, dropped below as sent
		}
	}
	if n.Kind != "dm" && n.Game != 0 && err == nil {
		if werr := s.threadWorks(ctx, n.Game); werr != nil {
			s.log.Warn("outbox: lifting a thread's refusal", "game", n.Game, "err", werr)
		}
	}
	if err != nil {
		delay := time.Duration(1<<min(m.Attempts, 12)) * time.Second
		// A transport that knows how long Discord asked it to wait (a 429's Retry-After) says
		// so; trying earlier would only earn another 429.
		var hint interface{ RetryAfter() time.Duration }
		if errors.As(err, &hint) {
			delay = max(delay, hint.RetryAfter())
		}
		next := s.now().Add(delay)
		s.log.Warn("outbox: send failed, will retry", "id", m.ID, "game", n.Game, "in", delay, "err", err)
		return next, s.store.Retry(ctx, m.ID, next)
	}
	// Sent: recorded with retries, since a mark left undone lets the claim lapse and the post go
	// out again.
	ids := append(append([]int64{}, out.Folded...), m.ID)
	return time.Time{}, s.markSent(ctx, ids...)
}

// keepFolded puts head, the text the edited message went out with when lagging posts were folded
// into it, in place of the post's own lines, unless the edit would then not fit one message (it
// then keeps the post's own lines, as before: too long is refused outright).
func (n *Notice) keepFolded(head string) {
	if n.Kind != "status" || n.Own <= 0 {
		return
	}
	lines := strings.Split(n.Text, "\n")
	k := min(n.Own, len(lines))
	folded := strings.Split(head, "\n")
	text := strings.Join(append(slices.Clone(folded), lines[k:]...), "\n")
	if len(text) > statusRoom {
		return
	}
	n.Text = text
	n.Head += len(folded) - k
	n.Own = len(folded)
}

// WithoutPost leaves out of a status edit the lines its post told already, for a status that
// goes out as a message other than that post.
func (n *Notice) WithoutPost() {
	if n.Kind != "status" || n.Own <= 0 {
		return
	}
	lines := strings.Split(n.Text, "\n")
	k := min(n.Own, len(lines))
	n.Text = strings.Join(lines[k:], "\n")
	n.Head = max(0, n.Head-k)
	n.Own = 0
}

// Dropped is what a Sender returns for a message it did not deliver and will not (a status edit
// of a post that never reached the thread, or one the platform refuses for good): it is done
// with as if sent, but the service knows the thread did not get it.
type Dropped struct{ Why error }

func (d *Dropped) Error() string { return "dropped: " + d.Why.Error() }

func (d *Dropped) Unwrap() error { return d.Why }

// restore puts back in front of a turn post's events those of its Since that the status edits
// of the post before it told only in edits that never reached the thread (outdated, folded into
// this post, refused): made is the newest edit of that post that did (0: none). Every event is
// then on the thread exactly once: in the edited post or in this one.
func restore(n *Notice, made int64) {
	if n.Kind != "turn" || len(n.Since) == 0 {
		return
	}
	var keep []pendingEvent
	back := false
	for _, e := range n.Since {
		if e.Edit == 0 || e.Edit > made {
			keep = append(keep, e)
			back = back || e.Edit > made
		}
	}
	n.Since = nil
	if !back {
		return
	}
	lines := strings.Split(n.Text, "\n")
	rest := lines[min(n.Head, len(lines)):]
	head := turnLines(keep)
	if len(head) == 0 {
		return
	}
	// "<seat> moved." stood for a post without events of its own: it has some now.
	n.Lead = false
	n.Text = strings.Join(append(head, rest...), "\n")
	n.Head = len(head)
}

// madeEdits reads, when n or the posts folded into it left out events a status edit told, which
// edits reached the thread (flow.Edits); the lookup answers 0 for every post otherwise.
func (s *Service) madeEdits(ctx context.Context, n Notice, folded []storage.OutboxMessage) func(int64) int64 {
	need := len(n.Since) > 0
	for _, m := range folded {
		var h struct {
			Since []json.RawMessage `json:"since"`
		}
		need = need || (m.Kind == "turn" && json.Unmarshal(m.Payload, &h) == nil && len(h.Since) > 0)
	}
	var f flow
	if need && n.Game != 0 {
		if t, err := s.load(ctx, n.Game); err == nil {
			f = readFlow(t.row)
			t.mu.Unlock()
		}
	}
	return f.madeEdit
}

// editMade records that the status edit at seq of the post at post reached the thread: the
// events it told are not told again.
func (s *Service) editMade(ctx context.Context, game, post, seq int64) error {
	t, err := s.load(ctx, game)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	f := readFlow(t.row)
	if f.madeEdit(post) >= seq {
		return nil
	}
	f.Edits = slices.DeleteFunc(f.Edits, func(m editMark) bool { return m.Post == post })
	f.Edits = append(f.Edits, editMark{Post: post, Seq: seq})
	f.Edits = f.Edits[max(0, len(f.Edits)-keptEdits):]
	t.row.Flow = f.encode()
	if err := s.store.UpdateGame(ctx, t.row); err != nil {
		_ = s.reload(ctx, t)
		return err
	}
	return nil
}

// decodeNotice reads a queued notice and takes its snapshot off it: the snapshot holds private
// information, so it is returned apart and never travels with the notice to a transport.
func decodeNotice(m storage.OutboxMessage) (Notice, []byte, error) {
	var n Notice
	err := json.Unmarshal(m.Payload, &n)
	snap := n.Snap
	n.Snap = nil
	return n, snap, err
}

func outboxKey(m storage.OutboxMessage) string {
	h := sha256.New()
	fmt.Fprintf(h, "%d|%d|", m.ID, m.Created.UnixNano())
	h.Write(m.Payload)
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))[:22]
}

// current points a game's notice at the game's thread (a notice queued before the thread was
// attached names the lobby channel) and marks an outdated prompt stale.
func (s *Service) current(ctx context.Context, out *Outgoing) {
	t, err := s.load(ctx, out.Game)
	if err != nil {
		return
	}
	defer t.mu.Unlock()
	if ch := postChannel(t.row); ch != "" {
		out.Channel = ch
	}
	running := t.row.Status == storage.StatusRunning
	f := readFlow(t.row)
	post := f.Post
	switch {
	case out.Kind == "status":
		// Only the newest edit of the newest post is made; the others are outdated.
		out.Stale = !running || out.Post != post || out.Seq != t.seq
		out.Live = f.Message
		if f.Folded != "" && !out.Stale {
			out.Notice.keepFolded(f.Folded)
		}
		if f.Reposted {
			out.WithoutPost() // the live message is a later post, under the one that told them
		}
	case out.Kind == "turn" && out.Prompt:
		// A turn post stays live while the same turn goes on: until the next post.
		out.Stale = !running || out.Seq != post
	case out.Prompt || len(out.Actions) > 0 || out.Undo:
		out.Stale = !running || out.Seq != t.seq
	}
}

// SetPrompt records msg as the game's prompt message (the one whose buttons are live) when the
// game is still at seq or seq is its last thread post, and returns the previous one so the
// transport can take its buttons off. turn says msg is the turn post at seq, which status edits
// then change. It returns "" and false when the game has moved on.
func (s *Service) SetPrompt(ctx context.Context, game, seq int64, msg string, turn bool) (string, bool, error) {
	t, err := s.load(ctx, game)
	if err != nil {
		return "", false, err
	}
	defer t.mu.Unlock()
	f := readFlow(t.row)
	if (t.seq != seq && f.Post != seq) || t.row.Status != storage.StatusRunning {
		return "", false, nil
	}
	prev := t.row.PromptMessage
	post := turn && f.Post == seq && f.Message != msg
	if prev == msg && !post {
		return "", true, nil
	}
	t.row.PromptMessage = msg
	if post {
		// A second message of the same post: its status went out anew (an archived thread
		// took no edit), and later edits change that one.
		f.Reposted = f.Message != ""
		f.Message = msg
		t.row.Flow = f.encode()
	}
	if err := s.store.UpdateGame(ctx, t.row); err != nil {
		_ = s.reload(ctx, t)
		return "", false, err
	}
	if prev == msg {
		prev = ""
	}
	return prev, true, nil
}

// noteFolded records, for the game's live post at seq, the head its message went out with when
// delivery folded lagging posts into it (see flow.Folded). A failure only costs later edits the
// folded lines, which the history still has; it is logged.
func (s *Service) noteFolded(ctx context.Context, game, seq int64, text string, head int) {
	lines := strings.Split(text, "\n")
	folded := strings.Join(lines[:min(head, len(lines))], "\n")
	t, err := s.load(ctx, game)
	if err != nil {
		return
	}
	defer t.mu.Unlock()
	f := readFlow(t.row)
	if f.Post != seq || f.Folded == folded {
		return
	}
	f.Folded = folded
	t.row.Flow = f.encode()
	if err := s.store.UpdateGame(ctx, t.row); err != nil {
		_ = s.reload(ctx, t)
		s.log.Warn("outbox: recording a folded post's head", "game", game, "err", err)
	}
}

// EndPrompt forgets the prompt message of a game that is over and returns it, so the transport
// can take its buttons off; it returns "" while the game runs.
func (s *Service) EndPrompt(ctx context.Context, game int64) (string, error) {
	t, err := s.load(ctx, game)
	if err != nil {
		return "", err
	}
	defer t.mu.Unlock()
	if t.row.Status == storage.StatusRunning || t.row.Status == storage.StatusLobby || t.row.PromptMessage == "" {
		return "", nil
	}
	prev := t.row.PromptMessage
	t.row.PromptMessage = ""
	if err := s.store.UpdateGame(ctx, t.row); err != nil {
		_ = s.reload(ctx, t)
		return "", err
	}
	return prev, nil
}

// boardAt renders the public board after seq moves from snap, the snapshot the notice carries.
// A notice queued by an older version carries none: then the board is the game's own when it is
// still at seq, else the log is replayed up to seq.
// last is what its last-move box tells (Notice.Last).
func (s *Service) boardAt(ctx context.Context, id, seq int64, snap []byte, last []string) (*Image, *Image, error) {
	t, err := s.load(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	st, kit, row := t.state, t.kit, *t.row
	current := t.seq
	t.mu.Unlock()
	if len(snap) > 0 {
		st, err := kit.Game.Decode(snap)
		if err != nil {
			return nil, nil, fmt.Errorf("game %d: decode the snapshot at %d: %w", id, seq, err)
		}
		return s.publicBoard(kit, &row, st, seq, last)
	}
	if st == nil {
		return nil, nil, fmt.Errorf("game %d has no board yet", id)
	}
	if seq != current {
		rec, err := s.recordOf(ctx, &row, seq)
		if err != nil {
			return nil, nil, err
		}
		st, err = record.Replay(kit.Game, rec, nil)
		if err != nil {
			return nil, nil, fmt.Errorf("game %d: replay to %d: %w", id, seq, err)
		}
	}
	return s.publicBoard(kit, &row, st, seq, last)
}

// publicBoard draws the public board and, for a game that has one, its focus image; a focus that
// fails to draw is left out (the board says it all, only larger).
func (s *Service) publicBoard(kit Kit, row *storage.Game, st rules.State, seq int64, last []string) (*Image, *Image, error) {
	lang := s.threadLang(row)
	img, err := s.renderWith(kit, row, st, rules.Spectator, seq, lang, last)
	if err != nil || img == nil || kit.Focus == nil {
		return img, nil, err
	}
	meta := s.boardMeta(row, st, lang)
	meta.Last = last
	b, err := kit.Focus(st.View(rules.Spectator), meta)
	if err != nil {
		s.log.Error("outbox: focus image", "game", row.ID, "err", err)
		return img, nil, nil
	}
	name := fmt.Sprintf("%s-%d-%d-focus%s.png", row.Kind, row.ID, seq, langSuffix(lang))
	return img, &Image{Name: name, PNG: b, Alt: T(lang, "alt_focus", "Game", kit.Game.Info().Name)}, nil
}

// recapImage draws a finished game's recap for its result post; the post goes without it when
// that fails, since the result matters more than the picture.
func (s *Service) recapImage(ctx context.Context, id int64) *Image {
	row, kit, rec, err := s.storedRecord(ctx, id)
	if err == nil && kit.Progress == nil {
		return nil // a game without a recap
	}
	var b []byte
	if err == nil {
		b, err = s.storedRecap(ctx, row, kit, rec)
	}
	if err != nil {
		s.log.Error("outbox: recap", "game", id, "err", err)
		return nil
	}
	return &Image{Name: fmt.Sprintf("%s-%d-recap.png", row.Kind, row.ID), PNG: b, Alt: T(s.threadLang(row), "alt_recap", "Game", kit.Game.Info().Name)}
}

// render draws seat's view (rules.Spectator: the public board) with its labels in lang: the
// thread's for what the thread shows, the reader's for a private image. The language is part of
// the image's name, so that two readers' pictures of one position are never taken for each other.
func (s *Service) render(kit Kit, row *storage.Game, st rules.State, seat rules.Seat, seq int64, lang string) (*Image, error) {
	return s.renderWith(kit, row, st, seat, seq, lang, nil)
}

// renderWith is render for a thread post's board, whose last-move box tells last (nil: the
// engine's own last move).
func (s *Service) renderWith(kit Kit, row *storage.Game, st rules.State, seat rules.Seat, seq int64, lang string, last []string) (*Image, error) {
	if kit.PNG == nil {
		return nil, nil
	}
	meta := s.boardMeta(row, st, lang)
	meta.Last = last
	b, err := kit.PNG(st.View(seat), meta)
	if err != nil {
		return nil, fmt.Errorf("game %d: render: %w", row.ID, err)
	}
	name := fmt.Sprintf("%s-%d-%d%s.png", row.Kind, row.ID, seq, langSuffix(lang))
	if seat != rules.Spectator {
		name = fmt.Sprintf("%s-%d-%d-seat%d%s.png", row.Kind, row.ID, seq, seat, langSuffix(lang))
	}
	return &Image{Name: name, PNG: b, Alt: T(lang, "alt_board", "Game", kit.Game.Info().Name)}, nil
}

// langSuffix is the part of an image's name that says its language: none for English, the
// language every name had before boards spoke others.
func langSuffix(lang string) string {
	if lang == "" || lang == LangEnglish {
		return ""
	}
	return "-" + lang
}

// recordOf builds the game's record with its first upto moves (all when upto < 0, and then what
// the platform did to the game: takeovers and its end).
func (s *Service) recordOf(ctx context.Context, row *storage.Game, upto int64) (*record.Record, error) {
	moves, err := s.store.Moves(ctx, row.ID)
	if err != nil {
		return nil, err
	}
	rec := &record.Record{Game: row.Kind, Setup: rules.Setup{Seats: row.Seats, Seed: row.Seed, Options: row.Options}, Players: names(row)}
	for _, m := range moves {
		if upto >= 0 && m.Seq > upto {
			break
		}
		mv, err := rules.ParseMove(m.Notation)
		if err != nil {
			return nil, fmt.Errorf("game %d move %d: %w", row.ID, m.Seq, err)
		}
		rec.Moves = append(rec.Moves, record.Entry{Seat: rules.Seat(m.Seat), Move: mv})
	}
	if upto < 0 {
		platformLines(rec, row, moves)
	}
	return rec, nil
}
