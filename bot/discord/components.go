package discord

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules"
)

func (h *Handler) component(ctx context.Context, i *discordgo.Interaction) *Answer {
	d := i.MessageComponentData()
	c, ok := parseCID(d.CustomID)
	if !ok {
		return say(bot.T(h.lang(ctx, i), "dc_button_outdated"), true)
	}
	req := request(i)
	if req.User.ID == "" {
		return say(bot.T(bot.LanguageOf(string(i.Locale)), "dc_who"), true)
	}
	req.Game = c.Game
	ul := h.svc.UserLanguage(ctx, req)
	switch c.Action {
	case actJoin, actLeave, actStart:
		var done *Answer
		if ctx, done = h.once(ctx, i); done != nil {
			return done
		}
		var rep bot.Reply
		var err error
		switch c.Action {
		case actJoin:
			rep, err = h.svc.Join(ctx, req)
		case actLeave:
			rep, err = h.svc.Leave(ctx, req)
		default:
			rep, err = h.svc.Start(ctx, req)
		}
		if err != nil {
			return h.fail(i, err)
		}
		if rep.Lobby == nil {
			return say(rep.Text, true)
		}
		return updateWith(lobbyMessage(*rep.Lobby))
	case actTurn:
		if u := c.arg(1); u != "" && u != req.User.ID {
			return say(bot.T(ul, "dc_turn_not_yours", "User", mention(u)), true)
		}
		return h.picker(ctx, i, req)
	case actAns:
		if u := c.arg(1); u != req.User.ID {
			return say(bot.T(ul, "dc_answer_not_yours", "User", mention(u)), true)
		}
		path, err := pathOf(ctx, ul, h.svc, c, 2)
		if err != nil {
			return h.fail(i, err)
		}
		seq := c.int(0)
		req.Seq = &seq
		rep, err := h.svc.MoveTokens(ctx, req, path)
		return h.reply(i, rep, err)
	case actView:
		rep, err := h.svc.View(ctx, req)
		return h.reply(i, rep, err)
	case actPick, actPage, actBack, actPlay:
		return h.pickerStep(ctx, i, req, ul, c, d.Values)
	case actLate:
		var done *Answer
		if ctx, done = h.once(ctx, i); done != nil {
			return done
		}
		rep, err := h.svc.Overdue(ctx, req, c.int(0), c.arg(1))
		return h.settled(i, rep, err)
	case actQuit:
		// The answer replaces the asker's ephemeral question, its buttons gone.
		if c.arg(0) != "yes" {
			return updateWith(Message{Content: bot.T(ul, "resign_cancelled"), Clear: true})
		}
		var done *Answer
		if ctx, done = h.once(ctx, i); done != nil {
			return done
		}
		rep, err := h.svc.Resign(ctx, req)
		if err != nil {
			return h.fail(i, err)
		}
		return updateWith(Message{Content: clip(rep.Text, maxContent), Clear: true})
	case actUndo:
		var done *Answer
		if ctx, done = h.once(ctx, i); done != nil {
			return done
		}
		answer := "yes"
		if c.arg(1) == "no" {
			answer = "no"
		}
		rep, err := h.svc.Undo(ctx, req, answer)
		return h.settled(i, rep, err)
	}
	return say(bot.T(ul, "dc_button_unknown"), true)
}

// settled closes a question asked in the thread (late seats, an undo request): the message keeps
// its text, says what was decided, and loses its buttons.
func (h *Handler) settled(i *discordgo.Interaction, rep bot.Reply, err error) *Answer {
	if err != nil {
		return h.fail(i, err)
	}
	text := rep.Text
	if rep.Public != "" {
		// The question is settled in the thread's words; the actor's own line is for a command.
		text = rep.Public
	} else if rep.Private {
		return say(rep.Text, true)
	}
	if i.Message != nil && i.Message.Content != "" {
		text = i.Message.Content + "\n→ " + text
	}
	return updateWith(Message{Content: clip(text, maxContent), Clear: true})
}

// Picker pages hold at most 25 options (a select menu's limit).
const pageSize = 25

func (h *Handler) pickerStep(ctx context.Context, i *discordgo.Interaction, req bot.Request, ul string, c cid, values []string) *Answer {
	seq := c.int(0)
	from := 1
	page := 0
	if c.Action == actPage {
		page = int(max(0, min(c.int(1), 1000))) // a forged page (negative, huge) is clamped
		from = 2
	}
	path, err := pathOf(ctx, ul, h.svc, c, from)
	if err != nil {
		return h.fail(i, err)
	}
	switch c.Action {
	case actPick:
		if len(values) != 1 || len(values[0]) > maxOption {
			return say(bot.T(ul, "dc_pick_one"), true)
		}
		// An option is the next token, or (on a page with room) the rest of a whole move.
		path = append(path, strings.Fields(values[0])...)
	case actBack:
		return h.back(ctx, i, req, seq, path)
	case actPlay:
		step, err := h.svc.Tree(ctx, req, path)
		if err != nil {
			return h.pickerFail(i, err, seq)
		}
		if step.Seq != seq {
			return h.outdated(step.Lang)
		}
		req.Seq = &seq // built for the decision now asked: never taken for an earlier turn's
		rep, err := h.svc.MoveTokens(ctx, req, path)
		if err != nil {
			return h.pickerFail(i, err, seq)
		}
		return h.played(ctx, i, req, rep)
	}
	return h.pickerAt(ctx, i, req, path, page, seq)
}

