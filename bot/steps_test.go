package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules"
)

var fiveGames = []string{"autumn-ash", "ascidiae", "ascalion", "reef-encounter", "ausonia"}

// turnsOfSteps are the games whose turns hold several decisions; an Autumn Ash turn is one move,
// so there a second step always meets the other player's turn (TestCommaStopsAtTheTurnsEnd).
var turnsOfSteps = []string{"ascidiae", "ascalion", "reef-encounter", "ausonia"}

// fastRealEnv is realEnv with stand-in images: these tests read texts and logs, not boards.
func fastRealEnv(t *testing.T) *env {
	e := newEnv(t)
	var kits []Kit
	for _, k := range replayKits {
		kits = append(kits, Kit{Game: k.Game, PNG: fakePNG})
	}
	e.svc = New(e.store, kits, Options{Now: func() time.Time { return e.now }, DefaultReminderHours: 24})
	return e
}

// stepCase is a position found by random play: seat (played by who) is awaited in before, and
// after is a copy of the game once m1 is played.
type stepCase struct {
	seat          rules.Seat
	who           string
	m1            rules.Move
	before, after rules.State
}

// findStep plays random moves in th until want accepts a first step; false when the game ends or
// limit moves pass first.
func (e *env) findStep(th string, r *rand.Rand, limit int, want func(c stepCase) bool) (stepCase, bool) {
	e.t.Helper()
	ctx := context.Background()
	for range limit {
		tb, err := e.svc.load(ctx, e.row(th).ID)
		if err != nil {
			e.t.Fatal(err)
		}
		if tb.state.Result() != nil {
			tb.mu.Unlock()
			return stepCase{}, false
		}
		c := stepCase{seat: tb.state.Awaiting()[0].Seat}
		c.who = strings.TrimPrefix(userOf(tb.row, c.seat), "u-")
		c.m1, err = rules.RandomMove(tb.state, c.seat, r)
		if err == nil {
			c.before, err = rules.Clone(tb.kit.Game, tb.state)
		}
		if err == nil {
			c.after, err = rules.Clone(tb.kit.Game, tb.state)
		}
		if err == nil {
			_, err = c.after.Apply(c.seat, c.m1)
		}
		tb.mu.Unlock()
		if err != nil {
			e.t.Fatal(err)
		}
		if want(c) {
			return c, true
		}
		if _, err := e.svc.MoveTokens(ctx, e.in(th, user(c.who)), c.m1); err != nil {
			e.t.Fatal(err)
		}
	}
	return stepCase{}, false
}

func (e *env) notations(th string) []string {
	e.t.Helper()
	ms, err := e.store.Moves(context.Background(), e.row(th).ID)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, m := range ms {
		out = append(out, m.Notation)
	}
	return out
}

