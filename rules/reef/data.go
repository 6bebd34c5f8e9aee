package reef

import (
	_ "embed"
	"fmt"
	"strconv"

	"github.com/BurntSushi/toml"
)

// Board geometry: every reef board is six rows of seven columns.
const (
	Rows     = 6
	Cols     = 7
	perBoard = Rows * Cols
)

// NumTiles is the number of coral tiles, one per pair of colours.
const NumTiles = 10

//go:embed reef.toml
var dataTOML []byte

// data is the parsed reef.toml; the game cannot run without it, so a bad file panics at start-up
// (and the tests parse it first).
var data = mustParseData(dataTOML)

type components struct {
	PolypsPerColour       int      `toml:"polyps_per_colour"`
	CubesPerColour        int      `toml:"cubes_per_colour"`
	AlgaePerColour        int      `toml:"algae_per_colour"`
	ShrimpsPerPlayer      int      `toml:"shrimps_per_player"`
	EatReturn             int      `toml:"eat_return"`
	EatReturnLast         int      `toml:"eat_return_last"`
	AdvancedEatReturn     int      `toml:"advanced_eat_return"`
	AdvancedEatReturnLast int      `toml:"advanced_eat_return_last"`
	MinEat                int      `toml:"min_eat"`
	MaxPerCube            int      `toml:"max_per_cube"`
	MaxShrimpsPerBoard    int      `toml:"max_shrimps_per_board"`
	OpenSeaFill           []int    `toml:"open_sea_fill"`
	OpenSeaOrder          []string `toml:"open_sea_order"`
	StartCubes            int      `toml:"start_cubes"`
}

type boardDef struct {
	Number int      `toml:"number"`
	Rows   []string `toml:"rows"`
}

type tileDef struct {
	Number   int    `toml:"number"`
	Stronger string `toml:"stronger"`
	Weaker   string `toml:"weaker"`
	Large    string `toml:"large"`
	Small    string `toml:"small"`
}

type dataFile struct {
	Components components       `toml:"components"`
	Hands      map[string][]int `toml:"hands"`
	Board      []boardDef       `toml:"board"`
	Tile       []tileDef        `toml:"tile"`
}

// layout is one printed reef board.
type layout struct {
	Number int
	Rock   [perBoard]bool
	Start  [perBoard]Colour // NoColour where no start polyp is printed
	Growth int              // the extra-growth space
}

// coralTile is a coral tile as printed on side A.
type coralTile struct {
	Number       int
	Strong, Weak Colour
	Large, Small Alga
}

type gameData struct {
	components
	SeaOrder [NumColours]Colour
	Hands    map[int][]int
	Layouts  []layout    // by board number - 1
	Tiles    []coralTile // by tile number - 1
	// pairTile[a][b] is the index of the tile that decides between colours a and b.
	pairTile [NumColours][NumColours]int
}

func mustParseData(b []byte) *gameData {
	d, err := parseData(b)
	if err != nil {
		panic(err)
	}
	return d
}

