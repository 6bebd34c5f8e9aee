package ascalion

import (
	_ "embed"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

//go:embed board.toml
var boardTOML []byte

// Board is the map, derived once from the hex drawing in board.toml.
type Board struct {
	W, H     int
	Cells    []Cell // row-major, W*H
	Lands    []LandInfo
	Seas     []SeaInfo // one per sea cell
	Sections []Section // river sections, mouth first
	Regions  []Region
	Mouth    int // the sea field at the river mouth
	byToken  map[string]int
	seaTok   map[string]int
}

// Cell is one hex of the drawing.
type Cell struct {
	Land int // land index or -1
	Sea  int // sea field index or -1
}

// LandInfo is the fixed description of a land.
type LandInfo struct {
	Code     string
	Name     string
	Token    string
	Region   int
	Island   int   // 0 continent, 1-3 islands
	Cells    []int // cell indices
	Adj      []int // neighbouring lands, across the river included
	Seas     []int // sea fields on its coast
	Sections []int // river sections it is a bank of
}

// SeaInfo is one sea field (one hex).
type SeaInfo struct {
	Cell  int
	Deep  bool
	Token string
	Adj   []int // neighbouring sea fields
	Lands []int // lands on its coast
}

// Coast reports whether the field borders a land (the rest is high sea).
func (s SeaInfo) Coast() bool { return len(s.Lands) > 0 }

// Section is a stretch of river between the same two bank lands.
type Section struct {
	Token       string
	Left, Right int      // west and east bank lands (facing upstream)
	Edges       [][2]int // cell pairs along this stretch, west cell first
}

// Region groups lands for pickers.
type Region struct {
	Token, Name string
	Lands       []int
}

type boardFile struct {
	Grid    []string `toml:"grid"`
	River   []string `toml:"river"`
	Regions []struct {
		Token string `toml:"token"`
		Name  string `toml:"name"`
	} `toml:"regions"`
	Land []struct {
		Code   string `toml:"code"`
		Name   string `toml:"name"`
		Token  string `toml:"token"`
		Region string `toml:"region"`
		Island int    `toml:"island"`
	} `toml:"land"`
}

var board = mustBoard(boardTOML)

func mustBoard(data []byte) *Board {
	b, err := parseBoard(data)
	if err != nil {
		panic("ascalion: board.toml: " + err.Error())
	}
	return b
}

// Neighbours of cell (r,c) in odd-r layout, in a fixed order: E, W, NE, NW, SE, SW.
func (b *Board) cellNeighbours(i int) []int {
	r, c := i/b.W, i%b.W
	var d [][2]int
	if r%2 == 0 {
		d = [][2]int{{0, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, 0}, {1, -1}}
	} else {
		d = [][2]int{{0, 1}, {0, -1}, {-1, 1}, {-1, 0}, {1, 1}, {1, 0}}
	}
	out := make([]int, 0, 6)
	for _, x := range d {
		rr, cc := r+x[0], c+x[1]
		if rr >= 0 && rr < b.H && cc >= 0 && cc < b.W {
			out = append(out, rr*b.W+cc)
		}
	}
	return out
}

func (b *Board) isNeighbour(i, j int) bool {
	for _, n := range b.cellNeighbours(i) {
		if n == j {
			return true
		}
	}
	return false
}

func parseBoard(data []byte) (*Board, error) {
	var f boardFile
	if err := toml.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	if len(f.Grid) == 0 {
		return nil, fmt.Errorf("empty grid")
	}
	b := &Board{H: len(f.Grid), W: len(f.Grid[0]), byToken: map[string]int{}, seaTok: map[string]int{}}
	region := map[string]int{}
	for i, r := range f.Regions {
		region[r.Token] = i
		b.Regions = append(b.Regions, Region{Token: r.Token, Name: r.Name})
		b.byToken[r.Token] = -1
	}
	code := map[byte]int{}
	for i, l := range f.Land {
		if len(l.Code) != 1 || l.Code == "." || l.Code == "~" {
			return nil, fmt.Errorf("land %q: bad code %q", l.Name, l.Code)
		}
		if _, dup := code[l.Code[0]]; dup {
			return nil, fmt.Errorf("land code %q used twice", l.Code)
		}
		if _, dup := b.byToken[l.Token]; dup || l.Token == "" || strings.ContainsAny(l.Token, " \t") {
			return nil, fmt.Errorf("land %q: bad or duplicate token %q", l.Name, l.Token)
		}
		rg, ok := region[l.Region]
		if !ok {
			return nil, fmt.Errorf("land %q: unknown region %q", l.Name, l.Region)
		}
		code[l.Code[0]] = i
		b.byToken[l.Token] = i
		b.Lands = append(b.Lands, LandInfo{Code: l.Code, Name: l.Name, Token: l.Token, Region: rg, Island: l.Island})
		b.Regions[rg].Lands = append(b.Regions[rg].Lands, i)
	}
	b.Cells = make([]Cell, b.W*b.H)
	for r, row := range f.Grid {
		if len(row) != b.W {
			return nil, fmt.Errorf("grid row %d has %d cells, want %d", r, len(row), b.W)
		}
		for c := 0; c < b.W; c++ {
			i := r*b.W + c
			ch := row[c]
			switch ch {
			case '.', '~':
				b.Cells[i] = Cell{Land: -1, Sea: len(b.Seas)}
				b.Seas = append(b.Seas, SeaInfo{Cell: i, Deep: ch == '~'})
			default:
				l, ok := code[ch]
				if !ok {
					return nil, fmt.Errorf("grid row %d col %d: unknown land code %q", r, c, ch)
				}
				b.Cells[i] = Cell{Land: l, Sea: -1}
				b.Lands[l].Cells = append(b.Lands[l].Cells, i)
			}
		}
	}
	for i := range b.Seas {
		b.Seas[i].Token = "s" + strconv.Itoa(i+1)
		b.seaTok[b.Seas[i].Token] = i
	}
	// Adjacency from shared cell edges.
	landAdj := make([]map[int]bool, len(b.Lands))
	seaAdj := make([]map[int]bool, len(b.Seas))
	seaLand := make([]map[int]bool, len(b.Seas))
	landSea := make([]map[int]bool, len(b.Lands))
	for i := range landAdj {
		landAdj[i], landSea[i] = map[int]bool{}, map[int]bool{}
	}
	for i := range seaAdj {
		seaAdj[i], seaLand[i] = map[int]bool{}, map[int]bool{}
	}
	for i, cell := range b.Cells {
		for _, n := range b.cellNeighbours(i) {
			o := b.Cells[n]
			switch {
			case cell.Land >= 0 && o.Land >= 0 && cell.Land != o.Land:
				landAdj[cell.Land][o.Land] = true
			case cell.Land >= 0 && o.Sea >= 0:
				landSea[cell.Land][o.Sea] = true
			case cell.Sea >= 0 && o.Sea >= 0:
				seaAdj[cell.Sea][o.Sea] = true
			case cell.Sea >= 0 && o.Land >= 0:
				seaLand[cell.Sea][o.Land] = true
			}
		}
	}
	for i := range b.Lands {
		b.Lands[i].Adj = keys(landAdj[i])
		b.Lands[i].Seas = keys(landSea[i])
	}
	for i := range b.Seas {
		b.Seas[i].Adj = keys(seaAdj[i])
		b.Seas[i].Lands = keys(seaLand[i])
	}
	for l, li := range b.Lands {
		if err := b.contiguous(l, li.Cells); err != nil {
			return nil, err
		}
	}
	if err := b.parseRiver(f.River); err != nil {
		return nil, err
	}
	for _, r := range b.Regions {
		if len(r.Lands) > maxMenu {
			return nil, fmt.Errorf("region %s has %d lands; a menu holds %d", r.Token, len(r.Lands), maxMenu)
		}
	}
	return b, nil
}

func keys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

func (b *Board) contiguous(l int, cells []int) error {
	if len(cells) == 0 {
		return fmt.Errorf("land %s has no cells", b.Lands[l].Name)
	}
	seen := map[int]bool{cells[0]: true}
	stack := []int{cells[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range b.cellNeighbours(c) {
			if !seen[n] && b.Cells[n].Land == l {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	if len(seen) != len(cells) {
		return fmt.Errorf("land %s is not one piece", b.Lands[l].Name)
	}
	return nil
}

func (b *Board) cellAt(s string) (int, error) {
	p := strings.Split(strings.TrimSpace(s), ",")
	if len(p) != 2 {
		return 0, fmt.Errorf("bad cell %q", s)
	}
	r, err1 := strconv.Atoi(p[0])
	c, err2 := strconv.Atoi(p[1])
	if err1 != nil || err2 != nil || r < 0 || r >= b.H || c < 0 || c >= b.W {
		return 0, fmt.Errorf("bad cell %q", s)
	}
	return r*b.W + c, nil
}

// parseRiver turns the edge list into sections and checks that it is one unbroken line of
// land-land edges whose lower end meets exactly one sea field (the mouth).
func (b *Board) parseRiver(edges []string) error {
	var prev [2]int
	for k, e := range edges {
		f := strings.Fields(e)
		if len(f) != 2 {
			return fmt.Errorf("river edge %q: want two cells", e)
		}
		w, err := b.cellAt(f[0])
		if err != nil {
			return err
		}
		east, err := b.cellAt(f[1])
		if err != nil {
			return err
		}
		if !b.isNeighbour(w, east) {
			return fmt.Errorf("river edge %q: cells do not touch", e)
		}
		if b.Cells[w].Land < 0 || b.Cells[east].Land < 0 {
			return fmt.Errorf("river edge %q: both sides must be land", e)
		}
		cur := [2]int{w, east}
		if k > 0 {
			// Consecutive edges share one cell on the same bank; the new cell touches both old ones.
			switch {
			case cur[0] == prev[0] && cur[1] != prev[1]:
				if !b.isNeighbour(cur[1], prev[1]) || !b.isNeighbour(cur[1], prev[0]) {
					return fmt.Errorf("river edge %q does not continue the previous one", e)
				}
			case cur[1] == prev[1] && cur[0] != prev[0]:
				if !b.isNeighbour(cur[0], prev[0]) || !b.isNeighbour(cur[0], prev[1]) {
					return fmt.Errorf("river edge %q does not continue the previous one", e)
				}
			default:
				return fmt.Errorf("river edge %q does not continue the previous one", e)
			}
		}
		l, r := b.Cells[w].Land, b.Cells[east].Land
		if n := len(b.Sections); n == 0 || b.Sections[n-1].Left != l || b.Sections[n-1].Right != r {
			b.Sections = append(b.Sections, Section{Token: "r" + strconv.Itoa(len(b.Sections)), Left: l, Right: r})
		}
		s := &b.Sections[len(b.Sections)-1]
		s.Edges = append(s.Edges, cur)
		prev = cur
	}
	if len(b.Sections) == 0 {
		return fmt.Errorf("no river")
	}
	// The mouth: the third cell at the lower corner of the first edge must be sea.
	first := b.Sections[0].Edges[0]
	var second [2]int
	if len(edges) > 1 {
		if len(b.Sections[0].Edges) > 1 {
			second = b.Sections[0].Edges[1]
		} else {
			second = b.Sections[1].Edges[0]
		}
	}
	b.Mouth = -1
	for _, n := range b.cellNeighbours(first[0]) {
		if n == second[0] || n == second[1] || !b.isNeighbour(n, first[1]) {
			continue
		}
		if b.Cells[n].Sea < 0 {
			return fmt.Errorf("the river's lower end does not reach the sea")
		}
		b.Mouth = b.Cells[n].Sea
	}
	if b.Mouth < 0 {
		return fmt.Errorf("no mouth found")
	}
	for i, s := range b.Sections {
		b.Lands[s.Left].Sections = append(b.Lands[s.Left].Sections, i)
		if s.Right != s.Left {
			b.Lands[s.Right].Sections = append(b.Lands[s.Right].Sections, i)
		}
		b.byToken[s.Token] = -1
	}
	for i := range b.Lands {
		sort.Ints(b.Lands[i].Sections)
	}
	return nil
}

// Land returns the index of a land by token, or -1.
func (b *Board) Land(token string) int {
	if i, ok := b.byToken[token]; ok {
		return i
	}
	return -1
}

// LandByName finds a land by display name, for tests and tools.
func (b *Board) LandByName(name string) int {
	for i, l := range b.Lands {
		if l.Name == name {
			return i
		}
	}
	return -1
}

// SectionCost is the movement cost from river section i to the next one j (|i-j| = 1): one
// point for every bank on which a border line is passed.
func (b *Board) SectionCost(i, j int) int {
	a, c := b.Sections[i], b.Sections[j]
	n := 0
	if a.Left != c.Left {
		n++
	}
	if a.Right != c.Right {
		n++
	}
	return n
}

// BoardMap returns the shared board, for renderers and tools.
func BoardMap() *Board { return board }
