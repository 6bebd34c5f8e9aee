package discord

// The whole-game suite: each game played from /create to its result through the adapter and the
// fake Discord, with the game's real renderer. Random players choose among what the picker and
// autocomplete offer (seeded, so a failure replays), alternating the button picker and /move,
// and every turn post, reply and private view is checked against a mirror of the game kept by
// applying the logged moves to a second copy of the rules.

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image/png"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/render"
	ascalionrender "github.com/boardbot/boardbot/render/ascalion"
	ascidiaerender "github.com/boardbot/boardbot/render/ascidiae"
	ausoniarender "github.com/boardbot/boardbot/render/ausonia"
	autumnashrender "github.com/boardbot/boardbot/render/autumnash"
	reefrender "github.com/boardbot/boardbot/render/reef"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/reef"
	"github.com/boardbot/boardbot/storage"
)

// wholeGame is one row of the suite: a game, its table and options, and how its random players
// lean. Adding a game is adding a row.
type wholeGame struct {
	name     string
	kit      bot.Kit
	seats    int
	options  map[string]string
	seed     uint64 // the game's seed; the players' generator is seeded from it too
	maxMoves int    // a game still running after this many moves fails the test
	// lean weighs each option the random players are offered (nil: all alike).
	lean lean
	// interrupt names the kind of a prompt that asks a player out of turn while the player whose
	// turn it is waits ("discard"), or "" for an ordinary prompt. The driver has the waiting
	// players try to answer it for the asked one, and counts each kind.
	interrupt func(p rules.Prompt) string
	// until, when set, ends the test before the game ends (a game too long to finish here).
	until func(d *driver) bool
	// lead, when set, plays the first moves straight from the rules (lead_test.go), at most
	// leadMax of them, to a position the random players reach only late.
	lead    leadFunc
	leadMax int
	// check runs after the game with what the driver saw.
	check func(t *testing.T, d *driver)
}

var wholeGames = []wholeGame{
	{name: "autumn-ash", kit: bot.Kit{Game: autumnash.Game, PNG: autumnashrender.PNG, Progress: autumnashrender.Progress}, seats: 2, seed: 11, maxMoves: 400},
	{name: "ausonia-2p", kit: bot.Kit{Game: ausonia.Game, PNG: ausoniarender.PNG, Progress: ausoniarender.Progress}, seats: 2, seed: 9, maxMoves: 800,
		lean: ausoniaLean, interrupt: ausoniaInterrupt, check: checkAusonia},
	{name: "ausonia-solo", kit: bot.Kit{Game: ausonia.Game, PNG: ausoniarender.PNG, Progress: ausoniarender.Progress}, seats: 1, seed: 4, maxMoves: 600,
		options: map[string]string{ausonia.OptAspirant: "2"}, lean: ausoniaLean, interrupt: ausoniaInterrupt, check: checkAusonia},
	{name: "ascidiae-2p", kit: bot.Kit{Game: ascidiae.Game, PNG: ascidiaerender.PNG, Progress: ascidiaerender.Progress}, seats: 2, seed: 5, maxMoves: 600,
		options: ascidiaeShort, lean: ascidiaeLean, check: checkAscidiae},
	{name: "ascidiae-solo", kit: bot.Kit{Game: ascidiae.Game, PNG: ascidiaerender.PNG, Progress: ascidiaerender.Progress}, seats: 1, seed: 1, maxMoves: 400,
		options: ascidiaeShort, lean: ascidiaeLean, check: checkAscidiae},
	{name: "reef-3p", kit: bot.Kit{Game: reef.Game, PNG: reefrender.PNG, Progress: reefrender.Progress}, seats: 3, seed: 1, maxMoves: 800,
		lean: reefLean, check: checkReef},
	{name: "ascalion-3p", kit: bot.Kit{Game: ascalion.Game, PNG: ascalionrender.PNG, Progress: ascalionrender.Progress}, seats: 3, seed: 7, maxMoves: 600,
		options: map[string]string{"setup": "quick"}, lean: ascalionLean, interrupt: ascalionInterrupt, until: ascalionEnough, check: checkAscalion,
		lead: ascalionToPassage, leadMax: 400},
}

// ascidiaeShort: colonies of 4 tadpoles and no learning turns make the shortest games.
var ascidiaeShort = map[string]string{"difficulty": "black", "rearrange": "0"}

// gamesSeed replays the suite with other seeds, to look for problems or for a row's new seed
// when a change to a game or to the driver alters the random games and a row no longer shows
// what it must (Ausonia's Discard prompt, Ascalion's one-tap answers after its lead); for example
//
//	go test ./bot/discord -run 'TestWholeGames/ascalion' -v -games.seed 7
var gamesSeed = flag.Uint64("games.seed", 0, "seed every whole game with this instead of its row's seed")

func TestWholeGames(t *testing.T) {
	for _, g := range wholeGames {
		if *gamesSeed != 0 {
			g.seed = *gamesSeed
		}
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			d := playWhole(t, g)
			if g.check != nil {
				g.check(t, d)
			}
		})
	}
}

// lean weighs an option offered after path; the zero Choice stands for playing path as it is.
type lean func(path rules.Move, c rules.Choice) float64

// players sit in this order; their user ids are "u-" and the name.
var playerNames = []string{"ann", "bob", "cat", "dan", "eve", "fay"}

// driver plays one game through the fake Discord and remembers what it saw.
type driver struct {
	t      *testing.T
	e      *env
	g      wholeGame
	info   rules.Info
	r      *rand.Rand
	thread string
	game   int64
	users  []string // by seat

	mirror rules.State
	moves  int             // log entries applied to the mirror
	events [][]rules.Event // per log entry, as the mirror saw them
	live   livePost
	// The turn flow as the mirror sees it: the awaited seats and turn count after the last
	// move, and the public events since the last post.
	seen      []int
	turnCount int
	pending   []rules.Event
	pendingBy []int // the seat each pending event belongs to: the seat it names, else the mover
	// edited is how many of pending the newest status edit of the live post told: the next
	// post tells the rest, not those again.
	edited int
	// quiet are the players who moved since the thread last pinged them, away those of them
	// after whose move another player moved, and fresh those of them whose question another
	// player's move changed since the last settle: a new request, which the next post (or a
	// post in place of an edit) pings them for.
	quiet, away, fresh map[string]bool

	stats driverStats
	trace []string // the moves the driver made, shown when a test fails
}

// livePost is the game's current prompt message: the one whose buttons work.
type livePost struct {
	id   string
	seq  int64
	turn map[string]string // user id -> that user's Take your turn button
	// answers are the one-tap answers of a player asked a question, by user id.
	answers map[string][]answer
	view    string // the My view button
	png     []byte
	board   int64    // the position png shows (status edits keep the post's board)
	last    []string // what its last-move box tells (render.Meta.Last)
	users   []string
}

// answer is a one-tap answer button: its custom id and the whole move it plays.
type answer struct {
	id   string
	move rules.Move
}

type driverStats struct {
	bySlash, byPicker       int
	byAnswer, stale         int            // moves by one-tap answers; stale answers refused
	answered                map[string]int // one-tap answers played, by first token
	backs, pages, uppercase int
	views, viewButtons      int
	refusals                int
	multi                   int            // posts awaiting several seats
	folded                  int            // posts that folded several turn changes
	interrupts              map[string]int // out-of-turn prompts by kind, answered through the buttons
	boardsChecked           int
	privateEvents           int // events addressed to some seats only
	privateViews            int // views that differed from the thread's board
	finished                bool
	flow                    flowStats
}

// flowStats count what the thread received, for the turn-flow figures: posts, boards attached,
// mentions, and mentions of a user who was already awaited in the previous post (the result
// post, which tells everyone, is not counted as a re-ping).
type flowStats struct {
	posts, images, pings, repings, edits int
	continued                            int // posts that took several messages
}