// played shows a move just made by the picker: what it did, and while the same turn goes on,
// the player's board and the picker's first step for the next move.
func (h *Handler) played(ctx context.Context, i *discordgo.Interaction, req bot.Request, rep bot.Reply) *Answer {
	m := Message{Content: clip(rep.Text, maxContent), Clear: true}
	if rep.Image != nil {
		m.Files = []file{imageFile(rep.Image)}
	}
	if rep.More {
		if step, err := h.svc.Tree(ctx, req, nil); err == nil {
			if next, err := h.pickerMessage(ctx, req.Game, step, 0); err == nil {
				m.Content = clip(rep.Text+"\n\n"+next.Content, maxContent)
				m.Components, m.Clear = next.Components, false
			}
		}
	}
	return updateWith(m)
}

// nextOrPrevious names the button that leads to the other pages.
func nextOrPrevious(lang string, page, pages int) string {
	switch {
	case page == 0:
		return bot.T(lang, "dc_button_next")
	case page+1 == pages:
		return bot.T(lang, "dc_button_previous")
	}
	return bot.T(lang, "dc_button_previous_next")
}

func (h *Handler) outdated(lang string) *Answer {
	return updateWith(Message{Content: bot.T(lang, "dc_menu_outdated"), Clear: true})
}

// pickerFail shows a refusal in the picker itself, with a way to start again.
func (h *Handler) pickerFail(i *discordgo.Interaction, err error, seq int64) *Answer {
	a := h.fail(i, err)
	again := cid{Game: mustGame(i), Action: actPage, Args: []string{fmt.Sprint(seq), "0"}}.String()
	lang := h.lang(context.Background(), i)
	return updateWith(Message{Content: a.Msg.Content, Components: []discordgo.MessageComponent{row(button(bot.T(lang, "dc_button_again"), discordgo.SecondaryButton, again))}})
}

func mustGame(i *discordgo.Interaction) int64 {
	c, _ := parseCID(i.MessageComponentData().CustomID)
	return c.Game
}

// back returns to the previous real decision: forced tokens are skipped over.
func (h *Handler) back(ctx context.Context, i *discordgo.Interaction, req bot.Request, seq int64, path rules.Move) *Answer {
	for k := len(path) - 1; k >= 0; k-- {
		step, err := h.svc.Tree(ctx, req, path[:k])
		if err != nil {
			return h.pickerFail(i, err, seq)
		}
		if len(step.Partial) < len(path) {
			return h.pickerAt(ctx, i, req, step.Partial, 0, seq)
		}
	}
	return h.pickerAt(ctx, i, req, nil, 0, seq)
}

// picker opens the move picker as a new ephemeral message.
func (h *Handler) picker(ctx context.Context, i *discordgo.Interaction, req bot.Request) *Answer {
	step, err := h.svc.Tree(ctx, req, nil)
	if err != nil {
		return h.fail(i, err)
	}
	m, err := h.pickerMessage(ctx, req.Game, step, 0)
	if err != nil {
		return h.fail(i, err)
	}
	m.Ephemeral = true
	return &Answer{Type: discordgo.InteractionResponseChannelMessageWithSource, Msg: m}
}

// pickerAt redraws the picker (an update of its ephemeral message) at path.
func (h *Handler) pickerAt(ctx context.Context, i *discordgo.Interaction, req bot.Request, path rules.Move, page int, seq int64) *Answer {
	step, err := h.svc.Tree(ctx, req, path)
	if err != nil {
		return h.pickerFail(i, err, seq)
	}
	if step.Seq != seq {
		return h.outdated(step.Lang)
	}
	m, err := h.pickerMessage(ctx, req.Game, step, page)
	if err != nil {
		return h.fail(i, err)
	}
	return updateWith(m)
}