// parseData reads and checks reef.toml: the game's facts must hold (33 rock spaces a board, five
// start polyps of five colours, one tile per pair of colours...) before anyone plays.
func parseData(b []byte) (*gameData, error) {
	var f dataFile
	if err := toml.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("reef data: %w", err)
	}
	d := &gameData{components: f.Components, Hands: map[int][]int{}}
	c := f.Components
	for _, v := range []struct {
		name string
		n    int
	}{{"polyps_per_colour", c.PolypsPerColour}, {"cubes_per_colour", c.CubesPerColour},
		{"algae_per_colour", c.AlgaePerColour}, {"shrimps_per_player", c.ShrimpsPerPlayer},
		{"eat_return", c.EatReturn}, {"eat_return_last", c.EatReturnLast},
		{"advanced_eat_return", c.AdvancedEatReturn}, {"advanced_eat_return_last", c.AdvancedEatReturnLast},
		{"min_eat", c.MinEat}, {"max_per_cube", c.MaxPerCube}, {"max_shrimps_per_board", c.MaxShrimpsPerBoard},
		{"start_cubes", c.StartCubes}} {
		if v.n <= 0 || v.n > 1000 {
			return nil, fmt.Errorf("reef data: %s must be a positive count, got %d", v.name, v.n)
		}
	}
	if len(c.OpenSeaFill) != int(NumColours) {
		return nil, fmt.Errorf("reef data: open_sea_fill needs %d counts", NumColours)
	}
	for _, n := range c.OpenSeaFill {
		if n < 0 || n > 20 {
			return nil, fmt.Errorf("reef data: open_sea_fill count %d out of range", n)
		}
	}
	if len(c.OpenSeaOrder) != int(NumColours) {
		return nil, fmt.Errorf("reef data: open_sea_order needs the %d colours", NumColours)
	}
	var seen [NumColours]bool
	for i, n := range c.OpenSeaOrder {
		col, ok := colourByName(n)
		if !ok || seen[col] {
			return nil, fmt.Errorf("reef data: open_sea_order: bad or repeated colour %q", n)
		}
		seen[col] = true
		d.SeaOrder[i] = col
	}
	for k, hs := range f.Hands {
		n, err := strconv.Atoi(k)
		if err != nil || n < 2 || n > 4 || len(hs) != n {
			return nil, fmt.Errorf("reef data: hands %q must list one count per player for 2-4 players", k)
		}
		for _, h := range hs {
			if h < 1 || h > 30 {
				return nil, fmt.Errorf("reef data: hand size %d out of range", h)
			}
		}
		d.Hands[n] = hs
	}
	for n := 2; n <= 4; n++ {
		if _, ok := d.Hands[n]; !ok {
			return nil, fmt.Errorf("reef data: no hand sizes for %d players", n)
		}
	}
	if len(f.Board) != 4 {
		return nil, fmt.Errorf("reef data: want 4 boards, got %d", len(f.Board))
	}
	for i, bd := range f.Board {
		l, err := parseLayout(bd)
		if err != nil {
			return nil, err
		}
		if l.Number != i+1 {
			return nil, fmt.Errorf("reef data: board %d listed in position %d", l.Number, i+1)
		}
		d.Layouts = append(d.Layouts, l)
	}
	if len(f.Tile) != NumTiles {
		return nil, fmt.Errorf("reef data: want %d coral tiles, got %d", NumTiles, len(f.Tile))
	}
	for a := range d.pairTile {
		for b := range d.pairTile[a] {
			d.pairTile[a][b] = -1
		}
	}
	var beats [NumColours]int
	for i, td := range f.Tile {
		t, err := parseTile(td)
		if err != nil {
			return nil, err
		}
		if t.Number != i+1 {
			return nil, fmt.Errorf("reef data: tile %d listed in position %d", t.Number, i+1)
		}
		if d.pairTile[t.Strong][t.Weak] >= 0 {
			return nil, fmt.Errorf("reef data: tile %d repeats the pair %s/%s", t.Number, t.Strong, t.Weak)
		}
		d.pairTile[t.Strong][t.Weak] = i
		d.pairTile[t.Weak][t.Strong] = i
		beats[t.Strong]++
		d.Tiles = append(d.Tiles, t)
	}
	for col, n := range beats {
		if n != 2 {
			return nil, fmt.Errorf("reef data: on side A %s beats %d colours, want 2", Colour(col), n)
		}
	}
	return d, nil
}

func parseLayout(bd boardDef) (layout, error) {
	l := layout{Number: bd.Number, Growth: -1}
	if len(bd.Rows) != Rows {
		return l, fmt.Errorf("reef data: board %d has %d rows, want %d", bd.Number, len(bd.Rows), Rows)
	}
	rock := 0
	var starts [NumColours]int
	for r, row := range bd.Rows {
		if len(row) != Cols {
			return l, fmt.Errorf("reef data: board %d row %d has %d spaces, want %d", bd.Number, r+1, len(row), Cols)
		}
		for c := 0; c < Cols; c++ {
			i := r*Cols + c
			l.Start[i] = NoColour
			switch ch := row[c]; ch {
			case '.':
			case 'o':
				l.Rock[i] = true
			case '*':
				if l.Growth >= 0 {
					return l, fmt.Errorf("reef data: board %d has two extra-growth spaces", bd.Number)
				}
				l.Rock[i], l.Growth = true, i
			default:
				col, ok := colourByToken(string(ch + 'a' - 'A'))
				if !ok || ch < 'A' || ch > 'Z' {
					return l, fmt.Errorf("reef data: board %d row %d: unknown mark %q", bd.Number, r+1, ch)
				}
				l.Rock[i] = true
				l.Start[i] = col
				starts[col]++
			}
			if l.Rock[i] {
				rock++
			}
		}
	}
	if rock != 33 {
		return l, fmt.Errorf("reef data: board %d has %d rock spaces, want 33", bd.Number, rock)
	}
	if l.Growth < 0 {
		return l, fmt.Errorf("reef data: board %d has no extra-growth space", bd.Number)
	}
	for col, n := range starts {
		if n != 1 {
			return l, fmt.Errorf("reef data: board %d has %d %s start polyps, want 1", bd.Number, n, Colour(col))
		}
	}
	return l, nil
}

func parseTile(td tileDef) (coralTile, error) {
	t := coralTile{Number: td.Number}
	var ok1, ok2, ok3, ok4 bool
	t.Strong, ok1 = colourByName(td.Stronger)
	t.Weak, ok2 = colourByName(td.Weaker)
	t.Large, ok3 = algaByName(td.Large)
	t.Small, ok4 = algaByName(td.Small)
	if !ok1 || !ok2 || !ok3 || !ok4 || t.Strong == t.Weak || t.Large == t.Small {
		return t, fmt.Errorf("reef data: tile %d: bad colours %q>%q or algae %q/%q", td.Number, td.Stronger, td.Weaker, td.Large, td.Small)
	}
	return t, nil
}
