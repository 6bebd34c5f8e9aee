package ascalion

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// §12.1: only foreign areas next to one of the attacker's areas; across the river counts.
func TestAttackTargets(t *testing.T) {
	f := newFixture(t, 3).own(0, "Minda").own(1, "Vagon", "Ys")
	f.attackTurn(0)
	tg := f.next(0, "attack")
	if !has(tg, "vagon") {
		t.Errorf("Vagon faces Minda across the river: %v", tg)
	}
	if has(tg, "ys") {
		t.Error("Ys is far from Minda")
	}
	f.refused(0, "attack ys", "Ys")
}

// §12.7: the attacker's bonus point; a tie is lost; a lost attack changes nothing.
func TestAttackTieLoses(t *testing.T) {
	// Minda (1) + bonus 1 = 2 against Vagon with a horse (2): tie, attacker loses.
	f := newFixture(t, 3).own(0, "Minda").own(1, "Vagon").put("Vagon", "horse")
	f.attackTurn(0)
	f.declare(0, "vagon")
	if f.s.Lands[f.land("Vagon")].Owner != 1 {
		t.Fatal("a tie must be lost")
	}
	// Without the horse: 2 against 1, the attacker wins and takes everything.
	f = newFixture(t, 3).own(0, "Minda").own(1, "Vagon").put("Vagon", "gold weapon").source("Vagon", Gold)
	f.put("Minda", "weapon")
	f.attackTurn(0)
	f.declare(0, "vagon")
	v := f.s.Lands[f.land("Vagon")]
	if v.Owner != 0 || v.Goods != parseGoods(t, "gold weapon") || v.Source != Gold {
		t.Errorf("conquered Vagon: owner %d goods %s", v.Owner, goodsText(v.Goods).English())
	}
}

// §12.2: a second attack after a win, but not in round 1.
func TestSecondAttack(t *testing.T) {
	for _, round := range []int{1, 2} {
		f := newFixture(t, 3).own(0, "Minda").own(1, "Vagon", "Zothic").put("Minda", "weapon")
		f.s.Round = round
		f.attackTurn(0)
		f.declare(0, "vagon")
		second := f.s.Stage == stAttack && f.s.Turn == 0 && has(f.next(0, ""), "attack")
		if second != (round > 1) {
			t.Errorf("round %d: second attack offered %v", round, second)
		}
	}
}

// §12.3, A31: one bonus transport per city owned after a win (a city just taken counts).
func TestCityBonus(t *testing.T) {
	f := newFixture(t, 3).own(0, "Minda", "Hippo's Land").own(1, "Vagon").put("Minda", "weapon gold").city("Vagon")
	f.s.Round = 1
	f.attackTurn(0)
	f.declare(0, "vagon")
	if f.s.Lands[f.land("Vagon")].Owner != 0 {
		t.Fatal("5 against 4 should win")
	}
	if !has(f.next(0, ""), "bonus") {
		t.Fatal("the conquered city gives a bonus transport")
	}
	f.play(0, "bonus foot minda hippos gold")
	eqGoods(t, "Hippo's Land", f.goods("Hippo's Land"), "gold")
	if f.s.Stage == stAttack && f.s.Turn == 0 {
		t.Error("one city gives one bonus transport only")
	}
}

// A lost attack ends the turn at once: no bonus (§12.3, §12.7).
func TestLostAttackEndsTurn(t *testing.T) {
	f := newFixture(t, 3).own(0, "Minda").own(1, "Vagon").put("Vagon", "weapon horse").city("Minda", "Vagon")
	f.attackTurn(0)
	f.declare(0, "vagon")
	if f.s.Stage == stAttack && f.s.Atk != nil && f.s.Atk.Count > 0 {
		t.Error("after a lost attack the turn passes on")
	}
}

