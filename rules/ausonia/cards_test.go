package ausonia

import (
	"strings"
	"testing"
)

func TestCatalogueSizes(t *testing.T) {
	if len(starterN) != 12 || len(favourN) != 45 || len(powerN) != 15 || len(Aspirants) != 3 || len(Guilds) != 5 {
		t.Fatalf("catalogue: %d starter, %d favour, %d power, %d aspirants, %d guilds", len(starterN), len(favourN), len(powerN), len(Aspirants), len(Guilds))
	}
	perGuild := map[int]int{}
	for _, i := range favourN {
		perGuild[Cards[i].Guild]++
	}
	for g := range Guilds {
		if perGuild[g] != 9 {
			t.Errorf("guild %s has %d favour cards, want 9", Guilds[g].Name, perGuild[g])
		}
	}
}

// The brief: 9 gem cards, 3 of each colour, some with a rainbow, some star-marked; 3 house cards,
// one of them with Draw 1.
func TestStarterDeck(t *testing.T) {
	var colours [3]int
	stars, rainbows, house, draw1 := 0, 0, 0, 0
	for _, i := range starterN {
		c := Cards[i]
		switch c.Kind {
		case GemCard:
			for g := Sapphire; g < Rainbow; g++ {
				if c.Gives[g] > 0 {
					colours[g]++
				}
			}
			if c.Gives[Rainbow] > 0 {
				rainbows++
			}
			if c.Star {
				stars++
			}
		case HouseCard:
			house++
			for _, a := range c.Abilities {
				for _, e := range a.Do {
					if e.Kw == Draw && e.X == 1 {
						draw1++
					}
				}
			}
		default:
			t.Errorf("%s: starter card of kind %d", c.Code, c.Kind)
		}
	}
	if colours != [3]int{3, 3, 3} || stars == 0 || rainbows == 0 || house != 3 || draw1 != 1 {
		t.Errorf("starter: colours %v, %d stars, %d rainbow cards, %d house cards, %d with Draw 1", colours, stars, rainbows, house, draw1)
	}
}

func TestCardTextComesFromKeywords(t *testing.T) {
	tests := []struct {
		code string
		want []string
	}{
		{"c1", []string{"Pay 1 bloodshard: Corruption 2."}},
		{"v3", []string{"Pay 1 any-colour gem: Draw 1.", "If you used 2 sapphires: Influence 1."}},
		{"v2", []string{"If you used Foresight: Influence 2."}},
		{"a5", []string{"If you used an Architetti card: Influence 2."}},
		{"n4", []string{"Pay 2 any-colour gems: Seal, Influence 2."}},
		{"s3", []string{"Gives 1 sapphire and 1 rainbow."}},
		{"s1", []string{"Gives 1 sapphire. Star: can become a source."}},
	}
	for _, tt := range tests {
		c, ok := CardByCode(tt.code)
		if !ok {
			t.Fatalf("no card %s", tt.code)
		}
		if got := c.Text(); strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s text = %q, want %q", tt.code, got, tt.want)
		}
	}
}

func TestEveryCardIsSound(t *testing.T) {
	for _, c := range Cards {
		if c.Kind == GemCard {
			continue
		}
		if c.Cost.Total() == 0 && c.Kind != HouseCard {
			t.Errorf("%s has no cost", c.Code)
		}
		for _, a := range c.Abilities {
			if len(a.Do) == 0 || a.Text == "" {
				t.Errorf("%s: empty ability", c.Code)
			}
			for _, e := range a.Do {
				if e.Kw == Burn {
					t.Errorf("%s uses Burn, a solo keyword for Aspirants", c.Code)
				}
			}
		}
	}
}

func TestLoadCatalogueRefusesBadData(t *testing.T) {
	good := cardsTOML
	bad := map[string]string{
		"unknown field":    strings.Replace(good, `about = "glass-seers of Murano"`, "about = \"x\"\ncolour = \"blue\"", 1),
		"unknown guild":    strings.Replace(good, `guild = "vetrai"`, `guild = "painters"`, 1),
		"bad gem":          strings.Replace(good, `cost = "sr"`, `cost = "sx"`, 1),
		"two conditions":   strings.Replace(good, `{ when_keyword = "foresight", do = "influence 2" }`, `{ when_keyword = "foresight", pay = "s", do = "influence 2" }`, 1),
		"bad keyword":      strings.Replace(good, `do = "corruption 2" }`, `do = "curse 2" }`, 1),
		"burn on a card":   strings.Replace(good, `do = "corruption 2" }`, `do = "burn 2" }`, 1),
		"duplicate code":   strings.Replace(good, `code = "v2"`, `code = "v1"`, 1),
		"too many any":     strings.Replace(good, `cost = "ssrr"`, `cost = "srrrr"`, 1),
		"missing card":     strings.Replace(good, "[[power]]\ncode = \"p15\"", "[[ignored]]\ncode = \"p15\"", 1),
		"aspirant draws":   strings.Replace(good, `kept = "corruption 1"`, `kept = "draw 1"`, 1),
		"two-colour cond.": strings.Replace(good, `when_gems = "ss"`, `when_gems = "se"`, 1),
	}
	if _, err := loadCatalogue(good); err != nil {
		t.Fatalf("the real data does not load: %v", err)
	}
	for name, src := range bad {
		if src == good {
			t.Errorf("%s: the test edit did not apply", name)
			continue
		}
		if _, err := loadCatalogue(src); err == nil {
			t.Errorf("%s: bad data accepted", name)
		}
	}
}

func TestParseEffects(t *testing.T) {
	es, err := ParseEffects("influence 2, seal,draw 1", false)
	if err != nil || len(es) != 3 || es[0] != (Effect{Influence, 2}) || es[1] != (Effect{Seal, 0}) || es[2] != (Effect{Draw, 1}) {
		t.Fatalf("got %v, %v", es, err)
	}
	for _, bad := range []string{"", "influence", "influence 0", "influence 10", "seal 1", "burn 1", "draw x", "influence 2,"} {
		if _, err := ParseEffects(bad, false); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := ParseEffects("burn 2", true); err != nil {
		t.Errorf("burn refused for aspirants: %v", err)
	}
}

func FuzzParseEffects(f *testing.F) {
	for _, s := range []string{"influence 2", "seal, draw 1", "burn 3", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		es, err := ParseEffects(s, true)
		if err != nil {
			return
		}
		// What parses prints back to something that parses to the same effects.
		parts := make([]string, len(es))
		for i, e := range es {
			parts[i] = strings.ToLower(e.String())
		}
		again, err := ParseEffects(strings.Join(parts, ", "), true)
		if err != nil || len(again) != len(es) {
			t.Fatalf("%q -> %v -> %v", s, es, err)
		}
		for i := range es {
			if es[i] != again[i] {
				t.Fatalf("%q: %v != %v", s, es, again)
			}
		}
	})
}

func FuzzParseGems(f *testing.F) {
	for _, s := range []string{"ssr", "sebr", "", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGems(s)
		if err != nil {
			return
		}
		if g.Total() != len(s) {
			t.Fatalf("%q: total %d", s, g.Total())
		}
		back, err := ParseGems(g.Letters())
		if err != nil || back != g {
			t.Fatalf("%q round trip: %v %v", s, back, err)
		}
	})
}
