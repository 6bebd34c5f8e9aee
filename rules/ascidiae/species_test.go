package ascidiae

import (
	"slices"
	"strings"
	"testing"
)

// The behaviours the rulebook names for particular species.

func TestSverkThinksTwice(t *testing.T) {
	g := scenario(t, 2, nil)
	g.colonies("black1", "black2", "black3")
	g.put(0, "b2", "sverk", Up, "KKWRKK")
	g.begin(0)
	play(t, g, "colonize g1")
	if g.Turn.Wait != waitCentral || g.Turn.Active != g.at(0, "b2").UID {
		t.Fatalf("sverk should think a second time")
	}
	play(t, g, "root vikenti a1 up")
	if g.at(0, "a1") == nil || g.at(0, "a1").Card != "vikenti" {
		t.Errorf("second think did not take root")
	}
}

func TestCollectiva(t *testing.T) {
	g := scenario(t, 2, map[string]string{"preset": "second"})
	g.put(0, "b2", "collectiva", Up, "KKR")
	g.begin(0)
	// Fewer than three black: the only ability that can be done consumes them all.
	if got := g.at(0, "b2").T; got != pool("R") {
		t.Errorf("with 2 black, collectiva holds %v, want both black consumed", got)
	}
	g = scenario(t, 2, map[string]string{"preset": "second"})
	g.put(0, "b2", "collectiva", Up, "KKKK")
	g.put(0, "b1", "sverk", Up, "")
	g.begin(0)
	if g.Turn.Wait != waitAbility {
		t.Fatalf("with 3 black collectiva chooses, wait %q", g.Turn.Wait)
	}
	play(t, g, "1")
	if got := g.at(0, "b2").T; got != pool("K") {
		t.Errorf("collectiva holds %v, want one black left", got)
	}
	if got := g.at(0, "b1").T; got != pool("WRB") {
		t.Errorf("b1 got %v, want white, red and blue", got)
	}
	g = scenario(t, 2, map[string]string{"preset": "second"})
	g.put(0, "b2", "collectiva", Up, "RR")
	g.begin(0)
	if !strings.Contains(logText(g), "collectiva on b2 can do none of its abilities") {
		t.Errorf("without black collectiva does nothing:\n%s", logText(g))
	}
}

// TestSpawnWithoutPushing: cordata and retinens keep what they spawn.
func TestSpawnWithoutPushing(t *testing.T) {
	g := scenario(t, 2, map[string]string{"preset": "second"})
	g.put(0, "b2", "cordata", Up, "")
	g.begin(0)
	if g.Turn.Wait != waitAbility {
		t.Fatalf("cordata: wait %q", g.Turn.Wait)
	}
	play(t, g, "1", "blue")
	if got := g.at(0, "b2").T; got != pool("B") {
		t.Errorf("cordata holds %v, want the blue it spawned", got)
	}
	g = scenario(t, 2, map[string]string{"preset": "second"})
	g.put(0, "b2", "retinens", Up, "")
	g.begin(0)
	if got := strings.Join(tokens(t, g, ""), " "); got != "black white red blue" {
		t.Errorf("retinens spawn choices %q", got)
	}
	refusedWith(t, g, 0, "green", `"green" is not possible as the tadpoles to spawn. Choose black, white, red or blue.`)
	play(t, g, "red")
	if got := g.at(0, "b2").T; got != pool("R") {
		t.Errorf("retinens holds %v", got)
	}
}

func TestStator(t *testing.T) {
	g := scenario(t, 2, map[string]string{"preset": "third"})
	g.put(0, "b2", "stator", Up, "")
	g.begin(0)
	if got := g.at(0, "b2").T; got != pool("W") {
		t.Fatalf("without white, stator can only spawn white: %v", got)
	}
	g.begin(0)
	if got := strings.Join(tokens(t, g, ""), " "); got != "1 2 3 4" {
		t.Errorf("with a white, stator may choose any outcome: %q", got)
	}
	play(t, g, "3")
	if got := g.at(0, "b2").T; got != pool("W") {
		t.Errorf("cooperating keeps the white: %v", got)
	}
}

func TestScalenaConsumesSlowly(t *testing.T) {
	g := scenario(t, 2, map[string]string{"preset": "third"})
	g.put(0, "b2", "scalena", Up, "KKK")
	g.put(0, "b1", "sverk", Up, "")
	g.begin(0)
	play(t, g, "1")
	if got := g.at(0, "b2").T; got != pool("KK") {
		t.Errorf("scalena holds %v, want two of its three black left", got)
	}
	if got := g.at(0, "b1").T; got != pool("RB") {
		t.Errorf("b1 got %v", got)
	}
}

