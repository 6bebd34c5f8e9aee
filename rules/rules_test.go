package rules

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/msg"
)

var testInfo = Info{ID: "t", Name: "Test", MinSeats: 2, MaxSeats: 4, Options: []Option{
	{Key: "variant", Default: "standard", Choices: []OptionChoice{{Value: "standard"}, {Value: "beginner"}}},
}}

func TestValidateSetup(t *testing.T) {
	cases := []struct {
		name  string
		setup Setup
		err   string
		want  string
	}{
		{"defaults filled", Setup{Seats: 2}, "", "standard"},
		{"choice kept", Setup{Seats: 3, Options: map[string]string{"variant": "beginner"}}, "", "beginner"},
		{"too few", Setup{Seats: 1}, "2 to 4 players", ""},
		{"too many", Setup{Seats: 5}, "2 to 4 players", ""},
		{"unknown key", Setup{Seats: 2, Options: map[string]string{"speed": "x"}}, `no option "speed"; its options are: variant`, ""},
		{"bad value", Setup{Seats: 2, Options: map[string]string{"variant": "x"}}, "choose one of: standard, beginner", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := testInfo.ValidateSetup(c.setup)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil || got.Options["variant"] != c.want {
				t.Fatalf("got %v %v", got, err)
			}
		})
	}
}

func TestParseMove(t *testing.T) {
	m, err := ParseMove("  enter a6   c2 c3 ")
	if err != nil || m.String() != "enter a6 c2 c3" || len(m) != 4 {
		t.Fatalf("%q %v", m, err)
	}
	if _, err := ParseMove("   "); err == nil {
		t.Fatal("empty move accepted")
	}
	if _, err := ParseMove(strings.Repeat("a ", MaxMoveLen)); err == nil {
		t.Fatal("overlong move accepted")
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a1 b2", "", " x ", "enter a6 c2 c3 drone", "\t\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			if _, ok := IsIllegal(err); !ok {
				t.Fatalf("refusal without a reason: %v", err)
			}
			return
		}
		again, err := ParseMove(m.String())
		if err != nil || !again.Equal(m) {
			t.Fatalf("%q does not round-trip: %q %v", s, again, err)
		}
	})
}

// tree is a tiny state whose only legal moves are listed, for the tree helpers.
type tree struct{ moves []Move }

func (t tree) Awaiting() []Prompt { return []Prompt{{Seat: 0, Msg: Verbatim("go")}} }
func (t tree) Choices(s Seat, m Move) ([]Choice, bool, error) {
	next, complete, bad, ok := ChoicesFromMoves(t.moves, m, func(_ Move, tok string) *msg.Message { return Verbatim("label " + tok) })
	if !ok {
		return nil, false, Refuse(Verbatim(fmt.Sprintf("%s is not possible", m[bad])))
	}
	return next, complete, nil
}
func (t tree) Apply(Seat, Move) ([]Event, error) { return nil, nil }
func (t tree) View(Seat) any                     { return nil }
func (t tree) Result() *Result                   { return nil }
func (t tree) Encode() ([]byte, error)           { return nil, nil }

var sample = tree{moves: []Move{{"c2", "c3"}, {"c2", "c3", "d3"}, {"c2", "b2"}, {"b1", "a1", "queen"}, {"b1", "a1", "pawn"}}}

func TestChoicesFromMoves(t *testing.T) {
	next, complete, err := sample.Choices(0, Move{"c2", "c3"})
	if err != nil || !complete || len(next) != 1 || next[0].Token != "d3" || next[0].English() != "label d3" {
		t.Fatalf("%v %v %v", next, complete, err)
	}
	if _, _, err := sample.Choices(0, Move{"c2", "zz"}); err == nil || err.Error() != "zz is not possible" {
		t.Fatalf("bad token: %v", err)
	}
}

func TestCanonicalAndCheck(t *testing.T) {
	got, err := Canonical(sample, 0, Move{"B1", "A1", "Queen"})
	if err != nil || got.String() != "b1 a1 queen" {
		t.Fatalf("%v %v", got, err)
	}
	if _, err := Canonical(sample, 0, Move{"b1", "a1"}); err == nil || !strings.Contains(err.Error(), "add queen or pawn") {
		t.Fatalf("incomplete: %v", err)
	}
	if _, err := Canonical(sample, 0, Move{"b1", "x9"}); err == nil || !strings.Contains(err.Error(), "x9 is not possible") {
		t.Fatalf("bad: %v", err)
	}
}

