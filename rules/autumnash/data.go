package autumnash

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/boardbot/boardbot/rules"
)

//go:embed data/autumn-ash.toml
var dataTOML string

// maxCells bounds every board so a stack index fits a fixed array, and a set of squares one
// uint64 (see group).
const maxCells = 64

type fileData struct {
	Target            int            `toml:"target"`
	TriosPerColour    int            `toml:"trios_per_colour"`
	RemovedStartTrios int            `toml:"removed_start_trios"`
	Sides             []fileSide     `toml:"sides"`
	Bonus             map[string]int `toml:"bonus"`
	Variants          []fileVariant  `toml:"variants"`
}

type fileSide struct {
	Name        string   `toml:"name"`
	Progression []string `toml:"progression"`
}

type fileVariant struct {
	Name     string              `toml:"name"`
	Label    string              `toml:"label"`
	Help     string              `toml:"help"`
	Cols     int                 `toml:"cols"`
	Rows     int                 `toml:"rows"`
	Window   []int               `toml:"window"`
	Blocking bool                `toml:"blocking"`
	Start    []string            `toml:"start"`
	Capping  map[string][]string `toml:"capping"`
}

// variant is one ruleset, ready for play.
type variant struct {
	name, title, help string
	cols, rows        int
	winCols, winRows  int // the playfield; smaller than the board only in Unsettled
	blocking          bool
	canCap            [4][4]bool // [top size][mover size]
	start             []placed
	near              [maxCells][]int8  // cells within two steps, see initNear
	nearFirst         [maxCells][]int8  // near, single steps first, see initNear
	col, row          [maxCells]int     // of each cell: a lookup, where i%cols divides
	adj               [maxCells][4]int8 // the orthogonal neighbour in each orth direction, -1 off the board
	// rays[i][d] are the cells from i outwards along lineDirs[d] (d < 4) or against lineDirs[d-4]:
	// bagging reads lines through a square without working out coordinates.
	rays [maxCells][8][]int8
	hops [maxCells][maxCells]hop // how from reaches to, see initNear
	ring [maxCells]uint64        // the eight cells around each, a bit each
}

// hop is the geometry of going from one cell to another: the orthogonal distance (3 for anything
// further than two steps) and the middle squares a two-step route may take, in orth order.
type hop struct {
	dist int8
	n    int8
	via  [4]int8
}

type placed struct {
	sq int
	p  piece
}

// gameData is the parsed data file.
type gameData struct {
	target      int
	total       [numColours][4]int // pieces of each colour and size in play (board + stash)
	next        [numColours]Colour // the colour a leaf turns into after moving
	burnt       [numColours]bool
	startColour [2]Colour
	progression [2][]Colour
	bonus       [numColours]int
	sideName    [2]string
	variants    []*variant
	leaves      int // every leaf of the game, both sides
}

var data = mustLoad(dataTOML)

func mustLoad(src string) *gameData {
	d, err := loadData(src)
	if err != nil {
		panic("autumnash: embedded data: " + err.Error())
	}
	return d
}

func loadData(src string) (*gameData, error) {
	var f fileData
	md, err := toml.Decode(src, &f)
	if err != nil {
		return nil, err
	}
	if un := md.Undecoded(); len(un) > 0 {
		return nil, fmt.Errorf("unknown keys %v", un)
	}
	d := &gameData{target: f.Target}
	if f.Target <= 0 || f.TriosPerColour <= 0 || f.RemovedStartTrios < 0 || f.RemovedStartTrios >= f.TriosPerColour {
		return nil, fmt.Errorf("bad equipment numbers")
	}
	if len(f.Sides) != 2 {
		return nil, fmt.Errorf("need 2 sides, got %d", len(f.Sides))
	}
	for s, side := range f.Sides {
		if len(side.Progression) < 2 {
			return nil, fmt.Errorf("side %s: progression too short", side.Name)
		}
		d.sideName[s] = side.Name
		var prev Colour
		for i, name := range side.Progression {
			var c Colour
			if err := c.UnmarshalText([]byte(name)); err != nil {
				return nil, err
			}
			// The Colour enum orders each side's colours by progression; the data must agree so
			// letters, names and owners stay consistent.
			if ownerOf(c) != rules.Seat(s) || (i > 0 && c != prev+1) {
				return nil, fmt.Errorf("side %s: %s out of order", side.Name, name)
			}
			d.progression[s] = append(d.progression[s], c)
			trios := f.TriosPerColour
			if i == 0 {
				d.startColour[s] = c
				trios -= f.RemovedStartTrios
			} else {
				d.next[prev] = c
			}
			for z := Pawn; z <= Queen; z++ {
				d.total[c][z] = trios
				d.leaves += trios
			}
			prev = c
		}
		d.burnt[prev] = true
	}
	if d.leaves+1 >= maxSlots { // +1: a simulated entry
		return nil, fmt.Errorf("%d leaves do not fit a board's %d slots", d.leaves, maxSlots-1)
	}
	for name, v := range f.Bonus {
		var c Colour
		if err := c.UnmarshalText([]byte(name)); err != nil {
			return nil, err
		}
		d.bonus[c] = v
	}
	for _, fv := range f.Variants {
		v, err := loadVariant(fv)
		if err != nil {
			return nil, fmt.Errorf("variant %s: %w", fv.Name, err)
		}
		d.variants = append(d.variants, v)
	}
	if len(d.variants) == 0 {
		return nil, fmt.Errorf("no variants")
	}
	return d, nil
}

func loadVariant(fv fileVariant) (*variant, error) {
	v := &variant{name: fv.Name, title: fv.Label, help: fv.Help, cols: fv.Cols, rows: fv.Rows, blocking: fv.Blocking}
	if v.cols < 1 || v.rows < 1 || v.cols > 26 || v.cols*v.rows > maxCells {
		return nil, fmt.Errorf("bad board %dx%d", v.cols, v.rows)
	}
	if len(fv.Window) != 2 || fv.Window[0] < 2 || fv.Window[1] < 2 || fv.Window[0] > v.cols || fv.Window[1] > v.rows {
		return nil, fmt.Errorf("bad window %v", fv.Window)
	}
	v.winCols, v.winRows = fv.Window[0], fv.Window[1]
	for top, movers := range fv.Capping {
		tz, err := parseSize(top)
		if err != nil {
			return nil, err
		}
		for _, m := range movers {
			mz, err := parseSize(m)
			if err != nil {
				return nil, err
			}
			v.canCap[tz][mz] = true
		}
	}
	for _, s := range fv.Start {
		f := strings.Fields(s)
		if len(f) != 2 {
			return nil, fmt.Errorf("start %q: want \"square code\"", s)
		}
		sq, ok := v.parseSquare(f[0])
		if !ok {
			return nil, fmt.Errorf("start %q: bad square", s)
		}
		p, err := parsePieceCode(f[1])
		if err != nil {
			return nil, fmt.Errorf("start %q: %w", s, err)
		}
		v.start = append(v.start, placed{sq, p})
	}
	v.initNear()
	return v, nil
}

func parseSize(s string) (Size, error) {
	for z := Pawn; z <= Queen; z++ {
		if z.String() == s {
			return z, nil
		}
	}
	return 0, fmt.Errorf("unknown size %q", s)
}

func variantByName(name string) *variant {
	for _, v := range data.variants {
		if v.name == name {
			return v
		}
	}
	return nil
}