func TestXerocephalaPushesAll(t *testing.T) {
	g := scenario(t, 2, map[string]string{"preset": "third"})
	g.put(0, "b2", "xerocephala", Up, "KRRB")
	g.put(0, "b1", "sverk", Up, "")
	g.begin(0)
	if got := g.at(0, "b1").T; got != pool("KWRRB") {
		t.Errorf("b1 got %v, want everything and the new white", got)
	}
}

func TestLouisianeaStrongFirstTurn(t *testing.T) {
	g := scenario(t, 2, map[string]string{"preset": "fourth"})
	c := g.put(0, "b2", "louisianea", Up, "")
	c.T = mustCard("louisianea").OnRoot
	g.put(0, "b1", "sverk", Up, "")
	g.begin(0)
	if got := g.at(0, "b1").T; got != pool("KKK") {
		t.Errorf("first activation pushed %v, want three black", got)
	}
}

func TestGemmataThreeTurns(t *testing.T) {
	g := scenario(t, 2, map[string]string{"preset": "fourth"})
	c := g.put(0, "b2", "gemmata", Up, "")
	c.T = mustCard("gemmata").OnRoot
	if c.T != pool("KKKWWWRRRBBB") {
		t.Fatalf("gemmata enters with %v", c.T)
	}
	g.put(0, "b1", "xerocephala", Left, "") // a1 empty: whatever it holds is lost
	for turn := 1; turn <= 4; turn++ {
		g.begin(0)
		want := 12 - 4*min(turn, 3)
		if got := g.at(0, "b2").T.Total(); got != want {
			t.Errorf("turn %d: gemmata holds %d, want %d", turn, got, want)
		}
	}
	if strings.Contains(logText(g), "purges") {
		t.Errorf("gemmata purged")
	}
}

func TestLendersDoNotUseTheirAbilities(t *testing.T) {
	for _, id := range []string{"stereo", "caudalata"} {
		if len(mustCard(id).Abilities) != 0 || len(mustCard(id).Lends) == 0 {
			t.Errorf("%s should only lend", id)
		}
	}
	g := scenario(t, 2, map[string]string{"preset": "fourth"})
	g.put(0, "b2", "caudalata", Up, "KKK")
	g.put(0, "b3", "rubra", Up, "") // caudalata's down side: borrows "spawn K, push K left"
	g.begin(0)
	if !strings.Contains(logText(g), "caudalata on b2 can do none of its abilities") {
		t.Errorf("caudalata acted:\n%s", logText(g))
	}
	if g.Turn.Wait != waitAbility {
		t.Fatalf("rubra should choose between its ability and the borrowed one")
	}
	play(t, g, "2")
	if !strings.Contains(logText(g), "rubra on b3 borrows an ability from caudalata on b2; spawns 1 black; pushes 1 black to empty a3 (lost)") {
		t.Errorf("log:\n%s", logText(g))
	}
}

// TestGroupsIntroduceTheirRules: the recommended groups use the actions their text says.
func TestGroupsIntroduceTheirRules(t *testing.T) {
	for _, c := range data.Cards {
		if c.Kind != KindSpecial || c.Group == 0 {
			continue
		}
		var verbs []Verb
		multi, coop := false, false
		for _, ab := range c.Abilities {
			for _, a := range ab.Actions {
				verbs = append(verbs, a.Verb)
				for _, ic := range a.Icons {
					if _, single := ic.single(); !single {
						multi = true
					}
				}
				coop = coop || a.Verb == Coop
			}
		}
		switch c.Group {
		case 1:
			for _, v := range verbs {
				if !slices.Contains([]Verb{Spawn, Push, Consume}, v) {
					t.Errorf("%s (first game) uses %s", c.ID, v)
				}
			}
		case 2:
			if !multi {
				t.Errorf("%s (second game) has no multicolour or all icon", c.ID)
			}
		case 3:
			if !coop && c.ID != "xerocephala" {
				t.Errorf("%s (third game) does not cooperate", c.ID)
			}
		case 4:
			if c.OnRoot.Total() == 0 && c.Capacity == data.Rules.Capacity && len(c.Lends) == 0 {
				t.Errorf("%s (fourth game) has no characteristic and lends nothing", c.ID)
			}
		}
	}
	// Some first-game cards push in several directions or have two abilities.
	dirs := func(id string) int {
		seen := map[Dir]bool{}
		for _, ab := range mustCard(id).Abilities {
			for _, a := range ab.Actions {
				if a.Verb == Push {
					seen[a.Dir] = true
				}
			}
		}
		return len(seen)
	}
	if dirs("trinea") < 2 || dirs("rostellaria") < 2 || len(mustCard("mariensis").Abilities) < 2 {
		t.Errorf("first game lacks several directions or several abilities")
	}
	if sv := mustCard("sverk").Abilities; len(sv) != 1 || sv[0].Code != "think, think" {
		t.Errorf("sverk should think twice")
	}
	if mustCard("mater").Capacity <= data.Rules.Capacity {
		t.Errorf("mater should resist purges")
	}
}
