package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// fakePNG stands in for a renderer: it encodes the view, so tests can see what was drawn.
func fakePNG(v any, _ render.Meta) ([]byte, error) {
	b, err := json.Marshal(v)
	return append([]byte("PNG"), b...), err
}

type env struct {
	t     *testing.T
	svc   *Service
	store *sqlite.Store
	path  string
	now   time.Time
	sent  []Outgoing
}

func newEnv(t *testing.T) *env {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bot.db")
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e := &env{t: t, store: st, path: path, now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	e.svc = New(st, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }, DefaultReminderHours: 24})
	return e
}

func user(name string) User { return User{ID: "u-" + name, Name: name} }

var lobby = Place{Guild: "g1", Channel: "c-lobby"}

func (e *env) in(thread string, u User) Request {
	return Request{User: u, Place: Place{Guild: "g1", Channel: thread}}
}

// game creates a started game of bids with the given players and returns its thread.
func (e *env) game(players ...string) string {
	e.t.Helper()
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user(players[0]), Place: lobby}, CreateSpec{Kind: "bids", Seats: len(players), Seed: 11})
	if err != nil {
		e.t.Fatal(err)
	}
	thread := fmt.Sprintf("t-%d", rep.Game)
	if err := e.svc.AttachThread(ctx, rep.Game, thread, "m1"); err != nil {
		e.t.Fatal(err)
	}
	for _, p := range players[1:] {
		if _, err := e.svc.Join(ctx, e.in(thread, user(p))); err != nil {
			e.t.Fatal(err)
		}
	}
	e.deliver()
	return thread
}

type recorder struct {
	e    *env
	fail int // fail this many sends first
}

func (r *recorder) Send(_ context.Context, o Outgoing) error {
	if r.fail > 0 {
		r.fail--
		return errors.New("discord is down")
	}
	r.e.sent = append(r.e.sent, o)
	return nil
}

func (e *env) deliver() {
	e.t.Helper()
	e.sent = nil
	if _, err := e.svc.Deliver(context.Background(), &recorder{e: e}, 100); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) move(thread, who, text string) (Reply, error) {
	return e.svc.Move(context.Background(), e.in(thread, user(who)), text)
}

func (e *env) mustMove(thread, who, text string) Reply {
	e.t.Helper()
	rep, err := e.move(thread, who, text)
	if err != nil {
		e.t.Fatalf("%s %q: %v", who, text, err)
	}
	return rep
}

func (e *env) row(thread string) *storage.Game {
	e.t.Helper()
	g, err := e.store.GameByThread(context.Background(), thread)
	if err != nil {
		e.t.Fatal(err)
	}
	return g
}

func wantRefusal(t *testing.T, err error, contains string) {
	t.Helper()
	msg, ok := AsRefusal(err)
	if !ok {
		t.Fatalf("want a refusal mentioning %q, got %v", contains, err)
	}
	if !strings.Contains(msg, contains) {
		t.Fatalf("refusal %q does not mention %q", msg, contains)
	}
}

func TestLobbyFlow(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "bids", Seats: 3, Invited: []string{"u-bob", "u-ann", "u-bob"}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Lobby == nil || len(rep.Lobby.Players) != 1 || len(rep.Lobby.Invited) != 1 {
		t.Fatalf("lobby %+v: creator seated, invited deduped without the creator", rep.Lobby)
	}
	id := rep.Game
	if err := e.svc.AttachThread(ctx, id, "t1", "m1"); err != nil {
		t.Fatal(err)
	}
	byButton := Request{User: user("bob"), Place: lobby, Game: id}
	if _, err := e.svc.Join(ctx, byButton); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.Join(ctx, byButton)
	wantRefusal(t, err, "already in")
	_, err = e.svc.Start(ctx, Request{User: user("bob"), Place: lobby, Game: id})
	wantRefusal(t, err, "Only the player who created")
	if _, err := e.svc.Leave(ctx, byButton); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.Start(ctx, Request{User: user("ann"), Place: lobby, Game: id})
	wantRefusal(t, err, "at least 2 players")
	e.svc.Join(ctx, byButton)
	rep, err = e.svc.Start(ctx, Request{User: user("ann"), Place: lobby, Game: id})
	if err != nil || !rep.Lobby.Started {
		t.Fatalf("start: %+v %v", rep, err)
	}
	g := e.row("t1")
	if g.Status != storage.StatusRunning || g.Seats != 2 || len(g.Snapshot) == 0 || g.RemindAt == nil {
		t.Fatalf("started early with 2 of 3 seats: %+v", g)
	}
	_, err = e.svc.Join(ctx, Request{User: user("cat"), Place: lobby, Game: id})
	wantRefusal(t, err, "already started")
	e.deliver()
	if len(e.sent) != 1 || e.sent[0].Image == nil || e.sent[0].Channel != "t1" {
		t.Fatalf("start posts the board in the thread: %+v", e.sent)
	}
	if got := strings.Join(e.sent[0].Mentions, ","); got != "u-ann,u-bob" {
		t.Fatalf("both bidders are pinged, nobody else: %q", got)
	}
}

