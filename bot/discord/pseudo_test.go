package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

var (
	pseudoMentionRE = regexp.MustCompile(`<[@#][^>]*>`)
	pseudoPlainRE   = regexp.MustCompile(`[A-Za-z]{2,}`)
)

// pseudoTexts collects the adapter's texts in the pseudo-language and tells which still hold a
// word of plain letters once names, notation and ids are taken out.
type pseudoTexts struct {
	allowed []string
	bad     []string
	n       int
}

func (p *pseudoTexts) allow(words ...string) {
	for _, w := range words {
		if strings.TrimSpace(w) != "" {
			p.allowed = append(p.allowed, w)
		}
	}
	sort.Slice(p.allowed, func(i, j int) bool { return len(p.allowed[i]) > len(p.allowed[j]) })
}

func (p *pseudoTexts) check(where, text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	p.n++
	rest := pseudoMentionRE.ReplaceAllString(text, " ")
	for _, w := range p.allowed {
		rest = strings.ReplaceAll(rest, w, " ")
	}
	if w := pseudoPlainRE.FindString(rest); w != "" {
		p.bad = append(p.bad, fmt.Sprintf("%s: %q in %q", where, w, text))
	}
}

// message checks a Discord message's content, its buttons' labels and its menus' placeholders
// and options, as JSON has them.
func (p *pseudoTexts) message(where string, m Message) {
	p.check(where, m.Content)
	b, err := json.Marshal(m.Components)
	if err != nil {
		panic(err)
	}
	var comps []map[string]any
	_ = json.Unmarshal(b, &comps)
	var walk func(cs []any)
	walk = func(cs []any) {
		for _, c := range cs {
			c, _ := c.(map[string]any)
			if l, ok := c["label"].(string); ok {
				p.check(where+" button", l)
			}
			if l, ok := c["placeholder"].(string); ok {
				p.check(where+" placeholder", l)
			}
			if opts, ok := c["options"].([]any); ok {
				for _, o := range opts {
					o, _ := o.(map[string]any)
					v, _ := o["value"].(string)
					p.allow(strings.Fields(v)...)
					l, _ := o["label"].(string)
					p.check(where+" option", l)
					d, _ := o["description"].(string)
					p.check(where+" option description", d)
				}
			}
			if sub, ok := c["components"].([]any); ok {
				walk(sub)
			}
		}
	}
	for _, c := range comps {
		walk([]any{c})
	}
}

