package recap

import (
	"bytes"
	"flag"
	"image/color"
	"image/png"
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
		Game: "Autumn Ash", Measure: "points", Reason: "Xeno reaches 23 points and wins.", Moves: 64,
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
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %q", n, got)
		}
	}
	for d, want := range map[time.Duration]string{30 * time.Second: "30 s", 5 * time.Minute: "5 min", 5 * time.Hour: "5 hours", 60 * time.Hour: "2.5 days"} {
		if got := days(d); got != want {
			t.Errorf("days(%v) = %q, want %q", d, got, want)
		}
	}
}