func TestCreateValidates(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	req := Request{User: user("ann"), Place: lobby}
	_, err := e.svc.Create(ctx, req, CreateSpec{Kind: "chess"})
	wantRefusal(t, err, "Choose one of: bids")
	_, err = e.svc.Create(ctx, req, CreateSpec{Kind: "bids", Seats: 9})
	wantRefusal(t, err, "2 to 4 players")
	_, err = e.svc.Create(ctx, req, CreateSpec{Kind: "bids", Options: map[string]string{"rounds": "9"}})
	wantRefusal(t, err, "choose one of: 3, 5")
	// The rules' refusals read in the asker's language.
	de := Request{User: user("dora"), Place: lobby, Locale: "de"}
	_, err = e.svc.Create(ctx, de, CreateSpec{Kind: "bids", Seats: 9})
	wantRefusal(t, err, "2 bis 4 Personen")
	_, err = e.svc.Create(ctx, de, CreateSpec{Kind: "bids", Options: map[string]string{"rounds": "9"}})
	wantRefusal(t, err, "Option rounds kann nicht \"9\" sein")
	admin := User{ID: "u-root", Name: "root", Admin: true}
	if _, err := e.svc.SetSetting(ctx, Request{User: admin, Place: lobby}, ScopeGuild, "creators", "admins"); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.Create(ctx, req, CreateSpec{Kind: "bids"})
	wantRefusal(t, err, "only admins")
	if _, err := e.svc.SetSetting(ctx, Request{User: admin, Place: lobby}, ScopeGuild, "channels", "c-games"); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.Create(ctx, Request{User: admin, Place: lobby}, CreateSpec{Kind: "bids"})
	wantRefusal(t, err, "cannot be created in this channel")
	if _, err := e.svc.Create(ctx, Request{User: admin, Place: Place{Guild: "g1", Channel: "c-games"}}, CreateSpec{Kind: "bids"}); err != nil {
		t.Fatal(err)
	}
}

func TestMovesAndRefusals(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	before := e.row(th)
	cases := []struct {
		who, text, want string
	}{
		{"cat", "bid pass", "not playing"},
		{"ann", "dance", "does not fit"},
		{"ann", "bid", "not a whole move"},
		{"ann", strings.Repeat("x", 600), "too long"},
	}
	for _, c := range cases {
		_, err := e.move(th, c.who, c.text)
		wantRefusal(t, err, c.want)
	}
	_, err := e.svc.Move(context.Background(), e.in("elsewhere", user("ann")), "bid pass")
	wantRefusal(t, err, "no game in this channel")
	if after := e.row(th); after.Version != before.Version {
		t.Fatal("refused moves changed the game")
	}
	// Simultaneous: both seats bid, in either order; typed case does not matter.
	rep := e.mustMove(th, "bob", "BID PASS")
	if !rep.Private || !strings.Contains(rep.Text, "You bid 0") {
		t.Fatalf("the mover's reply carries their private event: %+v", rep)
	}
	_, err = e.move(th, "bob", "bid pass")
	wantRefusal(t, err, "not your turn: waiting for ann")
	e.deliver()
	if len(e.sent) != 1 || strings.Contains(e.sent[0].Text, "You bid") {
		t.Fatalf("the thread never sees a private event: %+v", e.sent)
	}
	// An answer in a simultaneous phase edits the live post's status; ann was already asked, so
	// nobody is pinged.
	if o := e.sent[0]; o.Kind != "status" || len(o.Mentions) != 0 || o.Post != 0 || !strings.Contains(o.Text, "ann: Bid a card in secret.") {
		t.Fatalf("a status edit without pings: %+v", o)
	}
	e.mustMove(th, "ann", "bid pass")
	e.deliver()
	if !strings.Contains(e.sent[0].Text, "Bids revealed") {
		t.Fatalf("public event in the caption: %q", e.sent[0].Text)
	}
}