// playWhole opens the game, plays it to the end (or to g.until) and checks the result post.
func playWhole(t *testing.T, g wholeGame) *driver {
	e := newKitEnv(t, []bot.Kit{g.kit}, g.seed)
	e.connect()
	d := &driver{t: t, e: e, g: g, info: g.kit.Game.Info(), r: rand.New(rand.NewPCG(g.seed, 0x5eed)),
		users: playerNames[:g.seats], stats: driverStats{interrupts: map[string]int{}, answered: map[string]int{}}}
	setup, err := d.info.ValidateSetup(rules.Setup{Seats: g.seats, Seed: g.seed, Options: g.options})
	if err != nil {
		t.Fatal(err)
	}
	if d.mirror, err = g.kit.Game.New(setup); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the last moves:\n%s", strings.Join(d.trace[max(0, len(d.trace)-40):], "\n"))
		}
	})
	d.open()
	d.seen, d.turnCount = d.awaited()
	d.settle(e.deliver(), true)
	if g.lead != nil {
		d.leadIn(g.lead, g.leadMax)
	}
	for turn := 0; !d.stats.finished; turn++ {
		if d.moves > g.maxMoves {
			if g.check != nil {
				g.check(t, d) // says what was still missing
			}
			t.Fatalf("%s still running after %d moves", d.info.Name, d.moves)
		}
		if g.until != nil && g.until(d) {
			t.Logf("stopped as planned after %d moves", d.moves)
			d.logFlow()
			return d
		}
		d.turn(turn)
	}
	d.afterTheEnd()
	// Nothing failed injected here, so Discord must have taken every request: no edit before
	// its response, of a dead token or of an unknown message.
	rs, _ := e.fake.since(0)
	for _, r := range rs {
		if r.Status >= 400 {
			t.Errorf("Discord refused %s %s: %d", r.Method, r.Path, r.Status)
		}
	}
	d.logFlow()
	t.Logf("%s: %d moves to the end (%d by /move, %d by the picker, %d by answer buttons, %d stale answers refused); %d pages turned, %d Backs, %d typed in capitals; "+
		"%d views, %d boards checked, %d refusals, %d posts awaiting several seats, out of turn %v, %d private events",
		d.info.Name, d.moves, d.stats.bySlash, d.stats.byPicker, d.stats.byAnswer, d.stats.stale, d.stats.pages, d.stats.backs, d.stats.uppercase,
		d.stats.views+d.stats.viewButtons, d.stats.boardsChecked, d.stats.refusals, d.stats.multi, d.stats.interrupts, d.stats.privateEvents)
	return d
}

// logFlow prints the turn-flow figures in one greppable line.
func (d *driver) logFlow() {
	f := d.stats.flow
	d.t.Logf("FLOW %s: %d moves, %d thread posts (%d in several messages), %d images, %d pings, %d re-pings, %d status edits, %d folded posts", d.g.name, d.moves, f.posts, f.continued, f.images, f.pings, f.repings, f.edits, d.stats.folded)
	if f.repings != 0 {
		d.t.Errorf("%d mentions of a player the thread already awaited", f.repings)
	}
}

func (d *driver) uid(seat rules.Seat) string { return "u-" + d.users[seat] }

// open creates the game with /create (ann, inviting everyone else), checks the lobby, and has the
// others join with the lobby's Join button; the last one fills the table and starts the game.
func (d *driver) open() {
	t, e := d.t, d.e
	t.Helper()
	var opts []*discordgo.ApplicationCommandInteractionDataOption
	if d.info.MinSeats != d.info.MaxSeats {
		opts = append(opts, opt("players", float64(d.g.seats)))
	}
	keys := make([]string, 0, len(d.g.options))
	for k := range d.g.options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		opts = append(opts, opt(k, d.g.options[k]))
	}
	for s := 1; s < d.g.seats; s++ {
		opts = append(opts, userOpt(fmt.Sprintf("invite%d", s), d.uid(rules.Seat(s))))
	}
	i := e.slash("ann", "c-games", "create", sub(d.info.ID, opts...))
	rs := e.do(i)
	if cb := callback(t, rs, i); typ(cb) != 5 || !ephemeral(data(cb)) {
		t.Fatalf("create is deferred, ephemeral: %+v", cb.JSON)
	}
	posts := find(rs, "POST", "/channels/c-games/messages")
	if len(posts) != 2 {
		t.Fatalf("the lobby post and the thread opened from it: %+v", rs)
	}
	lobby, th := posts[0], posts[1]
	noParse(t, lobby.JSON)
	if th.Path != "/channels/c-games/messages/"+lobby.ID+"/threads" {
		t.Fatalf("the thread opens from the lobby message: %+v", th)
	}
	d.thread = th.ID
	row, err := e.store.GameByThread(context.Background(), d.thread)
	if err != nil {
		t.Fatal(err)
	}
	d.game = row.ID
	title := fmt.Sprintf("%s #%d", d.info.Name, d.game)
	if th.JSON["name"] != title {
		t.Fatalf("thread name %v, want %q", th.JSON["name"], title)
	}
	invites := find(rs, "POST", "/channels/"+d.thread+"/messages")
	if d.g.seats == 1 {
		// Alone, the game starts at once: the lobby shows it started, without buttons.
		if !strings.Contains(content(lobby.JSON), "**"+title+"** has started with ann.") || len(customIDs(lobby.JSON)) != 0 || len(invites) != 0 {
			t.Fatalf("a solo game starts at once: %q %v", content(lobby.JSON), customIDs(lobby.JSON))
		}
		return
	}
	want := fmt.Sprintf("**%s** is looking for players (1 of %d)", title, d.g.seats)
	if !strings.Contains(content(lobby.JSON), want) {
		t.Fatalf("lobby %q, want %q", content(lobby.JSON), want)
	}
	ids := fmt.Sprintf("g/%d/join g/%d/leave g/%d/start", d.game, d.game, d.game)
	if got := strings.Join(customIDs(lobby.JSON), " "); got != ids {
		t.Fatalf("lobby buttons %s", got)
	}
	// Every invited player is pinged once, in the thread, and nobody else.
	var others []string
	for s := 1; s < d.g.seats; s++ {
		others = append(others, d.uid(rules.Seat(s)))
	}
	if len(invites) != 1 || !sameSet(allowedUsers(invites[0].JSON), others) || strings.Count(content(invites[0].JSON), "<@") != len(others) {
		t.Fatalf("the invited players are pinged once: %+v", invites)
	}
	noParse(t, invites[0].JSON)
	msg := &discordgo.Message{ID: lobby.ID, ChannelID: "c-games", Content: content(lobby.JSON)}
	for s := 1; s < d.g.seats; s++ {
		i := e.click(d.users[s], "c-games", fmt.Sprintf("g/%d/join", d.game), msg)
		cb := callback(t, e.do(i), i)
		dd := data(cb)
		if typ(cb) != 7 {
			t.Fatalf("Join updates the lobby message: %+v", cb.JSON)
		}
		if s < d.g.seats-1 {
			if !strings.Contains(content(dd), fmt.Sprintf("(%d of %d)", s+1, d.g.seats)) || strings.Join(customIDs(dd), " ") != ids {
				t.Fatalf("after %s joined: %q %v", d.users[s], content(dd), customIDs(dd))
			}
			continue
		}
		all := strings.Join(d.users, ", ")
		if !strings.Contains(content(dd), "has started with "+all) || len(customIDs(dd)) != 0 {
			t.Fatalf("the last seat starts the game and the lobby loses its buttons: %q %v", content(dd), customIDs(dd))
		}
	}
}

