package ascalion

import (
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai/aitest"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// habitsOf plays notation for p on a copy of f's state and returns the habits the move shows.
func (f *fixture) habitsOf(p int, notation string) []string {
	f.t.Helper()
	m, err := rules.ParseMove(notation)
	if err != nil {
		f.t.Fatal(err)
	}
	after := f.s.clone()
	if _, err := after.Apply(rules.Seat(p), m); err != nil {
		f.t.Fatalf("%q: %v", notation, err)
	}
	return f.s.Habits(rules.Seat(p), m, nil, after)
}

// Each habit is named by its move, a sensible move by none, and the tokens of a habit are ruled
// out for the levels above easy while a sensible one is left.
func TestHabits(t *testing.T) {
	sensible := func(f *fixture, p int, partial string) []string {
		m, _ := rules.ParseMove(partial)
		if partial == "" {
			m = nil
		}
		return f.s.SensibleTokens(rules.Seat(p), m, f.next(p, partial))
	}
	// Trade: the same good on both sides, a losing offer, a withdrawal; accepting a loss.
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "2gold wood coal").put("Comorium", "gold iron horse")
	f.openTrade()
	for notation, want := range map[string][]string{
		"offer blue gold for gold":            {HabitOfferSameGood},
		"offer blue wood gold gold for horse": {HabitOfferLosing},
		"offer blue gold for iron":            nil, // completes a city set: a gain
		"offer blue wood coal for gold":       {HabitOfferLosing},
	} {
		if got := f.habitsOf(0, notation); !slices.Equal(got, want) {
			t.Errorf("%s: habits %v, want %v", notation, got, want)
		}
	}
	f.play(0, "offer blue gold for iron")
	if got := f.habitsOf(0, "withdraw 1"); !slices.Equal(got, []string{HabitOfferWithdrawn}) {
		t.Errorf("withdraw: %v", got)
	}
	// The same offer again after Blue refused it, in the same window: nagging.
	r := f.s.clone()
	if _, err := r.Apply(1, rules.Move{"reject", "1"}); err != nil {
		t.Fatal(err)
	}
	refused := &fixture{t: t, s: r}
	if got := refused.habitsOf(0, "offer blue gold for iron"); !slices.Equal(got, []string{HabitRepeatedOffer}) {
		t.Errorf("the refused offer again: %v", got)
	}
	if got := sensible(refused, 0, ""); slices.Contains(got, "offer") {
		t.Errorf("sensible trade actions after a refusal %v", got)
	}
	if got := sensible(f, 0, ""); slices.Contains(got, "offer") || slices.Contains(got, "withdraw") || !slices.Contains(got, "done") {
		t.Errorf("sensible trade actions %v", got)
	}
	// Blue gives iron and its horse for one gold: two units for one, nothing completed.
	f.play(0, "offer blue gold for horse iron")
	if got := f.habitsOf(1, "accept 2"); !slices.Equal(got, []string{HabitAcceptLosing}) {
		t.Errorf("accept 2: %v", got)
	}
	if got := f.habitsOf(1, "accept 1"); got != nil {
		t.Errorf("accept 1 (one for one): %v", got)
	}
	if got := sensible(f, 1, ""); slices.Contains(got, "accept") || !slices.Contains(got, "reject") {
		t.Errorf("sensible actions with no gaining offer: %v", got)
	}

	// Attack: Minda (1) and the bonus against Vagon with a city and a weapon (7) and Ilion:
	// hopeless whatever Yellow, the other neighbour, declares. Hippo's Land of Yellow (3) could
	// fall only if Blue's Vagon joined: no attack to make on the odds (odds.go).
	f = newFixture(t, 3).own(0, "Minda").own(1, "Vagon", "Ilion").put("Vagon", "weapon").city("Vagon")
	f.attackTurn(0)
	if got := f.habitsOf(0, "attack vagon"); !slices.Equal(got, []string{HabitAttackLosing, HabitHopelessAttack}) {
		t.Errorf("attack vagon: %v", got)
	}
	if got := f.habitsOf(0, "attack hippos"); !slices.Equal(got, []string{HabitHopelessAttack}) {
		t.Errorf("attack hippos: %v", got)
	}
	if got := sensible(f, 0, ""); slices.Contains(got, "attack") {
		t.Errorf("sensible attack actions %v", got)
	}
	// With a weapon in Minda, Hippo's Land falls 6 against 3; Vagon stays out of reach.
	f.put("Minda", "weapon")
	if got := sensible(f, 0, "attack"); slices.Contains(got, "vagon") || !slices.Contains(got, "hippos") {
		t.Errorf("sensible targets %v", got)
	}
	// At 2 seats every neighbour of Minda is Blue's, each attack hopeless: only pass is left.
	f = newFixture(t, 2).own(0, "Minda").put("Vagon", "weapon").city("Vagon", "Ilion")
	f.attackTurn(0)
	if got := sensible(f, 0, ""); !slices.Equal(got, []string{"pass"}) {
		t.Errorf("sensible attack actions %v", got)
	}

	// Surplus: a horse carried on foot into a land holding one; forging a second weapon.
	f = newFixture(t, 2).own(0, "Minda", "Vagon", "Ilion").put("Minda", "horse iron coal weapon").put("Vagon", "horse").put("Ilion", "wood")
	f.transportTurn(0, 1)
	if got := f.habitsOf(0, "foot minda vagon horse"); !slices.Equal(got, []string{HabitSurplus}) {
		t.Errorf("horse into a horse: %v", got)
	}
	if got := f.habitsOf(0, "foot minda ilion horse"); got != nil {
		t.Errorf("horse into a free land: %v", got)
	}
	if got := sensible(f, 0, "foot minda vagon"); slices.Contains(got, "horse") {
		t.Errorf("sensible kinds %v", got)
	}
	// A boat with a horse aboard takes no second one; a ride there and back moves nothing.
	g := newFixture(t, 2).own(0, "Hippo's Land", "Minda").put("Hippo's Land", "horse wood").put("Minda", "horse")
	g.vessel(0, false, riverBase+1, "horse")
	g.transportTurn(0, 1)
	if got := sensible(g, 0, "boat boat1"); slices.Contains(got, "+horse") || !slices.Contains(got, "+wood") {
		t.Errorf("sensible boat steps %v", got)
	}
	if got := sensible(g, 0, "horse hippos minda"); slices.Contains(got, "end") {
		t.Errorf("sensible ride steps into a land holding a horse %v", got)
	}
	g.s.vessel(1).Goods = Goods{}
	g.put("Hippo's Land", "2horse wood")
	if got := sensible(g, 0, "boat boat1 +horse"); slices.Contains(got, "+horse") {
		t.Errorf("sensible boat steps with a horse loaded in this move %v", got)
	}
	// At r2 both banks (Minda, and Vagon taken for it) hold a horse: unloading one is dead.
	g.own(0, "Vagon").put("Vagon", "horse")
	if got := sensible(g, 0, "boat boat1 +horse hippos r2"); slices.Contains(got, "-horse") || !slices.Contains(got, "end") {
		t.Errorf("sensible boat steps where every bank holds a horse %v", got)
	}
	f.buildTurn(0)
	if got := f.habitsOf(0, "weapon minda"); !slices.Equal(got, []string{HabitSurplus}) {
		t.Errorf("a second weapon: %v", got)
	}
	if got := sensible(f, 0, ""); slices.Contains(got, "weapon") {
		t.Errorf("sensible builds %v", got)
	}
}

