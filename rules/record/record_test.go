package record

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

func TestRoundTrip(t *testing.T) {
	r := &Record{
		Game:    "autumn-ash",
		Setup:   rules.Setup{Seats: 2, Seed: 99, Options: map[string]string{"variant": "beginner", "a": "b"}},
		Players: []string{"alice", "bob the\nbuilder"},
		Moves:   []Entry{{Seat: 0, Move: rules.Move{"b1", "b2"}}, {Seat: 1, Move: rules.Move{"d6", "d5", "drone"}}},
	}
	text := r.String()
	if !strings.Contains(text, "option a: b\noption variant: beginner\n") {
		t.Fatalf("options not sorted:\n%s", text)
	}
	back, err := Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if back.String() != strings.Replace(text, "bob the\nbuilder", "bob the builder", 1) {
		t.Fatalf("round trip differs:\n%s\n---\n%s", text, back.String())
	}
	if back.Moves[1].Line != 11 {
		t.Fatalf("line numbers: %+v", back.Moves)
	}
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		"no game":           "seats: 2\n",
		"bad seats":         "game: x\nseats: many\n",
		"unknown header":    "game: x\nseats: 2\ncolour: red\n",
		"header after":      "game: x\nseats: 2\n0: a\nseed: 3\n",
		"no colon":          "game: x\nseats: 2\n0 a b\n",
		"empty move":        "game: x\nseats: 2\n0:   \n",
		"bad player index":  "game: x\nseats: 2\nplayer x: a\n",
		"player past seats": "game: x\nseats: 2\nplayer 63: a\n",
		"move past seats":   "game: x\nseats: 2\n2: a\n",
		"negative seat":     "game: x\nseats: 2\n-1: a\n",
		"long line":         "game: x\nseats: 2\n0: " + strings.Repeat("a", MaxLineLen) + "\n",
	}
	for name, text := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(text))
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line == 0 {
				t.Fatalf("want a ParseError with a line, got %v", err)
			}
		})
	}
}

// The refusals name the line and say what is right, in the record's own terms.
func TestParseErrorWording(t *testing.T) {
	cases := []struct{ text, want string }{
		{"game: x\nseats: 2\nplayer 0: a\nplayer 63: b\n", "line 4: there is no seat 63: this record has 2 seats, numbered 0 to 1"},
		{"game: x\nplayer 2: c\nseats: 2\n", "line 2: there is no seat 2: this record has 2 seats, numbered 0 to 1"},
		{"game: x\nseats: 2\n0: a\n\n5: b\n", "line 5: there is no seat 5: this record has 2 seats, numbered 0 to 1"},
		{"game: x\nseats: 2\n0: " + strings.Repeat("a", MaxLineLen) + "\n", "line 3: the line is longer than 4096 characters"},
	}
	for _, c := range cases {
		_, err := Parse(strings.NewReader(c.text))
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
}

// Editors on Windows save UTF-8 with a byte-order mark in front; the record reads the same.
func TestParseByteOrderMark(t *testing.T) {
	seed, err := os.ReadFile("testdata/sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Parse(strings.NewReader(string(seed)))
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"\ufeff" + string(seed), "\ufeffgame: bids\nseats: 2\nseed: 7\noption rounds: 3\nplayer 0: Alice\nplayer 1: Bob\n"} {
		r, err := Parse(strings.NewReader(text))
		if err != nil {
			t.Fatalf("record with a BOM refused: %v", err)
		}
		if r.Game != "bids" || r.Setup.Seed != plain.Setup.Seed || r.Players[0] != "Alice" {
			t.Fatalf("record with a BOM reads differently: %+v", r)
		}
	}
	// Only a leading mark is dropped: one inside a name stays part of it.
	r, err := Parse(strings.NewReader("game: x\nseats: 1\nplayer 0: \ufeffann\n"))
	if err != nil || r.Players[0] != "\ufeffann" {
		t.Fatalf("%v %q", err, r.Players)
	}
}

// A move from a seat that is not asked names whom the game waits for, or says the game is over.
func TestReplayNotAwaited(t *testing.T) {
	cases := []struct {
		moves string
		want  string
	}{
		{"0: bid pass\n0: bid pass\n", "line 11 (move 2): It is not Alice's turn: the game is waiting for Bob (Bid a card in secret)."},
		{"0: bid pass\n1: bid pass\n1: draw\n", "line 12 (move 3): It is not Bob's turn: the game is waiting for Alice (You won the round: draw a card or gift one)."},
		{strings.Repeat("0: bid pass\n1: bid pass\n0: draw\n", 3) + "1: bid pass\n", "line 19 (move 10): The game is over (all rounds played), so Bob cannot move any more."},
	}
	head := "game: bids\nseats: 2\nseed: 7\noption rounds: 3\nplayer 0: Alice\nplayer 1: Bob\n\n# moves\n\n"
	for _, c := range cases {
		r, err := Parse(strings.NewReader(head + c.moves))
		if err != nil {
			t.Fatal(err)
		}
		_, err = Replay(rulestest.Bids, r, nil)
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v\nwant %s", err, c.want)
		}
	}
}