// §12.5: the extra transport moves only horses, weapons, boats and ships, next to the target.
func TestExtraTransport(t *testing.T) {
	f := newFixture(t, 3).own(0, "Ys", "Tarvos", "Comorium").own(1, "Doilan").put("Ys", "horse weapon gold")
	f.attackTurn(0)
	f.play(0, "attack doilan")
	if f.s.Stage != stExtra {
		t.Fatal("the extra transport comes after the declaration")
	}
	if has(f.next(0, "foot ys comorium"), "gold") {
		t.Error("gold may not move in the extra transport")
	}
	if has(f.next(0, "foot ys"), "tarvos") {
		t.Error("Tarvos does not border Doilan: goods must end next to the target")
	}
	f.play(0, "horse ys +weapon comorium end")
	eqGoods(t, "Comorium", f.goods("Comorium"), "horse weapon")
}

// §12.6: every third player with an area next to the target declares, from the start player on.
func TestAllianceOrder(t *testing.T) {
	f := newFixture(t, 5).own(0, "Albur").own(1, "Sitara").own(2, "Revena").own(3, "Erein").own(4, "Nordmark", "Parthenion", "Mesa")
	f.s.SP = 2
	f.attackTurn(1)
	f.play(1, "attack albur")
	if f.s.Stage == stExtra {
		f.play(1, "skip")
	}
	if got := f.s.Atk.Asked; len(got) != 3 || got[0] != 2 || got[1] != 3 || got[2] != 4 {
		t.Fatalf("declaring order %v, want yellow, green, purple (from the start player)", got)
	}
	f.play(2, "attacker")
	f.play(3, "neutral")
	f.play(4, "attacker")
	// Sitara 1 + Revena 1 + Nordmark/Parthenion/Mesa 3 + bonus 1 = 6 against Albur 1.
	if f.s.Lands[f.land("Albur")].Owner != 1 {
		t.Error("blue with two allies should win")
	}
}

// Boats and ships are areas: they can be attacked where they lie (§12.8).
func TestAttackVessel(t *testing.T) {
	f := newFixture(t, 3).own(0, "Hippo's Land").own(1, "Cimmria").put("Hippo's Land", "weapon")
	id := f.vessel(1, false, riverBase, "gold")
	f.attackTurn(0)
	f.declare(0, "boat1")
	if v := f.s.vessel(id); v.Owner != 0 || v.Goods[Gold] != 1 {
		t.Error("a conquered boat changes owner with its cargo")
	}
}

// §3: victory at the end of an attack phase.
func TestVictory(t *testing.T) {
	cases := []struct {
		rule   string
		cities [3]int
		win    []int
	}{
		{"shared", [3]int{3, 3, 0}, []int{0, 1}},
		{"single", [3]int{3, 3, 0}, nil},
		{"single", [3]int{4, 3, 0}, []int{0}},
		{"strict", [3]int{4, 3, 0}, nil},
		{"strict", [3]int{3, 2, 0}, []int{0}},
		{"shared", [3]int{2, 2, 2}, nil},
	}
	lands := [][]string{{"Ys", "Comorium", "Doilan", "Tarvos"}, {"Albur", "Mesa", "Erein", "Revena"}, {"Elgar", "Minda", "Ilion", "Gorth"}}
	for _, c := range cases {
		f := newFixture(t, 3, "victory", c.rule)
		for p := 0; p < 3; p++ {
			f.own(p, lands[p]...)
			for i := 0; i < c.cities[p]; i++ {
				f.city(lands[p][i])
			}
		}
		f.s.checkVictory()
		var got []int
		if f.s.Res != nil {
			for _, w := range f.s.Res.Winners() {
				got = append(got, int(w))
			}
		}
		if len(got) != len(c.win) || (len(got) > 0 && got[0] != c.win[0]) {
			t.Errorf("%s %v: winners %v, want %v", c.rule, c.cities, got, c.win)
		}
		if by := f.s.WonBy(); len(c.win) > 0 && by != "cities" || len(c.win) == 0 && by != "" {
			t.Errorf("%s %v: won by %q", c.rule, c.cities, by)
		}
	}
}

