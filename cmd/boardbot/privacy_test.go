package main

// The privacy property at the bot level: for every registered game at every seat count, random
// games are played through bot.Service, and everything public the bot would send after each move
// (the thread messages as the Discord adapter renders them: text, mentions, button labels, custom
// ids, select options, and the view each board image is drawn from) is checked twice:
//
//   - re-dealing all hidden information after the move (the game's scrambler, as the rules'
//     property suite uses it) changes none of it;
//   - another move of the same seat that looks the same to everyone (same public events, same
//     public view, same prompts) gives the same messages: the move's secret part (Reef's
//     parrotfish colour) is never told.
//
// The /history line of the move, as every seat but the mover's and a spectator would read it,
// is part of what is checked.

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/discord"
	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/reef"
	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// scramblers re-deal what a viewer may not see, per game id; nil for a game with no hidden
// information and no randomness (Autumn Ash). Every registered game must be listed.
var scramblers = map[string]func(rules.State, rules.Seat, uint64) (rules.State, error){
	"autumn-ash":     nil,
	"ascidiae":       ascidiae.Scramble,
	"ascalion":       ascalion.Scramble,
	"reef-encounter": reef.Scramble,
	"ausonia":        ausonia.Scramble,
}

// recorder is a Discord that keeps what it is sent and answers with fresh ids.
type recorder struct {
	mu   sync.Mutex
	sent []string
	n    int
}

func (r *recorder) keep(kind, channel, id string, m discord.Message) {
	b, _ := json.Marshal(struct {
		Kind, Channel, ID string
		Content           string
		Users             []string
		Components        []discordgo.MessageComponent
		Clear             bool
	}{kind, channel, id, m.Content, m.Users, m.Components, m.Clear})
	r.mu.Lock()
	r.sent = append(r.sent, string(b))
	r.mu.Unlock()
}

func (r *recorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.sent
	r.sent = nil
	r.n = 0 // message ids count from each take, so that two runs of a move compare alike
	return out
}

func (r *recorder) Respond(*discordgo.Interaction, *discord.Answer) error           { return nil }
func (r *recorder) EditOriginal(*discordgo.Interaction, discord.Message) error      { return nil }
func (r *recorder) DeleteOriginal(*discordgo.Interaction) error                     { return nil }
func (r *recorder) Followup(*discordgo.Interaction, discord.Message) error          { return nil }
func (r *recorder) StartThread(channel, message, name string) (string, error)       { return "t", nil }
func (r *recorder) SetArchived(thread string, archived bool) error                  { return nil }
func (r *recorder) AutoArchive(thread string, minutes int) error                    { return nil }
func (r *recorder) DMChannel(user string) (string, error)                           { return "dm-" + user, nil }
func (r *recorder) Overwrite(string, string, []*discordgo.ApplicationCommand) error { return nil }
func (r *recorder) Recent(string) ([]discord.Posted, error)                         { return nil, nil }

func (r *recorder) Send(channel string, m discord.Message) (string, error) {
	r.mu.Lock()
	r.n++
	id := fmt.Sprintf("m%d", r.n)
	r.mu.Unlock()
	r.keep("send", channel, "", m)
	return id, nil
}

func (r *recorder) Edit(channel, id string, m discord.Message) error {
	r.keep("edit", channel, id, m)
	return nil
}

// viewLog records the views boards are drawn from, in place of the game's renderer.
type viewLog struct {
	mu    sync.Mutex
	views []string
}

func (v *viewLog) png(view any, _ render.Meta) ([]byte, error) {
	b, err := json.Marshal(view)
	if err != nil {
		return nil, err
	}
	v.mu.Lock()
	v.views = append(v.views, string(b))
	v.mu.Unlock()
	return []byte("\x89PNG"), nil
}

func (v *viewLog) take() []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	out := v.views
	v.views = nil
	return out
}

// privacyTable is one game played through the service, with a mirror of its state.
type privacyTable struct {
	t      testing.TB
	kit    bot.Kit
	svc    *bot.Service
	send   *discord.Sender
	rec    *recorder
	views  *viewLog
	game   int64
	mirror rules.State
	moves  int
	users  []string
}