// settle syncs the mirror with the game's log and checks everything Discord received in rs
// against the turn flow: at most one thread post per change of the awaited seats (or of the
// turn, in games that count turns; the start post first when start is set), each with the board
// attached and the public events since the previous post, never a private one; mentions only of
// players who were not awaited as the thread last said; status edits of the live post (no
// pings) while the seats of a shared post answer; nothing at all while one seat's turn goes on.
// The last post pings the newly awaited players and holds exactly the awaited players' buttons,
// or shows the result.
func (d *driver) settle(rs []recorded, start bool) {
	t := d.t
	t.Helper()
	ctx := context.Background()
	row, err := d.e.store.GameByThread(ctx, d.thread)
	if err != nil {
		t.Fatal(err)
	}
	log, err := d.e.store.Moves(ctx, row.ID)
	if err != nil {
		t.Fatal(err)
	}
	first := d.moves
	changes := 0     // how many times the awaited seats (or the turn) changed: the posts allowed
	var sets [][]int // the awaited seats at each change
	if d.quiet == nil {
		d.quiet, d.away, d.fresh = map[string]bool{}, map[string]bool{}, map[string]bool{}
	}
	for _, m := range log[first:] {
		mv, err := rules.ParseMove(m.Notation)
		if err != nil {
			t.Fatal(err)
		}
		asked := map[rules.Seat]string{} // what each awaited seat was asked before the move
		for _, p := range d.mirror.Awaiting() {
			asked[p.Seat] = p.English()
		}
		evs, err := d.mirror.Apply(rules.Seat(m.Seat), mv)
		if err != nil {
			t.Fatalf("move %d (%s by seat %d) does not apply to the mirror: %v", m.Seq, m.Notation, m.Seat, err)
		}
		mover := d.uid(rules.Seat(m.Seat))
		for u := range d.quiet {
			if u != mover && d.quiet[u] {
				d.away[u] = true
			}
		}
		if m.UserID != bot.AutoUser {
			d.quiet[mover], d.away[mover] = true, false
		}
		newly := false
		for _, p := range d.mirror.Awaiting() {
			u := d.uid(p.Seat)
			if was, ok := asked[p.Seat]; ok && was != p.English() && d.quiet[u] && d.away[u] && !d.fresh[u] {
				d.fresh[u], newly = true, true
			}
		}
		// The bot names seats as players ("ann") where the engine wrote placeholders;
		// the driver compares posts with the texts as players read them. A copy, as words only:
		// whose line each event is (eventSeat) is read from the engine's own message.
		named := make([]rules.Event, len(evs))
		for i, ev := range evs {
			named[i] = ev
			named[i].Msg = rules.Verbatim(rules.RenderSeats(ev.English(), d.seatLabel))
		}
		d.events = append(d.events, named)
		for i, ev := range named {
			if ev.Public() {
				d.pending = append(d.pending, ev)
				d.pendingBy = append(d.pendingBy, eventSeat(evs[i], m.Seat))
			} else {
				d.stats.privateEvents++
			}
		}
		if aw, turn := d.awaited(); d.mirror.Result() != nil || !slices.Equal(aw, d.seen) || turn != d.turnCount || newly {
			changes++
			sets = append(sets, aw)
			d.seen, d.turnCount = aw, turn
		}
		d.moves++
	}
	if snap, _ := d.mirror.Encode(); !bytes.Equal(snap, row.Snapshot) {
		t.Fatalf("after %d moves the stored snapshot differs from the mirror's", d.moves)
	}
	if dms := find(rs, "POST", "/users/@me/channels"); len(dms) != 0 {
		t.Fatalf("nobody asked for direct messages: %+v", dms)
	}
	posts := d.joinParts(find(rs, "POST", "/channels/"+d.thread+"/messages"))
	if start {
		changes++
	}
	if len(posts) > changes {
		t.Fatalf("%d posts in the thread for %d changes of the awaited seats (%d new moves): %+v", len(posts), changes, d.moves-first, rs)
	}
	var edits []recorded // status edits of the live post: those with buttons or text
	for _, r := range find(rs, "PATCH", "/channels/"+d.thread+"/messages/") {
		if r.Status >= 400 {
			t.Fatalf("an edit of a message Discord does not have: %+v", r)
		}
		if content(r.JSON) != "" {
			edits = append(edits, r)
		}
	}
	for k, p := range posts {
		d.checkPost(p)
		d.stats.flow.posts++
		d.stats.flow.images += len(p.Files)
		d.stats.flow.pings += len(allowedUsers(p.JSON))
		if k < len(posts)-1 && (len(customIDs(p.JSON)) != 0 || len(allowedUsers(p.JSON)) != 0) {
			t.Fatalf("a post the game has moved past has no buttons and pings nobody: %v %v", customIDs(p.JSON), allowedUsers(p.JSON))
		}
		if start && k == 0 {
			if !strings.Contains(content(p.JSON), fmt.Sprintf("%s #%d begins:\n", d.info.Name, d.game)) {
				t.Fatalf("start post: %q", content(p.JSON))
			}
		}
	}
	if len(posts) == 0 {
		d.settleEdits(edits)
		return
	}
	last := posts[len(posts)-1]
	if len(posts) == 1 && !start {
		d.checkDigest(last)
	}
	// The board's last-move box tells the post's events but housekeeping (render.Meta.Last).
	var box []string
	said := "" // the game's end, said by the result line instead of its event
	if res := d.mirror.Result(); res != nil {
		said = strings.TrimRight(rules.RenderSeats(res.English(), func(s rules.Seat) string { return d.users[s] }), ". ")
	}
	// A blank line between two seats' turns, as posts lay them out.
	by := -1
	for i, ev := range d.pending {
		sameRef := func(o rules.Event) bool { return ev.Ref != "" && o.Ref == ev.Ref }
		switch {
		case ev.Kind != "withdraw" && slices.ContainsFunc(d.pending[i+1:], func(w rules.Event) bool { return w.Kind == "withdraw" && sameRef(w) }):
			continue // an offer withdrawn before the post: never told
		case ev.Kind == "withdraw" && slices.ContainsFunc(d.pending[:i], sameRef):
			continue // the withdrawal of an offer made since the last post: neither is told
		}
		if !ev.Detail && !ev.Routine && strings.TrimSpace(ev.English()) != "" && (said == "" || strings.TrimRight(ev.English(), ". ") != said) {
			if len(box) > 0 && by >= 0 && d.pendingBy[i] != by {
				box = append(box, "")
			}
			by = d.pendingBy[i]
			box = append(box, ev.English())
		}
	}
	d.pending, d.pendingBy, d.edited = nil, nil, 0
	// The prompt before loses its buttons, whatever happened since.
	if d.live.id != "" {
		cleared := false
		for _, r := range find(rs, "PATCH", "/channels/"+d.thread+"/messages/"+d.live.id) {
			cs, ok := r.JSON["components"].([]any)
			cleared = cleared || (ok && len(cs) == 0)
		}
		if !cleared {
			t.Fatalf("the previous prompt %s must lose its buttons: %+v", d.live.id, rs)
		}
	}
	for _, p := range posts {
		for _, u := range allowedUsers(p.JSON) {
			d.quiet[u], d.away[u] = false, false
		}
	}
	// A player asked a new question after their ping was spent is pinged as if newly awaited.
	told := slices.DeleteFunc(slices.Clone(d.live.users), func(u string) bool { return d.fresh[u] })
	clear(d.fresh)
	if len(posts) == 1 && len(sets) > 1 && !start {
		// Several changes in one post: delivery folded the turn posts queued since the last
		// settle into one. It pings whoever became awaited at one of those changes and is still
		// awaited, as the folded posts would have; the others count as told.
		prev, news := told, map[string]bool{}
		for _, set := range sets {
			var users []string
			for _, seat := range set {
				u := d.uid(rules.Seat(seat))
				users = append(users, u)
				if !slices.Contains(prev, u) {
					news[u] = true
				}
			}
			prev = users
		}
		told = nil
		for _, u := range prev {
			if !news[u] {
				told = append(told, u)
			}
		}
		d.stats.folded++
	}
	if len(posts) > 1 && len(sets) > 1 {
		// The earlier posts went out after the game had moved on (stale, without pings); the last
		// one is news against the seats awaited at the change before it.
		told = nil
		for _, seat := range sets[len(sets)-2] {
			told = append(told, d.uid(rules.Seat(seat)))
		}
	}
	d.live = livePost{id: last.ID, seq: int64(d.moves), turn: map[string]string{}, answers: map[string][]answer{}, png: last.Files[0].Data, last: box}
	if row.Status == storage.StatusFinished {
		d.stats.finished = true
		if d.mirror.Result() == nil {
			t.Fatal("the bot finished a game the rules have not")
		}
		if !strings.Contains(content(last.JSON), "Game over") || len(customIDs(last.JSON)) != 0 {
			t.Fatalf("the last post shows the result, without buttons: %q %v", content(last.JSON), customIDs(last.JSON))
		}
		everyone := make([]string, d.g.seats)
		for s := range everyone {
			everyone[s] = d.uid(rules.Seat(s))
		}
		if !sameSet(allowedUsers(last.JSON), everyone) {
			t.Fatalf("everyone is told the result: %v", allowedUsers(last.JSON))
		}
		res := d.mirror.Result()
		over := content(last.JSON)[strings.Index(content(last.JSON), "Game over"):]
		for _, w := range res.Winners() {
			if !strings.Contains(over, d.users[w]) {
				t.Fatalf("the result %q does not name the winner %s", over, d.users[w])
			}
		}
		if len(res.Winners()) == 0 && d.g.seats == 1 && !strings.Contains(over, d.users[0]+" loses") {
			t.Fatalf("a lost solo game: %q", over)
		}
		d.checkBoard(last, d.live.last)
		d.checkRecap(last)
		return
	}
	if d.mirror.Result() != nil {
		t.Fatal("the rules ended the game but the bot did not")
	}
	for _, u := range allowedUsers(last.JSON) {
		if slices.Contains(told, u) {
			d.stats.flow.repings++
		}
	}
	if len(posts) == 1 {
		d.checkPrompt(last, told)
	} else {
		d.checkPrompt(last, nil) // several posts at once: what the earlier ones told is not checked
	}
	d.live.board = d.live.seq
	// A later status edit of the new post (a shared post answered by autoplay) comes after it.
	if len(edits) > 0 {
		d.settleEdits(edits)
	}
}