// Seeded games at 2 and 3 seats: normal and hard show no habit (easy is the control, and shows
// some). Games end at a round limit (an option) to keep them short; every phase is that of a
// whole game. The default suite plays the first game; the long tier all four.
func TestHabitsInPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games")
	}
	cases := []struct {
		seats  int
		seed   uint64
		levels []string
	}{
		{2, 3, []string{"normal", "easy"}},
		{2, 5, []string{"hard", "normal"}},
		{3, 1, []string{"hard", "normal", "easy"}},
		{3, 2, []string{"easy", "hard", "normal"}},
	}
	for _, c := range cases[:rulestest.Scale(1, len(cases))] {
		setup := rules.Setup{Seats: c.seats, Seed: c.seed, Options: map[string]string{"rounds": "15"}}
		counts, n, err := aitest.Habits(Game, setup, c.levels, 4000)
		if err != nil {
			t.Fatal(err)
		}
		for s, level := range c.levels {
			t.Logf("%d seats, seed %d: %d moves: %s %v", c.seats, c.seed, n, level, counts[rules.Seat(s)])
			if level != "easy" && len(counts[rules.Seat(s)]) > 0 {
				t.Errorf("%d seats, seed %d: %s showed habits %v", c.seats, c.seed, level, counts[rules.Seat(s)])
			}
		}
	}
}