func TestRoundLimit(t *testing.T) {
	f := newFixture(t, 3, "rounds", "15").own(0, "Ys").own(1, "Albur").city("Albur")
	f.s.Round = 15
	f.s.checkVictory()
	if f.s.Res == nil || f.s.Res.Ranks[1] != 1 {
		t.Error("at the round limit the most cities win")
	}
	if got := f.s.WonBy(); got != "rounds" {
		t.Errorf("won by %q, want rounds", got)
	}
}

// declare attacks and skips the extra transport when one is offered.
func (f *fixture) declare(p int, target string) {
	f.t.Helper()
	f.play(p, "attack "+target)
	if f.s.Stage == stExtra {
		f.play(p, "skip")
	}
	for f.s.Stage == stAlly {
		f.play(f.s.Turn, "neutral")
	}
}

// §12.8: boats and ships fight each other only on the same field.
func TestVesselAgainstVessel(t *testing.T) {
	f := newFixture(t, 3).own(0, "Ys").own(1, "Comorium")
	coast := seaNear(f.land("Ys"), false)
	mine := f.vessel(0, true, coast, "")
	var other int
	for _, n := range board.Seas[coast].Adj {
		if !board.Seas[n].Deep {
			other = n
			break
		}
	}
	far := f.vessel(1, false, other, "")
	near := f.vessel(1, false, coast, "")
	tg := map[int]bool{}
	for _, a := range f.s.targets(0) {
		tg[a] = true
	}
	if !tg[vesselArea+near] {
		t.Error("a boat on the same field is a target")
	}
	if tg[vesselArea+far] && !f.s.adjacent(vesselArea+far, f.land("Ys")) {
		t.Error("a boat on another field is no target")
	}
	_ = mine
}

// A43: a player without areas is out; the last one holding land wins.
func TestLastStanding(t *testing.T) {
	f := newFixture(t, 3).own(0, "Ys")
	f.s.checkVictory()
	if f.s.Res != nil {
		t.Fatal("two players still hold land")
	}
	f.s.Lands[f.land("Ys")].Owner = 2
	if f.s.alive(0) {
		t.Fatal("red holds nothing and is out")
	}
	f.s.checkVictory()
	if f.s.Res == nil || f.s.Res.Ranks[2] != 1 {
		t.Error("the only player left wins")
	}
	if got := f.s.WonBy(); got != "elimination" {
		t.Errorf("won by %q, want elimination", got)
	}
}

// Deliver 5: an attack's label shows both totals the rules make certain (§12.7: the bonus point
// and the attacker's adjacent areas against the target and the defender's), and who may still
// declare; with everyone neutral the conflict comes out at exactly those totals.
func TestAttackLabelShowsTotals(t *testing.T) {
	f := newFixture(t, 3).own(0, "Minda").own(1, "Vagon").put("Minda", "weapon").put("Vagon", "horse")
	f.attackTurn(0)
	cs, _, err := f.s.Choices(0, rules.Move{"attack"})
	if err != nil {
		t.Fatal(err)
	}
	label := ""
	for _, c := range cs {
		if c.Token == "vagon" {
			label = rules.PlainSeats(f.s, c.English())
		}
	}
	if want := "Vagon (Blue): you 5 against 2 before Yellow declares"; label != want {
		t.Errorf("label %q, want %q", label, want)
	}
	evs := f.play(0, "attack vagon")
	for f.s.Stage == stExtra || f.s.Stage == stAlly {
		if f.s.Stage == stExtra {
			evs = f.play(0, "skip")
		} else {
			evs = f.play(f.s.Turn, "neutral")
		}
	}
	found := false
	for _, e := range evs {
		if strings.HasPrefix(rules.PlainSeats(f.s, e.English()), "Red 5 (") && strings.Contains(rules.PlainSeats(f.s, e.English()), " against Blue 2 (") {
			found = true
		}
	}
	if !found {
		t.Errorf("the conflict's totals differ from the label: %+v", evs)
	}
}

