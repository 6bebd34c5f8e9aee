package discord

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

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
	m := s.message(ctx, o)
	id, err := s.api.Send(o.Channel, m)
	if err != nil {
		if why := threadRefusal(err, len(m.Files) > 0); why != "" && o.Game != 0 {
			return &bot.ThreadRefused{Reason: why, Where: threadWhere(err)}
		}
		if Permanent(err) {
			s.log.Error("outbox: Discord refused the message, dropped", "game", o.Game, "id", o.ID, "err", err)
			return nil
		}
		return err
	}
	if o.Game != 0 {
		s.takeButtonsOff(ctx, o, id)
		s.archiveWhenOver(ctx, o)
	}
	return nil
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
		return nil
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
			// reopens a thread that is not locked; a thread that refuses it is a refusal.
			return s.repost(ctx, o, m)
		}
	}
	if err != nil {
		if why := threadRefusal(err, false); why != "" {
			return &bot.ThreadRefused{Reason: why, Where: threadWhere(err)}
		}
		if Permanent(err) {
			s.log.Error("outbox: Discord refused the status edit, dropped", "game", o.Game, "id", o.ID, "err", err)
			return nil
		}
		return err
	}
	return nil
}

// repost sends a status edit that its archived thread refused as a new post, which becomes the
// turn's live post: later status edits change it, and the old one loses its buttons.
func (s *Sender) repost(ctx context.Context, o bot.Outgoing, m Message) error {
	m.Clear = false
	id, err := s.api.Send(o.Channel, m)
	if err != nil {
		if why := threadRefusal(err, false); why != "" {
			return &bot.ThreadRefused{Reason: why, Where: threadWhere(err)}
		}
		if Permanent(err) {
			s.log.Error("outbox: Discord refused the status post, dropped", "game", o.Game, "id", o.ID, "err", err)
			return nil
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
		if err := s.api.Edit(o.Channel, old, Message{Clear: true}); err != nil {
			s.log.Warn("outbox: taking the buttons off the replaced post", "game", o.Game, "message", old, "err", err)
		}
	}
	if !recorded {
		// The game moved on while it went out: its buttons are outdated already.
		if err := s.api.Edit(o.Channel, id, Message{Clear: true}); err != nil {
			s.log.Warn("outbox: taking the buttons off an outdated post", "game", o.Game, "message", id, "err", err)
		}
	}
	return nil
}

// message draws a notice: the mentions first (each user once), then the caption.
func (s *Sender) message(ctx context.Context, o bot.Outgoing) Message {
	m := Message{Nonce: o.Key}
	text := o.Text
	if !o.Stale && len(o.Mentions) > 0 {
		var ms []string
		for _, u := range o.Mentions {
			ms = append(ms, mention(u))
		}
		text = strings.Join(ms, " ") + "\n" + text
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
		if err := s.api.Edit(o.Channel, posted, Message{Clear: true}); err != nil {
			s.log.Warn("outbox: taking the buttons off an outdated post", "game", o.Game, "message", posted, "err", err)
		}
		return
	}
	if prev == "" || prev == posted {
		return
	}
	// Best effort: a stale button is harmless, since a click on it is checked against the game.
	if err := s.api.Edit(o.Channel, prev, Message{Clear: true}); err != nil {
		s.log.Warn("outbox: taking the buttons off the previous prompt", "game", o.Game, "message", prev, "err", err)
	}
}

func (s *Sender) dm(o bot.Outgoing) error {
	ch, err := s.api.DMChannel(o.User)
	if err == nil {
		_, err = s.api.Send(ch, Message{Content: clip(o.Text, maxContent), Nonce: o.Key})
	}
	if err != nil && Permanent(err) {
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