// pickerMessage draws one node of the choice tree: a select menu of what may come next (25 to a
// page), and buttons Back, previous/next page, and Play once the move is complete.
func (h *Handler) pickerMessage(ctx context.Context, game int64, step bot.Step, page int) (Message, error) {
	seq := fmt.Sprint(step.Seq)
	T := func(id string, args ...any) string { return bot.T(step.Lang, id, args...) }
	var b strings.Builder
	if step.Prompt != "" {
		b.WriteString(T("dc_pick_head_prompt", "Prompt", step.Prompt))
	} else {
		b.WriteString(T("dc_pick_head"))
	}
	if len(step.Partial) > 0 {
		so := step.Spelt // in the asker's words, as they would type it
		if so == "" {
			so = step.Partial.String()
		}
		b.WriteString("\n" + T("dc_pick_so_far", "Move", so))
	}
	pages := (len(step.Next) + pageSize - 1) / pageSize
	if page >= pages {
		page = max(0, pages-1)
	}
	if len(step.Next) > 0 && (step.Total.N > 1 || step.Total.AtLeast) {
		if len(step.Partial) == 0 {
			b.WriteString("\n" + T("dc_pick_possible", "Moves", step.Total.MovesIn(step.Lang)))
		} else {
			b.WriteString("\n" + T("dc_pick_this_way", "Moves", step.Total.MovesIn(step.Lang)))
		}
		if len(step.Next) > pageSize {
			b.WriteString(T("dc_pick_pages", "Shown", min(pageSize, len(step.Next)-page*pageSize), "Ways", len(step.Next), "Button", nextOrPrevious(step.Lang, page, pages)))
		}
		b.WriteString(".")
	}
	switch {
	case step.Complete && len(step.Next) == 0:
		b.WriteString("\n" + T("dc_pick_play_or_back"))
	case step.Complete:
		b.WriteString("\n" + T("dc_pick_play_or_more"))
	default:
		b.WriteString("\n" + T("dc_pick_next"))
	}
	var comps []discordgo.MessageComponent
	if len(step.Next) > 0 {
		id, err := pathID(ctx, h.svc, cid{Game: game, Action: actPick, Args: []string{seq}}, step.Partial)
		if err != nil {
			return Message{}, err
		}
		lo, hi := page*pageSize, min(len(step.Next), (page+1)*pageSize)
		menu := selectMenu{CustomID: id, Placeholder: T("dc_pick_placeholder")}
		if pages > 1 {
			menu.Placeholder = T("dc_pick_placeholder_page", "Page", page+1, "Pages", pages)
		}
		for k, ch := range step.Next[lo:hi] {
			typed := ch.Token // what the option stands for, in the asker's words where they have one
			if k+lo < len(step.Words) && step.Words[k+lo] != "" {
				typed = step.Words[k+lo]
			}
			label := typed
			var desc []string
			if ch.Label != "" && ch.Label != ch.Token {
				label, desc = ch.Label, []string{typed}
			}
			if k+lo < len(step.Counts) {
				if c := step.Counts[k+lo]; c.Shown() {
					desc = append(desc, c.MovesIn(step.Lang))
				}
			}
			menu.Options = append(menu.Options, selectOption{Label: clip(label, maxOption), Value: ch.Token, Description: clip(strings.Join(desc, " · "), maxOption)})
		}
		// Whole moves fill a first page that has room left.
		if page == 0 {
			for _, w := range step.Whole {
				rest := strings.TrimSpace(strings.TrimPrefix(w.Value, step.Partial.String()))
				if len(menu.Options) == pageSize || rest == "" || len(rest) > maxOption {
					continue
				}
				desc := T("dc_pick_whole")
				if _, l, ok := strings.Cut(w.Label, " — "); ok {
					desc = T("dc_pick_whole_label", "Label", l)
				}
				menu.Options = append(menu.Options, selectOption{Label: clip(rest, maxOption), Value: rest, Description: clip(desc, maxOption)})
			}
		}
		comps = append(comps, row(menu))
	}
	var buttons []discordgo.MessageComponent
	if len(step.Partial) > 0 {
		id, err := pathID(ctx, h.svc, cid{Game: game, Action: actBack, Args: []string{seq}}, step.Partial)
		if err != nil {
			return Message{}, err
		}
		buttons = append(buttons, button(T("dc_button_back"), discordgo.SecondaryButton, id))
	}
	if page > 0 {
		id, err := pathID(ctx, h.svc, cid{Game: game, Action: actPage, Args: []string{seq, fmt.Sprint(page - 1)}}, step.Partial)
		if err != nil {
			return Message{}, err
		}
		buttons = append(buttons, button(T("dc_button_previous"), discordgo.SecondaryButton, id))
	}
	if page+1 < pages {
		id, err := pathID(ctx, h.svc, cid{Game: game, Action: actPage, Args: []string{seq, fmt.Sprint(page + 1)}}, step.Partial)
		if err != nil {
			return Message{}, err
		}
		buttons = append(buttons, button(T("dc_button_next"), discordgo.SecondaryButton, id))
	}
	if step.Complete {
		id, err := pathID(ctx, h.svc, cid{Game: game, Action: actPlay, Args: []string{seq}}, step.Partial)
		if err != nil {
			return Message{}, err
		}
		buttons = append(buttons, button(T("dc_button_play", "Move", step.Partial.String()), discordgo.SuccessButton, id))
	}
	if len(buttons) > 0 {
		comps = append(comps, row(buttons...))
	}
	return Message{Content: clip(b.String(), maxContent), Components: comps, Clear: true}, nil
}