// public renders what the service would post if seat played m (after transform) and returns
// every public item as text.
func (p *privacyTable) public(seat rules.Seat, m rules.Move, transform func(rules.State) (rules.State, error)) string {
	p.t.Helper()
	ctx := context.Background()
	p.views.take() // the mover's own board in the last move's reply is not public
	outs, err := p.svc.Preview(ctx, p.game, seat, m, transform)
	if err != nil {
		p.t.Fatalf("preview of %q by seat %d: %v", m, seat, err)
	}
	views := p.views.take()
	for _, o := range outs {
		if o.Kind == "status" {
			o.Live = "live-post" // the message a delivered post would have
		}
		if err := p.send.Send(ctx, o); err != nil {
			p.t.Fatal(err)
		}
	}
	// What /history will say of this move to every seat but the mover's, and to spectators.
	hist, err := p.svc.HistoryPreview(ctx, p.game, seat, m)
	if err != nil {
		p.t.Fatalf("history preview of %q by seat %d: %v", m, seat, err)
	}
	return strings.Join(append(append(p.rec.take(), views...), hist...), "\n")
}

// publicEffect is what everyone learns from a move: its public events, and (after) the public
// view and who is asked what after it. The view is marshalled only when asked: most moves differ
// already in their events, and marshalling a view for each of 40 alternatives cost seconds.
type publicEffect struct {
	events string
	state  rules.State
	view   string
}

func newPublicEffect(g rules.Game, st rules.State, seat rules.Seat, m rules.Move) (*publicEffect, bool) {
	var c rules.State
	if f, ok := st.(interface{ Clone() rules.State }); ok {
		c = f.Clone() // the engines' fast copy (rulestest's FastPathsAgree holds it to Encode/Decode)
	} else {
		var err error
		if c, err = rules.Clone(g, st); err != nil {
			return nil, false
		}
	}
	evs, err := c.Apply(seat, m)
	if err != nil {
		return nil, false
	}
	var pub []string
	for _, e := range evs {
		if e.Public() {
			pub = append(pub, e.English())
		}
	}
	return &publicEffect{events: strings.Join(pub, "\n"), state: c}, true
}

func (e *publicEffect) after() string {
	if e.state != nil {
		v, _ := json.Marshal(e.state.View(rules.Spectator))
		a, _ := json.Marshal(e.state.Awaiting())
		e.view, e.state = string(v)+"\n"+string(a), nil
	}
	return e.view
}

// same says whether two moves look the same to everyone.
func (e *publicEffect) same(o *publicEffect) bool {
	return e.events == o.events && e.after() == o.after()
}

// sync applies the log's new moves (the test's and the bot's own) to the mirror.
func (p *privacyTable) sync() {
	p.t.Helper()
	log, err := p.svc.Store().Moves(context.Background(), p.game)
	if err != nil {
		p.t.Fatal(err)
	}
	for _, e := range log[p.moves:] {
		m, _ := rules.ParseMove(e.Notation)
		if _, err := p.mirror.Apply(rules.Seat(e.Seat), m); err != nil {
			p.t.Fatalf("move %d %q: %v", e.Seq, e.Notation, err)
		}
		p.moves++
	}
}