func snapshot(t *testing.T, st rules.State) string {
	t.Helper()
	b, err := st.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A whole turn as one command, in every game: "m1, m2" plays both decisions in order, each as
// if sent alone, stores each as its own move, reaches the same position, and the thread hears
// of it at most once, pinging nobody twice. A repeated interaction plays nothing again.
func TestCommaTurnEveryGame(t *testing.T) {
	for _, kind := range turnsOfSteps {
		t.Run(kind, func(t *testing.T) {
			e := fastRealEnv(t)
			th := e.realGame(kind, "ann", "bob")
			r := rand.New(rand.NewPCG(7, 1))
			var m2 rules.Move
			c, ok := e.findStep(th, r, 400, func(c stepCase) bool {
				if !markOf(c.before).sameDecision(c.after, c.seat) {
					return false
				}
				m2, _ = rules.RandomMove(c.after, c.seat, r)
				return m2 != nil
			})
			if !ok {
				t.Fatal("random play met no turn of two decisions")
			}
			n := len(e.notations(th))
			e.deliver()
			req := e.in(th, user(c.who))
			req.Interaction = "i-comma"
			text := c.m1.String() + " , " + m2.String() + ","
			rep, err := e.svc.Move(context.Background(), req, text)
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			if want := "You played " + c.m1.String() + ", " + m2.String() + "."; !strings.HasPrefix(rep.Text, want) {
				t.Errorf("reply %q; want it to begin %q", rep.Text, want)
			}
			log := e.notations(th)
			if len(log) != n+2 || log[n] != c.m1.String() || log[n+1] != m2.String() {
				t.Fatalf("log after %q: %q", text, log[n:])
			}
			if _, err := c.after.Apply(c.seat, m2); err != nil {
				t.Fatal(err)
			}
			if got := string(e.row(th).Snapshot); got != snapshot(t, c.after) {
				t.Error("the command reached another position than its steps sent one by one")
			}
			e.deliver()
			posts, pinged := 0, map[string]int{}
			for _, o := range e.sent {
				if o.Stale {
					continue // an outdated status edit: no transport makes it
				}
				if o.Kind == "turn" || o.Kind == "status" {
					posts++
				}
				for _, u := range o.Mentions {
					pinged[u]++
				}
			}
			if posts > 1 {
				t.Errorf("%d posts for one command", posts)
			}
			for u, k := range pinged {
				if k > 1 {
					t.Errorf("%s pinged %d times for one command", u, k)
				}
			}
			again, err := e.svc.Move(context.Background(), req, text)
			if err != nil || !strings.Contains(again.Text, "already") || len(e.notations(th)) != n+2 {
				t.Errorf("the same interaction again: %q, %v; log %q", again.Text, err, e.notations(th)[n:])
			}
		})
	}
}

// A refused middle step of a command whose steps reveal nothing refuses the command whole: it
// was checked on a copy first, nothing is played (a Reef review lost a larva cube to "grow w,
// <refused>") and the refusal names the step. Where a step before it revealed something (a roll,
// a card drawn) the command is played one by one as before: the steps before the refused one
// stay played, and the reply says which. A refused first step plays nothing and says so.
func TestCommaMiddleStepRefused(t *testing.T) {
	branches := map[bool][]string{}
	for _, kind := range turnsOfSteps {
		t.Run(kind, func(t *testing.T) {
			e := fastRealEnv(t)
			th := e.realGame(kind, "ann", "bob")
			r := rand.New(rand.NewPCG(8, 2))
			var m2 rules.Move
			c, ok := e.findStep(th, r, 400, func(c stepCase) bool {
				if !markOf(c.before).sameDecision(c.after, c.seat) {
					return false
				}
				if kind == "ausonia" {
					// Ascalion's dice end a phase, a new part of the turn (rules.PartCounter),
					// so the branch that plays step by step is sought here: an Ausonia decision
					// that reveals something and goes on.
					cp, err := rules.Clone(replayKits[kind].Game, c.before)
					if err != nil {
						t.Fatal(err)
					}
					evs, err := cp.Apply(c.seat, c.m1)
					if err != nil || !slices.ContainsFunc(evs, func(e rules.Event) bool { return e.Reveals }) {
						return false
					}
				}
				m2, _ = rules.RandomMove(c.after, c.seat, r)
				return m2 != nil
			})
			if !ok {
				t.Fatal("random play met no turn of two decisions")
			}
			cp, err := rules.Clone(replayKits[kind].Game, c.before)
			if err != nil {
				t.Fatal(err)
			}
			evs, err := cp.Apply(c.seat, c.m1)
			if err != nil {
				t.Fatal(err)
			}
			reveals := slices.ContainsFunc(evs, func(e rules.Event) bool { return e.Reveals })
			branches[reveals] = append(branches[reveals], kind)
			n := len(e.notations(th))
			_, err = e.move(th, c.who, "zzz9, "+c.m1.String())
			wantRefusal(t, err, "Step 1 of 2 (zzz9) was refused: ")
			wantRefusal(t, err, "Nothing of the command was played.")
			if len(e.notations(th)) != n {
				t.Fatalf("a refused first step played %q", e.notations(th)[n:])
			}
			text := c.m1.String() + ", zzz9, " + m2.String()
			if !reveals {
				_, err := e.move(th, c.who, text)
				wantRefusal(t, err, "Step 2 of 3 (zzz9) was refused: ")
				wantRefusal(t, err, "Nothing of the command was played.")
				if log := e.notations(th); len(log) != n {
					t.Fatalf("%q refused whole played %q", text, log[n:])
				}
				return
			}
			rep := e.mustMove(th, c.who, text)
			for _, want := range []string{"You played " + c.m1.String() + ".", "Step 2 of 3 (zzz9) was refused: ", "stay played; nothing after them was played."} {
				if !strings.Contains(rep.Text, want) {
					t.Errorf("reply to %q: %q lacks %q", text, rep.Text, want)
				}
			}
			if log := e.notations(th); len(log) != n+1 || log[n] != c.m1.String() {
				t.Errorf("log after %q: %q", text, log[n:])
			}
			if !rep.More {
				t.Error("the turn goes on, but the reply does not offer its next step")
			}
		})
	}
	if !slices.Contains(branches[false], "reef-encounter") || len(branches[false]) < 2 || len(branches[true]) < 1 {
		t.Errorf("the games met too few of both kinds of command: nothing revealed in %q, revealed in %q", branches[false], branches[true])
	}
}

// A step is never played past the decision the player saw: once the turn is over (the next
// player is asked, or in a solo game the seat's next turn begins) the rest of the command is not
// played, even where it would be a legal move of the new decision, and the reply says why.
func TestCommaStopsAtTheTurnsEnd(t *testing.T) {
	type game struct {
		kind    string
		players []string
		again   bool // the seat is asked again after its turn (solo): the step would fit
	}
	games := []game{{"ausonia", []string{"ann"}, true}, {"ascidiae", []string{"ann"}, true}}
	for _, k := range fiveGames {
		games = append(games, game{k, []string{"ann", "bob"}, false})
	}
	for _, g := range games {
		t.Run(g.kind+"/"+strings.Join(g.players, "+"), func(t *testing.T) {
			e := fastRealEnv(t)
			th := e.realGame(g.kind, g.players...)
			r := rand.New(rand.NewPCG(9, 3))
			var m2 rules.Move
			c, ok := e.findStep(th, r, 400, func(c stepCase) bool {
				if markOf(c.before).sameDecision(c.after, c.seat) || !rules.IsAwaited(c.after, c.seat) && g.again {
					return false
				}
				m2 = c.m1
				if rules.IsAwaited(c.after, c.seat) {
					m2, _ = rules.RandomMove(c.after, c.seat, r)
				}
				return m2 != nil
			})
			if !ok {
				t.Fatal("random play met no end of a turn")
			}
			n := len(e.notations(th))
			text := c.m1.String() + ", " + m2.String()
			rep := e.mustMove(th, c.who, text)
			for _, want := range []string{"You played " + c.m1.String() + ".", "Step 2 of 2 (" + m2.String() + ") was not played: the decision you typed it for is over"} {
				if !strings.Contains(rep.Text, want) {
					t.Errorf("reply to %q: %q lacks %q", text, rep.Text, want)
				}
			}
			if log := e.notations(th); len(log) != n+1 || log[n] != c.m1.String() {
				t.Errorf("log after %q: %q", text, log[n:])
			}
		})
	}
}

// Where a whole move can be followed by nothing, a space alone may start the next decision
// ("1 black" in Ascidiae); a slip inside a move that could go on is refused, never cut short.
func TestSpaceSplitsOnlyAfterAClosedMove(t *testing.T) {
	e := fastRealEnv(t)
	th := e.realGame("ascidiae", "ann", "bob")
	r := rand.New(rand.NewPCG(10, 4))
	var m2 rules.Move
	c, ok := e.findStep(th, r, 400, func(c stepCase) bool {
		next, complete, err := c.before.Choices(c.seat, c.m1)
		if err != nil || !complete || len(next) > 0 || !markOf(c.before).sameDecision(c.after, c.seat) {
			return false
		}
		m2, _ = rules.RandomMove(c.after, c.seat, r)
		return m2 != nil
	})
	if !ok {
		t.Fatal("random play met no closed move followed by a decision of the same turn")
	}
	n := len(e.notations(th))
	text := c.m1.String() + " " + m2.String()
	e.mustMove(th, c.who, text)
	if log := e.notations(th); len(log) != n+2 || log[n] != c.m1.String() || log[n+1] != m2.String() {
		t.Errorf("log after %q: %q", text, log[n:])
	}
	// nextDecision on a toy tree: "a" is whole but may go on with "b"; "x" is whole and closed.
	// "m" is no whole move: its one way on, "n", is forced.
	st := seatMenu{[]rules.Move{{"a"}, {"a", "b"}, {"x"}, {"m", "n"}}}
	for _, c := range []struct {
		in         string
		head, rest string // "" head: refused
	}{
		{"a b", "a b", ""},
		{"x a", "x", "a"},
		{"x a b", "x", "a b"},
		{"a c", "", ""},
		{"a x", "", ""},
		{"zz", "", ""},
		// A token typed where the rules force another is a slip in this move, not the next
		// decision: "grow w" with only grey to grow must never play "grow g" (a review found it).
		{"m z", "", ""},
		{"m", "m n", ""},
		{"m n x", "m n", "x"},
	} {
		head, rest, err := nextDecision(st, 0, strings.Fields(c.in))
		if head.String() != c.head || rest.String() != c.rest || (err != nil) != (c.head == "") {
			t.Errorf("%q: %q then %q, %v; want %q then %q", c.in, head, rest, err, c.head, c.rest)
		}
	}
}

// After a comma, autocomplete offers the rest of the turn: what the position after the earlier
// steps offers, each entry keeping the typed steps, within Discord's limits. A step that reveals
// something is not played ahead (the list offers to send what was typed); after the turn's last
// step nothing is offered.
func TestSuggestAfterComma(t *testing.T) {
	ahead := 0
	for _, kind := range turnsOfSteps {
		t.Run(kind, func(t *testing.T) {
			e := fastRealEnv(t)
			th := e.realGame(kind, "ann", "bob")
			r := rand.New(rand.NewPCG(11, 5))
			var m2 rules.Move
			c, ok := e.findStep(th, r, 400, func(c stepCase) bool {
				if !markOf(c.before).sameDecision(c.after, c.seat) {
					return false
				}
				m2, _ = rules.RandomMove(c.after, c.seat, r)
				return m2 != nil
			})
			if !ok {
				t.Fatal("random play met no turn of two decisions")
			}
			g := replayKits[kind].Game
			sim, err := rules.Clone(g, c.before)
			if err != nil {
				t.Fatal(err)
			}
			evs, _ := sim.Apply(c.seat, c.m1)
			reveals := false
			for _, ev := range evs {
				reveals = reveals || ev.Reveals
			}
			for _, typed := range []string{c.m1.String() + ",", c.m1.String() + ", ", c.m1.String() + ", " + m2[0][:1]} {
				sg := suggestSteps(LangEnglish, g, c.before, c.seat, typed, 25, testName, nil)
				if reveals {
					if len(sg) != 1 || !sg[0].Note || sg[0].Value != c.m1.String() {
						t.Errorf("%q after a revealing step: %+v", typed, sg)
					}
					continue
				}
				tail := strings.TrimPrefix(typed[strings.LastIndex(typed, ",")+1:], " ")
				want := suggestIn(LangEnglish, nil, c.after, c.seat, tail, 25, testName)
				if len(sg) == 0 || len(sg) != len(want) {
					t.Fatalf("%q: %d suggestions; the position after it has %d", typed, len(sg), len(want))
				}
				for i, s := range sg {
					if len(s.Value) > 100 || len([]rune(s.Label)) > 100 {
						t.Errorf("outside Discord's limits: %+v", s)
					}
					if s.Note {
						continue
					}
					if s.Value != c.m1.String()+", "+want[i].Value || s.Label != want[i].Label {
						t.Errorf("%q: %+v; want the rest of the turn %+v after the typed step", typed, s, want[i])
					}
					steps, err := rules.ParseSteps(s.Value)
					if err != nil || len(steps) != 2 {
						t.Fatalf("%q: %v", s.Value, err)
					}
					if _, _, err := c.after.Choices(c.seat, steps[1]); err != nil {
						t.Errorf("%q is offered but refused: %v", s.Value, err)
					}
				}
				ahead++
			}
		})
	}
	if ahead == 0 {
		t.Error("no game offered the rest of a turn after a comma")
	}
	// After a step that ends the turn, nothing may follow.
	e := fastRealEnv(t)
	th := e.realGame("autumn-ash", "ann", "bob")
	c, ok := e.findStep(th, rand.New(rand.NewPCG(12, 6)), 50, func(stepCase) bool { return true })
	if !ok {
		t.Fatal("no move")
	}
	if sg := suggestSteps(LangEnglish, replayKits["autumn-ash"].Game, c.before, c.seat, c.m1.String()+", ", 25, testName, nil); len(sg) != 0 {
		t.Errorf("after the turn's only move: %+v", sg)
	}
}

// Against the AI, a whole turn in one command is one post with the AI's reply and one ping: the
// thread hears nothing of the steps until the AI has answered. Steps past the turn are not
// played, and spaces alone separate decisions where a whole move can be followed by nothing.
func TestCommaTurnAgainstTheAI(t *testing.T) {
	e := newEnv(t)
	e.svc = New(e.store, []Kit{{Game: stepTurns{}, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }, DefaultReminderHours: 24})
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "steps", Seats: 2, Seed: 5, Bots: 1, Level: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	th := "t-steps"
	if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	// Seven steps for a turn of six, the first two without a comma between them.
	r := e.mustMove(th, "ann", "step 1 step 2, step 3, STEP 1, step 2 ,step 3, step 1")
	for _, want := range []string{"You played step 1, step 2, step 3, step 1, step 2, step 3.", "Step 6 of 6 (step 1) was not played"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("reply %q lacks %q", r.Text, want)
		}
	}
	if n := len(e.notations(th)); n != stepsPerTurn {
		t.Fatalf("%d moves stored, want the turn's %d", n, stepsPerTurn)
	}
	e.deliver()
	for _, o := range e.sent {
		if o.Kind == "turn" {
			t.Errorf("the thread was told before the AI answered: %q", o.Text)
		}
	}
	e.playAI()
	e.deliver()
	var posts []Outgoing
	for _, o := range e.sent {
		if o.Kind == "turn" {
			posts = append(posts, o)
		}
	}
	if len(posts) != 1 {
		t.Fatalf("%d posts after the AI's reply, want 1: %+v", len(posts), posts)
	}
	p := posts[0]
	ann, ai := 0, 0
	for _, l := range strings.Split(p.Text, "\n") {
		switch {
		case strings.HasPrefix(l, "ann steps "):
			ann++
		case strings.Contains(l, " steps "):
			ai++ // the AI seat, by whatever name
		}
	}
	if ann != stepsPerTurn || ai != stepsPerTurn || len(p.Mentions) != 1 || p.Mentions[0] != "u-ann" {
		t.Errorf("the post does not tell ann's whole turn and the AI's reply with one ping: %+v", p.Notice)
	}
}

