package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
)

// Sender delivers the service's outbox to Discord (it is a bot.Sender). A thread post carries
// the board as a PNG attachment, pings exactly the users named in the notice, and has buttons
// when players must act; the game's previous prompt message then loses its buttons.
type Sender struct {
	svc *bot.Service
	api API
	log *slog.Logger
	// ArchiveAfter is how long a finished game's thread stays open without activity before
	// Discord archives it (NewSender: DefaultArchiveAfter; rounded up to 1 hour, 1, 3 or 7 days),
	// freeing one of the server's 1,000 active-thread slots. 0: never shortened.
	ArchiveAfter time.Duration
	// Workers is how many games' notices are sent at once (default 8). Each route's rate limit
	// is the API's to wait out (discordgo keeps a bucket per route and sleeps through a 429's
	// retry_after), so one game's slow thread holds up only its own worker.
	Workers int
}

// Parallel makes the sender a bot.Parallel: Discord takes several games' posts at once.
func (s *Sender) Parallel() int {
	if s.Workers > 0 {
		return s.Workers
	}
	return 8
}

// DefaultArchiveAfter is how long a finished game's thread stays open unless configured.
const DefaultArchiveAfter = 24 * time.Hour

// NewSender makes the outbox sender.
func NewSender(svc *bot.Service, api API, log *slog.Logger) *Sender {
	if log == nil {
		log = slog.Default()
	}
	return &Sender{svc: svc, api: api, log: log, ArchiveAfter: DefaultArchiveAfter}
}

// Send posts one notice. An error asks the outbox to try again later; a request Discord refuses
// for good (a deleted thread, a user who closed their DMs) is logged and dropped.
func (s *Sender) Send(ctx context.Context, o bot.Outgoing) error {
	if o.Kind == "dm" {
		return s.dm(o)
	}
	if o.Channel == "" {
		s.log.Error("outbox: notice without a channel, dropped", "game", o.Game, "id", o.ID)
		return nil
	}
	if o.Kind == "status" {
		return s.status(ctx, o)
	}
	var id string
	for _, m := range s.messages(ctx, o) {
		var err error
		id, m, err = s.post(o, m)
		if err != nil {
			if why := threadRefusal(err, len(m.Files) > 0); why != "" && o.Game != 0 {
				return &bot.ThreadRefused{Reason: why, Where: threadWhere(err)}
			}
			if refusedForGood(err) {
				if o.Game != 0 {
					// Sending it again would be refused again, and the game's later posts wait
					// behind it: the game is paused and its players told, as for a thread that
					// refuses the bot, and the admin finds Discord's words in the log.
					s.log.Error("outbox: Discord refused the game's post even without its image and buttons; the game is paused", "game", o.Game, "id", o.ID, "err", err)
					return &bot.ThreadRefused{Reason: "dc_why_rejected", Where: "dc_where_play"}
				}
				s.log.Error("outbox: Discord refused the message, dropped", "id", o.ID, "err", err)
				return nil
			}
			return err
		}
	}
	if o.Game != 0 {
		s.takeButtonsOff(ctx, o, id)
		s.archiveWhenOver(ctx, o)
	}
	return nil
}

// SendAgain is Send for a post that may be on Discord already, from longer ago than Discord
// merges a repeat under its nonce (bot.Resender): the channel's latest messages are read first,
// and one that carries its nonce, or (Discord may leave nonces out of messages it lists) its
// very text, is taken as the post instead of posting it twice. A status edit and a direct
// message go as Send does: an edit is harmless twice, and a DM channel is not read.
func (s *Sender) SendAgain(ctx context.Context, o bot.Outgoing) error {
	if o.Kind == "dm" || o.Kind == "status" || o.Channel == "" {
		return s.Send(ctx, o)
	}
	// A post too long for one message ends with the message that carries its nonce and board.
	parts := s.messages(ctx, o)
	m := parts[len(parts)-1]
	recent, err := s.api.Recent(o.Channel)
	if err != nil {
		if refusedForGood(err) {
			return s.Send(ctx, o) // the post meets the same refusal, and Send says why
		}
		return err // cannot tell whether it is there: later, rather than twice
	}
	for _, p := range recent {
		if m.Nonce != "" && p.Nonce == m.Nonce || p.Content == m.Content && postedSince(p.ID, o.Queued) {
			s.log.Info("outbox: the post is on Discord already (its mark was lost); not posted again", "game", o.Game, "id", o.ID, "message", p.ID)
			if o.Game != 0 {
				s.takeButtonsOff(ctx, o, p.ID)
				s.archiveWhenOver(ctx, o)
			}
			return nil
		}
	}
	return s.Send(ctx, o)
}

