package bot

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/storage"
)

// Notice is a message for a game's thread or a user, queued in the outbox in the same transaction
// as the change that caused it, and delivered by a Dispatcher.
type Notice struct {
	Kind     string   `json:"kind"` // "turn", "text", "dm"
	Game     int64    `json:"game"`
	Seq      int64    `json:"seq"`     // the board after this many moves
	Channel  string   `json:"channel"` // where to post: the thread, else the lobby channel
	Text     string   `json:"text"`
	Mentions []string `json:"mentions,omitempty"` // user ids to ping: exactly these, nobody else
	Board    bool     `json:"board,omitempty"`    // attach the public board at Seq
	Prompt   bool     `json:"prompt,omitempty"`   // awaited seats get "Take your turn" buttons
	User     string   `json:"user,omitempty"`     // dm: the user it is for
	// Awaited are the seats the prompt buttons are for (turn, reminder) or that ran out of time
	// (late), with their players.
	Awaited []Awaited `json:"awaited,omitempty"`
	// Actions the other players may take on a late notice: ActSkip, ActReplace, ActEnd.
	Actions []string `json:"actions,omitempty"`
	// Undo asks the other players to agree to take back move Seq (buttons Agree / Refuse).
	Undo bool `json:"undo,omitempty"`
}

// Awaited is a seat a notice is about, with its player.
type Awaited struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	User string `json:"user"`
	// Quick are whole moves the seat may make with one tap, when it is asked a question.
	Quick []Quick `json:"quick,omitempty"`
}

// Quick is a whole move offered as a button of its own on a turn post, so that a question (a
// vote, an alliance, a passage, the answer to a trade offer) takes one tap instead of the picker.
type Quick struct {
	Move  string `json:"move"`
	Label string `json:"label,omitempty"`
}

// maxQuick bounds the answers offered to one seat: a row holds five buttons and one of them is
// Take your turn.
const maxQuick = 4

// questionAnswers offers one-tap answers to a seat asked something by another seat's move (an
// alliance call after an attack, a passage request, a trade offer, the next vote), never to the
// seat that just moved, whose next step is part of its own turn and goes through the picker.
func questionAnswers(st rules.State, seat, mover rules.Seat) []Quick {
	if seat == mover {
		return nil
	}
	return quickAnswers(st, seat)
}

// quickAnswers lists a seat's answers when it is asked a question: the first tokens of its choice
// tree (two to six of them) each lead to at most three whole moves of at most three tokens, but
// for at most one (which stays in the picker, such as a trade offer of one's own), and there are
// two to four answers in all. A seat with a real turn to plan (many moves) gets none.
func quickAnswers(st rules.State, seat rules.Seat) []Quick {
	next, complete, err := st.Choices(seat, nil)
	if err != nil || complete || len(next) < 2 || len(next) > 6 {
		return nil
	}
	var out []Quick
	open := 0
	for _, c := range next {
		ms, ok := fewMoves(st, seat, rules.Move{c.Token})
		if !ok {
			if open++; open > 1 {
				return nil
			}
			continue
		}
		for _, m := range ms {
			out = append(out, Quick{Move: m.String(), Label: quickLabel(st, seat, m, c.Label)})
		}
	}
	if len(out) < 2 || len(out) > maxQuick {
		return nil
	}
	return out
}

// fewMoves lists the whole moves under prefix when there are at most three, of at most three
// tokens each; the walk gives up as soon as the subtree is bigger.
func fewMoves(st rules.State, seat rules.Seat, prefix rules.Move) ([]rules.Move, bool) {
	const most, longest = 3, 3
	var out []rules.Move
	var walk func(m rules.Move) bool
	walk = func(m rules.Move) bool {
		m, err := rules.Forced(st, seat, m)
		if err != nil || len(m) > longest {
			return false
		}
		next, complete, err := st.Choices(seat, m)
		if err != nil {
			return false
		}
		if complete {
			if len(out) == most {
				return false
			}
			out = append(out, m)
		}
		for _, c := range next {
			if !walk(append(append(rules.Move{}, m...), c.Token)) {
				return false
			}
		}
		return true
	}
	if !walk(prefix) || len(out) == 0 {
		return nil, false
	}
	return out, true
}

