package bot

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/reef"
)

// longestTurns plays random games and returns the longest runs of public events between two
// changes of the awaited seats (what one thread post carries), rendered with plain seat names.
func longestTurns(t *testing.T, g rules.Game, seats int, seed uint64, keep int) [][]pendingEvent {
	t.Helper()
	st, err := g.New(rules.Setup{Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	var runs [][]pendingEvent
	var cur []pendingEvent
	last := awaitedSeats(st)
	name := func(s rules.Seat) string {
		return "player" + string(rune('A'+int(s))) + " (" + rules.SeatTitle(st, s) + ")"
	}
	for i := 0; i < 3000 && st.Result() == nil; i++ {
		ps := st.Awaiting()
		if len(ps) == 0 {
			break
		}
		m, err := rules.RandomMove(st, ps[0].Seat, r)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := st.Apply(ps[0].Seat, m)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.Public() {
				cur = addPending(cur, pendingOf(e, name))
			}
		}
		if aw := awaitedSeats(st); !slices.Equal(aw, last) || st.Result() != nil {
			runs = append(runs, cur)
			cur, last = nil, aw
		}
	}
	size := func(evs []pendingEvent) int { return len(strings.Join(summary(evs, 1<<30), "\n")) }
	slices.SortFunc(runs, func(a, b []pendingEvent) int { return size(b) - size(a) })
	return runs[:min(keep, len(runs))]
}

// The summary of a post keeps every public event: shown as it is or counted in a line, within
// Discord's limit, whatever the game's longest turns.
func TestSummaryKeepsEveryEvent(t *testing.T) {
	games := []struct {
		g     rules.Game
		seats int
	}{{autumnash.Game, 2}, {ascidiae.Game, 2}, {ascalion.Game, 3}, {reef.Game, 4}, {ausonia.Game, 4}}
	for _, c := range games {
		t.Run(c.g.Info().ID, func(t *testing.T) {
			for seed := uint64(1); seed <= 2; seed++ {
				for k, run := range longestTurns(t, c.g, c.seats, seed, 3) {
					if k == 0 {
						t.Logf("seed %d: the longest post has %d events, %d characters in full, %d summarised", seed, len(run),
							len(strings.Join(summary(run, 1<<30), "\n")), len(strings.Join(summary(run, digestBudget(nil)), "\n")))
					}
					for _, budget := range []int{digestBudget(nil), minDigest} {
						checkSummary(t, run, budget)
					}
				}
			}
		})
	}
}

func checkSummary(t *testing.T, evs []pendingEvent, budget int) {
	t.Helper()
	ls := condense(evs, budget)
	text := strings.Join(summary(evs, budget), "\n")
	if len(text) > budget {
		t.Fatalf("%d events make %d characters, more than %d", len(evs), len(text), budget)
	}
	if strings.HasPrefix(text, "(") && strings.Contains(text, "not shown") {
		t.Fatalf("a summary leaves events out: %q", text)
	}
	counted := 0
	for _, l := range ls {
		counted += l.N
	}
	if counted != len(evs) {
		t.Fatalf("%d events, %d shown or counted: %q", len(evs), counted, text)
	}
	// Each event shown alone is shown as it is, in order.
	j := 0
	for _, l := range ls {
		if l.N != 1 {
			continue
		}
		for j < len(evs) && !strings.HasPrefix(l.Text, evs[j].Text) {
			j++
		}
		if j == len(evs) {
			t.Fatalf("line %q is no event of the run", l.Text)
		}
		j++
	}
	if linesLen(ls) > len(text)+1 && !strings.Contains(text, T(LangEnglish, "full_list")) {
		t.Fatalf("a condensed summary does not point to the full list: %q", text)
	}
}

// Condensing: runs of one kind become their Many line, an offer withdrawn before the post is
// not shown at all, and a post with too many lines counts the middle ones.
func TestSummaryCondenses(t *testing.T) {
	var evs []pendingEvent
	evs = addPending(evs, pendingEvent{Text: "bob offers 2 wood for 1 ore.", Kind: "offer", Ref: "o1", Many: "bob made %d offers"})
	evs = addPending(evs, pendingEvent{Text: "bob withdraws the offer.", Kind: "withdraw", Ref: "o1"})
	if len(evs) != 0 {
		t.Fatalf("a withdrawn offer stays: %+v", evs)
	}
	// A withdrawal of an offer already posted is told.
	evs = addPending(evs, pendingEvent{Text: "bob withdraws the offer.", Kind: "withdraw", Ref: "o0"})
	if len(evs) != 1 {
		t.Fatalf("the withdrawal of a posted offer vanished: %+v", evs)
	}
	evs = nil
	evs = append(evs, pendingEvent{Text: "ann starts."})
	for i := 0; i < 200; i++ {
		evs = append(evs, pendingEvent{Text: "ann (Blue) moves a shrimp from c3 to c4 and back again.", Kind: "shrimp", Many: "ann (Blue) moved shrimps %d times"})
	}
	evs = append(evs, pendingEvent{Text: "ann ends her turn."})
	got := summary(evs, minDigest)
	want := []string{"ann starts.", "ann (Blue) moved shrimps 200 times", "ann ends her turn. (full list: /history)"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	evs = nil
	for i := 0; i < 100; i++ {
		evs = append(evs, pendingEvent{Text: strings.Repeat("x", 40)})
	}
	checkSummary(t, evs, minDigest)
	if got := summary(evs, minDigest); !slices.ContainsFunc(got, func(l string) bool { return strings.HasSuffix(l, "more events") }) {
		t.Fatalf("no count line: %q", got)
	}
}

// A flow stored by an older version (pending events as strings) still reads.
func TestOldFlowReads(t *testing.T) {
	var f flow
	if err := json.Unmarshal([]byte(`{"post":3,"pending":["ann moved.","bob moved."]}`), &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Pending) != 2 || f.Pending[1].Text != "bob moved." {
		t.Fatalf("%+v", f.Pending)
	}
}