// postedSince reports whether message id was made after the notice was queued (its snowflake
// says when): the same text posted earlier (an identical reminder) is another post.
func postedSince(id string, queued time.Time) bool {
	at, err := discordgo.SnowflakeTimestamp(id)
	return err == nil && !at.Before(queued.Add(-time.Second))
}

// post sends m to o's channel. When Discord refuses what the message carries rather than the
// message itself, it goes again without it, so that the players still read the turn: without
// the files after a 413 (they outgrow the server's upload limit) or a 400 (a file Discord cannot
// take), then without the buttons after a 400 (a component it does not take). Each cut is noted
// in the text and logged. It returns the message as last sent.
func (s *Sender) post(o bot.Outgoing, m Message) (string, Message, error) {
	id, err := s.api.Send(o.Channel, m)
	if err != nil && len(m.Files) > 0 && (status(err) == http.StatusRequestEntityTooLarge || badBody(err)) {
		s.log.Warn("outbox: Discord refused the post's images; sending it without them", "game", o.Game, "id", o.ID, "err", err)
		note := "dc_note_no_image" // 413: too large for the server's upload limit
		if status(err) == http.StatusBadRequest {
			note = "dc_note_image_refused"
		}
		m.Files = nil
		m.Content = clip(m.Content+"\n"+bot.T(o.Lang, note), maxContent)
		id, err = s.api.Send(o.Channel, m)
	}
	if err != nil && len(m.Components) > 0 && badBody(err) {
		s.log.Warn("outbox: Discord refused the post's buttons; sending it without them", "game", o.Game, "id", o.ID, "err", err)
		m.Components = nil
		m.Content = clip(m.Content+"\n"+bot.T(o.Lang, "dc_note_no_buttons"), maxContent)
		id, err = s.api.Send(o.Channel, m)
	}
	return id, m, err
}

// status is the HTTP status of a request Discord refused, or 0.
func status(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		return re.Response.StatusCode
	}
	return 0
}

// badBody reports a 400 that is about the body (Invalid Form Body, 50035, or another code that
// is no thread's refusal).
func badBody(err error) bool {
	return status(err) == http.StatusBadRequest && threadRefusal(err, false) == ""
}

// refusedForGood reports an answer that sending the same request again would get again: any 4xx
// but 401 (the token, which an admin sets right, and readiness reports), 408 (a timeout) and 429
// (a rate limit, waited out).
func refusedForGood(err error) bool {
	switch c := status(err); c {
	case http.StatusUnauthorized, http.StatusRequestTimeout, http.StatusTooManyRequests:
		return false
	default:
		return c >= 400 && c < 500
	}
}

// archiveWhenOver has the thread of a game that is over archive itself after ArchiveAfter
// without activity (Discord's auto-archive, which only takes 1 hour, 1, 3 or 7 days): no timer
// of ours, and a thread a player still writes in stays open.
func (s *Sender) archiveWhenOver(ctx context.Context, o bot.Outgoing) {
	if s.ArchiveAfter <= 0 {
		return // configured never: the thread keeps the week it was opened with
	}
	due, err := s.svc.ArchiveOnce(ctx, o.Game)
	if err != nil || !due {
		return
	}
	minutes := 10080
	for _, m := range []int{60, 1440, 4320, 10080} {
		if time.Duration(m)*time.Minute >= s.ArchiveAfter {
			minutes = m
			break
		}
	}
	if err := s.api.AutoArchive(o.Channel, minutes); err != nil {
		s.log.Warn("outbox: shortening a finished game's thread's auto-archive", "game", o.Game, "err", err)
	}
}