// quickLabel names an answer for its button: a one-token answer by its label ("Support ann, the
// attacker"); a longer one by its notation and the label of its last token ("accept 4: #4 red
// gives 2 wood to blue for 1 gold").
func quickLabel(st rules.State, seat rules.Seat, m rules.Move, first string) string {
	if len(m) == 1 {
		return first
	}
	next, _, err := st.Choices(seat, m[:len(m)-1])
	if err == nil {
		for _, c := range next {
			if c.Token == m[len(m)-1] && c.Label != "" && c.Label != c.Token {
				return m.String() + ": " + c.Label
			}
		}
	}
	return m.String()
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

// turnNotice is the post after a move (or the start): a caption of what everyone may see, the
// board, and one mention of each player now awaited with what is asked.
func (s *Service) turnNotice(t *table, st rules.State, seq int64, evs []rules.Event, lead string, mover rules.Seat) storage.OutboxMessage {
	row := t.row
	var b strings.Builder
	b.WriteString(lead)
	for _, e := range evs {
		if e.Public() {
			b.WriteString("\n")
			b.WriteString(e.Text)
		}
	}
	n := Notice{Kind: "turn", Game: row.ID, Seq: seq, Channel: postChannel(row), Board: true}
	if res := st.Result(); res != nil {
		b.WriteString("\n")
		b.WriteString(resultText(row, s.finalResult(row, res)))
		for _, p := range row.Players {
			if !p.Robot {
				n.Mentions = appendOnce(n.Mentions, p.UserID)
			}
		}
	} else {
		for _, p := range st.Awaiting() {
			fmt.Fprintf(&b, "\n%s: %s", seatLabel(row, st, p.Seat), p.Text)
			if !isRobot(row, p.Seat) {
				n.Mentions = appendOnce(n.Mentions, userOf(row, p.Seat))
				n.Prompt = true
				n.Awaited = append(n.Awaited, Awaited{Seat: int(p.Seat), Name: playerName(row, p.Seat), User: userOf(row, p.Seat),
					Quick: questionAnswers(st, p.Seat, mover)})
			}
		}
	}
	n.Text = b.String()
	return s.notice(n)
}

func (s *Service) plainNotice(row *storage.Game, text string) storage.OutboxMessage {
	return s.notice(Notice{Kind: "text", Game: row.ID, Channel: postChannel(row), Text: text})
}

// privateNotices sends events addressed to some seats to those players by direct message, when
// they asked for DMs. Otherwise they read them with /view or in their own move's reply.
func (s *Service) privateNotices(ctx context.Context, t *table, evs []rules.Event) ([]storage.OutboxMessage, error) {
	var out []storage.OutboxMessage
	for _, e := range evs {
		if e.Public() {
			continue
		}
		for _, seat := range e.To {
			uid := userOf(t.row, seat)
			if uid == "" || isRobot(t.row, seat) {
				continue
			}
			on, err := s.wantsDM(ctx, uid)
			if err != nil {
				return nil, err
			}
			if on {
				out = append(out, s.notice(Notice{Kind: "dm", Game: t.row.ID, User: uid,
					Text: fmt.Sprintf("%s: %s", gameTitle(t), e.Text)}))
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

func resultText(row *storage.Game, res *rules.Result) string {
	var ws []string
	for _, seat := range res.Winners() {
		ws = append(ws, playerName(row, seat))
	}
	var b strings.Builder
	switch {
	case len(ws) == 0 && len(row.Players) == 1:
		fmt.Fprintf(&b, "Game over: %s loses", playerName(row, 0)) // a solo game lost
	case len(ws) == 0:
		b.WriteString("Game over: nobody wins")
	case len(ws) == 1:
		fmt.Fprintf(&b, "Game over: %s wins", ws[0])
	default:
		fmt.Fprintf(&b, "Game over: %s share the win", joinNames(ws))
	}
	if res.Reason != "" {
		fmt.Fprintf(&b, " (%s)", res.Reason)
	}
	b.WriteString(".")
	if len(res.Scores) == len(row.Players) {
		var parts []string
		for i, sc := range res.Scores {
			parts = append(parts, fmt.Sprintf("%s %d", playerName(row, rules.Seat(i)), sc))
		}
		b.WriteString(" Scores: " + strings.Join(parts, ", ") + ".")
	}
	return b.String()
}

// setClocks sets the move deadline and the next reminder from the game's clock settings.
func (s *Service) setClocks(row *storage.Game, st rules.State) {
	row.Deadline, row.RemindAt = nil, nil
	if st.Result() != nil {
		return
	}
	now := s.now()
	if row.ClockHours > 0 {
		d := now.Add(time.Duration(row.ClockHours) * time.Hour)
		row.Deadline = &d
	}
	if row.ReminderHours > 0 {
		r := now.Add(time.Duration(row.ReminderHours) * time.Hour)
		row.RemindAt = &r
	}
}

// Outgoing is a delivered notice, ready for a transport: text, the users to ping, and the board.
type Outgoing struct {
	Notice
	Image *Image
	// ID is the outbox message's id. Key identifies this message across retries and never
	// another one (ids are reused once a message is sent), so a transport can make a repeated
	// send idempotent with it (Discord's message nonce); it is at most 22 characters.
	ID  int64
	Key string
	// Stale is set on a prompt that the game has moved past (a retried notice delivered after a
	// later move): it is shown without buttons or pings.
	Stale bool
}

// Sender delivers one message. An error means "try again later"; the outbox keeps it.
type Sender interface {
	Send(ctx context.Context, out Outgoing) error
}

// Deliver sends pending outbox messages through sender, oldest first, and returns how many went
// out. A failed send is retried later with a growing delay, so a move is never lost or sent twice
// by the bot (a transport that fails after delivering may still repeat one message).
func (s *Service) Deliver(ctx context.Context, sender Sender, limit int) (int, error) {
	msgs, err := s.store.Pending(ctx, s.now(), limit)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, m := range msgs {
		n, err := decodeNotice(m)
		if err != nil {
			s.log.Error("outbox: bad payload, dropped", "id", m.ID, "err", err)
			_ = s.store.MarkSent(ctx, m.ID)
			continue
		}
		out := Outgoing{Notice: n, ID: m.ID, Key: outboxKey(m)}
		if n.Kind != "dm" && n.Game != 0 {
			s.current(ctx, &out)
		}
		if n.Board {
			img, err := s.boardAt(ctx, n.Game, n.Seq)
			if err != nil {
				s.log.Error("outbox: board", "game", n.Game, "err", err)
			} else {
				out.Image = img
			}
		}
		if err := sender.Send(ctx, out); err != nil {
			delay := time.Duration(1<<min(m.Attempts, 12)) * time.Second
			s.log.Warn("outbox: send failed, will retry", "id", m.ID, "game", n.Game, "in", delay, "err", err)
			if rerr := s.store.Retry(ctx, m.ID, s.now().Add(delay)); rerr != nil {
				return sent, rerr
			}
			continue
		}
		if err := s.store.MarkSent(ctx, m.ID); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}

func decodeNotice(m storage.OutboxMessage) (Notice, error) {
	var n Notice
	err := json.Unmarshal(m.Payload, &n)
	return n, err
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
	if (out.Prompt || len(out.Actions) > 0 || out.Undo) && (out.Seq != t.seq || t.row.Status != storage.StatusRunning) {
		out.Stale = true
	}
}

// SetPrompt records msg as the game's prompt message (the one whose buttons are live) when the
// game is still at seq, and returns the previous one so the transport can take its buttons off.
// It returns "" and false when the game has moved on.
func (s *Service) SetPrompt(ctx context.Context, game, seq int64, msg string) (string, bool, error) {
	t, err := s.load(ctx, game)
	if err != nil {
		return "", false, err
	}
	defer t.mu.Unlock()
	if t.seq != seq || t.row.Status != storage.StatusRunning {
		return "", false, nil
	}
	prev := t.row.PromptMessage
	if prev == msg {
		return "", true, nil
	}
	t.row.PromptMessage = msg
	if err := s.store.UpdateGame(ctx, t.row); err != nil {
		_ = s.reload(ctx, t)
		return "", false, err
	}
	return prev, true, nil
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

// boardAt renders the public board after seq moves, replaying the log when the game has moved on.
func (s *Service) boardAt(ctx context.Context, id, seq int64) (*Image, error) {
	t, err := s.load(ctx, id)
	if err != nil {
		return nil, err
	}
	st, kit, row := t.state, t.kit, *t.row
	current := t.seq
	t.mu.Unlock()
	if st == nil {
		return nil, fmt.Errorf("game %d has no board yet", id)
	}
	if seq != current {
		rec, err := s.recordOf(ctx, &row, seq)
		if err != nil {
			return nil, err
		}
		st, err = record.Replay(kit.Game, rec, nil)
		if err != nil {
			return nil, fmt.Errorf("game %d: replay to %d: %w", id, seq, err)
		}
	}
	return s.render(kit, &row, st, rules.Spectator, seq)
}

func (s *Service) render(kit Kit, row *storage.Game, st rules.State, seat rules.Seat, seq int64) (*Image, error) {
	if kit.PNG == nil {
		return nil, nil
	}
	b, err := kit.PNG(st.View(seat))
	if err != nil {
		return nil, fmt.Errorf("game %d: render: %w", row.ID, err)
	}
	name := fmt.Sprintf("%s-%d-%d.png", row.Kind, row.ID, seq)
	if seat != rules.Spectator {
		name = fmt.Sprintf("%s-%d-%d-seat%d.png", row.Kind, row.ID, seq, seat)
	}
	return &Image{Name: name, PNG: b, Alt: kit.Game.Info().Name + " board"}, nil
}

// recordOf builds the game's record with its first upto moves (all when upto < 0).
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
	return rec, nil
}