func TestForcedCompletionAndSuggestions(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	ctx := context.Background()
	sg, err := e.svc.Suggest(ctx, e.in(th, user("ann")), "bi", 25)
	if err != nil || len(sg) == 0 || !sg[0].Complete || !strings.HasPrefix(sg[0].Value, "bid ") {
		t.Fatalf("suggestions %+v %v", sg, err)
	}
	for _, s := range sg {
		if _, err := rules.ParseMove(s.Value); err != nil {
			t.Fatal(err)
		}
	}
	sg, _ = e.svc.Suggest(ctx, e.in(th, user("ann")), "zzz", 25)
	if len(sg) != 0 {
		t.Fatalf("nothing fits zzz: %+v", sg)
	}
	step, err := e.svc.Tree(ctx, e.in(th, user("ann")), nil)
	if err != nil || len(step.Partial) != 1 || step.Partial[0] != "bid" || step.Complete {
		t.Fatalf("the only first token is taken at once: %+v %v", step, err)
	}
	_, err = e.svc.Suggest(ctx, e.in(th, user("cat")), "", 25)
	wantRefusal(t, err, "not playing")
}

func TestDuplicateInteractionAppliesOnce(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	req := e.in(th, user("ann"))
	req.Interaction = "i-1"
	if _, err := e.svc.Move(context.Background(), req, "bid pass"); err != nil {
		t.Fatal(err)
	}
	rep, err := e.svc.Move(context.Background(), req, "bid pass")
	if err != nil || !strings.Contains(rep.Text, "already") {
		t.Fatalf("second delivery: %+v %v", rep, err)
	}
	moves, _ := e.store.Moves(context.Background(), e.row(th).ID)
	if len(moves) != 1 {
		t.Fatalf("%d moves logged", len(moves))
	}
}

// Two processes (two services on one database) race to move the same seat: one wins, the other
// reloads, sees the move made, and refuses; the log has one move.
func TestRacingWritersNeverBothApply(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	other := e.otherInstance()
	// Load the game in both caches first, so both start from the same version.
	e.svc.Board(context.Background(), e.in(th, user("ann")))
	other.Board(context.Background(), e.in(th, user("ann")))
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, svc := range []*Service{e.svc, other} {
		wg.Add(1)
		go func(i int, svc *Service) {
			defer wg.Done()
			_, errs[i] = svc.Move(context.Background(), e.in(th, user("ann")), "bid pass")
		}(i, svc)
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else {
			wantRefusal(t, err, "not your turn")
		}
	}
	moves, _ := e.store.Moves(context.Background(), e.row(th).ID)
	if ok != 1 || len(moves) != 1 {
		t.Fatalf("%d succeeded, %d logged: %v", ok, len(moves), errs)
	}
}

