package recap

import (
	"bytes"
	"flag"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/render"
)

var _ = flag.Bool("update", false, "rewrite golden images")

func ptr(v int) *int { return &v }

// Three players, a tie for second, lines that end at the same value (their chips must not
// cover each other), the numbers from timestamps: the picture is the golden one.
func TestGolden(t *testing.T) {
	r := Recap{
		Game: "Autumn Ash", Measure: "points", MeasureID: Points, Reason: "Xeno reaches 23 points and wins.", Turns: 64, Finished: true,
		LongestTurn: 31 * time.Hour, LongestBy: "bob (Xeno)", Length: 9*24*time.Hour + 5*time.Hour,
		Players: []Player{
			{Name: "ann (Rainbow)", Rank: 2, Score: ptr(17), Values: []int{0, 0, 4, 4, 9, 12, 17}, Colour: render.OIBluishGreen},
			{Name: "bob (Xeno)", Rank: 1, Score: ptr(23), Values: []int{0, 3, 3, 8, 8, 15, 23}, Colour: color.RGBA{0x7d, 0x4f, 0x9e, 0xff}},
			{Name: "cy", Rank: 2, Score: ptr(17), Values: []int{0, 1, 5, 5, 11, 11, 17}, Colour: render.OIOrange},
		},
	}
	img, err := Image(r)
	if err != nil {
		t.Fatal(err)
	}
	render.Golden(t, "three-players", img)
	b, err := PNG(r)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(b)); err != nil || len(b) > 60<<10 {
		t.Fatalf("PNG of %d bytes: %v", len(b), err)
	}
	if _, err := Image(Recap{Game: "x"}); err == nil {
		t.Fatal("a recap without players drew")
	}
}

func TestNumbers(t *testing.T) {
	for _, c := range []struct {
		top, step int
	}{{1, 1}, {5, 1}, {6, 2}, {23, 5}, {37, 10}, {60, 20}, {306, 100}} {
		if got := niceStep(c.top); got != c.step {
			t.Errorf("niceStep(%d) = %d, want %d", c.top, got, c.step)
		}
	}
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 21: "21st"} {
		if got := ordinal("", n); got != want {
			t.Errorf("ordinal(%d) = %q", n, got)
		}
	}
	for d, want := range map[time.Duration]string{30 * time.Second: "30 s", 5 * time.Minute: "5 min", 5 * time.Hour: "5 hours", 60 * time.Hour: "2.5 days"} {
		if got := days("", d); got != want {
			t.Errorf("days(%v) = %q, want %q", d, got, want)
		}
	}
}

// The words around the numbers: "final result" only for a game that has ended, a count of one
// in the singular, the scores in the game's own unit (bare when it names none).
func TestWords(t *testing.T) {
	one, seven := 1, 7
	for _, c := range []struct {
		name  string
		r     Recap
		p     Player
		title string
		want  string
	}{
		{"finished, points", Recap{Game: "Reef Encounter", Finished: true, Unit: "points", UnitOne: "point"},
			Player{Score: &seven}, "Reef Encounter · final result", "7 points"},
		{"finished, one point", Recap{Game: "Reef Encounter", Finished: true, Unit: "points", UnitOne: "point"},
			Player{Score: &one}, "Reef Encounter · final result", "1 point"},
		{"no unit", Recap{Game: "G", Finished: true}, Player{Score: &seven}, "G · final result", "7"},
		{"running, one polyp", Recap{Game: "Reef Encounter", Measure: "polyps in the parrotfish", One: "polyp in the parrotfish", Unit: "points"},
			Player{Values: []int{0, 1}}, "Reef Encounter · so far (still running)", "1 polyp in the parrotfish"},
		{"running, polyps", Recap{Game: "Reef Encounter", Measure: "polyps in the parrotfish", One: "polyp in the parrotfish"},
			Player{Values: []int{0, 3}}, "Reef Encounter · so far (still running)", "3 polyps in the parrotfish"},
		{"no singular", Recap{Game: "Ausonia", Measure: "influence"}, Player{Values: []int{1}}, "Ausonia · so far (still running)", "1 influence"},
		{"aborted", Recap{Game: "Ausonia", Measure: "influence", Aborted: true}, Player{Values: []int{4}}, "Ausonia · aborted, no result", "4 influence"},
	} {
		if got := title(c.r); got != c.title {
			t.Errorf("%s: title %q, want %q", c.name, got, c.title)
		}
		if got := detail(c.r, c.p); got != c.want {
			t.Errorf("%s: detail %q, want %q", c.name, got, c.want)
		}
	}
	if got := count(1, "moves", "move"); got != "1 move" {
		t.Errorf("count: %q", got)
	}
}

// A running game's recap: no ranks, the measure in the table, "so far" and "now".
func TestGoldenRunning(t *testing.T) {
	r := Recap{
		Game: "Reef Encounter", Measure: "polyps in the parrotfish", One: "polyp in the parrotfish", Unit: "points", UnitOne: "point", Turns: 1,
		MeasureID: Parrotfish, UnitID: Points,
		Players: []Player{
			{Name: "ann (Player 1)", Values: []int{0, 1}},
			{Name: "bob (Player 2)", Values: []int{0, 0}},
		},
	}
	img, err := Image(r)
	if err != nil {
		t.Fatal(err)
	}
	render.Golden(t, "running", img)
}

// A solo game's recap says Victory or Defeat against what the player played against, badges are
// the boards' own, the opponent's own score is charted beside the player's (its line ends in
// its initial), and the picture is the golden one.
func TestSoloRecap(t *testing.T) {
	r := Recap{
		Game: "Ausonia", Measure: "influence", Unit: "influence", MeasureID: Influence, UnitID: Influence, Reason: "The Upstart wins, 61 influence to your 57.",
		Turns: 120, Finished: true, Opponent: "The Upstart (Aspirant)",
		Players:        []Player{{Name: "ann (House I)", Letter: "I", Rank: 2, Score: ptr(57), Values: []int{0, 12, 30, 57}}},
		OpponentValues: []int{0, 18, 40, 61},
	}
	if got := opponentLetter(r); got != "U" {
		t.Errorf("the Upstart's line ends in %q", got)
	}
	if got := title(r); got != "Ausonia · Defeat" {
		t.Errorf("title %q, want a defeat", got)
	}
	r.Players[0].Rank = 1
	if got := title(r); got != "Ausonia · Victory" {
		t.Errorf("title %q, want a victory", got)
	}
	if got := letter(r, 0); got != "I" {
		t.Errorf("badge %q, want the board's I", got)
	}
	r.Finished = false
	if got := title(r); !strings.Contains(got, "so far") {
		t.Errorf("a running solo game's title %q", got)
	}
	r.Finished, r.Players[0].Rank = true, 2
	// The row "ann vs The Upstart (Aspirant)" gives both scores, the player's first (issue #37:
	// "… 57 influence" alone did not say the Upstart had more).
	if got := detail(r, r.Players[0]); got != "57 – 61 influence" {
		t.Errorf("solo row reads %q, want both scores", got)
	}
	img, err := Image(r)
	if err != nil {
		t.Fatal(err)
	}
	render.Golden(t, "solo-defeat", img)
}
