package bot

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// commandChain plays random steps for c.seat on a copy of c.before, from c.m1 on, until the
// turn passes (whole) or for n steps; nil when a step tells or shows anything (undo would
// rightly refuse it), when the turn passes before n steps, or when it is not over after
// maxSteps when whole.
func commandChain(t *testing.T, kind string, c stepCase, r *rand.Rand, n int, whole bool) []rules.Move {
	st, err := rules.Clone(replayKits[kind].Game, c.before)
	if err != nil {
		t.Fatal(err)
	}
	mark := markOf(c.before)
	steps := []rules.Move{c.m1}
	for {
		evs, err := st.Apply(c.seat, steps[len(steps)-1])
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.NewsTo(c.seat) || e.Reveals || len(e.Shows) > 0 {
				return nil
			}
		}
		going := st.Result() == nil && mark.sameDecision(st, c.seat)
		switch {
		case !whole && len(steps) == n:
			if !going {
				return nil
			}
			return steps
		case !going:
			if whole && len(steps) >= 2 {
				return steps
			}
			return nil
		case len(steps) >= n:
			return nil
		}
		m, err := rules.RandomMove(st, c.seat, r)
		if err != nil {
			return nil
		}
		steps = append(steps, m)
	}
}

// Undo takes back the player's last command as a whole: every step a comma command stored.
// Inside the player's own turn at once and silently; once the turn has passed, with one request
// naming all its steps and one ping to the other player, and once agreed to, all of it goes.
// Either way the record then replays exactly to the game's position.
func TestUndoTakesBackTheWholeCommand(t *testing.T) {
	ctx := context.Background()
	for _, kind := range []string{"ascidiae", "reef-encounter", "ascalion"} {
		for _, whole := range []bool{false, true} {
			if whole && kind == "reef-encounter" {
				continue // a Reef turn ends drawing tiles: news, which undo rightly refuses
			}
			name := kind + "/inside the turn"
			if whole {
				name = kind + "/after the turn"
			}
			t.Run(name, func(t *testing.T) {
				e := fastRealEnv(t)
				th := e.realGame(kind, "ann", "bob")
				r := rand.New(rand.NewPCG(3, 9))
				var steps []rules.Move
				c, ok := e.findStep(th, r, 600, func(c stepCase) bool {
					if isRobot(e.row(th), c.seat) {
						return false
					}
					steps = commandChain(t, kind, c, r, map[bool]int{false: 2, true: 6}[whole], whole)
					return steps != nil
				})
				if !ok {
					t.Fatal("random play met no fitting command")
				}
				other := map[string]string{"ann": "bob", "bob": "ann"}[c.who]
				n := len(e.notations(th))
				before := string(e.row(th).Snapshot)
				var typed []string
				for _, m := range steps {
					typed = append(typed, m.String())
				}
				req := e.in(th, user(c.who))
				req.Interaction = "i-cmd"
				if _, err := e.svc.Move(ctx, req, strings.Join(typed, ", ")); err != nil {
					t.Fatal(err)
				}
				if got := len(e.notations(th)); got != n+len(steps) {
					t.Fatalf("%d moves stored for %d steps", got-n, len(steps))
				}
				e.deliver()
				e.sent = nil
				rep, err := e.svc.Undo(ctx, e.in(th, user(c.who)), "")
				if err != nil {
					t.Fatal(err)
				}
				if !whole {
					if want := "You took back your last turn (" + strings.Join(typed, ", ") + "); nobody else had seen it."; !rep.Private || !strings.HasPrefix(rep.Text, want) {
						t.Fatalf("the mover's answer %q; want it to begin %q", rep.Text, want)
					}
					e.deliver()
					if len(e.sent) != 0 {
						t.Fatalf("the others heard of an undo inside the turn: %+v", e.sent)
					}
				} else {
					if rep.Text != "Undo requested; "+other+" has been asked." {
						t.Fatalf("asking: %+v", rep)
					}
					e.deliver()
					if len(e.sent) != 1 || strings.Join(e.sent[0].Mentions, ",") != "u-"+other || !e.sent[0].Undo ||
						!strings.Contains(e.sent[0].Text, c.who+" asks to take back their last turn ("+strings.Join(typed, ", ")+"): ") {
						t.Fatalf("one request naming every step, one ping to %s: %+v", other, e.sent)
					}
					if len(e.notations(th)) != n+len(steps) {
						t.Fatal("taken back before the other player agreed")
					}
					e.sent = nil
					rep, err := e.svc.Undo(ctx, e.in(th, user(other)), "")
					if err != nil {
						t.Fatal(err)
					}
					if want := "You agreed: " + c.who + " took back their last turn (" + strings.Join(typed, ", ") + ")."; rep.Text != want || !rep.Private {
						t.Fatalf("the take-back says %q, want %q", rep.Text, want)
					}
				}
				if got := len(e.notations(th)); got != n {
					t.Fatalf("%d of the command's %d moves are left", got-n, len(steps))
				}
				if string(e.row(th).Snapshot) != before {
					t.Fatal("the position is not the one before the command")
				}
				_, st, _ := e.exported(th, c.who, replayKits[kind].Game)
				if snapshot(t, st) != before {
					t.Fatal("the record does not replay to the game's position")
				}
			})
		}
	}
}