func TestForcedStopsAtRealChoices(t *testing.T) {
	m, err := Forced(sample, 0, Move{"b1"})
	if err != nil || m.String() != "b1 a1" {
		t.Fatalf("%v %v", m, err)
	}
	m, _ = Forced(sample, 0, Move{"c2", "c3"})
	if m.String() != "c2 c3" {
		t.Fatalf("a complete move must not be extended: %v", m)
	}
}

func TestEnumerateAndRandom(t *testing.T) {
	all, whole, err := Enumerate(sample, 0, 100)
	if err != nil || !whole || len(all) != 5 {
		t.Fatalf("%v %v %v", all, whole, err)
	}
	some, whole, _ := Enumerate(sample, 0, 2)
	if whole || len(some) != 2 {
		t.Fatalf("limit: %v %v", some, whole)
	}
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		m, err := RandomMove(sample, 0, r)
		if err != nil {
			t.Fatal(err)
		}
		if err := Check(sample, 0, m); err != nil {
			t.Fatalf("random move %q is not complete: %v", m, err)
		}
		seen[m.String()] = true
	}
	if len(seen) != 5 {
		t.Fatalf("random play reached %d of 5 moves", len(seen))
	}
}

func TestRNGSerialises(t *testing.T) {
	g := NewRNG(42)
	g.IntN(10)
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var h RNG
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	c := g.Clone()
	for i := 0; i < 20; i++ {
		a, b2, c2 := g.Uint64(), h.Uint64(), c.Uint64()
		if a != b2 || a != c2 {
			t.Fatal("restored generator diverges")
		}
	}
	if NewRNG(1).Uint64() == NewRNG(2).Uint64() {
		t.Fatal("different seeds give the same stream")
	}
}

// A clone and a copy follow the original's stream, and drawing from one leaves the others alone.
func TestRNGCopiesAreIndependent(t *testing.T) {
	g := NewRNG(7)
	g.IntN(5)
	c := g.Clone()
	d := NewRNG(99)
	d.CopyFrom(g)
	want := g.Clone()
	for i := 0; i < 5; i++ {
		c.Uint64()
	}
	for i := 0; i < 10; i++ {
		if x, y := g.Uint64(), d.Uint64(); x != y {
			t.Fatalf("draw %d: copy gives %d, original %d", i, y, x)
		}
	}
	for i := 0; i < 5; i++ {
		want.Uint64()
	}
	if c.Uint64() != want.Uint64() {
		t.Fatal("the clone was moved by draws from the original or the copy")
	}
}

func TestRanksAndWinners(t *testing.T) {
	r := &Result{Ranks: RanksByScore([]int{10, 21, 21, 3})}
	if r.Ranks[0] != 3 || r.Ranks[1] != 1 || r.Ranks[2] != 1 || r.Ranks[3] != 4 {
		t.Fatalf("%v", r.Ranks)
	}
	if w := r.Winners(); len(w) != 2 || w[0] != 1 || w[1] != 2 {
		t.Fatalf("%v", w)
	}
}

func TestEventVisibility(t *testing.T) {
	e := Event{Msg: Verbatim("x"), To: []Seat{1}}
	if e.Public() || e.VisibleTo(0) || !e.VisibleTo(1) || e.VisibleTo(Spectator) {
		t.Fatal("private event visibility")
	}
	if !(Event{Msg: Verbatim("y")}).VisibleTo(Spectator) {
		t.Fatal("public event hidden from spectators")
	}
}

// News is what a seat could not know: a Reveals it sees, or another seat's hidden information
// shown; a seat's own hand shown is no news to it.
func TestEventNewsTo(t *testing.T) {
	for _, c := range []struct {
		name string
		e    Event
		seat Seat
		want bool
	}{
		{"a public move", Event{Msg: Verbatim("moves")}, 0, false},
		{"a random outcome", Event{Msg: Verbatim("rolls 4"), Reveals: true}, 0, true},
		{"a card drawn, to the drawer", Event{Msg: Verbatim("drew"), To: []Seat{0}, Reveals: true}, 0, true},
		{"a card drawn, unseen by another", Event{Msg: Verbatim("drew"), To: []Seat{0}, Reveals: true}, 1, false},
		{"its own hand played", Event{Msg: Verbatim("plays"), Shows: []Seat{0}}, 0, false},
		{"another's hand played", Event{Msg: Verbatim("plays"), Shows: []Seat{0}}, 1, true},
		{"another's hand, to a spectator", Event{Msg: Verbatim("plays"), Shows: []Seat{0}}, Spectator, true},
	} {
		if got := c.e.NewsTo(c.seat); got != c.want {
			t.Errorf("%s: news to %d %v, want %v", c.name, c.seat, got, c.want)
		}
	}
}