// status edits the turn post of a simultaneous phase: new text and buttons, no ping. An
// outdated edit is skipped; one whose post is not delivered yet waits for it.
func (s *Sender) status(ctx context.Context, o bot.Outgoing) error {
	if o.Stale {
		return nil
	}
	if o.Live == "" {
		// The outbox hands out a game's message only once every earlier one is sent or
		// dropped: a post still to come would have held this edit back. So its post was
		// refused for good, and waiting for it would hold the game's later posts forever.
		s.log.Warn("outbox: a status edit of a post that was never delivered, dropped", "game", o.Game, "id", o.ID)
		return &bot.Dropped{Why: errors.New("its post was never delivered")} // its events go in the next post
	}
	m := s.message(ctx, o)
	if m.Components == nil {
		m.Clear = true
	}
	err := s.api.Edit(o.Channel, o.Live, m)
	if errorCode(err) == 50083 {
		// An archived thread takes no edit: reopen it (a game that is still running plays
		// there) and edit once more.
		uerr := s.api.SetArchived(o.Channel, false)
		switch {
		case uerr == nil:
			err = s.api.Edit(o.Channel, o.Live, m)
		case !Permanent(uerr):
			return uerr // a 429 or an outage: the outbox tries again
		}
		if errorCode(err) == 50083 {
			// The bot may not reopen it (it lacks Send Messages, or the thread is locked),
			// or it was archived again at once: the status goes out as a new post, which
			// reopens a thread that is not locked; a thread that refuses it is a refusal. The
			// post above it still tells its own events: the new one does not repeat them.
			o.WithoutPost()
			return s.repost(ctx, o, s.message(ctx, o))
		}
	}
	if err != nil {
		if why := threadRefusal(err, false); why != "" {
			return &bot.ThreadRefused{Reason: why, Where: threadWhere(err)}
		}
		// Any lasting refusal (not only 400, 403, 404): the game's next post replaces the status,
		// so it is dropped rather than tried again for ever.
		if refusedForGood(err) {
			s.log.Error("outbox: Discord refused the status edit, dropped", "game", o.Game, "id", o.ID, "err", err)
			return &bot.Dropped{Why: err}
		}
		return err
	}
	return nil
}

// repost sends a status edit that its archived thread refused as a new post, which becomes the
// turn's live post: later status edits change it, and the old one loses its buttons.
func (s *Sender) repost(ctx context.Context, o bot.Outgoing, m Message) error {
	m.Clear = false
	id, m, err := s.post(o, m)
	if err != nil {
		if why := threadRefusal(err, false); why != "" {
			return &bot.ThreadRefused{Reason: why, Where: threadWhere(err)}
		}
		if refusedForGood(err) {
			s.log.Error("outbox: Discord refused the status post, dropped", "game", o.Game, "id", o.ID, "err", err)
			return &bot.Dropped{Why: err}
		}
		return err
	}
	s.log.Info("outbox: a status edit in an archived thread went out as a new post", "game", o.Game, "message", id)
	prev, recorded, err := s.svc.SetPrompt(ctx, o.Game, o.Post, id, true)
	if err != nil {
		s.log.Warn("outbox: recording the status post", "game", o.Game, "err", err)
	}
	// Best effort, as in takeButtonsOff: a stale button is checked against the game anyway.
	olds := []string{o.Live}
	if prev != o.Live {
		olds = append(olds, prev)
	}
	for _, old := range olds {
		if old == "" || old == id {
			continue
		}
		if err := s.clearButtons(o.Channel, old); err != nil {
			s.log.Warn("outbox: taking the buttons off the replaced post", "game", o.Game, "message", old, "err", err)
		}
	}
	if !recorded {
		// The game moved on while it went out: its buttons are outdated already.
		if err := s.clearButtons(o.Channel, id); err != nil {
			s.log.Warn("outbox: taking the buttons off an outdated post", "game", o.Game, "message", id, "err", err)
		}
	}
	return nil
}

// messages draws a post as Discord messages: one, or when its text is longer than a message
// holds, several in a row, cut where a player's turn ends (else at a line). The first pings
// (the post's only mentions, so a notification opens where the post begins); the last has the
// board, the prompt's buttons and the outbox's own nonce; each earlier one a nonce of its own
// derived from it, so a retried post makes none of its messages twice.
func (s *Sender) messages(ctx context.Context, o bot.Outgoing) []Message {
	m := s.message(ctx, o)
	text := o.Text
	if o.Stale && o.Prompt {
		text += "\n" + bot.T(o.Lang, "dc_earlier_position")
	}
	prefix := mentionLine(o)
	parts := splitText(text, maxContent-utf8.RuneCountInString(prefix), maxContent)
	if len(parts) <= 1 {
		return []Message{m}
	}
	out := make([]Message, len(parts))
	for i, p := range parts {
		if i == len(parts)-1 {
			m.Content = p
			m.Users = nil
			out[i] = m
			continue
		}
		out[i] = Message{Content: p, Nonce: partNonce(o.Key, i), Silent: o.Silent}
		if i == 0 {
			out[i].Content = prefix + p
			out[i].Users = m.Users
		}
	}
	return out
}

// partNonce is the nonce of the i-th message of a post that takes several (key is at most 22
// characters; a nonce may have 25).
func partNonce(key string, i int) string {
	if key == "" {
		return ""
	}
	return key + "." + strconv.Itoa(i)
}

// mentionLine is what a post puts before its text to ping its players ("" for none).
func mentionLine(o bot.Outgoing) string {
	if o.Stale || len(o.Mentions) == 0 {
		return ""
	}
	var ms []string
	for _, u := range o.Mentions {
		ms = append(ms, mention(u))
	}
	return strings.Join(ms, " ") + "\n"
}