// The arena's transport habits: a chain that carries nothing, and a transport that leaves every
// good and vessel where it was; a ride that moves goods, or the horse itself, shows neither.
func TestTransportHabits(t *testing.T) {
	cases := []struct {
		move string
		want []string
	}{
		{"chain mabaron ikarien end", []string{HabitEmptyTransport}},
		{"chain mabaron +coal ikarien end", nil},
		{"horse ys comorium ys end", []string{HabitRoundTrip}},
		{"horse ys +iron comorium ys -iron end", []string{HabitRoundTrip}},
		{"horse ys +iron comorium end", nil},
		{"horse ys comorium end", nil},
		{"boat boat1 r2 r1 end", []string{HabitRoundTrip}},
		{"boat boat1 r2 end", nil},
	}
	for _, c := range cases {
		f := newFixture(t, 2).own(0, "Ys", "Comorium", "Mabaron", "Ikarien", "Hippo's Land", "Minda")
		f.put("Ys", "horse iron").put("Mabaron", "horse coal").put("Ikarien", "horse")
		f.vessel(0, false, riverBase+1, "")
		f.transportTurn(0, 2)
		if got := f.habitsOf(0, c.move); !slices.Equal(got, c.want) {
			t.Errorf("%s: habits %v, want %v", c.move, got, c.want)
		}
	}
}

// A chain is worth starting only where it can load something on its way: from Mabaron, whose
// chain reaches only the empty Ikarien, no chain is sensible; once Mabaron holds coal it is.
func TestSensibleChainLoads(t *testing.T) {
	f := newFixture(t, 2).own(0, "Mabaron", "Ikarien").put("Mabaron", "horse").put("Ikarien", "horse")
	f.transportTurn(0, 1)
	if got := f.s.SensibleTokens(0, nil, f.next(0, "")); slices.Contains(got, "chain") {
		t.Errorf("an empty chain is offered: %v", got)
	}
	f.put("Mabaron", "horse coal")
	if got := f.s.SensibleTokens(0, nil, f.next(0, "")); !slices.Contains(got, "chain") {
		t.Errorf("a chain carrying coal is not offered: %v", got)
	}
}

// Coal in a chain's last land is no reason to go there: loaded there, it is unloaded there.
func TestSensibleChainNotForItsLastLand(t *testing.T) {
	f := newFixture(t, 2).own(0, "Mabaron", "Ikarien").put("Mabaron", "horse").put("Ikarien", "horse coal")
	f.transportTurn(0, 1)
	if got := f.s.SensibleTokens(0, rules.Move{"chain"}, f.next(0, "chain")); !slices.Equal(got, []string{"ikarien"}) {
		t.Errorf("chains from %v, want only from Ikarien, whose coal it can carry", got)
	}
}
