package ascalion

import (
	"strings"
	"testing"
)

func land(t testing.TB, name string) int {
	t.Helper()
	i := board.LandByName(name)
	if i < 0 {
		t.Fatalf("no land %q", name)
	}
	return i
}

func adjacent(a, b int) bool {
	for _, x := range board.Lands[a].Adj {
		if x == b {
			return true
		}
	}
	return false
}

func TestBoardCounts(t *testing.T) {
	cont, isl := 0, map[int]int{}
	for _, l := range board.Lands {
		if l.Island == 0 {
			cont++
		} else {
			isl[l.Island]++
		}
	}
	if cont != 36 {
		t.Errorf("continent has %d lands, want 36", cont)
	}
	for i := 1; i <= 3; i++ {
		if isl[i] != 3 {
			t.Errorf("island %d has %d lands, want 3", i, isl[i])
		}
	}
	if len(board.Lands) != 45 {
		t.Errorf("%d lands, want 45", len(board.Lands))
	}
	light, deep := 0, 0
	for _, s := range board.Seas {
		if s.Deep {
			deep++
		} else {
			light++
		}
	}
	if light == 0 || deep == 0 {
		t.Errorf("light %d deep %d: both sea colours must exist", light, deep)
	}
	for _, r := range board.Regions {
		if len(r.Lands) > maxMenu {
			t.Errorf("region %s has %d lands", r.Token, len(r.Lands))
		}
	}
}

// The rulebook names 19 lands; all must exist.
func TestBoardNamedLands(t *testing.T) {
	for _, n := range strings.Split("Ys,Comorium,Doilan,Mabaron,Ikarien,Orphir,Revena,Sitara,Albur,Nordmark,Parthenion,Mesa,Erein,Hippo's Land,Cimmria,Vagon,Minda,Ilion,Zothic", ",") {
		land(t, n)
	}
}

// Map facts from the worked examples (digest, "Map facts the text does give").
func TestBoardExampleFacts(t *testing.T) {
	pairs := [][2]string{
		{"Ys", "Comorium"}, {"Comorium", "Doilan"},
		{"Mabaron", "Ikarien"}, {"Ikarien", "Orphir"}, {"Orphir", "Revena"},
	}
	for _, p := range pairs {
		if !adjacent(land(t, p[0]), land(t, p[1])) {
			t.Errorf("%s and %s must be adjacent", p[0], p[1])
		}
	}
	albur := land(t, "Albur")
	want := map[int]bool{}
	for _, n := range []string{"Sitara", "Revena", "Nordmark", "Parthenion", "Mesa", "Erein"} {
		want[land(t, n)] = true
	}
	got := board.Lands[albur].Adj
	if len(got) != len(want) {
		t.Errorf("Albur borders %d lands, want exactly the 6 of the attack example", len(got))
	}
	for _, g := range got {
		if !want[g] {
			t.Errorf("Albur borders %s, which the attack example does not allow", board.Lands[g].Name)
		}
	}
	lightCoast := false
	for _, s := range board.Lands[albur].Seas {
		if !board.Seas[s].Deep {
			lightCoast = true
		}
	}
	if !lightCoast {
		t.Error("Albur needs a light-blue coast field for the boat of the attack example")
	}
}

