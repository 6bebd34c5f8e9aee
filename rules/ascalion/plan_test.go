package ascalion

import (
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// sensible is what the levels above easy may play after partial: the tokens SensibleTokens
// keeps of the menu, "" standing for ending a complete move, as the search gives them.
func (f *fixture) sensible(p int, partial string) []string {
	f.t.Helper()
	var m rules.Move
	if partial != "" {
		m, _ = rules.ParseMove(partial)
	}
	cs, complete, err := f.s.Choices(rules.Seat(p), m)
	if err != nil {
		f.t.Fatalf("choices after %q: %v", partial, err)
	}
	toks := choiceToks(cs)
	if complete {
		toks = append(toks, "")
	}
	return f.s.SensibleTokens(rules.Seat(p), m, toks)
}

// The AI trades for its cities (issue 36): it offers what it can spare for the kind its recipe
// lacks, once to a partner in a window, follows its planned offer token by token, and says done
// only when it has nothing to offer.
func TestPlanOffersForItsCity(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "2wood gold coal").put("Comorium", "2iron horse")
	f.openTrade()
	q, give, get, ok := f.s.plannedOffer(0)
	if !ok || q != 1 || get[Iron] != 1 || give[Wood] == 0 || give.total() > 2 {
		t.Fatalf("planned offer to %d: %v for %v (%v), want wood for Blue's iron", q, give, get, ok)
	}
	if got := f.sensible(0, ""); !slices.Equal(got, []string{"offer"}) {
		t.Errorf("trade actions %v, want the offer alone", got)
	}
	move := "offer"
	for len(move) < 60 {
		next := f.sensible(0, move)
		if slices.Contains(next, "") {
			break
		}
		if len(next) != 1 {
			t.Fatalf("after %q: %v, want one token of the planned offer", move, next)
		}
		move += " " + next[0]
	}
	if want := "offer blue wood for iron"; move != want {
		t.Errorf("offer %q, want %q", move, want)
	}
	f.play(0, move)
	if got := f.sensible(0, ""); slices.Contains(got, "offer") || !slices.Contains(got, "done") {
		t.Errorf("after offering Blue: %v, want done and no second offer", got)
	}
	if hs := f.habitsOf(1, "accept 1"); hs != nil {
		t.Errorf("Blue accepting shows %v", hs)
	}
}

// The AI accepts a fair offer and refuses aloud one that hands the offerer a city (play-tester:
// hard sold the only gold he lacked for cities three times), even for more goods.
func TestPlanAcceptsFairRefusesACity(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "wood coal iron 2horse").put("Comorium", "2gold wood")
	f.openTrade()
	f.play(0, "offer blue horse horse for gold") // Red lacks only gold for a city
	if got := f.sensible(1, ""); !slices.Equal(got, []string{"reject"}) {
		t.Errorf("Blue's actions %v, want reject", got)
	}
	f.play(1, "reject 1")
	g := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "2wood").put("Comorium", "gold coal iron")
	g.openTrade()
	g.play(0, "offer blue wood wood for iron") // Blue lacks wood for a city: a fair trade for it
	if got := g.sensible(1, ""); !slices.Equal(got, []string{"accept"}) {
		t.Errorf("Blue's actions %v, want accept", got)
	}
}

// A third player never helps a player one city from victory: with Blue on two cities attacking,
// Yellow sides with the defender; with the defender on two, with the attacker.
func TestPlanSidesAgainstNearWinner(t *testing.T) {
	for _, c := range []struct {
		near int
		want string
	}{{1, "defender"}, {0, "attacker"}} {
		f := newFixture(t, 3).own(0, "Minda").own(1, "Vagon", "Albur", "Mesa").own(2, "Elgar", "Ilion")
		if c.near == 1 {
			f.city("Albur", "Mesa")
		} else {
			f.own(0, "Erein", "Revena").city("Erein", "Revena")
		}
		f.s.Atk = &attack{Attacker: 1, Defender: 0, Target: f.land("Minda"), Sides: make([]int, 3)}
		f.s.Stage, f.s.Turn = stAlly, 2
		keep := f.s.allySides(2)
		if keep == nil {
			t.Fatalf("near winner %d: any side", c.near)
		}
		var got []string
		for _, tok := range []string{"attacker", "defender", "neutral"} {
			if keep(tok) {
				got = append(got, tok)
			}
		}
		if !slices.Equal(got, []string{c.want}) {
			t.Errorf("near winner %d: sides %v, want %s", c.near, got, c.want)
		}
	}
}

// Evaluate values the way to a city: goods of a recipe gathered in one land count more than the
// same goods scattered, which count more than nothing; a built city most.
func TestPlanEvaluateValuesRecipes(t *testing.T) {
	worth := func(spec ...string) float64 {
		f := newFixture(t, 2).own(0, "Ys", "Comorium").own(1, "Albur", "Mesa")
		for i := 0; i+1 < len(spec); i += 2 {
			if spec[i] == "city" {
				f.city(spec[i+1])
				continue
			}
			f.put(spec[i], spec[i+1])
		}
		return f.s.Evaluate()[0]
	}
	none := worth()
	scattered := worth("Ys", "wood gold", "Comorium", "coal iron")
	together := worth("Ys", "wood gold coal iron")
	city := worth("city", "Ys")
	if !(none < scattered && scattered < together && together < city) {
		t.Errorf("nothing %.3f, scattered %.3f, together %.3f, city %.3f: want rising", none, scattered, together, city)
	}
}