func TestParseFixture(t *testing.T) {
	f, err := os.Open("testdata/sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	if r.Game != "bids" || r.Setup.Seed != 7 || len(r.Moves) != 3 || r.Players[1] != "Bob" {
		t.Fatalf("%+v", r)
	}
}

func FuzzParse(f *testing.F) {
	seed, _ := os.ReadFile("testdata/sample.txt")
	f.Add(string(seed))
	f.Add("game: x\nseats: 3\noption v: w\n1: a b\n")
	f.Add("\ufeffgame: x\nseats: 2\nplayer 1: b\n0: a\n")
	f.Add("game: x\nseats: 2\nplayer 63: b\n")
	f.Add("game: x\nseats: 3\ntakeover 2: left\n0: a\ntakeover 1: resigned\n1: b\nend: timeout 0 1\n")
	f.Add("game: x\nseats: 2\n0: a\nend: aborted\n")
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(strings.NewReader(s))
		if err != nil {
			return
		}
		again, err := Parse(strings.NewReader(r.String()))
		if err != nil {
			t.Fatalf("printed record does not parse: %v\n%s", err, r.String())
		}
		if again.String() != r.String() {
			t.Fatalf("print/parse is not stable:\n%s\n---\n%s", r.String(), again.String())
		}
	})
}

// What the platform did to a game is kept where it happened, and prints back the same.
func TestPlatformLines(t *testing.T) {
	text := "game: bids\nseats: 3\nseed: 7\n\n0: bid pass\ntakeover 2: resigned\n1: bid pass\n2: bid pass\ntakeover 1: timeout\nend: resigned 0\n"
	r, err := Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []Takeover{{Seat: 2, After: 1, Why: Resigned, Line: 6}, {Seat: 1, After: 3, Why: Timeout, Line: 9}}
	if len(r.Moves) != 3 || !slices.Equal(r.Takeovers, want) {
		t.Fatalf("moves %+v takeovers %+v", r.Moves, r.Takeovers)
	}
	if r.End == nil || r.End.How != Resigned || !slices.Equal(r.End.Seats, []rules.Seat{0}) || r.End.Line != 10 {
		t.Fatalf("end %+v", r.End)
	}
	if got := r.TakenOver(); !slices.Equal(got, []rules.Seat{1, 2}) {
		t.Fatalf("taken over %v", got)
	}
	if !strings.HasSuffix(r.String(), "\n0: bid pass\ntakeover 2: resigned\n1: bid pass\n2: bid pass\ntakeover 1: timeout\nend: resigned 0\n") {
		t.Fatalf("printed:\n%s", r.String())
	}
	// A takeover before the first move, an abort, several seats out of time.
	for _, log := range []string{"takeover 0: left\n0: bid pass\n", "0: bid pass\nend: aborted\n", "end: timeout 1 0\n"} {
		r, err := Parse(strings.NewReader("game: bids\nseats: 2\nseed: 7\n\n" + log))
		if err != nil {
			t.Fatalf("%q: %v", log, err)
		}
		if !strings.HasSuffix(r.String(), "\n\n"+log) {
			t.Fatalf("%q printed as:\n%s", log, r.String())
		}
	}
	// Replaying ignores them: the moves alone rebuild the state.
	r, err = Parse(strings.NewReader("game: bids\nseats: 2\nseed: 7\noption rounds: 3\n\n0: bid pass\ntakeover 1: resigned\n1: bid pass\nend: aborted\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(rulestest.Bids, r, nil); err != nil {
		t.Fatal(err)
	}
}

func TestPlatformLineErrors(t *testing.T) {
	head := "game: x\nseats: 2\n"
	cases := []struct{ log, want string }{
		{"takeover 2: resigned\n", "line 3: there is no seat 2: this record has 2 seats, numbered 0 to 1"},
		{"takeover x: resigned\n", `line 3: takeover lines are "takeover <seat>: resigned", "timeout" or "left"`},
		{"takeover 1: bored\n", `line 3: a seat is taken over because its player resigned, ran out of time or left (resigned, timeout or left), not "bored"`},
		{"takeover 1: left\n0: a\ntakeover 1: resigned\n", "line 5: seat 1 was taken over already"},
		{"end: resigned\n", `line 3: name the seats that resigned: "end: resigned 1"`},
		{"end: aborted 1\n", `line 3: an aborted game has no seats to name: "end: aborted"`},
		{"end: won 1\n", `line 3: end lines are "end: resigned <seats>", "end: timeout <seats>" or "end: aborted"`},
		{"end: timeout 1 one\n", `line 3: "one" is not a seat number`},
		{"end: timeout 1 1\n", "line 3: seat 1 is named twice"},
		{"end: timeout 3\n", "line 3: there is no seat 3: this record has 2 seats, numbered 0 to 1"},
		{"end: aborted\n0: a\n", "line 4: nothing may follow the end line"},
		{"takeover 1: left\nseed: 3\n", "line 4: header line after the first move"},
	}
	for _, c := range cases {
		_, err := Parse(strings.NewReader(head + c.log))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: got %v\nwant %s", c.log, err, c.want)
		}
	}
}