func TestUndo(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.game("ann", "bob")
	e.mustMove(th, "ann", "bid pass")
	e.deliver()
	_, err := e.svc.Undo(ctx, e.in(th, user("bob")), "")
	wantRefusal(t, err, "Only the player who made the last move")
	if _, err := e.svc.Undo(ctx, e.in(th, user("ann")), ""); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	if len(e.sent) != 1 || strings.Join(e.sent[0].Mentions, ",") != "u-bob" {
		t.Fatalf("bob is asked: %+v", e.sent)
	}
	// Told once: bob's own line privately, the question settled in a word, the take-back in the
	// post with the board, naming who agreed.
	if rep, err := e.svc.Undo(ctx, e.in(th, user("bob")), ""); err != nil || !rep.Private ||
		rep.Text != "You agreed: ann took back their last move." || rep.Public != "bob agreed." {
		t.Fatalf("agree: %+v %v", rep, err)
	}
	e.deliver()
	if len(e.sent) != 1 || e.sent[0].Kind != "turn" || !strings.HasPrefix(e.sent[0].Text, "ann took back their last move; bob agreed.") {
		t.Fatalf("the thread is told once, naming who agreed: %+v", e.sent)
	}
	if moves, _ := e.store.Moves(ctx, e.row(th).ID); len(moves) != 0 {
		t.Fatalf("log after undo: %v", moves)
	}
	// Refusal by the other player leaves the move.
	e.mustMove(th, "ann", "bid pass")
	e.svc.Undo(ctx, e.in(th, user("ann")), "")
	e.deliver()
	// The question is settled in a word; the thread's own post tells the refusal.
	if rep, err := e.svc.Undo(ctx, e.in(th, user("bob")), "no"); err != nil || rep.Public != "bob refused." {
		t.Fatalf("refuse: %+v %v", rep, err)
	}
	e.deliver()
	if len(e.sent) != 1 || !strings.HasPrefix(e.sent[0].Text, "bob refused to let ann take back their last move") {
		t.Fatalf("the thread hears of the refusal: %+v", e.sent)
	}
	_, err = e.svc.Undo(ctx, e.in(th, user("bob")), "")
	wantRefusal(t, err, "Only the player who made the last move")
	// A move that revealed the bids can never be taken back.
	e.mustMove(th, "bob", "bid pass")
	_, err = e.svc.Undo(ctx, e.in(th, user("bob")), "")
	wantRefusal(t, err, "it showed you something new")
	if moves, _ := e.store.Moves(ctx, e.row(th).ID); len(moves) != 2 {
		t.Fatalf("log: %v", moves)
	}
}

func TestResignTwoPlayers(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	if _, err := e.svc.Resign(context.Background(), e.in(th, user("bob"))); err != nil {
		t.Fatal(err)
	}
	g := e.row(th)
	res := e.svc.Result(g)
	if g.Status != storage.StatusFinished || res == nil || res.Ranks[0] != 1 || res.Ranks[1] != 2 {
		t.Fatalf("%+v %+v", g.Status, res)
	}
	_, err := e.move(th, "ann", "bid pass")
	wantRefusal(t, err, "is over")
}

func TestResignManyPlayersHandsSeatToRobot(t *testing.T) {
	e := newEnv(t)
	e.noAI() // the random player, as without the AI
	th := e.game("ann", "bob", "cat")
	rep, err := e.svc.Resign(context.Background(), e.in(th, user("cat")))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Public != "cat resigned and will rank last; the random player takes over their seat." {
		t.Fatalf("%q", rep.Public)
	}
	// cat's bid is made by the random player at once.
	moves, _ := e.store.Moves(context.Background(), e.row(th).ID)
	if len(moves) != 1 || moves[0].UserID != RobotUser || moves[0].Seat != 2 {
		t.Fatalf("robot move: %+v", moves)
	}
	// Play to the end: cat ranks last whatever the score.
	for i := 0; i < 200 && e.row(th).Status == storage.StatusRunning; i++ {
		e.playSomething(th, []string{"ann", "bob"})
	}
	res := e.svc.Result(e.row(th))
	if res == nil || res.Ranks[2] <= res.Ranks[0] || res.Ranks[2] <= res.Ranks[1] {
		t.Fatalf("resigned seat must rank last: %+v", res)
	}
}

// playSomething makes any legal move for any awaited human.
func (e *env) playSomething(th string, who []string) {
	e.t.Helper()
	for _, w := range who {
		sg, err := e.svc.Suggest(context.Background(), e.in(th, user(w)), "", 25)
		if err != nil || len(sg) == 0 {
			continue
		}
		for _, s := range sg {
			if s.Complete {
				e.mustMove(th, w, s.Value)
				return
			}
		}
	}
	e.t.Fatalf("nobody could move in %s", th)
}

func TestAbortAndReachability(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.game("ann", "bob")
	_, err := e.svc.Abort(ctx, e.in(th, user("bob")))
	wantRefusal(t, err, "Only the creator")
	_, err = e.svc.Board(ctx, Request{User: user("ann"), Place: Place{Guild: "g2", Channel: th}})
	wantRefusal(t, err, "another server")
	id := e.row(th).ID
	_, err = e.svc.Board(ctx, Request{User: user("ann"), Place: Place{Guild: "g1", Channel: "c-other"}, Game: id})
	wantRefusal(t, err, "own thread")
	if _, err := e.svc.Abort(ctx, e.in(th, User{ID: "u-mod", Name: "mod", Admin: true})); err != nil {
		t.Fatal(err)
	}
	if e.row(th).Status != storage.StatusAborted {
		t.Fatal("not aborted")
	}
}

