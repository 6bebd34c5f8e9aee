package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/storage"
)

// Engine texts still shown in English, by game: games whose events, prompts, labels and
// refusals have no messages in a catalogue yet. Their texts are exempt from the pseudo-locale
// check (and only theirs). A game leaves this list once its package speaks through rules/msg.
var engineTextsInEnglish = map[string]bool{}

// Games whose seats' own names are proper names, the same in every language (Autumn Ash's
// sides Rainbow and Xeno), like the game's name.
var properSeatNames = map[string]bool{"autumn-ash": true}

// Marks that games print as they are in every language, like notation: Ausonia's houses are
// numbered in Roman numerals ("Haus II", "[Ĥöûšé II]"); Ascidiae's Colonies hint names the move
// as the reader types it, and the pseudo-locale has no words of its own: the token (issue #38).
var marksAsIs = map[string][]string{"ausonia": {"II", "III", "IV"}, "ascidiae": {"colonize"}}

// imageProperNames are the proper names a game's pictures draw from its data, the same in every
// language (Ascalion's lands, Ascidiae's species, Ausonia's guilds and houses): in the texts they
// come through the catalogues, on the boards as they are.
func imageProperNames(kind string) []string {
	switch kind {
	case "ascalion":
		var out []string
		for _, l := range ascalion.BoardMap().Lands {
			out = append(out, l.Name)
		}
		return out
	case "ascidiae":
		var out []string
		for _, c := range ascidiae.GameData().Cards {
			f := strings.Fields(c.Name) // "Ascidia basica", drawn as "basica" on a small card
			out = append(out, c.Name, f[len(f)-1])
		}
		return out
	case "ausonia":
		return []string{"Vetrai", "Condottieri", "Mercanti", "Architetti", "Notai",
			"Casa Aurelli", "Casa Brunasco", "Casa Ceneri", "Casa Dolmari"}
	}
	return nil
}

// Engine texts shown in English are marked with these while the pseudo-locale suites run.
const fbOpen, fbClose = "⟦", "⟧"

var (
	fallbackRE = regexp.MustCompile(fbOpen + `[^` + fbClose + `]*(` + fbClose + `|$)`) // a label cut short loses its end
	channelRE  = regexp.MustCompile(`<#[^>]*>`)
	plainRE    = regexp.MustCompile(`[A-Za-z]{2,}`)
)

// pseudoChecker collects every line the platform writes in one game and tells which are not
// pseudo-localized: after taking out the player names, the game's own names (its name, its
// seats' names), move notation, numbers and, for a game in engineTextsInEnglish, its marked
// English texts, no word of plain ASCII letters may remain.
type pseudoChecker struct {
	t       *testing.T
	kind    string
	allowed []string // names and notation, longest first
	bad     map[string]string
	lines   int
}

func (c *pseudoChecker) allow(words ...string) {
	for _, w := range words {
		if strings.TrimSpace(w) != "" {
			c.allowed = append(c.allowed, w)
		}
	}
	sort.Slice(c.allowed, func(i, j int) bool { return len(c.allowed[i]) > len(c.allowed[j]) })
}

func (c *pseudoChecker) check(where, text string) {
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		c.lines++
		rest := line
		if engineTextsInEnglish[c.kind] {
			rest = fallbackRE.ReplaceAllString(rest, " ")
		} else if strings.Contains(rest, fbOpen) {
			c.bad[line] = where + " (an engine text without a message)"
			continue
		}
		rest = channelRE.ReplaceAllString(rest, " ")
		for _, w := range c.allowed {
			rest = strings.ReplaceAll(rest, w, " ")
		}
		if m := plainRE.FindString(rest); m != "" {
			if _, seen := c.bad[line]; !seen {
				c.bad[line] = fmt.Sprintf("%s (%q is not pseudo-localized)", where, m)
			}
		}
	}
}

// TestPseudoLocaleWholeGames plays a game of each of the five games through the bot with the
// server and both players set to the pseudo-language, asking for everything a player can ask
// for on the way (suggestions, the picker, the board, the private view, history, a refused move,
// an undo request, a reminder, a resignation), and checks every text the platform writes.
func TestPseudoLocaleWholeGames(t *testing.T) {
	markFallback = func(s string) string { return fbOpen + s + fbClose }
	defer func() { markFallback = nil }()
	for _, kind := range []string{"autumn-ash", "ascidiae", "ascalion", "reef-encounter", "ausonia"} {
		t.Run(kind, func(t *testing.T) {
			pseudoGame(t, kind)
		})
	}
}