// settleEdits checks the status edits of the live post made since the last settle: they ping
// nobody and hold the buttons of the players still asked, at the current position. Without an
// edit, the one awaited seat is still playing its turn, and the answer buttons are outdated.
func (d *driver) settleEdits(edits []recorded) {
	t := d.t
	t.Helper()
	if d.stats.finished {
		t.Fatal("the game ended without a post")
	}
	if len(edits) == 0 {
		if aw, _ := d.awaited(); len(aw) != 1 || !slices.Contains(d.live.users, d.uid(rules.Seat(aw[0]))) {
			t.Fatalf("the awaited seats changed to %v without a post or an edit (the thread told %v)", aw, d.live.users)
		}
		d.live.answers = map[string][]answer{}
		return
	}
	last := edits[len(edits)-1]
	for _, r := range edits {
		if !strings.HasSuffix(r.Path, "/"+d.live.id) {
			t.Fatalf("a status edit of %s, not of the live post %s", r.Path, d.live.id)
		}
		if us := allowedUsers(r.JSON); len(us) != 0 || strings.Contains(content(r.JSON), "<@") {
			t.Fatalf("a status edit pings nobody: %v %q", us, content(r.JSON))
		}
		noParse(t, r.JSON)
	}
	d.stats.flow.edits += len(edits)
	// The newest edit tells every public event since the post: the next post leaves them out.
	for _, ev := range withdrawn(d.pending) {
		if !ev.Detail && !containsEvent(content(last.JSON), ev.English()) {
			t.Fatalf("the status edit lacks the public event %q: %q", ev.English(), content(last.JSON))
		}
	}
	d.edited = len(d.pending)
	d.live.seq = int64(d.moves)
	d.live.turn, d.live.answers, d.live.view = map[string]string{}, map[string][]answer{}, ""
	d.checkPrompt(last, d.live.users)
}

// awaited is the mirror's awaited seats, in order, and its turn count (games that count turns).
func (d *driver) awaited() ([]int, int) {
	var aw []int
	for _, p := range d.mirror.Awaiting() {
		aw = append(aw, int(p.Seat))
	}
	slices.Sort(aw)
	turn := 0
	if tc, ok := d.mirror.(rules.TurnCounter); ok {
		turn = tc.TurnCount()
	}
	return slices.Compact(aw), turn
}

// checkDigest: a post carries every public event since the previous post that the live post's
// newest status edit did not tell, and none it told, in full (nothing counted, condensed or
// pointing to the full list), and none of the private ones.
func (d *driver) checkDigest(r recorded) {
	t := d.t
	t.Helper()
	c := content(r.JSON)
	for _, bad := range []string{"earlier events not shown", "full list: /history", "more events", " times)"} {
		if strings.Contains(c, bad) {
			t.Fatalf("a post leaves events out (%q): %q", bad, c)
		}
	}
	own := withdrawn(d.pending[min(d.edited, len(d.pending)):])
	for _, ev := range own {
		if ev.Detail || ev.Routine {
			continue // it restates an event the post tells, or is housekeeping the post leaves out
		}
		// The game's end is said once, by the result line (without the event's full stop).
		if !containsEvent(c, ev.English()) && !containsEvent(c, strings.TrimRight(ev.English(), ". ")) {
			t.Fatalf("the post lacks the public event %q: %q", ev.English(), c)
		}
	}
	// What the live post's edit told is read there: the post does not tell it again (unless
	// the same words tell another event of its own).
	for _, ev := range d.pending[:min(d.edited, len(d.pending))] {
		if ev.Detail || ev.Kind == "withdraw" || strings.TrimSpace(ev.English()) == "" || strings.Contains(ev.English(), "{seat:") {
			continue
		}
		if strings.Contains(c, ev.English()) && !slices.ContainsFunc(own, func(o rules.Event) bool { return strings.Contains(o.English(), ev.English()) }) {
			t.Fatalf("the post tells again the event %q its status edit told: %q", ev.English(), c)
		}
	}
	for n := range d.events {
		for _, ev := range d.events[n] {
			if !ev.Public() && !d.shownTo(n, rules.Spectator, ev.English()) && strings.Contains(c, ev.English()) && !d.publicly(ev.English()) {
				t.Fatalf("a post shows the private event %q (for seats %v) in the thread: %q", ev.English(), ev.To, c)
			}
		}
	}
}

var seatRef = regexp.MustCompile(`\{seat:\d+\}`)

// containsEvent: every piece of an event's text between its seats (rendered as players) is in c.
func containsEvent(c, text string) bool {
	for _, piece := range seatRef.Split(text, -1) {
		if !strings.Contains(c, piece) {
			return false
		}
	}
	return true
}

// withdrawn drops the offers taken back before a post (Kind "withdraw" with the same Ref).
// eventSeat is the seat an event belongs to in a post: the one its message names as "Seat", else
// the mover's.
func eventSeat(ev rules.Event, mover int) int {
	if ev.Msg != nil {
		for _, a := range ev.Msg.Args {
			if a.Kind == msg.KSeat && a.Name == "Seat" {
				return a.Int
			}
		}
	}
	return mover
}