func TestPrivateViewsAndDMs(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.game("ann", "bob")
	if _, err := e.svc.SetSetting(ctx, e.in(th, user("ann")), ScopeUser, "dm", "on"); err != nil {
		t.Fatal(err)
	}
	_, err := e.svc.SetSetting(ctx, e.in(th, user("ann")), ScopeGuild, "clock_days", "2")
	wantRefusal(t, err, "Only server admins")
	rep, err := e.svc.View(ctx, e.in(th, user("ann")))
	if err != nil || !rep.Private || rep.Image == nil {
		t.Fatalf("%+v %v", rep, err)
	}
	var ann, spectator map[string]any
	json.Unmarshal(rep.Image.PNG[3:], &ann)
	rep, _ = e.svc.View(ctx, e.in(th, user("zed")))
	json.Unmarshal(rep.Image.PNG[3:], &spectator)
	if ann["hand"] == nil || spectator["hand"] != nil {
		t.Fatalf("ann sees her hand, a spectator none: %v / %v", ann, spectator)
	}
	e.mustMove(th, "ann", "bid pass")
	e.mustMove(th, "bob", "bid pass")
	e.deliver()
	var dms []Outgoing
	for _, o := range e.sent {
		if o.Kind == "dm" {
			dms = append(dms, o)
		}
	}
	// Ann's only private event was her own bid, which her move's reply told her: no DM repeats
	// it (TestOwnMoveToldOnce), and bob asked for none.
	if len(dms) != 0 {
		t.Fatalf("no DM for what a move's own reply told: %+v", dms)
	}
}

func TestOutboxRetriesWithoutLoss(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.game("ann", "bob")
	e.mustMove(th, "ann", "bid pass")
	r := &recorder{e: e, fail: 1}
	e.sent = nil
	if n, err := e.svc.Deliver(ctx, r, 10); err != nil || n != 0 {
		t.Fatalf("first delivery fails: %d %v", n, err)
	}
	if n, _ := e.svc.Deliver(ctx, r, 10); n != 0 {
		t.Fatal("a failed message is retried only after its delay")
	}
	e.now = e.now.Add(time.Minute)
	if n, err := e.svc.Deliver(ctx, r, 10); err != nil || n != 1 || len(e.sent) != 1 {
		t.Fatalf("retry delivers once: %d %v %d", n, err, len(e.sent))
	}
	if n, _ := e.svc.Deliver(ctx, r, 10); n != 0 {
		t.Fatal("delivered twice")
	}
}

