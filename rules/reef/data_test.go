package reef

import (
	"strings"
	"testing"
)

// The four boards as the brief prints them (spaces between columns), to check the data file.
var briefBoards = [4]string{`
. . . o o o .
. o o Y o o .
o o . o W o o
o G o * o . o
o o P . O o o
o o o o o o o`, `
. . . o o o .
o o o G o o .
o o Y o . o o
o . o * o W o
o o O o P o o
. o o o o o .`, `
. o o . o o o
. o o o O o .
o o W . o Y o
o o o * o . o
. o P o G o o
. o o o . o o`, `
. o o o o o .
o o o O . o o
o o . o G o o
o W o * o o o
. o P o Y o .
. o o . o o .`}

func TestBoardsMatchTheBrief(t *testing.T) {
	for b, want := range briefBoards {
		l := data.Layouts[b]
		var got strings.Builder
		for r := 0; r < Rows; r++ {
			got.WriteString("\n")
			for c := 0; c < Cols; c++ {
				i := r*Cols + c
				ch := "."
				switch {
				case l.Start[i] != NoColour:
					ch = strings.ToUpper(l.Start[i].Letter())
				case i == l.Growth:
					ch = "*"
				case l.Rock[i]:
					ch = "o"
				}
				if c > 0 {
					got.WriteString(" ")
				}
				got.WriteString(ch)
			}
		}
		if got.String() != want {
			t.Errorf("board %d:\n got%s\nwant%s", b+1, got.String(), want)
		}
		if l.Growth != 3*Cols+3 {
			t.Errorf("board %d: extra growth on %d, want D4", b+1, l.Growth)
		}
	}
}

func TestCoralTiles(t *testing.T) {
	// Side A as the brief lists it: stronger, weaker, large alga, small alga.
	want := [NumTiles][4]string{
		{"white", "yellow", "green", "blue"}, {"white", "orange", "red", "purple"},
		{"yellow", "orange", "blue", "red"}, {"yellow", "pink", "purple", "blue"},
		{"orange", "pink", "green", "red"}, {"orange", "grey", "blue", "green"},
		{"pink", "white", "purple", "green"}, {"pink", "grey", "green", "purple"},
		{"grey", "white", "red", "purple"}, {"grey", "yellow", "blue", "red"},
	}
	s := &state{}
	for i, w := range want {
		d := data.Tiles[i]
		got := [4]string{d.Strong.String(), d.Weak.String(), d.Large.String(), d.Small.String()}
		if got != w {
			t.Errorf("tile %d: %v, want %v", i+1, got, w)
		}
		// Side B swaps both the colours and the algae.
		s.Tiles[i].SideB = true
		strong, weak := s.tileColours(i)
		large, small := s.tileAlgae(i)
		if strong != d.Weak || weak != d.Strong || large != d.Small || small != d.Large {
			t.Errorf("tile %d side B: %s>%s %s/%s", i+1, strong, weak, large, small)
		}
	}
	// Every pair of colours has exactly one tile.
	for a := Colour(0); a < NumColours; a++ {
		for b := Colour(0); b < NumColours; b++ {
			if a != b && data.pairTile[a][b] < 0 {
				t.Errorf("no tile for %s/%s", a, b)
			}
		}
	}
}

func TestComponentsAndHands(t *testing.T) {
	c := data.components
	if c.PolypsPerColour*int(NumColours) != 200 || c.CubesPerColour*int(NumColours) != 50 || c.AlgaePerColour*int(NumAlgae) != 20 {
		t.Errorf("component counts: %+v", c)
	}
	for n, want := range map[int][]int{2: {6, 9}, 3: {6, 7, 9}, 4: {6, 7, 8, 9}} {
		if got := data.Hands[n]; len(got) != len(want) || got[0] != want[0] || got[len(got)-1] != want[len(want)-1] {
			t.Errorf("hands for %d: %v, want %v", n, got, want)
		}
	}
	order := []Colour{Grey, Orange, Pink, White, Yellow}
	for i, c := range order {
		if data.SeaOrder[i] != c {
			t.Errorf("open sea order %v", data.SeaOrder)
		}
	}
}

func TestParseDataRefusesBrokenFiles(t *testing.T) {
	good := string(dataTOML)
	cases := []struct{ name, from, to, want string }{
		{"short row", `"...ooo.",`, `"...ooo",`, "spaces"},
		{"too little rock", `"ooooooo",`, `"oooooo.",`, "rock spaces"},
		{"two growth spaces", `"ooooooo",`, `"oooooo*",`, "two extra-growth"},
		{"unknown mark", `"ooooooo",`, `"ooooooX",`, "unknown mark"},
		{"repeated pair", `weaker = "yellow"`, `weaker = "orange"`, "repeats"},
		{"bad alga", `large = "green"`, `large = "teal"`, "bad colours"},
		{"open sea", `open_sea_fill = [3, 3, 3, 2, 1]`, `open_sea_fill = [3, 3]`, "open_sea_fill"},
		{"hands", `3 = [6, 7, 9]`, `3 = [6, 7]`, "hands"},
		{"count", `min_eat = 5`, `min_eat = 0`, "positive"},
		{"syntax", `[components]`, `[components`, "reef data"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bad := strings.Replace(good, tc.from, tc.to, 1)
			if bad == good {
				t.Fatalf("replacement %q not found", tc.from)
			}
			_, err := parseData([]byte(bad))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error mentioning %q", err, tc.want)
			}
		})
	}
}

func FuzzParseData(f *testing.F) {
	f.Add(dataTOML)
	f.Add([]byte(`[components]`))
	f.Add([]byte(`[[board]]
rows = ["ooooooo"]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := parseData(b)
		if err == nil && (len(d.Layouts) != 4 || len(d.Tiles) != NumTiles) {
			t.Fatalf("accepted a file without 4 boards and %d tiles", NumTiles)
		}
	})
}
