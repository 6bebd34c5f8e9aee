package record

import (
	"errors"
	"os"
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
