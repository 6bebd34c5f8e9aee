package bot

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Inside one's own turn, a step that showed only the player's own cards (Ausonia's "play all")
// is taken back at once: no question, no ping, no post; the player sees their position again,
// and the post at the end of the turn tells only what stands. The seeded generator comes back
// with the undo: the game goes on as if the step had never been played, and its record replays
// to the same position.
func TestUndoInsideOwnTurn(t *testing.T) {
	ctx := context.Background()
	e := realEnv(t)
	th := e.realGame("ausonia", "ann", "bob")
	who := awaitedPlayer(t, e, th)
	other := map[string]string{"ann": "bob", "bob": "ann"}[who]
	if _, err := e.svc.SetSetting(ctx, e.in(th, user(who)), ScopeUser, "language", "de"); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	start := string(e.row(th).Snapshot)
	e.mustMove(th, who, "play all")
	e.deliver()
	if len(e.sent) != 0 {
		t.Fatalf("a step inside the turn is posted: %+v", e.sent)
	}
	rep, err := e.svc.Undo(ctx, e.in(th, user(who)), "")
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Private || !strings.HasPrefix(rep.Text, "Du hast deinen letzten Zug (spielen alle) zurückgenommen; außer dir hatte ihn niemand gesehen.") ||
		!strings.Contains(rep.Text, "Dein Zug geht weiter") || rep.Image == nil || !rep.More || rep.Public != "" {
		t.Fatalf("the mover's own answer: %+v", rep)
	}
	e.deliver()
	if len(e.sent) != 0 {
		t.Fatalf("the others heard of an undo inside the turn: %+v", e.sent)
	}
	if n := len(e.notations(th)); n != 0 || string(e.row(th).Snapshot) != start {
		t.Fatalf("%d moves left; the position is the turn's start: %v", n, string(e.row(th).Snapshot) == start)
	}
	if f := readFlow(e.row(th)); len(f.Pending) != 0 || f.Human != 0 {
		t.Fatalf("the flow still holds the move taken back: %+v", f)
	}
	// Nothing is pending to agree to or refuse.
	_, err = e.svc.Undo(ctx, e.in(th, user(other)), "no")
	wantRefusal(t, err, "There is no undo request")

	e.mustMove(th, who, "play all")
	e.mustMove(th, who, "pass")
	e.deliver()
	var post string
	for _, o := range e.sent {
		if o.Kind == "turn" {
			post = o.Text
		}
	}
	if n := strings.Count(post, who+" plays "); n != 1 {
		t.Fatalf("the turn's post tells the cards played %d times:\n%s", n, post)
	}
	// The same seed without the undo: the same position, drawn cards and all.
	e2 := realEnv(t)
	th2 := e2.realGame("ausonia", "ann", "bob")
	e2.mustMove(th2, who, "play all")
	e2.mustMove(th2, who, "pass")
	if string(e.row(th).Snapshot) != string(e2.row(th2).Snapshot) {
		t.Fatal("the undo changed what came after it")
	}
	_, st, _ := e.exported(th, who, replayKits["ausonia"].Game)
	if snapshot(t, st) != string(e.row(th).Snapshot) {
		t.Fatal("the record does not replay to the game's position")
	}
}

// A step that showed the player something new (a card drawn, a random outcome) is never taken
// back, inside the turn too, and the refusal says why; nobody is asked.
func TestUndoRefusesNewsInsideTheTurn(t *testing.T) {
	ctx := context.Background()
	e := fastRealEnv(t)
	th := e.realGame("ausonia", "ann", "bob")
	r := rand.New(rand.NewPCG(7, 7))
	c, ok := e.findStep(th, r, 600, func(c stepCase) bool {
		if isRobot(e.row(th), c.seat) || !markOf(c.before).sameDecision(c.after, c.seat) {
			return false
		}
		sim, err := rules.Clone(replayKits["ausonia"].Game, c.before)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := sim.Apply(c.seat, c.m1)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range evs {
			if ev.NewsTo(c.seat) {
				return true
			}
		}
		return false
	})
	if !ok {
		t.Fatal("random play met no step that drew or looked at a card inside a turn")
	}
	e.deliver()
	if _, err := e.svc.MoveTokens(ctx, e.in(th, user(c.who)), c.m1); err != nil {
		t.Fatal(err)
	}
	n := len(e.notations(th))
	_, err := e.svc.Undo(ctx, e.in(th, user(c.who)), "")
	wantRefusal(t, err, "cannot be taken back: it showed you something new (a card drawn, a random outcome or another player's secret)")
	e.deliver()
	if len(e.sent) != 0 || len(e.notations(th)) != n {
		t.Fatalf("a refused undo changed something: %+v", e.sent)
	}
}

// After the turn has passed, undo still asks the others (and pings them), as before.
func TestUndoAfterTheTurnPassedAsks(t *testing.T) {
	ctx := context.Background()
	e := fastRealEnv(t)
	th := e.realGame("autumn-ash", "ann", "bob")
	who := awaitedPlayer(t, e, th)
	other := map[string]string{"ann": "bob", "bob": "ann"}[who]
	tb, err := e.svc.load(ctx, e.row(th).ID)
	if err != nil {
		t.Fatal(err)
	}
	m, err := rules.RandomMove(tb.state, tb.state.Awaiting()[0].Seat, rand.New(rand.NewPCG(1, 2)))
	tb.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.MoveTokens(ctx, e.in(th, user(who)), m); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	if awaitedPlayer(t, e, th) != other {
		t.Fatal("the turn did not pass")
	}
	rep, err := e.svc.Undo(ctx, e.in(th, user(who)), "")
	if err != nil || rep.Text != "Undo requested; "+other+" has been asked." {
		t.Fatalf("%+v %v", rep, err)
	}
	e.deliver()
	if len(e.sent) != 1 || strings.Join(e.sent[0].Mentions, ",") != "u-"+other || !e.sent[0].Undo {
		t.Fatalf("%s is asked: %+v", other, e.sent)
	}
	if len(e.notations(th)) != 1 {
		t.Fatal("taken back before the other player agreed")
	}
}

// What keeps a move from being taken back: news to the mover or to another seat, always; the
// mover's own hidden cards shown, only once the others have been told.
func TestUndoBlock(t *testing.T) {
	own := rules.Event{Msg: rules.Verbatim("plays"), Shows: []rules.Seat{0}}
	for _, c := range []struct {
		name string
		evs  []rules.Event
		told bool
		want string
	}{
		{"a plain move", []rules.Event{{Msg: rules.Verbatim("moves")}}, true, ""},
		{"own cards, untold", []rules.Event{own}, false, ""},
		{"own cards, told", []rules.Event{own}, true, "undo_shown"},
		{"own cards to oneself, told", []rules.Event{{Msg: rules.Verbatim("raised"), To: []rules.Seat{0}, Shows: []rules.Seat{0}}}, true, ""},
		{"a card drawn", []rules.Event{own, {Msg: rules.Verbatim("drew"), To: []rules.Seat{0}, Reveals: true}}, false, "undo_reveals"},
		{"a random outcome", []rules.Event{{Msg: rules.Verbatim("rolls"), Reveals: true}}, false, "undo_reveals"},
		{"another's hand shown", []rules.Event{{Msg: rules.Verbatim("discards"), Shows: []rules.Seat{1}}}, false, "undo_reveals"},
		{"a secret told another", []rules.Event{{Msg: rules.Verbatim("sees"), To: []rules.Seat{1}, Reveals: true}}, false, "undo_reveals_other"},
		{"own answer, then another's", []rules.Event{own, {Msg: rules.Verbatim("answers"), Reveals: true}}, true, "undo_reveals"},
	} {
		if got := undoBlock(c.evs, 0, c.told); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// A step inside the turn reaches another player when they look at the game (/board, /view,
// /history) before the post: the cards it showed from the mover's hand are then seen, and it is
// no longer taken back. The mover's own looks do not count.
func TestUndoAfterAnotherLooked(t *testing.T) {
	ctx := context.Background()
	for _, look := range []string{"board", "view", "history"} {
		e := fastRealEnv(t)
		th := e.realGame("ausonia", "ann", "bob")
		who := awaitedPlayer(t, e, th)
		other := map[string]string{"ann": "bob", "bob": "ann"}[who]
		peek := func(name string) {
			var err error
			switch look {
			case "board":
				_, err = e.svc.Board(ctx, e.in(th, user(name)))
			case "view":
				_, err = e.svc.View(ctx, e.in(th, user(name)))
			default:
				_, err = e.svc.History(ctx, e.in(th, user(name)), 0)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		e.mustMove(th, who, "play all")
		peek(who)
		if _, err := e.svc.Undo(ctx, e.in(th, user(who)), ""); err != nil {
			t.Fatalf("%s by the mover: %v", look, err)
		}
		e.mustMove(th, who, "play all")
		peek(other)
		e.deliver()
		_, err := e.svc.Undo(ctx, e.in(th, user(who)), "")
		wantRefusal(t, err, "the other players have already seen what it showed them of your hidden cards or pieces")
		e.deliver()
		if len(e.sent) != 0 || len(e.notations(th)) != 1 {
			t.Fatalf("%s: the refused undo changed something: %+v", look, e.sent)
		}
	}
}
