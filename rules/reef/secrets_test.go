package reef

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// setupMoves are every setup choice seat may make now.
func setupMoves(t *testing.T, s *state, seat rules.Seat) []rules.Move {
	t.Helper()
	moves, _, err := rules.Enumerate(s, seat, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) < 2 {
		t.Fatalf("seat %d has only %d setup choices", seat, len(moves))
	}
	return moves
}

// outside is what the seats other than chooser may learn after chooser's setup move: the public
// events, every other seat's view, prompts and first menu, and the public view.
func outside(t *testing.T, s *state, chooser rules.Seat, evs []rules.Event) string {
	t.Helper()
	var b strings.Builder
	for _, e := range evs {
		for o := rules.Seat(0); int(o) < s.Seats; o++ {
			if o != chooser && e.VisibleTo(o) {
				fmt.Fprintf(&b, "event to %d: %s\n", o, e.English())
			}
		}
	}
	for v := rules.Spectator; int(v) < s.Seats; v++ {
		if v == chooser {
			continue
		}
		j, _ := json.Marshal(s.View(v))
		fmt.Fprintf(&b, "view %d: %s\n", v, j)
	}
	for _, p := range s.Awaiting() {
		fmt.Fprintf(&b, "prompt %d: %s\n", p.Seat, p.English())
		if p.Seat != chooser {
			next, _, _ := s.Choices(p.Seat, nil)
			for _, c := range next {
				fmt.Fprintf(&b, "menu %d: %s %s\n", p.Seat, c.Token, c.English())
			}
			for _, m := range setupMoves(t, s, p.Seat) {
				fmt.Fprintf(&b, "move %d: %s\n", p.Seat, m)
			}
		}
	}
	return b.String()
}