// Deliver 4: the result's reason names the winners, the same seats Ranks puts first, in words
// with the right number.
func TestResultReasonNamesWinners(t *testing.T) {
	lands := [][]string{{"Ys", "Comorium", "Doilan", "Tarvos"}, {"Albur", "Mesa", "Erein", "Revena"}, {"Elgar", "Minda", "Ilion", "Gorth"}}
	for _, c := range []struct {
		rule   string
		cities [3]int
		want   string
	}{
		{"shared", [3]int{3, 3, 0}, "Red and Blue win together, each with 3 or more cities."},
		{"shared", [3]int{0, 4, 1}, "Blue wins with 4 cities."},
		{"single", [3]int{4, 3, 0}, "Red wins, alone with the most cities (4)."},
		{"strict", [3]int{3, 2, 0}, "Red wins, alone with 3 or more cities."},
	} {
		f := newFixture(t, 3, "victory", c.rule)
		for p := 0; p < 3; p++ {
			f.own(p, lands[p]...)
			for i := 0; i < c.cities[p]; i++ {
				f.city(lands[p][i])
			}
		}
		f.s.checkVictory()
		if f.s.Res == nil {
			t.Fatalf("%s %v: no result", c.rule, c.cities)
		}
		if got := rules.PlainSeats(f.s, f.s.Res.English()); got != c.want {
			t.Errorf("%s %v: reason %q, want %q", c.rule, c.cities, got, c.want)
		}
	}
	f := newFixture(t, 3, "rounds", "15").own(0, "Ys").own(1, "Albur").city("Albur")
	f.s.Round = 15
	f.s.checkVictory()
	if got, want := rules.PlainSeats(f.s, f.s.Res.English()), "The round limit (15) is reached: Blue wins with the most cities (1)."; got != want {
		t.Errorf("round limit: %q, want %q", got, want)
	}
	f = newFixture(t, 2).own(0, "Ys")
	for l := range f.s.Lands {
		if f.s.Lands[l].Owner == 1 {
			f.s.Lands[l].Owner = 0
		}
	}
	f.s.checkVictory()
	if got, want := rules.PlainSeats(f.s, f.s.Res.English()), "Red wins: nobody else holds any land."; got != want {
		t.Errorf("last standing: %q, want %q", got, want)
	}
}

// The attack's parts say each strength in words in a sentence, never a bare number after a name
// ("{seat}'s boat 1 4", issue 36), in every language; the board's panel writes "boat 1: 4".
func TestAttackPartsSayTheStrength(t *testing.T) {
	// attackExample's position, before Yellow sides: the attack and its totals stand.
	f := newFixture(t, 4)
	f.own(0, "Sitara", "Revena").own(1, "Albur", "Nordmark", "Parthenion", "Mesa").own(2, "Erein")
	f.put("Sitara", "horse weapon").put("Revena", "weapon").put("Albur", "weapon").city("Albur")
	f.put("Parthenion", "weapon").city("Parthenion").put("Mesa", "horse").city("Erein")
	coast := seaNear(f.land("Albur"), false)
	from := -1
	for _, n := range board.Seas[coast].Adj {
		if !board.Seas[n].Deep && len(board.Seas[n].Lands) == 0 {
			from = n
		}
	}
	if from < 0 {
		t.Fatal("no open light field next to Albur's coast")
	}
	f.vessel(0, false, from, "weapon")
	f.attackTurn(0)
	f.play(0, "attack albur")
	f.play(0, "boat boat1 "+board.Seas[coast].Token+" end")
	tt := f.s.totals()
	word := map[string]string{"en": "with strength", "de": "mit Kampfwert", "es": "con fuerza", "fr": "avec une force de"}
	boat := false
	for _, p := range saidParts(append(tt.AtkMsgs[1:], tt.DefMsgs...)) {
		boat = boat || strings.Contains(p.English(), "boat 1 with strength ")
		for lang, w := range word {
			if got := msg.Render(p, lang, nil); !strings.Contains(got, " "+w+" ") {
				t.Errorf("%s: part %q does not say %q", lang, got, w)
			}
		}
	}
	if !boat {
		t.Errorf("no part names the boat: %q", tt.AtkParts)
	}
	for _, p := range tt.AtkMsgs[1:] {
		if !strings.Contains(p.English(), ": ") {
			t.Errorf("panel part %q", p.English())
		}
	}
}