func newPrivacyTable(t testing.TB, k bot.Kit, seats int, seed uint64) *privacyTable {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	views := &viewLog{}
	kit := bot.Kit{Game: k.Game, PNG: views.png}
	log := slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))
	svc := bot.New(st, []bot.Kit{kit}, bot.Options{Logger: log, AutoForced: true, Seed: func() uint64 { return seed }})
	rec := &recorder{}
	p := &privacyTable{t: t, kit: kit, svc: svc, send: discord.NewSender(svc, rec, log), rec: rec, views: views}
	ctx := context.Background()
	info := k.Game.Info()
	for s := 0; s < seats; s++ {
		p.users = append(p.users, fmt.Sprintf("u%d", s))
	}
	place := bot.Place{Guild: "g", Channel: "c"}
	rep, err := svc.Create(ctx, bot.Request{User: bot.User{ID: "u0", Name: "p0"}, Place: place}, bot.CreateSpec{Kind: info.ID, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	p.game = rep.Game
	if err := svc.AttachThread(ctx, p.game, "thread", "lobby"); err != nil {
		t.Fatal(err)
	}
	for s := 1; s < seats; s++ {
		if _, err := svc.Join(ctx, bot.Request{User: bot.User{ID: p.users[s], Name: fmt.Sprintf("p%d", s)}, Place: place, Game: p.game}); err != nil {
			t.Fatal(err)
		}
	}
	if seats == 1 && info.MinSeats == 1 {
		// A lobby of one starts when its creator says so.
		if _, err := svc.Start(ctx, bot.Request{User: bot.User{ID: "u0"}, Place: place, Game: p.game}); err != nil && !strings.Contains(err.Error(), "already started") {
			t.Fatal(err)
		}
	}
	setup, err := info.ValidateSetup(rules.Setup{Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if p.mirror, err = k.Game.New(setup); err != nil {
		t.Fatal(err)
	}
	p.sync()
	return p
}

// privacySteps bounds each game of the privacy property (0: 300, or 60 with -short).
var privacySteps = flag.Int("privacy.steps", 0, "moves per game in the privacy property")

func TestPublicPostsCarryNothingPrivate(t *testing.T) {
	// A short walk through every game and table size by default; the long tier walks further.
	steps := rulestest.Scale(80, 300)
	if testing.Short() {
		steps = 60
	}
	if *privacySteps > 0 {
		steps = *privacySteps
	}
	for _, k := range allKits() {
		info := k.Game.Info()
		scramble, listed := scramblers[info.ID]
		if !listed {
			t.Errorf("%s: no scrambler listed for the privacy property", info.ID)
			continue
		}
		for seats := info.MinSeats; seats <= info.MaxSeats; seats++ {
			t.Run(fmt.Sprintf("%s-%d", info.ID, seats), func(t *testing.T) {
				checkPrivacy(t, k, seats, scramble, steps)
			})
		}
	}
}

func checkPrivacy(t *testing.T, k bot.Kit, seats int, scramble func(rules.State, rules.Seat, uint64) (rules.State, error), steps int) {
	seed := uint64(seats*100 + 7)
	p := newPrivacyTable(t, k, seats, seed)
	r := rand.New(rand.NewPCG(seed, 11))
	ctx := context.Background()
	compared, twins := 0, 0
	for step := 0; step < steps && p.mirror.Result() == nil; step++ {
		aw := p.mirror.Awaiting()
		seat := aw[r.IntN(len(aw))].Seat
		m, err := rules.RandomMove(p.mirror, seat, r)
		if err != nil {
			t.Fatal(err)
		}
		base := p.public(seat, m, nil)
		// Engines write seats as placeholders; nothing the bot posts may still carry one.
		// (The views handed to the renderer may carry them: the image draws names.)
		for _, line := range strings.Split(base, "\n") {
			var sent struct{ Kind, Content string }
			if strings.HasPrefix(line, "{") && (json.Unmarshal([]byte(line), &sent) != nil || sent.Kind == "") {
				continue // a view
			}
			if rules.HasSeatRefs(line) {
				t.Fatalf("move %d, %q by seat %d: a post shows a seat placeholder:\n%s", p.moves+1, m, seat, line)
			}
		}
		if scramble != nil {
			s := r.Uint64()
			other := p.public(seat, m, func(st rules.State) (rules.State, error) {
				if st.Result() != nil {
					return st, nil // the end reveals what was hidden (Reef's parrotfish); the rules' suite scrambles running games only
				}
				return scramble(st, rules.Spectator, s)
			})
			if other != base {
				t.Fatalf("move %d, %q by seat %d: re-dealing hidden information changes what the bot posts:\n%s\n--- after re-dealing ---\n%s",
					p.moves+1, m, seat, base, other)
			}
			compared++
		}
		// A move that looks the same to everyone must be posted the same.
		if effect, ok := newPublicEffect(k.Game, p.mirror, seat, m); ok {
			alts, _, _ := rules.Enumerate(p.mirror, seat, 40)
			for _, alt := range alts {
				if alt.Equal(m) {
					continue
				}
				if e, ok := newPublicEffect(k.Game, p.mirror, seat, alt); ok && e.same(effect) {
					if other := p.public(seat, alt, nil); other != base {
						t.Fatalf("move %d by seat %d: %q and %q look the same to everyone but are posted differently:\n%s\n--- versus ---\n%s",
							p.moves+1, seat, m, alt, base, other)
					}
					twins++
					break
				}
			}
		}
		seq := int64(p.moves) // chosen for the decision now asked, as a picker's move is
		if _, err := p.svc.MoveTokens(ctx, bot.Request{User: bot.User{ID: p.users[seat]}, Place: bot.Place{Guild: "g", Channel: "thread"}, Seq: &seq}, m); err != nil {
			t.Fatalf("move %d, %q by seat %d: %v", p.moves+1, m, seat, err)
		}
		p.sync()
	}
	t.Logf("%d moves, %d re-deals compared, %d look-alike moves compared", p.moves, compared, twins)
}
