package discord

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// tokenLife is how long an interaction token may be used to edit or follow up its response.
const tokenLife = 15 * time.Minute

// Serve answers one interaction through ack, the transport's way to acknowledge it (the REST
// callback on the gateway, the HTTP response body in serve mode). The answer goes out at once
// when it is ready within the budget; otherwise, or when the work is known to be slow, a
// deferral goes out first and the answer follows as an edit of the original response.
// inlineFiles says whether ack can carry attachments. Serve returns when the work is done.
func (h *Handler) Serve(ctx context.Context, i *discordgo.Interaction, inlineFiles bool, ack func(*Answer) error) {
	h.wg.Add(1)
	defer h.wg.Done()
	start, acked := time.Now(), false
	ack = func(send func(*Answer) error) func(*Answer) error {
		return func(a *Answer) error {
			if !acked {
				acked = true
				h.opt.Acked(interactionType(i.Type), time.Since(start))
			}
			return send(a)
		}
	}(ack)
	p := h.plan(i)
	// In HTTP mode the endpoint may have deferred already (the work was late to acknowledge):
	// the answer then goes out as an edit of that deferral.
	deferredForUs := func(err error, a *Answer) bool {
		if !errors.Is(err, errDeferredForIt) {
			return false
		}
		h.finish(i, p.deferral(), a)
		return true
	}
	if i.Type == discordgo.InteractionPing || i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		h.ack(i, ack, h.Handle(ctx, i))
		return
	}
	if p.deferNow {
		d := p.deferral()
		if err := ack(d); err != nil && !errors.Is(err, errDeferredForIt) {
			h.log.Error("acknowledging interaction", "interaction", i.ID, "game", gameOf(i), "err", err)
			return
		}
		h.finish(i, d, h.Handle(ctx, i))
		return
	}
	done := make(chan *Answer, 1)
	go func() { done <- h.Handle(ctx, i) }()
	timer := time.NewTimer(h.opt.Budget)
	defer timer.Stop()
	select {
	case a := <-done:
		if len(a.Msg.Files) > 0 && !inlineFiles {
			d := p.deferral()
			d.Msg.Ephemeral = a.Msg.Ephemeral
			if a.update() {
				d = &Answer{Type: discordgo.InteractionResponseDeferredMessageUpdate}
			}
			if err := ack(d); err == nil || errors.Is(err, errDeferredForIt) {
				h.finish(i, d, a)
			} else {
				h.log.Error("acknowledging interaction", "interaction", i.ID, "game", gameOf(i), "err", err)
			}
			return
		}
		if err := ack(a); err != nil && !deferredForUs(err, a) {
			h.log.Error("acknowledging interaction", "interaction", i.ID, "game", gameOf(i), "err", err)
		}
	case <-timer.C:
		d := p.deferral()
		if err := ack(d); err != nil && !errors.Is(err, errDeferredForIt) {
			h.log.Error("acknowledging interaction", "interaction", i.ID, "game", gameOf(i), "err", err)
			return
		}
		h.finish(i, d, <-done)
	}
}

func (h *Handler) ack(i *discordgo.Interaction, ack func(*Answer) error, a *Answer) bool {
	if err := ack(a); err != nil {
		h.log.Error("acknowledging interaction", "interaction", i.ID, "game", gameOf(i), "err", err)
		return false
	}
	return true
}

// created is when Discord made the interaction (its snowflake id).
func created(i *discordgo.Interaction) time.Time {
	id, err := strconv.ParseUint(i.ID, 10, 64)
	if err != nil {
		return time.Time{}
	}
	return time.UnixMilli(int64(id>>22) + 1420070400000)
}

// finish delivers an answer after a deferral d.
func (h *Handler) finish(i *discordgo.Interaction, d, a *Answer) {
	var err error
	switch {
	case h.opt.Now().Sub(created(i)) >= tokenLife-time.Minute:
		// The interaction token is (nearly) dead: only the bot token can still edit a message
		// everyone sees; an ephemeral answer cannot be delivered any more.
		if a.update() && i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral == 0 {
			err = h.api.Edit(i.ChannelID, i.Message.ID, a.Msg)
		} else {
			h.log.Warn("answer dropped: the interaction token expired", "interaction", i.ID, "game", gameOf(i))
		}
	case d.update() && a.update(), !d.update() && !a.update() && d.Msg.Ephemeral == a.Msg.Ephemeral:
		err = h.early(func() error { return h.api.EditOriginal(i, a.Msg) })
	case d.update():
		// A button whose work ended in a refusal or a new message: a follow-up, the clicked
		// message stays as it was.
		err = h.early(func() error { return h.api.Followup(i, a.Msg) })
	default:
		// The deferral showed "thinking" with the wrong visibility: replace it.
		if derr := h.early(func() error { return h.api.DeleteOriginal(i) }); derr != nil {
			h.log.Warn("deleting deferral", "interaction", i.ID, "err", derr)
		}
		err = h.api.Followup(i, a.Msg)
	}
	if err != nil {
		h.log.Error("answering deferred interaction", "interaction", i.ID, "game", gameOf(i), "err", err)
	}
}

// Bounds on waiting for Discord to know a deferral: first wait, longest wait, total.
const (
	earlyFirst = 50 * time.Millisecond
	earlyMax   = time.Second
	earlyTotal = 4 * time.Second
)

// early makes the first request about a deferred interaction, trying again while Discord
// answers Unknown Webhook: in HTTP mode the deferral is our HTTP response, which Discord may
// not have processed yet when the request arrives over REST. Later it means the token is gone.
func (h *Handler) early(f func() error) error {
	wait, waited := earlyFirst, time.Duration(0)
	for {
		err := f()
		if !unknownWebhook(err) || waited >= earlyTotal {
			return err
		}
		h.opt.Sleep(wait)
		waited += wait
		wait = min(2*wait, earlyMax)
	}
}

// interactionType names an interaction's type for the metrics.
func interactionType(t discordgo.InteractionType) string {
	switch t {
	case discordgo.InteractionPing:
		return "ping"
	case discordgo.InteractionApplicationCommand:
		return "command"
	case discordgo.InteractionApplicationCommandAutocomplete:
		return "autocomplete"
	case discordgo.InteractionMessageComponent:
		return "component"
	case discordgo.InteractionModalSubmit:
		return "modal"
	}
	return "other"
}