// splitText cuts text into pieces of at most first characters (runes) for the first and limit
// for the others, at a blank line (between two players' turns) where one fits, else at a line
// break, and only inside a line longer than a whole message. Nothing is left out.
func splitText(text string, first, limit int) []string {
	var out []string
	room := first
	for utf8.RuneCountInString(text) > room {
		r := []rune(text)
		head := string(r[:room])
		cut := strings.LastIndex(head, "\n\n")
		if cut <= 0 {
			cut = strings.LastIndex(head, "\n")
		}
		if cut <= 0 {
			out = append(out, head)
			text = string(r[room:])
		} else {
			out = append(out, strings.TrimRight(head[:cut], "\n"))
			text = strings.TrimLeft(text[cut:], "\n")
		}
		room = limit
	}
	out = append(out, text)
	// A cut next to blank lines may leave a piece with no text: Discord takes no empty message.
	out = slices.DeleteFunc(out, func(p string) bool { return strings.TrimSpace(p) == "" })
	if len(out) == 0 {
		return []string{""}
	}
	return out
}

// message draws a notice: the mentions first (each user once), then the caption.
func (s *Sender) message(ctx context.Context, o bot.Outgoing) Message {
	m := Message{Nonce: o.Key, Silent: o.Silent}
	text := o.Text
	if prefix := mentionLine(o); prefix != "" {
		text = prefix + text
		m.Users = append([]string{}, o.Mentions...)
	}
	if o.Stale && o.Prompt {
		text += "\n" + bot.T(o.Lang, "dc_earlier_position")
	}
	m.Content = clip(text, maxContent)
	for _, img := range []*bot.Image{o.Image, o.Focus, o.Recap} {
		if img != nil {
			m.Files = append(m.Files, imageFile(img))
		}
	}
	if o.Stale {
		return m
	}
	var comps []discordgo.MessageComponent
	if o.Prompt {
		comps = s.promptButtons(ctx, o)
	}
	var acts []discordgo.MessageComponent
	for _, a := range o.Actions {
		label, style := bot.T(o.Lang, "dc_button_end"), discordgo.DangerButton
		switch a {
		case bot.ActSkip:
			label, style = bot.T(o.Lang, "dc_button_skip"), discordgo.SecondaryButton
		case bot.ActReplace:
			label, style = bot.T(o.Lang, "dc_button_replace"), discordgo.SecondaryButton
		}
		acts = append(acts, button(label, style, cid{Game: o.Game, Action: actLate, Args: []string{fmt.Sprint(o.Seq), a}}.String()))
	}
	if o.Undo {
		acts = append(acts,
			button(bot.T(o.Lang, "dc_button_undo_yes"), discordgo.SuccessButton, cid{Game: o.Game, Action: actUndo, Args: []string{fmt.Sprint(o.Seq), "yes"}}.String()),
			button(bot.T(o.Lang, "dc_button_undo_no"), discordgo.DangerButton, cid{Game: o.Game, Action: actUndo, Args: []string{fmt.Sprint(o.Seq), "no"}}.String()))
	}
	if len(acts) > 0 && len(comps) < 5 {
		comps = append(comps, row(acts...))
	}
	m.Components = comps
	return m
}

// promptButtons: a Take your turn button for each awaited player, and My view. A player asked a
// question also gets its answers as buttons, on a row of their own with their turn button; when
// those rows would not fit in a message, the answers stay in the picker.
func (s *Sender) promptButtons(ctx context.Context, o bot.Outgoing) []discordgo.MessageComponent {
	seq := fmt.Sprint(o.Seq)
	turn := func(a bot.Awaited) discordgo.MessageComponent {
		return button(bot.T(o.Lang, "dc_button_turn", "Name", a.Name), discordgo.PrimaryButton, cid{Game: o.Game, Action: actTurn, Args: []string{seq, a.User}}.String())
	}
	view := button(bot.T(o.Lang, "dc_button_view"), discordgo.SecondaryButton, cid{Game: o.Game, Action: actView}.String())
	plain := func() []discordgo.MessageComponent {
		var bs []discordgo.MessageComponent
		for _, a := range o.Awaited {
			bs = append(bs, turn(a))
		}
		if len(bs) == 0 {
			return nil
		}
		return rows(append(bs, view))
	}
	var answers, rest []discordgo.MessageComponent
	for _, a := range o.Awaited {
		if len(a.Answers) == 0 {
			rest = append(rest, turn(a))
			continue
		}
		r := []discordgo.MessageComponent{turn(a)}
		for _, q := range a.Answers {
			id, err := pathID(ctx, s.svc, cid{Game: o.Game, Action: actAns, Args: []string{seq, a.User}}, strings.Fields(q.Move))
			if err != nil {
				s.log.Warn("outbox: answer button", "game", o.Game, "err", err)
				return plain()
			}
			label := q.Move
			if q.Label != "" {
				label = q.Label
			}
			if len(o.Awaited) > 1 {
				label = bot.T(o.Lang, "name_colon", "Name", a.Name, "Text", label)
			}
			r = append(r, button(label, discordgo.SecondaryButton, id))
		}
		if len(r) > 5 {
			return plain() // more answers than a row holds: the picker has them all
		}
		answers = append(answers, row(r...))
	}
	if len(answers) == 0 {
		return plain()
	}
	out := append(answers, rows(append(rest, view))...)
	if len(out) > 5 {
		return plain()
	}
	return out
}