// EX-11.7: the river from the mouth upstream.
func TestBoardRiverExample(t *testing.T) {
	want := [][2]string{
		{"Hippo's Land", "Cimmria"}, {"Hippo's Land", "Vagon"}, {"Minda", "Vagon"},
		{"Ilion", "Vagon"}, {"Ilion", "Zothic"},
	}
	for i, w := range want {
		s := board.Sections[i]
		if board.Lands[s.Left].Name != w[0] || board.Lands[s.Right].Name != w[1] {
			t.Errorf("section %d is %s|%s, want %s|%s", i, board.Lands[s.Left].Name, board.Lands[s.Right].Name, w[0], w[1])
		}
		if i > 0 && board.SectionCost(i-1, i) != 1 {
			t.Errorf("step into section %d costs %d, want 1", i, board.SectionCost(i-1, i))
		}
	}
	m := board.Seas[board.Mouth]
	if m.Deep {
		t.Error("the mouth field must be light-blue")
	}
	hippo := land(t, "Hippo's Land")
	// The western field: light, on Hippo's coast, next to the mouth field, but not itself the mouth.
	found := false
	for _, s := range m.Adj {
		f := board.Seas[s]
		if f.Deep || s == board.Mouth {
			continue
		}
		for _, l := range f.Lands {
			if l == hippo && board.Cells[f.Cell].Land < 0 && f.Cell%board.W < m.Cell%board.W {
				found = true
			}
		}
	}
	if !found {
		t.Error("no light field west of the mouth on Hippo's Land's coast")
	}
	// Bank lands of a section are adjacent (across the river).
	for _, s := range board.Sections {
		if !adjacent(s.Left, s.Right) {
			t.Errorf("banks %s and %s are not adjacent", board.Lands[s.Left].Name, board.Lands[s.Right].Name)
		}
	}
}

func TestBoardConnectivity(t *testing.T) {
	// Every continental land reachable over land borders; islands reachable within themselves.
	for isl := 0; isl <= 3; isl++ {
		var ls []int
		for i, l := range board.Lands {
			if l.Island == isl {
				ls = append(ls, i)
			}
		}
		seen := map[int]bool{ls[0]: true}
		st := []int{ls[0]}
		for len(st) > 0 {
			x := st[len(st)-1]
			st = st[:len(st)-1]
			for _, n := range board.Lands[x].Adj {
				if board.Lands[n].Island != isl {
					t.Errorf("%s (island %d) borders %s (island %d)", board.Lands[x].Name, isl, board.Lands[n].Name, board.Lands[n].Island)
				}
				if !seen[n] {
					seen[n] = true
					st = append(st, n)
				}
			}
		}
		if len(seen) != len(ls) {
			t.Errorf("island %d: %d of %d lands connected", isl, len(seen), len(ls))
		}
	}
	// Every sea field reachable by ship; every coast reachable by boat over light fields.
	seen := map[int]bool{0: true}
	st := []int{0}
	for len(st) > 0 {
		x := st[len(st)-1]
		st = st[:len(st)-1]
		for _, n := range board.Seas[x].Adj {
			if !seen[n] {
				seen[n] = true
				st = append(st, n)
			}
		}
	}
	if len(seen) != len(board.Seas) {
		t.Errorf("%d of %d sea fields reachable by ship", len(seen), len(board.Seas))
	}
	seen = map[int]bool{board.Mouth: true}
	st = []int{board.Mouth}
	for len(st) > 0 {
		x := st[len(st)-1]
		st = st[:len(st)-1]
		for _, n := range board.Seas[x].Adj {
			if !seen[n] && !board.Seas[n].Deep {
				seen[n] = true
				st = append(st, n)
			}
		}
	}
	for i, l := range board.Lands {
		ok := false
		for _, s := range l.Seas {
			if seen[s] {
				ok = true
			}
		}
		if len(l.Seas) > 0 && !board.Seas[l.Seas[0]].Deep && !ok {
			t.Errorf("%s: its light coast cannot be reached by boat from the mouth", board.Lands[i].Name)
		}
		if l.Island > 0 && !ok {
			t.Errorf("island land %s cannot be reached by boat", l.Name)
		}
	}
}

func TestBoardRiverNavigable(t *testing.T) {
	if len(board.Sections) < 6 {
		t.Fatalf("river has %d sections", len(board.Sections))
	}
	for i := 1; i < len(board.Sections); i++ {
		c := board.SectionCost(i-1, i)
		if c < 1 || c > 2 {
			t.Errorf("step %d->%d costs %d", i-1, i, c)
		}
	}
}

func TestBoardRejectsBrokenData(t *testing.T) {
	bad := []string{
		`grid = ["..x"]` + "\nriver=[]\nregions=[]\nland=[]",
		`grid = ["~~~", "~~"]` + "\nriver=[]\nregions=[]\nland=[]",
	}
	for _, b := range bad {
		if _, err := parseBoard([]byte(b)); err == nil {
			t.Errorf("accepted %q", b)
		}
	}
}
