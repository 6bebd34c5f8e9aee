package record

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
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
		"no game":          "seats: 2\n",
		"bad seats":        "game: x\nseats: many\n",
		"unknown header":   "game: x\nseats: 2\ncolour: red\n",
		"header after":     "game: x\nseats: 2\n0: a\nseed: 3\n",
		"no colon":         "game: x\nseats: 2\n0 a b\n",
		"empty move":       "game: x\nseats: 2\n0:   \n",
		"bad player index": "game: x\nseats: 2\nplayer x: a\n",
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