// A step of several decisions says what became of its rest by name: "step 1 step 9" plays
// "step 1" and refuses "step 9" in words.
func TestRestOfOneStepRefused(t *testing.T) {
	e := newEnv(t)
	e.svc = New(e.store, []Kit{{Game: stepTurns{}, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }, DefaultReminderHours: 24})
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "steps", Seats: 2, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	th := "t-steps"
	if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Join(ctx, e.in(th, user("bob"))); err != nil {
		t.Fatal(err)
	}
	r := e.mustMove(th, "ann", "step 1 step 9")
	for _, want := range []string{"You played step 1.", "The rest of the move (step 9) was refused: ", "stay played"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("reply %q lacks %q", r.Text, want)
		}
	}
	if log := e.notations(th); len(log) != 1 || log[0] != "step 1" {
		t.Errorf("log %q", log)
	}
}

// menuGame decodes a snapshot "a b|c" as the position whose whole moves are "a b" and "c".
type menuGame struct{}

func (menuGame) Info() rules.Info                     { return rules.Info{ID: "menu"} }
func (menuGame) New(rules.Setup) (rules.State, error) { return seatMenu{}, nil }
func (menuGame) Decode(b []byte) (rules.State, error) {
	var ms []rules.Move
	for _, m := range strings.Split(string(b), "|") {
		ms = append(ms, strings.Fields(m))
	}
	return seatMenu{ms}, nil
}

