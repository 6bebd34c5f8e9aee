package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/storage"
)

// Issue #38: in Ascidiae the next player's turn begins, inside the previous player's last move,
// with its automatic activations. /history tells each of a move's events under the seat it names
// (as the posts do), not all under the mover: over real games of each game where a move tells
// another seat's doings (Ascidiae's activations, Ausonia's lost influence, Reef's revealed setup,
// Ascalion's production; housekeeping such as "bob's turn." stays on the line it follows), every public event of such a move sits, in order, on
// a line led by its seat's number and name.
func TestHistoryTellsActivationsUnderTheirSeat(t *testing.T) {
	for _, kind := range []string{"ascidiae", "ausonia", "reef-encounter", "ascalion"} {
		t.Run(kind, func(t *testing.T) { historyUnderTheirSeat(t, kind) })
	}
}

func historyUnderTheirSeat(t *testing.T, kind string) {
	g := replayKits[kind].Game
	st, err := g.New(rules.Setup{Seats: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	row := &storage.Game{Status: storage.StatusRunning, Players: []storage.Player{
		{Seat: 0, UserID: "u-a", Name: "ann"}, {Seat: 1, UserID: "u-b", Name: "bob"}}}
	name := func(s rules.Seat) string { return playerName(row, s) }
	r := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for seq := 1; seq <= 300 && len(st.Awaiting()) > 0; seq++ {
		mover := st.Awaiting()[0].Seat
		m, err := rules.RandomMove(st, mover, r)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := st.Apply(mover, m)
		if err != nil {
			t.Fatal(err)
		}
		other := false
		for _, e := range evs {
			if s, ok := actorOf(e); ok && s != mover && e.Public() && !e.Routine {
				other = true
			}
		}
		if !other {
			continue
		}
		checked++
		mv := storage.Move{Seq: int64(seq), Seat: int(mover), UserID: userOf(row, mover), Notation: m.String()}
		lines := strings.Split(historyLine(LangEnglish, row, mv, evs, nil, false, false), "\n")
		at := 0 // events are told in order: each is looked for from the line of the one before
		for _, e := range evs {
			if !e.Public() || e.Routine {
				continue // housekeeping ("bob's turn.") stays on the line it follows
			}
			by := mover
			if s, ok := actorOf(e); ok {
				by = s
			}
			text := eventText(LangEnglish, e, name)
			for at < len(lines) && !strings.Contains(lines[at], text) {
				at++
			}
			if at == len(lines) {
				t.Fatalf("move %d: %q not told in order in %q", seq, text, lines)
			}
			if lead := fmt.Sprintf("%d. %s", seq, name(by)); !strings.HasPrefix(lines[at], lead) {
				t.Errorf("move %d: %q is %s's doing but told on %q", seq, text, name(by), lines[at])
			}
		}
	}
	if checked < 1 {
		t.Fatalf("only %d moves told another seat's doings: the game no longer reaches any", checked)
	}
}

// How a move's events split into its seats' lines: an event naming no seat is the mover's; a
// move whose first events are another seat's (a simultaneous placement revealed) tells the mover
// where its own come; another seat's doings hidden from the reader are not told; the mover's
// line keeps its tag and its written notation, the others have neither.
func TestHistoryLineSplitsBySeat(t *testing.T) {
	row := &storage.Game{Status: storage.StatusRunning, Players: []storage.Player{
		{Seat: 0, UserID: "u-a", Name: "ann"}, {Seat: 1, UserID: "u-b", Name: "bob"}}}
	// Reef's catalogue lends messages whose subject is "Seat".
	by := func(s rules.Seat, id string) rules.Event {
		return rules.Event{Msg: msg.New("reef", id, msg.Seat("Seat", int(s)))}
	}
	plain := func(text string) rules.Event { return rules.Event{Msg: rules.Verbatim(text)} }
	secret := func(s rules.Seat, id string) rules.Event {
		e := by(s, id)
		e.To = []rules.Seat{s}
		return e
	}
	for _, c := range []struct {
		name    string
		mv      storage.Move
		evs     []rules.Event
		held    []rules.Seat
		written bool
		want    []string
	}{
		{"activation", storage.Move{Seq: 4, Seat: 0, UserID: "u-a"},
			[]rules.Event{by(0, "ev_setup_made"), by(1, "ev_pass")}, nil, false,
			[]string{"4. ann has made the setup choices.", "4. bob passes the last turn."}},
		{"unnamed is the mover's", storage.Move{Seq: 5, Seat: 0, UserID: AIUser},
			[]rules.Event{by(0, "ev_pass"), by(1, "ev_wins"), plain("The sea is refilled.")}, nil, false,
			[]string{"5. ann passes the last turn. (played by the AI)", "5. bob wins.", "5. ann: The sea is refilled."}},
		{"other seat first", storage.Move{Seq: 2, Seat: 1, UserID: "u-b"},
			[]rules.Event{by(0, "ev_setup_made"), by(1, "ev_setup_made")}, nil, false,
			[]string{"2. ann has made the setup choices.", "2. bob has made the setup choices."}},
		{"only another seat named", storage.Move{Seq: 6, Seat: 0, UserID: "u-a"},
			[]rules.Event{by(1, "ev_pass")}, nil, false,
			[]string{"6. ann moved.", "6. bob passes the last turn."}},
		{"other's secret not told", storage.Move{Seq: 7, Seat: 0, UserID: "u-a"},
			[]rules.Event{by(0, "ev_pass"), secret(1, "ev_setup_made")}, nil, false,
			[]string{"7. ann passes the last turn."}},
		{"other's secret told to them", storage.Move{Seq: 7, Seat: 0, UserID: "u-a"},
			[]rules.Event{by(0, "ev_pass"), secret(1, "ev_setup_made")}, []rules.Seat{1}, false,
			[]string{"7. ann passes the last turn.", "7. bob has made the setup choices."}},
		{"written", storage.Move{Seq: 8, Seat: 0, UserID: "u-a", Notation: "c2 c3"},
			[]rules.Event{by(0, "ev_pass"), by(1, "ev_wins")}, nil, true,
			[]string{"8. c2 c3 — ann passes the last turn.", "8. bob wins."}},
	} {
		got := historyLine(LangEnglish, row, c.mv, c.evs, c.held, false, c.written)
		if want := strings.Join(c.want, "\n"); got != want {
			t.Errorf("%s: %q, want %q", c.name, got, want)
		}
	}
}