// Every text the Discord adapter writes itself (the picker and its buttons, the thread posts'
// buttons, refusals of buttons, apologies, the note of a refusing thread) comes from the
// catalogue: with everyone reading the pseudo-language, no English word is left in them.
func TestPseudoLocaleDiscordTexts(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	p := &pseudoTexts{}
	p.allow("ann", "bob", "zed", "Autumn Ash", "Rainbow", "Xeno", bot.LangPseudo) // the sides are proper names
	req := func(user, channel string) bot.Request {
		return bot.Request{User: bot.User{ID: "u-" + user, Name: user}, Place: bot.Place{Guild: "g1", Channel: channel}}
	}
	for _, u := range []string{"ann", "bob", "zed"} {
		if _, err := e.svc.SetSetting(ctx, req(u, "c-lobby"), bot.ScopeUser, "language", bot.LangPseudo); err != nil {
			t.Fatal(err)
		}
	}
	admin := req("root", "c-lobby")
	admin.User.Admin = true
	if _, err := e.svc.SetSetting(ctx, admin, bot.ScopeGuild, "language", bot.LangPseudo); err != nil {
		t.Fatal(err)
	}
	rep, err := e.svc.Create(ctx, req("ann", "c-lobby"), bot.CreateSpec{Kind: "autumn-ash", Seats: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	game, thread := rep.Game, "t-pseudo"
	if err := e.svc.AttachThread(ctx, game, thread, "m-lobby"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Join(ctx, req("bob", thread)); err != nil {
		t.Fatal(err)
	}
	handle := func(where string, i *discordgo.Interaction) *Answer {
		i.Locale = discordgo.EnglishUS // the setting, not the app's locale, decides
		a := e.h.Handle(ctx, i)
		if a == nil {
			t.Fatalf("%s: no answer", where)
		}
		p.message(where, a.Msg)
		return a
	}

	// The picker, step by step: open it, go back once, then play a whole move.
	turn := func(user string) string {
		return cid{Game: game, Action: actTurn, Args: []string{"0", "u-" + user}}.String()
	}
	mover := "ann"
	a := handle("the picker", e.click(mover, thread, turn(mover), nil))
	if len(a.Msg.Components) == 0 {
		mover = "bob"
		a = handle("the picker", e.click(mover, thread, turn(mover), nil))
	}
	handle("someone else's turn button", e.click("zed", thread, turn(mover), nil))
	backed := false
	for step := 0; step < 8; step++ {
		var menu *selectMenu
		var play, back string
		for _, r := range a.Msg.Components {
			for _, c := range r.(discordgo.ActionsRow).Components {
				switch c := c.(type) {
				case selectMenu:
					menu = &c
				case discordgo.Button:
					if strings.Contains(c.CustomID, "/"+actPlay+"/") {
						play = c.CustomID
					}
					if strings.Contains(c.CustomID, "/"+actBack+"/") {
						back = c.CustomID
					}
				}
			}
		}
		if back != "" && !backed {
			backed = true
			a = handle("the picker, back", e.click(mover, thread, back, nil))
			continue
		}
		if play != "" {
			handle("the picker, played", e.click(mover, thread, play, nil))
			break
		}
		if menu == nil || len(menu.Options) == 0 {
			t.Fatalf("the picker offers nothing: %+v", a.Msg)
		}
		a = handle("the picker, a choice", e.choose(mover, thread, menu.CustomID, menu.Options[0].Value))
	}
	if !backed {
		t.Error("the picker never offered Back")
	}
	// A menu opened before that move is outdated now; a forged or expired one is refused.
	handle("an outdated menu", e.choose(mover, thread, cid{Game: game, Action: actPick, Args: []string{"0"}}.String(), "a1"))
	handle("an expired menu", e.click(mover, thread, cid{Game: game, Action: actAns, Args: []string{"1", "u-" + mover, "~gone"}}.String(), nil))
	handle("an old button", e.click(mover, thread, "no-such-button", nil))
	handle("an unknown button", e.click(mover, thread, cid{Game: game, Action: "zap"}.String(), nil))

	// Pages of a long menu name their buttons.
	long := bot.Step{Lang: bot.LangPseudo, Partial: rules.Move{"b1"}, Complete: true, Total: bot.Count{N: 60}}
	for k := 0; k < 30; k++ {
		long.Next = append(long.Next, bot.Choice{Token: fmt.Sprintf("x%d", k)})
		long.Counts = append(long.Counts, bot.Count{N: 2})
	}
	for _, page := range []int{0, 1} {
		m, err := e.h.pickerMessage(ctx, game, long, page)
		if err != nil {
			t.Fatal(err)
		}
		p.message(fmt.Sprintf("a long menu, page %d", page), m)
	}
	for _, pages := range [][2]int{{0, 3}, {1, 3}, {2, 3}} {
		p.check("the page buttons", nextOrPrevious(bot.LangPseudo, pages[0], pages[1]))
	}

	// Apologies and the already-done answer.
	i := e.slash("zed", thread, "board")
	p.message("an apology", e.h.fail(i, errors.New("boom")).Msg)
	p.message("already done", e.h.fail(i, storage.ErrDuplicate).Msg)
	p.message("nothing saved", e.h.fail(i, &storage.Unavailable{Part: storage.PartDisk}).Msg)

	// The thread's posts: turn buttons, answers, the late seats' and an undo request's buttons,
	// an earlier position.
	o := bot.Outgoing{Notice: bot.Notice{Kind: "late", Game: game, Seq: 1, Channel: thread, Lang: bot.LangPseudo, Prompt: true,
		Awaited: []bot.Awaited{{Seat: 0, Name: "ann", User: "u-ann"}}, Actions: []string{bot.ActSkip, bot.ActReplace, bot.ActEnd}, Undo: true}}
	p.message("a thread post", e.send.message(ctx, o))
	o.Stale = true
	p.message("an earlier position", e.send.message(ctx, o))

	// A thread that refuses the bot's posts: the note on an answer there, and the reasons.
	for _, code := range []int{10003, 50001, 50013, 160005, 50083} {
		err := &discordgo.RESTError{Message: &discordgo.APIErrorMessage{Code: code}}
		for _, id := range []string{threadRefusal(err, true), threadRefusal(err, false), threadWhere(err)} {
			if id != "" && !bot.HasText(id) {
				t.Errorf("code %d: %q is no message", code, id)
			}
		}
	}
	if err := e.store.SetSetting(ctx, "game", fmt.Sprint(game), "thread_refused", threadRefusal(&discordgo.RESTError{Message: &discordgo.APIErrorMessage{Code: 160005}}, false)); err != nil {
		t.Fatal(err)
	}
	a = handle("a note on a refusing thread", e.slash("zed", thread, "history"))
	if !strings.Contains(a.Msg.Content, "\n\n") {
		t.Errorf("no note on a refusing thread: %q", a.Msg.Content)
	}

	if p.n < 40 {
		t.Errorf("only %d texts checked", p.n)
	}
	for _, b := range p.bad {
		t.Errorf("not pseudo-localized: %s", b)
	}
}

// /rules speaks the asker's language, Autumn Ash's summary, notation and option included; a
// game without messages for them keeps its English.
func TestRulesInTheReadersLanguage(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	i := e.slash("ann", "c-lobby", "rules", opt("game", "autumn-ash"))
	i.Locale = discordgo.German
	got := e.h.Handle(ctx, i).Msg.Content
	for _, want := range []string{"Wer zuerst 21 Punkte hat, gewinnt.", "Ein Zug lautet [Ecke [Größe]]", "**Variante** (variant)"} {
		if !strings.Contains(got, want) {
			t.Errorf("German /rules lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "First to 21 points") || strings.Contains(got, "Variant**") {
		t.Errorf("German /rules has English:\n%s", got)
	}
	if _, err := e.svc.SetSetting(ctx, bot.Request{User: bot.User{ID: "u-ann", Name: "ann"}, Place: bot.Place{Guild: "g1", Channel: "c-lobby"}},
		bot.ScopeUser, "language", bot.LangPseudo); err != nil {
		t.Fatal(err)
	}
	got = e.h.Handle(ctx, e.slash("ann", "c-lobby", "rules", opt("game", "autumn-ash"))).Msg.Content
	p := &pseudoTexts{}
	p.allow("Autumn Ash", "variant", "standard", "beginner", "unsettled")
	p.check("/rules", got)
	for _, b := range p.bad {
		t.Errorf("not pseudo-localized: %s", b)
	}
	// The same option in /create: its description and its choices' names per language.
	for _, c := range Commands(allGames()) {
		if c.Name != "create" {
			continue
		}
		for _, sub := range c.Options {
			if sub.Name != "autumn-ash" {
				continue
			}
			for _, o := range sub.Options {
				if o.Name != "variant" {
					continue
				}
				if d := o.DescriptionLocalizations[discordgo.German]; !strings.Contains(d, "Variante") {
					t.Errorf("German description of variant: %q", d)
				}
				for _, ch := range o.Choices {
					if n := ch.NameLocalizations[discordgo.French]; n == "" || n == ch.Name {
						t.Errorf("choice %v has no French name: %q", ch.Value, n)
					}
				}
			}
		}
	}
}