// Where the last command begins: the steps one interaction stored ("X", "X#2", ...) and the
// moves then played automatically for the same seat; without interaction ids (the console), the
// player's moves since another seat's move in the same turn.
func TestCommandStart(t *testing.T) {
	mv := func(seat int, user, id string) storage.Move {
		return storage.Move{Seat: seat, UserID: user, InteractionID: id}
	}
	for _, c := range []struct {
		name  string
		moves []storage.Move
		turn  []int
		want  int // -1: nobody's command
	}{
		{"one step", []storage.Move{mv(1, "b", "i0"), mv(0, "a", "i1")}, []int{1, 2}, 1},
		{"three steps", []storage.Move{mv(1, "b", "i0"), mv(0, "a", "i1"), mv(0, "a", "i1#2"), mv(0, "a", "i1#3")}, []int{1, 1, 1, 2}, 1},
		{"two commands in a turn", []storage.Move{mv(0, "a", "i1"), mv(0, "a", "i2"), mv(0, "a", "i2#2")}, []int{0, 0, 1}, 1},
		{"auto moves after", []storage.Move{mv(1, "b", "i0"), mv(0, "a", "i1"), mv(0, "a", "i1#2"), mv(0, AutoUser, ""), mv(0, AutoUser, "")}, []int{1, 1, 1, 1, 2}, 1},
		{"auto move for another seat", []storage.Move{mv(0, "a", "i1"), mv(1, AutoUser, "")}, []int{0, 1}, -1},
		{"only the bot's", []storage.Move{mv(0, AutoUser, "")}, []int{1}, -1},
		{"a robot's", []storage.Move{mv(0, "a", "i1"), mv(1, RobotUser, "")}, []int{0, 1}, -1},
		{"console: the turn", []storage.Move{mv(1, "b", ""), mv(0, "a", ""), mv(0, AutoUser, ""), mv(0, "a", "")}, []int{1, 1, 1, 2}, 1},
		{"console: not the turn before", []storage.Move{mv(0, "a", ""), mv(0, "a", ""), mv(0, "a", ""), mv(0, "a", "")}, []int{1, 2, 2, 2}, 2},
		{"console after a command", []storage.Move{mv(0, "a", "i1"), mv(0, "a", "")}, []int{0, 0}, 1},
	} {
		from, ok := commandStart(c.moves, c.turn)
		if !ok {
			from = -1
		}
		if from != c.want {
			t.Errorf("%s: from %d, want %d", c.name, from, c.want)
		}
	}
}

// Undo texts name what is taken back as a player would, never by the log's move numbers
// (play-testers read "take back move 54" as nonsense): a move or a whole turn, the steps as typed
// for their own player, and for the others only when nothing of the command was hidden.
func TestUndoRequestNamesTheMoveInWords(t *testing.T) {
	for _, c := range []struct {
		p    undoRequest
		lang string
		own  bool
		want string
	}{
		{undoRequest{Seq: 5, Notation: "c2 c3 queen", Open: true}, LangEnglish, false, "their last move (c2 c3 queen)"},
		{undoRequest{Seq: 5, Notation: "c2 c3 queen", Open: true}, LangEnglish, true, "your last move (c2 c3 queen)"},
		{undoRequest{Seq: 5, From: 3, Notation: "flow, 1, white", Open: true}, LangEnglish, false, "their last turn (flow, 1, white)"},
		{undoRequest{Seq: 5, Notation: "w g p"}, LangEnglish, false, "their last move"},
		{undoRequest{Seq: 5, Notation: "w g p"}, LangEnglish, true, "your last move (w g p)"},
		{undoRequest{Seq: 5, From: 3, Notation: "flow, 1, white", Open: true}, "de", true, "deinen ganzen letzten Zug (flow, 1, white)"},
		{undoRequest{Seq: 5, Notation: "bid pass"}, "es", false, "su última jugada"},
		{undoRequest{Seq: 5, From: 4, Notation: "play all, pass", Open: true}, "fr", false, "son dernier tour (play all, pass)"},
		{undoRequest{Seq: 5}, LangEnglish, true, "your last move"},
	} {
		if got := c.p.last(c.lang, c.own); got != c.want {
			t.Errorf("%+v in %s (own %v): %q, want %q", c.p, c.lang, c.own, got, c.want)
		}
	}
}

// A command whose steps showed the player's own cards and then drew new ones is refused for the
// weightier reason, the news, naming the step that drew: nothing is asked or taken back.
func TestUndoCommandRefusedForItsNews(t *testing.T) {
	ctx := context.Background()
	e := fastRealEnv(t)
	th := e.realGame("ausonia", "ann", "bob")
	who := awaitedPlayer(t, e, th)
	req := e.in(th, user(who))
	req.Interaction = "i-turn"
	if _, err := e.svc.Move(ctx, req, "play all, pass"); err != nil {
		t.Fatal(err)
	}
	if n := len(e.notations(th)); n != 2 {
		t.Fatalf("%d moves stored for two steps", n)
	}
	e.deliver()
	e.sent = nil
	_, err := e.svc.Undo(ctx, e.in(th, user(who)), "")
	wantRefusal(t, err, "Your move “pass” cannot be taken back: it showed you something new")
	e.deliver()
	if len(e.sent) != 0 || len(e.notations(th)) != 2 {
		t.Fatalf("a refused undo changed something: %+v", e.sent)
	}
}
