package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// randomLog plays seed's random game of kind at seats seats for at most n moves and returns its
// log as the store keeps it, with the table that plays it.
func randomLog(t *testing.T, kind string, seats int, seed uint64, n int) (*storage.Game, []storage.Move) {
	t.Helper()
	g := replayKits[kind].Game
	row := &storage.Game{Kind: kind, Seats: seats, Seed: seed, Status: storage.StatusRunning}
	for s, name := range []string{"ann", "Ada", "cy", "Dov"}[:seats] {
		row.Players = append(row.Players, storage.Player{Seat: s, UserID: "u-" + name, Name: name})
	}
	st, err := g.New(rules.Setup{Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 9))
	var moves []storage.Move
	for seq := 1; seq <= n && len(st.Awaiting()) > 0; seq++ {
		mover := st.Awaiting()[r.IntN(len(st.Awaiting()))].Seat
		m, err := rules.RandomMove(st, mover, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(mover, m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, storage.Move{Seq: int64(seq), Seat: int(mover), UserID: userOf(row, mover), Notation: m.String()})
	}
	return row, moves
}

var (
	turnNumber = regexp.MustCompile(`^(\d+)\. `)
	// activation is an Ascidiae line telling a seat's ascidian acting ("Ada's habilis on a2 rests").
	activation = regexp.MustCompile(`^(\w+)'s (basica|habilis|mariensis|socer|\w+) on [a-e]\d `)
)

// Play-testers read /history's numbers as turns, and one move whose events tell several seats'
// doings gave each seat's line the same number ("2. alice: …", "2. Ada: …"). Over random games of
// every game (solo too), as the players, a spectator and after the end read them: the numbers
// run 1, 2, 3… each once, every line after a number belongs to that turn (unnumbered, indented),
// an Ascidiae seat's activations sit in that seat's own turn, and a turn holds the moves of one
// seat only.
func TestHistoryNumbersTurns(t *testing.T) {
	for _, c := range []struct {
		kind  string
		seats int
	}{{"ascidiae", 2}, {"ascidiae", 3}, {"ascidiae", 1}, {"reef-encounter", 2}, {"reef-encounter", 4},
		{"ausonia", 2}, {"ausonia", 1}, {"autumn-ash", 2}, {"ascalion", 3}} {
		t.Run(fmt.Sprintf("%s/%d", c.kind, c.seats), func(t *testing.T) {
			row, moves := randomLog(t, c.kind, c.seats, 3, 300)
			g := replayKits[c.kind].Game
			log, err := historyEvents(g, row, moves)
			if err != nil {
				t.Fatal(err)
			}
			written := rules.MovesArePublic(g)
			readers := []struct {
				name string
				held []rules.Seat
				open bool
			}{{"spectator", nil, written}, {"seat 0", []rules.Seat{0}, written}, {"ended", nil, true}}
			for _, r := range readers {
				turns := historyTurns(LangEnglish, row, moves, log, r.held, r.open, written)
				if len(turns) < 5 {
					t.Fatalf("%s: only %d turns", r.name, len(turns))
				}
				last := 0
				for i, tn := range turns {
					if tn.num <= last {
						t.Fatalf("%s: turn %d after turn %d", r.name, tn.num, last)
					}
					last = tn.num
					for _, l := range tn.lines {
						// The game's last turn may end in the middle of another seat's turn that plays
						// itself: the game counts no turn for it.
						if m := activation.FindStringSubmatch(l); m != nil && c.kind == "ascidiae" && i < len(turns)-1 && m[1] != row.Players[tn.seat].Name {
							t.Errorf("%s: %s's activation told in %s's turn %d: %q", r.name, m[1], row.Players[tn.seat].Name, tn.num, l)
						}
					}
				}
				text := historyText(LangEnglish, turns)
				want := 1
				for _, l := range text {
					m := turnNumber.FindStringSubmatch(l)
					if m == nil {
						if !strings.HasPrefix(l, "    ") {
							t.Errorf("%s: a line neither numbered nor under a turn: %q", r.name, l)
						}
						continue
					}
					if n, _ := strconv.Atoi(m[1]); n < want {
						t.Fatalf("%s: number %d again (or back) after %d: %q", r.name, n, want-1, l)
					} else {
						want = n + 1
					}
				}
			}
			// Every move lies in one turn, of its own seat: turns are rebuilt from the log.
			turns := historyTurns(LangEnglish, row, moves, log, nil, true, written)
			if n := turns[len(turns)-1].num; n > len(moves) {
				t.Errorf("%d turns for %d moves", n, len(moves))
			}
		})
	}
}

// Issue #33's case as the thread reader meets it: ann's last decision of her turn sets off Ada's
// activations (the start of Ada's turn). /history gives them Ada's number, the one her next move
// continues, not ann's again.
func TestHistoryActivationsOpenTheirSeatsTurn(t *testing.T) {
	row, moves := randomLog(t, "ascidiae", 2, 3, 120)
	log, err := historyEvents(replayKits["ascidiae"].Game, row, moves)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(historyText(LangEnglish, historyTurns(LangEnglish, row, moves, log, nil, false, false)), "\n")
	seen := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		if m := turnNumber.FindStringSubmatch(l); m != nil {
			if seen[m[1]] {
				t.Fatalf("turn %s numbered twice:\n%s", m[1], text)
			}
			seen[m[1]] = true
		}
	}
	if !regexp.MustCompile(`\n\d+\. Ada's \w+ on [a-e]\d [^\n]*\n    Ada`).MatchString(text) {
		t.Errorf("no turn of Ada's opened by her activations and continued by her move:\n%s", text)
	}
}

// The same through /history of a table of ann and two AIs in Ascidiae, as the console and
// Discord show it: no number is given twice, and /history 3 shows the last three turns whole.
func TestHistoryCommandNumbersTurnsOnce(t *testing.T) {
	e := newEnv(t)
	e.everyGame(false)
	ctx := context.Background()
	th := "t-h"
	game := e.aiTable("ascidiae", 3, 2, 5, th)
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 25; i++ {
		e.svc.PlayAI(ctx)
		tb, err := e.svc.load(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		if tb.row.Status != storage.StatusRunning || !rules.IsAwaited(tb.state, 0) {
			tb.mu.Unlock()
			continue
		}
		m, err := rules.RandomMove(tb.state, 0, r)
		tb.mu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.MoveTokens(ctx, e.in(th, user("ann")), m); err != nil {
			t.Fatal(err)
		}
	}
	h, err := e.svc.History(ctx, e.in(th, user("ann")), 0)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(h.Text, "\n")[1:]
	seen := map[string]bool{}
	var numbered []string
	for _, l := range lines {
		if m := turnNumber.FindStringSubmatch(l); m != nil {
			if seen[m[1]] {
				t.Fatalf("turn %s numbered twice:\n%s", m[1], h.Text)
			}
			seen[m[1]] = true
			numbered = append(numbered, l)
		}
	}
	if len(numbered) < 6 {
		t.Fatalf("only %d turns:\n%s", len(numbered), h.Text)
	}
	last, err := e.svc.History(ctx, e.in(th, user("ann")), 3)
	if err != nil {
		t.Fatal(err)
	}
	from := slices.Index(lines, numbered[len(numbered)-3])
	if want := strings.Join(lines[from:], "\n"); !strings.HasSuffix(last.Text, "\n"+want) || strings.Count(last.Text, "\n") != len(lines)-from {
		t.Errorf("/history 3:\n%s\nwant its last three turns:\n%s", last.Text, want)
	}
}
