package ausonia

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// newGame starts a game; options are key=value pairs.
func newGame(t testing.TB, seats int, seed uint64, opts ...string) *state {
	t.Helper()
	o := map[string]string{}
	for _, kv := range opts {
		k, v, _ := strings.Cut(kv, "=")
		o[k] = v
	}
	st, err := Game.New(rules.Setup{Seats: seats, Seed: seed, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

// piles lists every pile of the game, so tests can move a card from wherever it lies.
func (s *state) allPiles() []*[]int {
	ps := []*[]int{&s.FavourDeck, &s.Offer, &s.PowerDeck}
	for _, pl := range s.P {
		ps = append(ps, &pl.Draw, &pl.Hand, &pl.Discard, &pl.Play, &pl.Bought, &pl.Raise, &pl.Seal)
	}
	if s.Solo != nil {
		ps = append(ps, &s.Solo.Kept, &s.Solo.Discard)
	}
	return ps
}

// grab removes one instance of code from wherever it lies (for starter cards: one of seat p's) and
// returns it. Instances already placed by the test are skipped when skip says so.
func grab(t testing.TB, s *state, p rules.Seat, code string, skip map[int]bool) int {
	t.Helper()
	for _, pile := range s.allPiles() {
		for _, x := range *pile {
			if s.code(x) != code || skip[x] {
				continue
			}
			if x < s.N*starterSize && x/starterSize != int(p) {
				continue
			}
			*pile = remove(*pile, x)
			return x
		}
	}
	t.Fatalf("no free %s card for seat %d", code, p)
	return -1
}

// set replaces a zone of seat p with the named cards, moving the old contents to the draw pile's
// bottom so every card stays somewhere. Zone is hand, play, discard, raise, seal or draw (listed
// bottom to top).
func set(t testing.TB, s *state, p rules.Seat, zone string, codes ...string) []int {
	t.Helper()
	pl := s.P[p]
	var z *[]int
	switch zone {
	case "hand":
		z = &pl.Hand
	case "play":
		z = &pl.Play
	case "discard":
		z = &pl.Discard
	case "raise":
		z = &pl.Raise
	case "seal":
		z = &pl.Seal
	case "draw":
		z = &pl.Draw
	default:
		t.Fatalf("zone %q", zone)
	}
	placed := map[int]bool{}
	var got []int
	for _, c := range codes {
		x := grab(t, s, p, c, placed)
		placed[x] = true
		got = append(got, x)
	}
	old := *z
	// Put the old contents where they can do no harm: the bottom of the draw pile, or, when the
	// draw pile itself is being set, the owner's raise area (out of the way of every test that
	// sets a draw pile); favour cards go back to the Favour deck.
	for _, x := range old {
		switch {
		case x >= s.N*starterSize:
			s.FavourDeck = append([]int{x}, s.FavourDeck...)
		case zone == "draw":
			owner := s.P[x/starterSize]
			owner.Raise = append(owner.Raise, x)
		default:
			owner := s.P[x/starterSize]
			owner.Draw = append([]int{x}, owner.Draw...)
		}
	}
	*z = got
	if zone == "play" {
		for _, x := range got {
			s.T.Gems = s.T.Gems.Add(s.card(x).Gives)
		}
	}
	if err := s.check(); err != nil {
		t.Fatalf("set %s: %v", zone, err)
	}
	return got
}

// setOffer makes the Offer Row exactly these favour cards, left to right.
func setOffer(t testing.TB, s *state, codes ...string) {
	t.Helper()
	placed := map[int]bool{}
	var got []int
	for _, c := range codes {
		x := grab(t, s, 0, c, placed)
		placed[x] = true
		got = append(got, x)
	}
	s.FavourDeck = append(s.Offer, s.FavourDeck...)
	s.Offer = got
	if err := s.check(); err != nil {
		t.Fatal(err)
	}
}

// topFavour puts a card on top of the Favour deck.
func topFavour(t testing.TB, s *state, code string) {
	t.Helper()
	x := grab(t, s, 0, code, nil)
	s.FavourDeck = append(s.FavourDeck, x)
}

// topPower puts a card on top of the Power deck.
func topPower(t testing.TB, s *state, code string) {
	t.Helper()
	x := grab(t, s, 0, code, nil)
	s.PowerDeck = append(s.PowerDeck, x)
}

func do(t testing.TB, s *state, p rules.Seat, move string) []rules.Event {
	t.Helper()
	m, err := rules.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := s.Apply(p, m)
	if err != nil {
		t.Fatalf("%q refused: %v", move, err)
	}
	return ev
}

// refuse checks that a move is refused with a reason containing want, and changes nothing.
func refuse(t testing.TB, s *state, p rules.Seat, move, want string) {
	t.Helper()
	before, _ := s.Encode()
	m, _ := rules.ParseMove(move)
	_, err := s.Apply(p, m)
	if err == nil {
		t.Fatalf("%q accepted", move)
	}
	reason, ok := rules.IsIllegal(err)
	if !ok || !strings.Contains(reason, want) {
		t.Fatalf("%q refused with %q, want it to mention %q", move, err, want)
	}
	after, _ := s.Encode()
	if string(before) != string(after) {
		t.Fatalf("refused %q changed the state", move)
	}
}

func codesOf(s *state, xs []int) string { return strings.Join(s.codes(xs), " ") }

func next(t testing.TB, s *state, p rules.Seat, partial string) []string {
	t.Helper()
	var m rules.Move
	if partial != "" {
		m, _ = rules.ParseMove(partial)
	}
	cs, _, err := s.Choices(p, m)
	if err != nil {
		t.Fatalf("choices after %q: %v", partial, err)
	}
	var out []string
	for _, c := range cs {
		out = append(out, c.Token)
	}
	return out
}

func has(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