// A closing word the rules made needless is passed over: "done" after a larva play that ended by
// itself with its last polyp was refused in a review's comma turn ("grow w, 1 f 2, done, take w").
// Only a single word that was a whole move just before the last decision counts.
func TestSuperfluousClosingWord(t *testing.T) {
	snap := []byte("done|1 f 2")
	for _, c := range []struct {
		snap []byte
		step string
		want bool
	}{
		{snap, "done", true},
		{snap, "DONE", true},
		{snap, "take", false},  // not a move then either: refused as it is
		{snap, "1 f 2", false}, // more than a word: a real decision, refused
		{nil, "done", false},   // nothing played before it
	} {
		if got := superfluous(menuGame{}, c.snap, 0, strings.Fields(c.step)); got != c.want {
			t.Errorf("%q after %q: %v, want %v", c.step, c.snap, got, c.want)
		}
	}
}

// encMenu is a seatMenu that encodes as menuGame decodes it.
type encMenu struct{ seatMenu }

func (e encMenu) Encode() ([]byte, error) {
	var parts []string
	for _, m := range e.moves {
		parts = append(parts, m.String())
	}
	return []byte(strings.Join(parts, "|")), nil
}

// Words split off a whole move by a space must start the decision after it; otherwise they were
// part of that move ("buy a8 r" with a certain payment bought the card, then refused "r").
func TestSplitFitsTheNextDecision(t *testing.T) {
	st := encMenu{seatMenu{[]rules.Move{{"x"}, {"a"}, {"a", "b"}}}}
	for _, c := range []struct {
		rest string
		want bool
	}{
		{"a", true},
		{"a b", true},
		{"zz", false},
		{"b", false},
	} {
		if got := splitFits(menuGame{}, st, 0, rules.Move{"x"}, strings.Fields(c.rest), nil); got != c.want {
			t.Errorf("x then %q: %v, want %v", c.rest, got, c.want)
		}
	}
}