func withdrawn(evs []rules.Event) []rules.Event {
	var out []rules.Event
	for _, e := range evs {
		if e.Kind == "withdraw" && e.Ref != "" {
			n := len(out)
			out = slices.DeleteFunc(out, func(p rules.Event) bool { return p.Ref == e.Ref })
			if len(out) < n {
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

// promptLine is a prompt as posts say it: naming its player once, seats rendered as players.
func (d *driver) promptLine(p rules.Prompt) string {
	label := d.label(p.Seat)
	text := rules.RenderSeats(p.English(), d.label)
	if strings.Contains(text, label) {
		return strings.ToUpper(text[:1]) + text[1:]
	}
	if sn, ok := d.mirror.(rules.SeatNamer); ok {
		if own := sn.SeatName(p.Seat); own != "" && strings.HasPrefix(text, own+",") {
			return label + text[len(own):]
		}
	}
	return label + ": " + text
}

// publicly reports whether some public event of the game says text.
func (d *driver) publicly(text string) bool {
	for _, evs := range d.events {
		for _, ev := range evs {
			if ev.Public() && strings.Contains(ev.English(), text) {
				return true
			}
		}
	}
	return false
}

// joinParts makes each post that went out as several messages (a round longer than a message)
// one request as the checks read it: the messages' texts in order, the first one's pings (the
// only ones), the last one's board and buttons. The parts carry nothing else.
func (d *driver) joinParts(posts []recorded) []recorded {
	t := d.t
	t.Helper()
	var out []recorded
	var parts []recorded
	for _, p := range posts {
		if n, _ := p.JSON["nonce"].(string); strings.Contains(n, ".") {
			if len(p.Files) != 0 || len(customIDs(p.JSON)) != 0 || (len(parts) > 0 && len(allowedUsers(p.JSON)) != 0) {
				t.Fatalf("a part of a post carries a board, buttons or a second ping: %+v", p.JSON)
			}
			noParse(t, p.JSON)
			parts = append(parts, p)
			continue
		}
		if len(parts) > 0 {
			if len(allowedUsers(p.JSON)) != 0 {
				t.Fatalf("a post that goes on pings in its last message: %v", allowedUsers(p.JSON))
			}
			j := map[string]any{}
			for k, v := range p.JSON {
				j[k] = v
			}
			var texts []string
			for _, q := range parts {
				texts = append(texts, content(q.JSON))
			}
			j["content"] = strings.Join(append(texts, content(p.JSON)), "\n")
			j["allowed_mentions"] = parts[0].JSON["allowed_mentions"]
			p.JSON = j
			d.stats.flow.continued++
			parts = nil
		}
		out = append(out, p)
	}
	if len(parts) > 0 {
		t.Fatalf("a post's first messages without its last: %+v", parts)
	}
	return out
}

// checkPost checks what every thread post has: the board as a PNG upload, mentions that only the
// listed users may get, and a nonce for the outbox's retries.
func (d *driver) checkPost(r recorded) {
	t := d.t
	t.Helper()
	files := 1
	if strings.Contains(content(r.JSON), "Game over") {
		files = 2 // and the recap (checkRecap)
	}
	if !strings.HasPrefix(r.ContentType, "multipart/form-data") || len(r.Files) != files ||
		r.Files[0].ContentType != "image/png" || !bytes.HasPrefix(r.Files[0].Data, []byte("\x89PNG")) {
		t.Fatalf("a turn post carries the board as a PNG upload: %s %d files", r.ContentType, len(r.Files))
	}
	if r.Auth != "Bot test-token" {
		t.Fatalf("thread posts use the bot token: %q", r.Auth)
	}
	noParse(t, r.JSON)
	if r.JSON["nonce"] == nil || r.JSON["enforce_nonce"] != true {
		t.Fatalf("outbox posts carry a nonce: %v", r.JSON)
	}
	if len(content(r.JSON)) == 0 {
		t.Fatal("a turn post without a caption")
	}
	d.checkNames(content(r.JSON))
}

// checkNames: a text names every seat by its player alone, never as "ann (Green)" or "(#1)",
// and no AI by its level.
func (d *driver) checkNames(text string) {
	d.t.Helper()
	if strings.Contains(text, "AI (") || strings.Contains(text, "(#") {
		d.t.Fatalf("a seat named by a level or a number: %q", text)
	}
	for s := range d.users {
		if own := rules.SeatNameIn(d.mirror, rules.Seat(s), bot.LangEnglish); own != "" && strings.Contains(text, d.users[s]+" ("+own+")") {
			d.t.Fatalf("%s named with brackets: %q", d.users[s], text)
		}
	}
}

// label is how the thread names a player: by name alone, never with the seat's own name.
func (d *driver) label(seat rules.Seat) string { return d.users[seat] }

// checkPrompt: the live post (or its status edit) pings each awaited player the thread had not
// told (told: the users awaited as it last said), tells each what is asked, and holds a Take
// your turn button for each awaited player (and My view), with their public answers, nothing else.
func (d *driver) checkPrompt(r recorded, told []string) {
	t := d.t
	t.Helper()
	aw := d.mirror.Awaiting()
	if len(aw) == 0 {
		t.Fatal("a running game awaits nobody")
	}
	var users, news []string
	for _, p := range aw {
		users = append(users, d.uid(p.Seat))
		if !slices.Contains(told, d.uid(p.Seat)) {
			news = append(news, d.uid(p.Seat))
		}
	}
	c := content(r.JSON)
	if r.Method == "POST" {
		var ms []string
		for _, u := range news {
			ms = append(ms, "<@"+u+">")
		}
		if (len(ms) > 0 && !strings.HasPrefix(c, strings.Join(ms, " ")+"\n")) || strings.Count(c, "<@") != len(news) {
			t.Fatalf("exactly one mention of each newly awaited player %v (told %v): %q", news, told, c)
		}
		if got := allowedUsers(r.JSON); !sameSet(got, news) || len(got) != len(news) {
			t.Fatalf("allowed_mentions %v, want exactly %v", got, news)
		}
	}
	if !strings.HasSuffix(c, "…") {
		for _, p := range aw {
			// After a player's first prompts, the short form: whose move it is (and the scores).
			short := d.label(p.Seat) + ": your move"
			if line := d.promptLine(p); !strings.Contains(c, line) && !strings.Contains(c, short) {
				t.Fatalf("the prompt %q is missing from %q", line, c)
			}
		}
	}
	for _, id := range customIDs(r.JSON) {
		cc, ok := parseCID(id)
		if !ok || cc.Game != d.game {
			t.Fatalf("a button of another game: %s", id)
		}
		switch cc.Action {
		case actTurn:
			if len(d.live.turn) == 0 && r.Method == "POST" {
				d.live.seq = cc.int(0) // the post's position: later moves of the same turn were silent
			}
			if cc.int(0) != d.live.seq || cc.int(0) > int64(d.moves) {
				t.Fatalf("turn button %s for move %d", id, d.live.seq)
			}
			if _, dup := d.live.turn[cc.arg(1)]; dup {
				t.Fatalf("two buttons for %s", cc.arg(1))
			}
			d.live.turn[cc.arg(1)] = id
		case actView:
			d.live.view = id
		case actAns:
			d.checkAnswer(cc, id)
		default:
			t.Fatalf("unexpected button on a turn post: %s", id)
		}
	}
	var have []string
	for u := range d.live.turn {
		have = append(have, u)
	}
	if !sameSet(have, users) || d.live.view == "" {
		t.Fatalf("buttons for %v (view %q), want one for each of %v", have, d.live.view, users)
	}
	d.live.users = users
	if len(users) > 1 {
		d.stats.multi++
	}
}

// checkAnswer: a one-tap answer is for an awaited player, at this position, and is one of that
// player's whole moves.
func (d *driver) checkAnswer(c cid, id string) {
	t := d.t
	t.Helper()
	user := c.arg(1)
	seat := slices.Index(d.users, strings.TrimPrefix(user, "u-"))
	if c.int(0) != d.live.seq || seat < 0 {
		t.Fatalf("answer button %s: not for a player at move %d", id, d.live.seq)
	}
	if d.live.seq != int64(d.moves) {
		return // the game moved on since the post (the same turn, silently): the answer is outdated
	}
	if !rules.IsAwaited(d.mirror, rules.Seat(seat)) {
		t.Fatalf("answer button %s: not for an awaited player at move %d", id, d.live.seq)
	}
	m, err := pathOf(context.Background(), bot.LangEnglish, d.e.svc, c, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := rules.Check(d.mirror, rules.Seat(seat), m); err != nil || len(m) > 3 {
		t.Fatalf("answer button %s plays %q: %v", id, m, err)
	}
	d.live.answers[user] = append(d.live.answers[user], answer{id: id, move: m})
}

// checkBoard compares the live post's board with the public view drawn from the mirror, its
// last-move box telling last (nil: the engine's own, as /board draws it).
func (d *driver) checkBoard(r recorded, last []string) {
	d.t.Helper()
	// A finished game's board states its one result (no seat left here: the rules' own).
	want, err := d.g.kit.PNG(d.mirror.View(rules.Spectator), render.Meta{Names: d.users, Result: d.mirror.Result(), Last: last})
	if err != nil {
		d.t.Fatal(err)
	}
	if !bytes.Equal(r.Files[0].Data, want) {
		d.t.Fatalf("after %d moves the thread's board is not the public view; box %q; result %v", d.moves, last, d.mirror.Result())
	}
	d.stats.boardsChecked++
}

// checkRecap: the result post carries the game's recap as a second picture, a PNG named for the
// game, after the board.
func (d *driver) checkRecap(r recorded) {
	d.t.Helper()
	if len(r.Files) != 2 {
		d.t.Fatalf("the result post has the board and the recap: %d files", len(r.Files))
	}
	f := r.Files[1]
	if want := fmt.Sprintf("%s-%d-recap.png", d.g.kit.Game.Info().ID, d.game); f.Name != want || f.ContentType != "image/png" {
		d.t.Fatalf("recap file %q (%s), want %q (image/png)", f.Name, f.ContentType, want)
	}
	img, err := png.Decode(bytes.NewReader(f.Data))
	if err != nil {
		d.t.Fatalf("the recap is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 300 || b.Dy() < 200 {
		d.t.Fatalf("recap of %v is too small to read", b)
	}
}

// turn plays one awaited seat's move: through its own button when several seats are awaited,
// else alternately by /move and by the picker. Around it, at random, the driver checks views,
// the board and refusals of other players.
func (d *driver) turn(n int) {
	t := d.t
	t.Helper()
	aw := d.mirror.Awaiting()
	p := aw[d.r.IntN(len(aw))]
	kind := ""
	if d.g.interrupt != nil {
		kind = d.g.interrupt(p)
	}
	if kind != "" || len(aw) > 1 || d.r.IntN(6) == 0 {
		d.refuseOthers(p, kind != "")
	}
	switch {
	case n == 0:
		d.view(p.Seat, false)
	case n == 1:
		d.view(rules.Seat(d.r.IntN(d.g.seats)), true)
	case d.r.IntN(20) == 0:
		d.view(rules.Seat(d.r.IntN(d.g.seats)), d.r.IntN(2) == 0)
	}
	if (n == 0 || d.r.IntN(16) == 0) && d.live.board == int64(d.moves) { // mid-turn, the post shows where the turn began
		d.checkBoard(recorded{Files: []recordedFile{{Data: d.live.png}}}, d.live.last)
	}
	before := d.moves
	var move rules.Move
	var reply string
	how := "/move"
	// A question asked out of turn is answered with its own buttons when it has them.
	if as := d.live.answers[d.uid(p.Seat)]; len(as) > 0 && (kind != "" || d.r.IntN(4) != 0) {
		how = "answer button"
		move, reply = d.byAnswer(p.Seat, as)
		d.stats.byAnswer++
	} else if len(aw) > 1 || kind != "" || n%2 == 1 {
		how = "picker"
		move, reply = d.byPicker(p.Seat)
		d.stats.byPicker++
	} else {
		move, reply = d.bySlash(p.Seat)
		d.stats.bySlash++
	}
	if kind != "" {
		d.stats.interrupts[kind]++
	}
	d.trace = append(d.trace, fmt.Sprintf("move %d, %s (seat %d) by %s: %s", before+1, d.users[p.Seat], p.Seat, how, move))
	d.settle(d.e.deliver(), false)
	if d.moves <= before {
		t.Fatalf("%s was played but the log did not grow", move)
	}
	// The reply is the mover's own: it tells them the private events of their move, and no one
	// else's.
	log, _ := d.e.store.Moves(context.Background(), d.game)
	if m := log[before]; m.Seat != int(p.Seat) || m.Notation != move.String() {
		t.Fatalf("the log holds %s by seat %d, the driver played %s by seat %d", m.Notation, m.Seat, move, p.Seat)
	}
	if strings.HasSuffix(reply, "…") {
		return
	}
	for _, ev := range d.events[before] {
		switch {
		case ev.Public():
		case ev.VisibleTo(p.Seat):
			if !strings.Contains(reply, ev.English()) {
				t.Fatalf("the reply to seat %d lacks its private event %q: %q", p.Seat, ev.English(), reply)
			}
		case strings.Contains(reply, ev.English()) && !d.shownTo(before, p.Seat, ev.English()):
			t.Fatalf("the reply to seat %d shows %q, an event for seats %v: %q", p.Seat, ev.English(), ev.To, reply)
		}
	}
}

// shownTo reports whether some event of log entry n that seat may see says text.
func (d *driver) shownTo(n int, seat rules.Seat, text string) bool {
	for _, ev := range d.events[n] {
		if ev.VisibleTo(seat) && strings.Contains(ev.English(), text) {
			return true
		}
	}
	return false
}

// refuseOthers has someone other than the awaited player press that player's button and type a
// move: both are refused politely, privately, pinging nobody, and nothing changes. For an
// out-of-turn prompt (waiting set) it is the player whose turn it is.
func (d *driver) refuseOthers(p rules.Prompt, waiting bool) {
	t, e := d.t, d.e
	t.Helper()
	owner := d.uid(p.Seat)
	var others []string
	for s := range d.users {
		if u := d.uid(rules.Seat(s)); u != owner {
			others = append(others, d.users[s])
		}
	}
	other := "zed" // a spectator, when nobody else plays
	if len(others) > 0 {
		other = others[d.r.IntN(len(others))]
	}
	if waiting && d.moves > 0 {
		log, _ := e.store.Moves(context.Background(), d.game)
		if u := log[len(log)-1].UserID; u != owner && strings.HasPrefix(u, "u-") {
			other = strings.TrimPrefix(u, "u-")
		}
	}
	i := e.click(other, d.thread, d.live.turn[owner], &discordgo.Message{ID: d.live.id, ChannelID: d.thread})
	dd := data(callback(t, e.do(i), i))
	if !ephemeral(dd) || !strings.Contains(content(dd), "This button is for <@"+owner+">'s turn, not yours") {
		t.Fatalf("%s pressing %s's button: %q", other, owner, content(dd))
	}
	noParse(t, dd)
	if us := allowedUsers(dd); len(us) != 0 {
		t.Fatalf("a refusal pings nobody: %v", us)
	}
	if as := d.live.answers[owner]; len(as) > 0 {
		a := as[d.r.IntN(len(as))]
		i := e.click(other, d.thread, a.id, &discordgo.Message{ID: d.live.id, ChannelID: d.thread})
		dd := data(callback(t, e.do(i), i))
		if !ephemeral(dd) || !strings.Contains(content(dd), "This button is for <@"+owner+">, not you") || len(allowedUsers(dd)) != 0 {
			t.Fatalf("%s pressing %s's answer %s: %q", other, owner, a.move, content(dd))
		}
		noParse(t, dd)
	}
	want := "It is not your turn: waiting for "
	if other == "zed" {
		want = "You are not playing"
	} else if rules.IsAwaited(d.mirror, rules.Seat(slices.Index(d.users, other))) {
		return // another awaited player may type a move: it would be their own
	}
	i = e.slash(other, d.thread, "move", opt("move", "pass"))
	dd = data(callback(t, e.do(i), i))
	if !ephemeral(dd) || !strings.Contains(content(dd), want) {
		t.Fatalf("%s typing a move while %s is asked: %q", other, owner, content(dd))
	}
	d.stats.refusals++
}

// choose draws among the options at path (and playing path as it is, when complete), weighted by
// the game's lean; "" means play.
func (d *driver) choose(path rules.Move, next []rules.Choice, complete bool) string {
	opts := append([]rules.Choice{}, next...)
	if complete {
		opts = append(opts, rules.Choice{})
	}
	if len(opts) == 0 {
		d.t.Fatalf("nothing may follow %q, and it is not a whole move", path)
	}
	ws := make([]float64, len(opts))
	total := 0.0
	for k, c := range opts {
		ws[k] = 1
		if d.g.lean != nil {
			ws[k] = d.g.lean(path, c)
		}
		total += ws[k]
	}
	x := d.r.Float64() * total
	for k, w := range ws {
		if x -= w; x < 0 {
			return opts[k].Token
		}
	}
	return opts[len(opts)-1].Token
}

// pickerView is what one picker message shows.
type pickerView struct {
	partial          rules.Move
	options          []string
	pick, back, play string
	pageIDs          []string // Previous and Next
}

func readPicker(t *testing.T, m map[string]any) pickerView {
	t.Helper()
	var v pickerView
	c := content(m)
	if k := strings.Index(c, "So far: `"); k >= 0 {
		rest := c[k+len("So far: `"):]
		v.partial = rules.Move(strings.Fields(rest[:strings.Index(rest, "`")]))
	}
	v.options = options(m)
	for _, id := range customIDs(m) {
		cc, _ := parseCID(id)
		switch cc.Action {
		case actPick:
			v.pick = id
		case actBack:
			v.back = id
		case actPlay:
			v.play = id
		case actPage:
			v.pageIDs = append(v.pageIDs, id)
		default:
			t.Fatalf("unexpected component in the picker: %s", id)
		}
	}
	return v
}

// treeEvery is how often a one-page menu's order is checked against the service's tree: every
// picker turn's menus in this many. The tree walks every move from the node (the suite's largest
// CPU cost, ascalion's most of all), and a one-page menu's tokens are checked on every menu anyway.
const treeEvery = 4

// menuOrder is the tree's tokens at want in the order the picker lists them (what a token's best
// move gains first, then the game's order), checked to be exactly the tree's tokens. A menu that
// needs pages, and every treeEvery-th picker turn, asks the service's tree for that order; any
// other menu shows all its tokens on its one page (shown), whose order is taken as it stands.
func (d *driver) menuOrder(user string, want rules.Move, next []rules.Choice, shown []string) []rules.Choice {
	t := d.t
	t.Helper()
	if len(next) <= pageSize && d.stats.byPicker%treeEvery != 0 {
		at := map[string]int{}
		for i, tok := range shown[:min(len(next), len(shown))] {
			at[tok] = i
		}
		out := slices.Clone(next)
		for _, c := range out {
			if _, ok := at[c.Token]; !ok || len(at) != len(next) {
				t.Fatalf("the picker at %q shows %v, the tree offers %v", want, shown, tokensOf(next))
			}
		}
		slices.SortStableFunc(out, func(a, b rules.Choice) int { return at[a.Token] - at[b.Token] })
		return out
	}
	req := bot.Request{User: bot.User{ID: "u-" + user, Name: user}, Place: bot.Place{Guild: "g1", Channel: d.thread}}
	step, err := d.e.svc.Tree(context.Background(), req, want)
	if err != nil {
		t.Fatalf("the picker's tree at %q: %v", want, err)
	}
	at := map[string]int{}
	for i, c := range step.Next {
		at[c.Token] = i
	}
	if len(at) != len(next) {
		t.Fatalf("the picker at %q lists %d tokens, the tree %d", want, len(at), len(next))
	}
	out := slices.Clone(next)
	for _, c := range out {
		if _, ok := at[c.Token]; !ok {
			t.Fatalf("the picker at %q leaves out %q", want, c.Token)
		}
	}
	slices.SortStableFunc(out, func(a, b rules.Choice) int { return at[a.Token] - at[b.Token] })
	return out
}

// byPicker plays seat's move with its Take your turn button and the select menus: the driver
// draws each token among everything the menu offers (turning pages to reach it), sometimes goes
// Back, and presses Play. Every menu is checked against the mirror's choice tree.
func (d *driver) byPicker(seat rules.Seat) (rules.Move, string) {
	t, e := d.t, d.e
	t.Helper()
	user := d.users[seat]
	i := e.click(user, d.thread, d.live.turn[d.uid(seat)], &discordgo.Message{ID: d.live.id, ChannelID: d.thread})
	cb := answered(t, e.do(i), i)
	if typ(cb) != 4 || !ephemeral(data(cb)) {
		t.Fatalf("the picker opens as an ephemeral message: %+v", cb.JSON)
	}
	m := data(cb)
	var path rules.Move // what the driver chose; the picker adds forced tokens
	page, backs := 0, 0
	press := func(i *discordgo.Interaction) map[string]any {
		cb := answered(t, e.do(i), i)
		if typ(cb) != 7 {
			t.Fatalf("the picker updates its own message: %+v", cb.JSON)
		}
		return data(cb)
	}
	for step := 0; step < 4*rules.MaxTreeDepth; step++ {
		v := readPicker(t, m)
		want, err := rules.Forced(d.mirror, seat, path)
		if err != nil {
			t.Fatal(err)
		}
		if !v.partial.Equal(want) {
			t.Fatalf("the picker shows %q, the tree says %q", v.partial, want)
		}
		next, complete, err := d.mirror.Choices(seat, want)
		if err != nil {
			t.Fatal(err)
		}
		next = d.menuOrder(user, want, next, v.options)
		pages := (len(next) + pageSize - 1) / pageSize
		lo, hi := page*pageSize, min(len(next), (page+1)*pageSize)
		var shown []string
		for _, c := range next[lo:hi] {
			shown = append(shown, c.Token)
		}
		// Every token of the page, then (on a first page with room) whole moves from here.
		if len(v.options) < len(shown) || strings.Join(v.options[:len(shown)], " ") != strings.Join(shown, " ") || len(v.options) > pageSize {
			t.Fatalf("page %d of the menu at %q shows %v, the tree offers %v", page, want, v.options, shown)
		}
		for _, o := range v.options[len(shown):] {
			whole := append(append(rules.Move{}, want...), strings.Fields(o)...)
			if page != 0 || len(strings.Fields(o)) < 2 || rules.Check(d.mirror, seat, whole) != nil {
				t.Fatalf("page %d of the menu at %q offers %q, which is no whole move from there", page, want, o)
			}
		}
		if (v.back != "") != (len(want) > 0) || (v.play != "") != complete || (v.pick != "") != (len(next) > 0) {
			t.Fatalf("picker at %q (complete %v): back %q play %q pick %q", want, complete, v.back, v.play, v.pick)
		}
		if havePages := pageButtons(page, pages); havePages != len(v.pageIDs) {
			t.Fatalf("page %d of %d shows %d page buttons", page+1, pages, len(v.pageIDs))
		}
		// Sometimes change one's mind: Back returns to the previous real decision.
		if v.back != "" && backs < 2 && d.r.IntN(6) == 0 {
			backs++
			d.stats.backs++
			m = press(e.click(user, d.thread, v.back, nil))
			path = d.backTo(seat, want)
			page = 0
			continue
		}
		tok := d.choose(want, next, complete)
		if tok == "" {
			m = press(e.click(user, d.thread, v.play, nil))
			reply := content(m)
			if !strings.HasPrefix(reply, "You played "+want.String()+".") {
				t.Fatalf("after Play %q: %q %v", want, reply, customIDs(m))
			}
			// While the same turn goes on, the reply offers the next step's picker at once.
			if ids := customIDs(m); len(ids) != 0 {
				if !strings.Contains(reply, "Your turn goes on: ") {
					t.Fatalf("after Play %q, components without the turn going on: %q %v", want, reply, ids)
				}
				readPicker(t, m) // fails on anything but the picker's own components
			}
			noParse(t, m)
			return want, reply
		}
		target := slices.IndexFunc(next, func(c rules.Choice) bool { return c.Token == tok }) / pageSize
		for page != target {
			v := readPicker(t, m)
			id := pageID(v, page, target)
			m = press(e.click(user, d.thread, id, nil))
			d.stats.pages++
			if page < target {
				page++
			} else {
				page--
			}
			if got := readPicker(t, m).options; len(got) == 0 || len(got) > pageSize {
				t.Fatalf("a page holds 1 to 25 options: %d", len(got))
			}
		}
		v = readPicker(t, m)
		m = press(e.choose(user, d.thread, v.pick, tok))
		path = append(append(rules.Move{}, want...), tok)
		page = 0
	}
	t.Fatal("the picker never offered Play")
	return nil, ""
}

// pageButtons is how many page buttons page (0-based) of pages shows.
func pageButtons(page, pages int) int {
	n := 0
	if page > 0 {
		n++
	}
	if page+1 < pages {
		n++
	}
	return n
}

// pageID finds the page button of v that goes from page toward target.
func pageID(v pickerView, page, target int) string {
	want := page + 1
	if target < page {
		want = page - 1
	}
	for _, id := range v.pageIDs {
		if c, ok := parseCID(id); ok && int(c.int(1)) == want {
			return id
		}
	}
	return ""
}

// backTo is where Back leads from partial: the longest shorter path whose forced extension is
// shorter than partial (the previous real decision).
func (d *driver) backTo(seat rules.Seat, partial rules.Move) rules.Move {
	for k := len(partial) - 1; k >= 0; k-- {
		f, err := rules.Forced(d.mirror, seat, partial[:k])
		if err != nil {
			d.t.Fatal(err)
		}
		if len(f) < len(partial) {
			return partial[:k]
		}
	}
	return nil
}

// bySlash plays seat's move with /move, walking autocomplete as a player would: type nothing,
// take a suggestion; a partial one is typed followed by a space to see what comes next. The move
// is sometimes typed in capitals.
func (d *driver) bySlash(seat rules.Seat) (rules.Move, string) {
	t, e := d.t, d.e
	t.Helper()
	user := d.users[seat]
	typed := ""
	for step := 0; step <= rules.MaxTreeDepth; step++ {
		i := e.complete(user, d.thread, typed)
		cb := callback(t, e.do(i), i)
		if typ(cb) != 8 {
			t.Fatalf("autocomplete result: %+v", cb.JSON)
		}
		raw, _ := data(cb)["choices"].([]any)
		if len(raw) == 0 || len(raw) > maxChoices {
			t.Fatalf("autocomplete for %q offers %d suggestions", typed, len(raw))
		}
		if c := raw[0].(map[string]any); len(raw) == 1 && strings.HasPrefix(c["name"].(string), "Too long for this list") {
			// Every way on is longer than a choice may be: the player types the rest.
			if c["value"].(string) != strings.TrimSpace(typed) {
				t.Fatalf("the too-long note keeps %q, typed %q", c["value"], typed)
			}
			return d.typeTheRest(seat, rules.Move(strings.Fields(typed)))
		}
		type sugg struct {
			value, label string
			complete     bool
			move         rules.Move
		}
		var sg []sugg
		for n, c := range raw {
			c := c.(map[string]any)
			name, value := c["name"].(string), c["value"].(string)
			if utf8.RuneCountInString(name) > maxOption || utf8.RuneCountInString(value) > maxOption {
				t.Fatalf("a suggestion longer than Discord allows: %q", name)
			}
			if !strings.HasPrefix(value+" ", typed) && value != "?" {
				t.Fatalf("suggestion %q does not extend %q", value, typed)
			}
			if strings.HasPrefix(name, "…and ") {
				if n != len(raw)-1 {
					t.Fatalf("how many more moves there are comes last: %v", raw)
				}
				continue // not a move: how many more there are
			}
			// A kind of move reads "root … (48 moves) — label"; a partial move ends with " …".
			kind := strings.Contains(name, " … (")
			s := sugg{value: value, complete: !kind && !strings.HasSuffix(name, " …"), move: rules.Move(strings.Fields(value))}
			if k := strings.Index(name, " — "); k >= 0 {
				s.label = strings.TrimSuffix(name[k+len(" — "):], " …")
			}
			_, complete, err := d.mirror.Choices(seat, s.move)
			if kind && err == nil {
				s.complete = complete // a kind of move may be a whole move too ("pass", or pass and discard)
			}
			if err != nil || complete != s.complete {
				t.Fatalf("suggestion %q (whole %v, shown %q): the tree says whole %v, %v", value, s.complete, name, complete, err)
			}
			sg = append(sg, s)
		}
		// Draw as the picker would, token by token, among the suggestions that share the tokens
		// drawn so far, so that a family of many suggestions ("pass" with each card to discard)
		// weighs no more than its first token.
		cands := sg
		var pick sugg
		for j := len(strings.Fields(typed)); pick.value == ""; j++ {
			at := cands[0].move[:min(j, len(cands[0].move))]
			var next []rules.Choice
			var here *sugg
			for k := range cands {
				c := &cands[k]
				if len(c.move) == j {
					here = c
					continue
				}
				tok := c.move[j]
				if !slices.ContainsFunc(next, func(x rules.Choice) bool { return x.Token == tok }) {
					next = append(next, rules.Choice{Token: tok})
				}
				if len(c.move) == j+1 {
					next[slices.IndexFunc(next, func(x rules.Choice) bool { return x.Token == tok })].Msg = rules.Verbatim(c.label)
				}
			}
			tok := ""
			if len(next) > 0 {
				tok = d.choose(at, next, here != nil)
			}
			if tok == "" {
				pick = *here
				break
			}
			var keep []sugg
			for _, c := range cands {
				if len(c.move) > j && c.move[j] == tok {
					keep = append(keep, c)
				}
			}
			cands = keep
		}
		if !pick.complete {
			typed = pick.value + " "
			continue
		}
		text := pick.value
		if up := strings.ToUpper(text); up != text && d.r.IntN(4) == 0 {
			if canon, err := rules.Canonical(d.mirror, seat, rules.Move(strings.Fields(up))); err == nil && canon.Equal(pick.move) {
				text = up
				d.stats.uppercase++
			}
		}
		i = e.slash(user, d.thread, "move", opt("move", text))
		cb = answered(t, e.do(i), i)
		reply := content(data(cb))
		if typ(cb) != 4 || !ephemeral(data(cb)) || !strings.HasPrefix(reply, "You played "+pick.value+".") {
			t.Fatalf("/move %s: %+v", text, cb.JSON)
		}
		noParse(t, data(cb))
		return pick.move, reply
	}
	t.Fatal("autocomplete never reached a whole move")
	return nil, ""
}

// typeTheRest ends a move whose continuations are too long for autocomplete as a player would:
// typing on from partial, token by token through the tree, then /move with the whole.
func (d *driver) typeTheRest(seat rules.Seat, partial rules.Move) (rules.Move, string) {
	t, e := d.t, d.e
	t.Helper()
	m := slices.Clone(partial)
	for len(m) <= rules.MaxTreeDepth {
		next, complete, err := d.mirror.Choices(seat, m)
		if err != nil {
			t.Fatalf("typing on from %q: %v", m, err)
		}
		tok := ""
		if len(next) > 0 {
			tok = d.choose(m, next, complete)
		}
		if tok == "" {
			break
		}
		m = append(m, tok)
	}
	i := e.slash(d.users[seat], d.thread, "move", opt("move", m.String()))
	cb := answered(t, e.do(i), i)
	reply := content(data(cb))
	if typ(cb) != 4 || !ephemeral(data(cb)) || !strings.HasPrefix(reply, "You played "+m.String()+".") {
		t.Fatalf("/move %s: %+v", m, cb.JSON)
	}
	return m, reply
}

// byAnswer plays one of seat's one-tap answers, drawn with the game's lean: an ephemeral reply
// says what was played. Now and then the same button is pressed again once the game has moved
// on: it is refused and plays nothing.
func (d *driver) byAnswer(seat rules.Seat, as []answer) (rules.Move, string) {
	t, e := d.t, d.e
	t.Helper()
	ws := make([]float64, len(as))
	total := 0.0
	for k, a := range as {
		w := 1.0
		if d.g.lean != nil {
			for j := range a.move {
				w *= d.g.lean(a.move[:j], rules.Choice{Token: a.move[j]})
			}
			w *= d.g.lean(a.move, rules.Choice{})
		}
		ws[k] = w
		total += w
	}
	pick := as[len(as)-1]
	x := d.r.Float64() * total
	for k, w := range ws {
		if x -= w; x < 0 {
			pick = as[k]
			break
		}
	}
	user := d.users[seat]
	msg := &discordgo.Message{ID: d.live.id, ChannelID: d.thread}
	i := e.click(user, d.thread, pick.id, msg)
	cb := answered(t, e.do(i), i)
	reply := content(data(cb))
	if typ(cb) != 4 || !ephemeral(data(cb)) || !strings.HasPrefix(reply, "You played "+pick.move.String()+".") {
		t.Fatalf("answer %s: %+v", pick.move, cb.JSON)
	}
	noParse(t, data(cb))
	d.stats.answered[pick.move[0]]++
	if d.r.IntN(3) == 0 {
		log, _ := e.store.Moves(context.Background(), d.game)
		i := e.click(user, d.thread, pick.id, msg)
		c := content(data(callback(t, e.do(i), i)))
		if !strings.Contains(c, "moved on") && !strings.Contains(c, "not your turn") && !strings.Contains(c, "is over") {
			t.Fatalf("a stale answer: %q", c)
		}
		if again, _ := e.store.Moves(context.Background(), d.game); len(again) != len(log) {
			t.Fatal("a stale answer played a move")
		}
		d.stats.stale++
	}
	return pick.move, reply
}

// view asks for seat's private view, by /view or by the My view button: an ephemeral deferral,
// then the picture of exactly that seat's view.
func (d *driver) view(seat rules.Seat, button bool) {
	t, e := d.t, d.e
	t.Helper()
	user := d.users[seat]
	var i *discordgo.Interaction
	if button {
		i = e.click(user, d.thread, d.live.view, &discordgo.Message{ID: d.live.id, ChannelID: d.thread})
		d.stats.viewButtons++
	} else {
		i = e.slash(user, d.thread, "view")
		d.stats.views++
	}
	rs := e.do(i)
	if cb := callback(t, rs, i); typ(cb) != 5 || !ephemeral(data(cb)) {
		t.Fatalf("a view is deferred, ephemeral: %+v", cb.JSON)
	}
	edits := find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edits) != 1 || len(edits[0].Files) != 1 || !strings.Contains(content(edits[0].JSON), "only you can see this") {
		t.Fatalf("the view arrives in the deferred, private reply: %+v", rs)
	}
	if posts := find(rs, "POST", "/channels/"); len(posts) != 0 {
		t.Fatalf("a view posts nothing in any channel: %+v", posts)
	}
	want, err := d.g.kit.PNG(d.mirror.View(seat), render.Meta{Names: d.users})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(edits[0].Files[0].Data, want) {
		t.Fatalf("%s's view is not the picture of seat %d's view", user, seat)
	}
	if !bytes.Equal(want, d.live.png) {
		d.stats.privateViews++ // it shows more than the thread's board
	}
}

// afterTheEnd: moves are refused once the game is over, and /board shows the final position.
func (d *driver) afterTheEnd() {
	t, e := d.t, d.e
	t.Helper()
	i := e.slash(d.users[0], d.thread, "move", opt("move", "pass"))
	if c := content(data(callback(t, e.do(i), i))); !strings.Contains(c, "is over") {
		t.Fatalf("a move after the end: %q", c)
	}
	i = e.slash("zed", d.thread, "board")
	rs := e.do(i)
	edits := find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edits) != 1 || len(edits[0].Files) != 1 || !strings.Contains(content(edits[0].JSON), "Game over") {
		t.Fatalf("/board after the end: %+v", rs)
	}
	d.checkBoard(edits[0], nil)
}

// answered is the interaction's answer as the player finally sees it: a deferral (the work took
// longer than the handler's budget, as it may on a loaded machine) is read with the edit of the
// original response that followed it, as the type the answer would have had.
func answered(t *testing.T, rs []recorded, i *discordgo.Interaction) recorded {
	t.Helper()
	cb := callback(t, rs, i)
	want := map[int]float64{5: 4, 6: 7}[typ(cb)]
	if want == 0 {
		return cb
	}
	edits := find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edits) != 1 {
		t.Fatalf("a deferred answer is edited in once: %+v", rs)
	}
	d := edits[0].JSON
	if typ(cb) == 5 {
		d["flags"] = data(cb)["flags"]
	}
	return recorded{Method: cb.Method, Path: cb.Path, JSON: map[string]any{"type": want, "data": d}, Files: edits[0].Files}
}

// sameSet reports whether a and b hold the same strings, ignoring order and repeats.
func sameSet(a, b []string) bool {
	as, bs := slices.Clone(a), slices.Clone(b)
	slices.Sort(as)
	slices.Sort(bs)
	return slices.Equal(slices.Compact(as), slices.Compact(bs))
}

// seatLabel is how the bot names a seat in texts: the player alone (label).
func (d *driver) seatLabel(s rules.Seat) string { return d.label(s) }

// tokensOf is the tokens of cs, for messages.
func tokensOf(cs []rules.Choice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Token
	}
	return out
}