// takeButtonsOff: a new prompt replaces the game's previous one; the end of a game retires it.
func (s *Sender) takeButtonsOff(ctx context.Context, o bot.Outgoing, posted string) {
	var prev string
	var err error
	recorded := true
	// Another instance may change the game at the same moment (a move, its own post): the
	// write then meets a newer version and is tried again on the game as it is now, so that the
	// post's id is recorded and its buttons come off later.
	for try := 0; try < 4; try++ {
		if o.Prompt && !o.Stale {
			prev, recorded, err = s.svc.SetPrompt(ctx, o.Game, o.Seq, posted, o.Kind == "turn")
		} else {
			prev, err = s.svc.EndPrompt(ctx, o.Game)
		}
		if err == nil {
			break
		}
	}
	if err != nil {
		s.log.Warn("outbox: recording the prompt message", "game", o.Game, "err", err)
		return
	}
	if !recorded && o.Prompt && !o.Stale {
		// The game moved on while this post went out: its buttons are outdated already.
		if err := s.clearButtons(o.Channel, posted); err != nil {
			s.log.Warn("outbox: taking the buttons off an outdated post", "game", o.Game, "message", posted, "err", err)
		}
		return
	}
	if prev == "" || prev == posted {
		return
	}
	// Best effort: a stale button is harmless, since a click on it is checked against the game.
	if err := s.clearButtons(o.Channel, prev); err != nil {
		s.log.Warn("outbox: taking the buttons off the previous prompt", "game", o.Game, "message", prev, "err", err)
	}
}

// clearButtons takes the buttons off message id of thread. A thread archived again between the
// post and this edit (by Discord's timer or a moderator) refuses the edit (50083): it is
// reopened, as the post itself had done, and the edit made once more, so that no live buttons
// stay on an old prompt.
func (s *Sender) clearButtons(thread, id string) error {
	err := s.api.Edit(thread, id, Message{Clear: true})
	if errorCode(err) == 50083 {
		if uerr := s.api.SetArchived(thread, false); uerr != nil {
			return fmt.Errorf("reopening the archived thread: %w (the edit: %v)", uerr, err)
		}
		err = s.api.Edit(thread, id, Message{Clear: true})
	}
	return err
}

func (s *Sender) dm(o bot.Outgoing) error {
	ch, err := s.api.DMChannel(o.User)
	if err == nil {
		_, err = s.api.Send(ch, Message{Content: clip(o.Text, maxContent), Nonce: o.Key, Silent: o.Silent})
	}
	if err != nil && refusedForGood(err) {
		s.log.Warn("outbox: direct message refused (DMs closed?), dropped", "user", o.User, "game", o.Game, "err", err)
		return nil
	}
	return err
}

// threadWhere says (a message id) where the players of a game whose thread refuses the bot can still follow it,
// after the refusal err: the thread itself unless it is gone, and its commands where players may
// still use them (an interaction's answer needs none of the bot's permissions in the channel).
func threadWhere(err error) string {
	switch errorCode(err) {
	case 10003:
		return ""
	case 160005:
		return "dc_where_read"
	}
	return "dc_where_play"
}

// threadRefusal says why a game's thread refuses a request until someone fixes it (a message id
// of the platform's catalogue, see bot.ThreadRefused), or "" for any other error (which is
// retried, or dropped as a bad request).
func threadRefusal(err error, files bool) string {
	switch errorCode(err) {
	case 10003:
		return "dc_why_deleted"
	case 50001:
		return "dc_why_hidden"
	case 50013:
		if files {
			return "dc_why_no_files"
		}
		return "dc_why_no_send"
	case 160005:
		return "dc_why_locked"
	case 50083:
		return "dc_why_archived"
	}
	return ""
}