func TestExportReplaysAndFsck(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.game("ann", "bob")
	for i := 0; i < 5; i++ {
		e.playSomething(th, []string{"ann", "bob"})
	}
	// While the game runs the record (its seed) would tell every hidden card: only the console's
	// ExportAny gives it; once the game has ended anyone may have it.
	_, err := e.svc.Export(ctx, e.in(th, user("ann")))
	wantRefusal(t, err, "works once the game has ended")
	running, err := e.svc.ExportAny(ctx, e.in(th, user("ann")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Abort(ctx, e.in(th, user("ann"))); err != nil {
		t.Fatal(err)
	}
	// The same record, now saying how it ended.
	text, err := e.svc.Export(ctx, e.in(th, user("zed")))
	if err != nil || text != running+"end: aborted\n" {
		t.Fatalf("export after the end: %v\n%s\nwant\n%s", err, text, running)
	}
	rec, err := record.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	st, err := record.Replay(rulestest.Bids, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	snap, _ := st.Encode()
	if string(snap) != string(e.row(th).Snapshot) {
		t.Fatal("exported record does not replay to the stored snapshot")
	}
	if rec.Players[0] != "ann" || rec.Players[1] != "bob" {
		t.Fatalf("players %v", rec.Players)
	}
	rep, err := e.svc.Fsck(ctx)
	if err != nil || rep.Checked != 1 || len(rep.Problems) != 0 {
		t.Fatalf("fsck clean: %+v %v", rep, err)
	}
	// Corrupt the snapshot behind the service's back: fsck reports it.
	g := e.row(th)
	g.Snapshot = []byte(`{"seats":2}`)
	if err := e.store.UpdateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	rep, _ = e.svc.Fsck(ctx)
	if len(rep.Problems) != 1 || !strings.Contains(rep.Problems[0], "snapshot differs") {
		t.Fatalf("fsck: %+v", rep)
	}
}

func TestMyGamesAndHistory(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a := e.game("ann", "bob")
	e.game("bob", "ann")
	e.mustMove(a, "ann", "bid pass")
	gs, err := e.svc.MyGames(ctx, user("ann"))
	if err != nil || len(gs) != 2 {
		t.Fatalf("%+v %v", gs, err)
	}
	if !gs[0].YourTurn || gs[1].YourTurn || gs[1].Thread != a {
		t.Fatalf("games awaiting ann come first: %+v", gs)
	}
	rep, err := e.svc.History(ctx, e.in(a, user("ann")), 0)
	if err != nil || !strings.Contains(rep.Text, "1. ann: You bid 0.") {
		t.Fatalf("%+v %v", rep, err)
	}
}

// /history tells each reader only what they may know, and every move by the events it caused
// (never its notation): their own moves' events, others' moves as the events they could see (a
// secret bid reads "made a hidden choice."), every mover's events once the game has ended.
func TestHistoryHidesOthersSecretMoves(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.game("ann", "bob")
	e.mustMove(th, "ann", "bid pass")
	e.mustMove(th, "bob", "bid pass")
	history := func(who string, n int) string {
		t.Helper()
		rep, err := e.svc.History(ctx, e.in(th, user(who)), n)
		if err != nil {
			t.Fatal(err)
		}
		return rep.Text
	}
	cases := []struct {
		who, want, never string
		n                int
	}{
		{"ann", "1. ann: You bid 0.", "1. ann made a hidden choice.", 0},
		{"bob", "1. ann made a hidden choice.", "1. ann: You bid", 0},
		{"bob", "2. bob: You bid 0. Bids revealed", "bid pass", 0},
		{"ann", "2. bob: Bids revealed", "2. bob: You bid", 0},
		{"zed", "2. bob: Bids revealed", "bid pass", 0},
		{"zed", "(the last 1):\n2. bob", "1. ann", 1},
	}
	for _, c := range cases {
		got := history(c.who, c.n)
		if !strings.Contains(got, c.want) || strings.Contains(got, c.never) {
			t.Errorf("history for %s (last %d): want %q and never %q in\n%s", c.who, c.n, c.want, c.never, got)
		}
	}
	if _, err := e.svc.Abort(ctx, e.in(th, user("ann"))); err != nil {
		t.Fatal(err)
	}
	if got := history("zed", 0); !strings.Contains(got, "1. ann: You bid 0.\n2. bob: You bid 0. Bids revealed") {
		t.Errorf("an ended game's history shows every move as written:\n%s", got)
	}
}

func TestSettingsValidation(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	admin := Request{User: User{ID: "u-a", Name: "a", Admin: true}, Place: lobby}
	cases := []struct{ scope, key, value, want string }{
		{ScopeGuild, "reminder_hours", "-1", "from 0 to 720"},
		{ScopeGuild, "colour", "red", "settings are: reminder_hours"},
		{ScopeUser, "dm", "maybe", "thread, dm, digest or none"},
		{ScopeUser, "timezone", "Europa/Berlin", `"Europa/Berlin" is not a time zone: try Europe/Berlin.`},
		{ScopeUser, "quiet", "late", "times like 23:00-08:00"},
		{ScopeUser, "digest_hour", "25", "an hour from 0 to 23"},
	}
	for _, c := range cases {
		_, err := e.svc.SetSetting(ctx, admin, c.scope, c.key, c.value)
		wantRefusal(t, err, c.want)
	}
	if _, err := e.svc.SetSetting(ctx, admin, ScopeGuild, "clock_days", "3"); err != nil {
		t.Fatal(err)
	}
	rep, err := e.svc.ShowSettings(ctx, admin)
	if err != nil || !strings.Contains(rep.Text, "clock_days: 3") || !strings.Contains(rep.Text, "hear: a mention in the game's thread") {
		t.Fatalf("%+v %v", rep, err)
	}
	// The old dm key sets how the player hears; answers tell values in words, times too.
	for _, c := range []struct{ key, value, want string }{
		{"dm", "on", "How you hear is now a mention and a direct message."},
		{"timezone", "europe/berlin", "Time zone is now Europe/Berlin. It is 13:00 in Europe/Berlin now."},
		{"quiet", "23-8", "Quiet hours is now 23:00 to 08:00. It is 13:00 in Europe/Berlin now. Your next quiet hours: <t:"},
		// Quiet hours that have begun are not "next" from now: they say until when (issue #40).
		{"quiet", "12-14", "Quiet hours is now 12:00 to 14:00. It is 13:00 in Europe/Berlin now. Your quiet hours have begun: quiet until <t:"},
		{"digest_hour", "7", "Digest hour is now 07:00 your time."},
	} {
		rep, err := e.svc.SetSetting(ctx, admin, ScopeUser, c.key, c.value)
		if err != nil || !strings.HasPrefix(rep.Text, c.want) || !rep.Private {
			t.Errorf("/settings me %s %s: %q %v; want %q...", c.key, c.value, rep.Text, err, c.want)
		}
	}
	if on, err := e.svc.wantsDM(ctx, admin.User.ID); !on || err != nil {
		t.Errorf("dm on is hear=dm: %v %v", on, err)
	}
	rep, _ = e.svc.Create(ctx, admin, CreateSpec{Kind: "bids", Seats: 2})
	g, _ := e.store.Game(ctx, rep.Game)
	if g.ClockHours != 72 || g.ReminderHours != 24 {
		t.Fatalf("new games take the server's clock: %+v", g)
	}
}

func TestResultText(t *testing.T) {
	ais := &storage.Game{Seed: 7, Players: []storage.Player{{Seat: 0, Name: "ann"}, aiSeatPlayer(1, "normal"), aiSeatPlayer(2, "normal")}}
	nameAISeats(ais)
	solo := &storage.Game{Players: []storage.Player{{Seat: 0, Name: "ann"}}}
	duo := &storage.Game{Players: []storage.Player{{Seat: 0, Name: "ann"}, {Seat: 1, Name: "bob"}}}
	cases := []struct {
		row  *storage.Game
		res  rules.Result
		want string
	}{
		{solo, rules.Result{Ranks: []int{2}, ReasonMsg: rules.Verbatim("turn limit")}, "Game over: ann loses (turn limit)."},
		{solo, rules.Result{Ranks: []int{1}}, "Game over: ann wins."},
		{duo, rules.Result{Ranks: []int{1, 1}, Scores: []int{4, 4}}, "Game over: ann and bob share the win. Scores: ann 4, bob 4."},
		{duo, rules.Result{Ranks: []int{2, 1}}, "Game over: bob wins."},
		// A reason that is a sentence keeps one full stop, after the bracket.
		{duo, rules.Result{Ranks: []int{2, 1}, ReasonMsg: rules.Verbatim("Xeno reaches 22 points and wins."), Scores: []int{0, 22}},
			"Game over: bob wins (Xeno reaches 22 points and wins). Scores: ann 0, bob 22."},
		// Two AI seats are told apart by their names; seats in a reason are the players.
		{ais, rules.Result{Ranks: []int{2, 3, 1}, ReasonMsg: rules.Verbatim("{seat:0} resigned")}, "Game over: " + ais.Players[2].Name + " wins (ann resigned)."},
	}
	for _, c := range cases {
		if got := resultText(c.row, nil, &c.res); got != c.want {
			t.Errorf("%+v: %q, want %q", c.res, got, c.want)
		}
	}
}

func TestLobbyTexts(t *testing.T) {
	cases := []struct {
		min, seats int
		want       string
	}{
		{2, 2, "it starts when 2 players have joined"},
		{2, 4, "it starts when 4 players have joined, or sooner when its creator presses Start (2 players are enough)"},
		{1, 4, "it starts when 4 players have joined, or sooner when its creator presses Start (alone, for a solo game)"},
	}
	for _, c := range cases {
		if got := startText(rules.Info{MinSeats: c.min}, c.seats); got != c.want {
			t.Errorf("%d of %d: %q, want %q", c.min, c.seats, got, c.want)
		}
	}
}

func TestYourTurnIsSaidOnce(t *testing.T) {
	for prompt, want := range map[string]string{
		"Xeno to move (3 of 21 points).":           "Your turn: Xeno to move (3 of 21 points).",
		"House I, your turn (round 3): Play, buy.": "House I, your turn (round 3): Play, buy.",
	} {
		if got := yourTurn(prompt); got != want {
			t.Errorf("%q: %q", prompt, got)
		}
	}
}