func pseudoGame(t *testing.T, kind string) {
	ctx := context.Background()
	e := newEnv(t)
	c := &pseudoChecker{t: t, kind: kind, bad: map[string]string{}}
	// Every picture is drawn in the reader's language too: the language each image was asked in is
	// counted, and the boards and private views asked for below are drawn for real, their labels
	// checked like the texts (before, every board of a running game was English).
	imgLangs := map[string]int{}
	drawReal := false
	proper := imageProperNames(kind)
	sort.Slice(proper, func(i, j int) bool { return len(proper[i]) > len(proper[j]) })
	labels := 0
	defer func() { t.Logf("%s: %d image labels checked", kind, labels) }()
	kit := Kit{Game: replayKits[kind].Game, PNG: func(v any, m render.Meta) ([]byte, error) {
		imgLangs[m.Lang]++
		if !drawReal {
			return fakePNG(v, m)
		}
		stop := render.RecordLabels()
		b, err := replayKits[kind].PNG(v, m)
		for _, l := range stop() {
			text := l.Text
			for _, n := range proper {
				text = strings.ReplaceAll(text, n, " ")
			}
			labels++
			c.check("image label", text)
		}
		return b, err
	}}
	e.svc = New(e.store, []Kit{kit}, Options{Now: func() time.Time { return e.now }, DefaultReminderHours: 24, NoAI: true})
	info := kit.Game.Info()
	c.allow("ann", "bob", info.Name, "zz9") // zz9: the move typed below, quoted back as notation
	c.allow(marksAsIs[kind]...)
	admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
	c.allow(SettingKeys(ScopeGuild)...)
	c.allow(SettingKeys(ScopeUser)...)
	c.allow("everyone", "admins", "all", "on", "off", "auto", LangPseudo)
	// zed watches: a spectator reads their own language too.
	for _, r := range []Request{admin, {User: user("ann"), Place: lobby}, {User: user("bob"), Place: lobby}, {User: user("zed"), Place: lobby}} {
		rep, err := e.svc.SetSetting(ctx, r, ScopeUser, "language", LangPseudo)
		if err != nil {
			t.Fatal(err)
		}
		c.check("/settings me", rep.Text)
	}
	var rep Reply
	for k, v := range map[string]string{"language": LangPseudo, "clock_days": "2", "reminder_hours": "6"} {
		r, err := e.svc.SetSetting(ctx, admin, ScopeGuild, k, v)
		if err != nil {
			t.Fatal(err)
		}
		c.check("/settings server", r.Text)
		rep = r
	}
	var err error
	if rep, err = e.svc.ShowSettings(ctx, admin); err != nil {
		t.Fatal(err)
	}
	c.check("/settings show", rep.Text)

	rep, err = e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: kind, Seats: 2, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	c.check("/create", rep.Text)
	th := fmt.Sprintf("t-%d", rep.Game)
	if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
		t.Fatal(err)
	}
	in := func(who string) Request { return e.in(th, user(who)) }
	if rep, err = e.svc.Board(ctx, in("ann")); err != nil {
		t.Fatal(err)
	}
	c.check("/board in the lobby", rep.Text)
	if rep, err = e.svc.Join(ctx, in("bob")); err != nil {
		t.Fatal(err)
	}
	c.check("/join", rep.Text)
	// The game's own names for its seats are engine texts too.
	if tb, err := e.svc.load(ctx, rep.Game); err == nil {
		if sn, ok := tb.state.(rules.SeatNamer); ok && (engineTextsInEnglish[kind] || properSeatNames[kind]) {
			for i := range tb.row.Seats {
				c.allow(sn.SeatName(rules.Seat(i)))
			}
		}
		tb.mu.Unlock()
	}
	seen := map[string]bool{}
	kinds := map[string]int{}
	deliver := func(when string) {
		e.deliver()
		for _, o := range e.sent {
			kinds[o.Kind]++
			c.check(when+": "+o.Kind+" post", o.Text)
			for _, a := range o.Awaited {
				for _, ans := range a.Answers {
					c.check(when+": answer button", ans.Label)
				}
			}
		}
	}
	refused := func(where string, err error) {
		if msg, ok := AsRefusal(err); ok {
			c.check(where, msg)
		} else if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
	}
	deliver("start")
	r := rand.New(rand.NewPCG(7, 7))
	for n := 0; n < 400; n++ {
		tb, err := e.svc.load(ctx, rep.Game)
		if err != nil {
			t.Fatal(err)
		}
		st, row := tb.state, *tb.row
		var seat rules.Seat
		var ps []rules.Prompt
		if st != nil && row.Status == storage.StatusRunning {
			ps = st.Awaiting()
		}
		if len(ps) > 0 {
			seat = ps[0].Seat
		}
		tb.mu.Unlock()
		if len(ps) == 0 {
			break
		}
		who := playerName(&row, seat)
		m, err := rules.RandomMove(st, seat, r)
		if err != nil {
			t.Fatal(err)
		}
		c.allow(m...)
		// The tokens a refusal may list (the actions open now) are notation too; short ones
		// would take letters out of every word.
		if next, _, err := rules.ChoiceTokens(st, seat, nil); err == nil {
			for _, ch := range next {
				if len(ch.Token) >= 3 {
					c.allow(ch.Token)
				}
			}
		}
		if !seen[who] {
			seen[who] = true
			sg, err := e.svc.Suggest(ctx, in(who), "", 25)
			refused("autocomplete", err)
			for _, s := range sg {
				c.allow(strings.Fields(s.Value)...)
				c.check("autocomplete label", s.Label)
			}
			step, err := e.svc.Tree(ctx, in(who), nil)
			refused("the picker", err)
			c.check("the picker's question", step.Prompt)
			for _, ch := range step.Next {
				c.allow(ch.Token)
				c.check("the picker's choice", ch.Label)
			}
			// After the picker, whose tokens (notation) a refusal may list.
			_, err = e.svc.Move(ctx, in(who), "zz9 zz9")
			refused("a move that is no move", err)
			for _, w := range step.Counts {
				c.check("the picker's count", w.MovesIn(step.Lang))
			}
			other := "bob"
			if who == "bob" {
				other = "ann"
			}
			_, err = e.svc.Move(ctx, in(other), m.String())
			refused("a move out of turn", err)
		}
		rep, err := e.svc.MoveTokens(ctx, in(who), m)
		if err != nil {
			if msg, ok := AsRefusal(err); ok {
				t.Fatalf("random move %q refused: %s", m, msg)
			}
			t.Fatal(err)
		}
		c.check("move reply", rep.Text)
		if n == 0 {
			rep, err := e.svc.Undo(ctx, in(who), "")
			refused("/undo", err)
			c.check("/undo", rep.Text)
			deliver("undo asked")
			rep, err = e.svc.Undo(ctx, in(map[string]string{"ann": "bob", "bob": "ann"}[who]), "no")
			refused("/undo no", err)
			c.check("/undo no", rep.Text)
		}
		if n%25 == 0 {
			for _, who := range []string{"ann", "bob", "zed"} {
				drawReal = who != "zed" // the public board once, each private view
				rep, err := e.svc.Board(ctx, in(who))
				refused("/board", err)
				c.check("/board", rep.Text)
				drawReal = who != "zed"
				rep, err = e.svc.View(ctx, in(who))
				drawReal = false
				refused("/view", err)
				c.check("/view", rep.Text)
				if rep.Image == nil {
					t.Errorf("/view for %s came without a picture", who)
				}
				rep, err = e.svc.History(ctx, in(who), 4)
				refused("/history", err)
				c.check("/history", rep.Text)
			}
		}
		if n == 10 {
			e.now = e.now.Add(7 * time.Hour)
			if _, err := e.svc.Tick(ctx); err != nil {
				t.Fatal(err)
			}
			deliver("reminder")
		}
		deliver("after a move")
	}
	if e.row(th).Status == storage.StatusRunning {
		// Out of time: the late notice, and the others end the game.
		e.now = e.now.Add(49 * time.Hour)
		if _, err := e.svc.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		deliver("late")
		seq := int64(len(e.moves(th)))
		for _, who := range []string{"ann", "bob"} {
			for _, act := range []string{ActSkip, ActEnd} {
				if e.row(th).Status != storage.StatusRunning {
					break
				}
				rep, err := e.svc.Overdue(ctx, in(who), seq, act)
				refused("out of time: "+act, err)
				c.check("out of time: "+act, rep.Text)
				deliver("out of time")
				seq = int64(len(e.moves(th)))
			}
		}
	}
	rep, err = e.svc.AskResign(ctx, in("ann"))
	refused("/resign", err)
	c.check("/resign", rep.Text)
	rep, err = e.svc.Resign(ctx, in("ann"))
	refused("/resign confirmed", err)
	c.check("/resign confirmed", rep.Text)
	c.check("/resign confirmed: the thread", rep.Public)
	rep, err = e.svc.Board(ctx, in("zed"))
	refused("/board at the end", err)
	c.check("/board at the end", rep.Text)
	rep, err = e.svc.History(ctx, in("zed"), 0)
	refused("/history at the end", err)
	c.check("/history at the end", rep.Text)
	_, err = e.svc.Undo(ctx, in("ann"), "")
	refused("/undo at the end", err)
	t.Logf("%s: %d lines checked; posts %v; images by language %v", kind, c.lines, kinds, imgLangs)
	if imgLangs[LangPseudo] == 0 || len(imgLangs) != 1 {
		t.Errorf("images were drawn in %v, not all in %s", imgLangs, LangPseudo)
	}
	if kinds["reminder"] == 0 || kinds["turn"] == 0 {
		t.Errorf("the game went without a reminder or a turn post: %v", kinds)
	}
	if c.lines < 50 {
		t.Errorf("only %d lines checked", c.lines)
	}
	var bad []string
	for line, where := range c.bad {
		bad = append(bad, where+": "+line)
	}
	sort.Strings(bad)
	for i, b := range bad {
		if i == 20 {
			t.Errorf("... and %d more", len(bad)-20)
			break
		}
		t.Errorf("not pseudo-localized: %s", b)
	}
}