// The setup choice is made by all at once: until the last seat has chosen, what one seat chose
// reaches only that seat. Every other seat, and the public, see the same whatever it chose; the
// last choice reveals every seat's larva cubes at once (the parrotfish polyps stay secret).
func TestSetupChoicesStaySecretUntilAllHaveChosen(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for seed := uint64(1); seed <= 3; seed++ {
			s := newGame(t, n, seed, VariantStandard)
			r := rand.New(rand.NewPCG(seed, 3))
			for k := 0; k < n-1; k++ {
				ps := s.Awaiting()
				chooser := ps[r.IntN(len(ps))].Seat
				var seen string
				moves := setupMoves(t, s, chooser)
				for i, m := range moves {
					c := s.clone()
					evs, err := c.Apply(chooser, m)
					if err != nil {
						t.Fatal(err)
					}
					for _, e := range evs {
						if strings.Contains(e.English(), "larva cube") && !e.VisibleTo(chooser) {
							t.Fatalf("the chooser is not told its own choice: %+v", e)
						}
					}
					got := outside(t, c, chooser, evs)
					if i == 0 {
						seen = got
					} else if got != seen {
						t.Fatalf("%d seats: what others see depends on seat %d's choice %q:\n%s\nvs\n%s", n, chooser, m, seen, got)
					}
				}
				if _, err := s.Apply(chooser, moves[r.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
			// The last choice reveals every seat's cubes to all, and only then do they leave the supply.
			last := s.Awaiting()[0].Seat
			supply := s.CubeSupply
			evs := mustApply(t, s, int(last), setupMoves(t, s, last)[0].String())
			revealed := 0
			for _, e := range evs {
				if e.Public() && e.Reveals && strings.Contains(e.English(), "larva cube") {
					revealed++
				}
			}
			if revealed != n || s.Phase != phasePlay {
				t.Fatalf("%d seats: %d public reveals of the cubes, phase %d: %+v", n, revealed, s.Phase, evs)
			}
			taken := 0
			for c := range supply {
				taken += supply[c] - s.CubeSupply[c]
			}
			if taken != 2*n {
				t.Fatalf("%d cubes left the supply at the reveal, want %d", taken, 2*n)
			}
			checkTotals(t, s)
		}
	}
}

// treeText writes seat's choice tree (tokens and labels, depth first, up to limit nodes), its
// prompts and view, and the refusals of wrong moves: everything a menu, picker, autocomplete or
// refusal could tell the seat.
func treeText(s *state, seat rules.Seat, limit int) string {
	var b strings.Builder
	nodes := 0
	var walk func(m rules.Move)
	walk = func(m rules.Move) {
		if nodes >= limit {
			return
		}
		nodes++
		next, complete, err := s.Choices(seat, m)
		fmt.Fprintf(&b, "%s|%v|%v\n", m, complete, err)
		for _, c := range next {
			fmt.Fprintf(&b, "  %s: %s\n", c.Token, c.English())
		}
		for _, c := range next {
			walk(append(m[:len(m):len(m)], c.Token))
		}
	}
	walk(nil)
	for _, p := range s.Awaiting() {
		fmt.Fprintf(&b, "prompt %d: %s\n", p.Seat, p.English())
	}
	j, _ := json.Marshal(s.View(seat))
	fmt.Fprintf(&b, "view: %s\n", j)
	var wrong []string
	for _, c := range Colours {
		l := c.Letter()
		wrong = append(wrong, "polyp "+l, "grow "+l, "trade "+l+" polyp", "trade "+l+" grow", "take "+l, l+" "+l+" "+l, "alga "+l+" red sea")
	}
	wrong = append(wrong, "zz", "eat 1 d 4", "add 1 d 4", "shrimp 1 d 4 home", "1 d 4", "cp 1 d 4", "done", "pass", "polyp", "take")
	for _, w := range wrong {
		m, _ := rules.ParseMove(w)
		_, err := s.clone().Apply(seat, m)
		fmt.Fprintf(&b, "apply %s: %v\n", w, err)
	}
	return b.String()
}

// A seat's choices never tell it what it may not see: its whole choice tree, prompts, view and
// refusals are the same after the bag, the other screens, parrotfish and larva cubes are dealt
// again (Scramble), at random positions of random 2-4 seat games, and in a bag out of a colour.
func TestChoiceTreeIgnoresWhatTheSeatCannotSee(t *testing.T) {
	games, every := 6, 9
	if testing.Short() {
		games, every = 3, 23
	}
	check := func(s *state, seat rules.Seat, seed uint64, where string) {
		before := treeText(s, seat, 1500)
		sc, err := Scramble(s, seat, seed)
		if err != nil {
			t.Fatal(err)
		}
		if after := treeText(sc.(*state), seat, 1500); after != before {
			t.Fatalf("%s: seat %d's choices change when only what it cannot see is dealt again:\n%s", where, seat, firstDiff(before, after))
		}
	}
	positions := 0
	for g := 0; g < games; g++ {
		n := 2 + g%3
		s := newGame(t, n, uint64(900+g), VariantStandard)
		r := rand.New(rand.NewPCG(uint64(g), 5))
		for moves := 0; s.Res == nil; moves++ {
			ps := s.Awaiting()
			seat := ps[r.IntN(len(ps))].Seat
			if moves%every == 0 {
				check(s, seat, r.Uint64(), fmt.Sprintf("game %d move %d", g, moves))
				positions++
			}
			m, err := rules.RandomMove(s, seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The bag holds no yellow and the yellow bonus tile is gone, while the other seat hides
	// yellow polyps: a re-deal may put yellow back into the bag, and the menu must not care.
	s := fixture(t, 3)
	giveCube(t, s, 0, Yellow)
	giveConsumed(t, s, 0, Pink, 1)
	give(t, s, 1, Yellow, s.Bag[Yellow])
	s.Bonus[Yellow] = false
	s.Players[1].Screen[Yellow]++ // the bonus tile went behind a screen
	for seed := uint64(0); seed < 20; seed++ {
		check(s, 0, seed, "a bag without yellow")
	}
	if positions < 40 {
		t.Fatalf("only %d positions checked", positions)
	}
}

func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range la {
		if i >= len(lb) || la[i] != lb[i] {
			other := ""
			if i < len(lb) {
				other = lb[i]
			}
			return fmt.Sprintf("before: %s\nafter:  %s", la[i], other)
		}
	}
	return "after is longer"
}
