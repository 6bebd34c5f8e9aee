package ascidiae

import (
	"strings"
	"testing"
)

func TestDataCounts(t *testing.T) {
	kinds := map[Kind]int{}
	for _, c := range data.Cards {
		kinds[c.Kind]++
	}
	if kinds[KindInitial] != 2 || kinds[KindCommon] != 4 || kinds[KindSpecial] != 25 {
		t.Errorf("cards: %v, want 2 initial, 4 common, 25 special", kinds)
	}
	for _, c := range data.Cards {
		want := 8
		if c.Kind == KindInitial {
			want = 4
		}
		if c.Copies != want {
			t.Errorf("%s: %d copies, want %d", c.ID, c.Copies, want)
		}
	}
	diff := map[string]int{}
	for _, c := range data.Colonies {
		diff[c.Difficulty]++
	}
	for i, d := range Difficulties {
		if diff[d] != 10 {
			t.Errorf("%d %s colonies, want 10", diff[d], d)
		}
		for _, c := range data.Colonies {
			if c.Difficulty == d && c.Needs.Total() != 4+i {
				t.Errorf("colony %s needs %d tadpoles", c.ID, c.Needs.Total())
			}
		}
	}
	if len(data.Layouts) != 8 {
		t.Errorf("%d current layouts, want 8", len(data.Layouts))
	}
	if data.Rules.Blocks != 10 || data.Rules.Capacity != 6 || data.Rules.Wins != 2 || data.Rules.LongWins != 3 {
		t.Errorf("rules numbers: %+v", data.Rules)
	}
}

// TestEveryNamedSpecies: the rulebook names 25 specials (four groups of six plus sverk).
func TestEveryNamedSpecies(t *testing.T) {
	groups := map[int][]string{
		1: {"mariensis", "vikenti", "trinea", "rostellaria", "limpida", "socer"},
		2: {"arctica", "collectiva", "cordata", "iota", "retinens", "turbida"},
		3: {"arlechi", "monotona", "scalena", "serrata", "stator", "xerocephala"},
		4: {"caudalata", "gemmata", "louisianea", "mater", "prunum", "stereo"},
		0: {"sverk"},
	}
	for g, ids := range groups {
		for _, id := range ids {
			c, ok := Card(id)
			if !ok || c.Kind != KindSpecial || c.Group != g {
				t.Errorf("%s: missing, not special or not in group %d", id, g)
			}
		}
	}
	for _, id := range []string{"first", "first-mixed", "second", "third", "fourth", "random"} {
		if _, ok := data.preset(id); !ok {
			t.Errorf("preset %s missing", id)
		}
	}
}

// TestFirstGameCosts: the first game's list prints these costs beside the six names.
func TestFirstGameCosts(t *testing.T) {
	g := newTestGame(t, 2, map[string]string{"preset": "first"})
	want := map[string]string{"mariensis": "K", "vikenti": "KK", "trinea": "KKK", "rostellaria": "K", "limpida": "KK", "socer": "W"}
	for _, p := range g.Piles {
		if p.Zone != "blue" {
			continue
		}
		if got := p.Cost.Letters(); got != want[p.Card] {
			t.Errorf("%s costs %s, want %s", p.Card, got, want[p.Card])
		}
	}
}

// TestLayoutsZigZag: every current visits all spaces, each step to a neighbour, and the eight
// are different.
func TestLayoutsZigZag(t *testing.T) {
	seen := map[[Spaces]int]bool{}
	for _, l := range data.Layouts {
		if seen[l.Path] {
			t.Errorf("layout %s repeats another", l.ID)
		}
		seen[l.Path] = true
		for i := 1; i < Spaces; i++ {
			if !adjacent(l.Path[i-1], l.Path[i]) {
				t.Errorf("layout %s: step %d is not to a neighbour", l.ID, i)
			}
		}
	}
}

func TestLoadDataRejects(t *testing.T) {
	good := dataTOML
	cases := []struct{ name, from, to, want string }{
		{"unknown key", "[rules]", "[rules]\nbogus = 1", "unknown keys"},
		{"bad path", `path = "a1 b1 c1 d1 d2 c2 b2 a2 a3 b3 c3 d3"`, `path = "a1 c1 b1 d1 d2 c2 b2 a2 a3 b3 c3 d3"`, "does not follow"},
		{"bad ability", `abilities = ["spawn R, push R up"]`, `abilities = ["spawn R, push R sideways"]`, "not a direction"},
		{"colony size", `"K K W R", "K K W B"`, `"K K W R R", "K K W B"`, "needs 4"},
		{"preset unknown", `specials = ["arctica"`, `specials = ["nobody"`, "not a special"},
		{"mixed icons", `push WB* up`, `push WB* K up`, "mixes"},
	}
	for _, c := range cases {
		src := strings.Replace(good, c.from, c.to, 1)
		if src == good {
			t.Fatalf("%s: replacement did not apply", c.name)
		}
		_, err := loadData(src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

func TestParseAbility(t *testing.T) {
	cases := []struct {
		in   string
		text string
	}{
		{"spawn K, push K up", "Spawn 1 black, then push 1 black up"},
		{"spawn K/W", "Spawn 1 black or white"},
		{"consume K*", "Consume all black"},
		{"push * up", "Push all tadpoles up"},
		{"push WB* left", "Push all white and blue left"},
		{"coop K K K, consume K", "Cooperate with 3 black, then consume 1 black"},
		{"catch R/B right, think", "Catch 1 red or blue from right, then think (any central board action)"},
		{"root blue", "Take root (blue)"},
	}
	for _, c := range cases {
		ab, err := ParseAbility(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := AbilityText(ab); got != c.text {
			t.Errorf("%q reads %q, want %q", c.in, got, c.text)
		}
	}
	for _, bad := range []string{"", "spawn", "spawn X", "push K", "spawn K*", "think K", "root green", "spawn K//W", "fly K", "spawn KK"} {
		if _, err := ParseAbility(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// FuzzParseAbility: the parser never panics, and what it accepts has actions with sane icons.
func FuzzParseAbility(f *testing.F) {
	for _, c := range data.Cards {
		for _, ab := range c.Abilities {
			f.Add(ab.Code)
		}
	}
	f.Add("push * up, catch K/W/R/B left, root red")
	f.Fuzz(func(t *testing.T, s string) {
		ab, err := ParseAbility(s)
		if err != nil {
			return
		}
		for _, a := range ab.Actions {
			if a.Verb >= numVerbs {
				t.Fatalf("%q: verb %d", s, a.Verb)
			}
			for _, ic := range a.Icons {
				if ic.Set == 0 || ic.Set >= 1<<NumColours {
					t.Fatalf("%q: icon set %b", s, ic.Set)
				}
			}
			_ = AbilityText(ab)
		}
	})
}
