package rulestest

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

func TestFakeGamePasses(t *testing.T) {
	errs, st := CheckStats(bids{}, Config{Games: 4, Scramble: ScrambleBids})
	for _, e := range errs {
		t.Error(e)
	}
	if st.Finished != st.Games || st.Games != 4*(3+1) {
		t.Fatalf("stats %+v: every playout should finish", st)
	}
	if st.Applied == 0 || st.Refused == 0 {
		t.Fatalf("stats %+v: the suite applied or refused nothing", st)
	}
}

// Each broken variant of the fake game must be caught, with a message naming the property.
func TestSuiteCatchesBrokenGames(t *testing.T) {
	cases := []struct {
		name string
		game bids
		want string
	}{
		{"leaky view", bids{leakHands: true}, "hidden information leaks"},
		{"refusal changes state", bids{dirtyRefusal: true}, "changed the state"},
		{"never ends", bids{endless: true}, "termination"},
		{"tree path refused", bids{refuseGift: true}, "refused"},
		{"answer that is no move", bids{badAnswer: true}, "declared answer \"gift\" is not a legal complete move"},
		{"simultaneous choice shown", bids{leakBid: true}, "asked at once in secret"},
		{"menu tells a secret", bids{leakMenu: true}, "a menu or refusal tells a secret"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			errs := Check(c.game, Config{Games: 2, MaxMoves: 300, Scramble: ScrambleBids,
				Setups: []rules.Setup{{Seats: 3, Seed: 5}}})
			if len(errs) == 0 {
				t.Fatalf("suite passed a broken game")
			}
			found := false
			for _, e := range errs {
				if strings.Contains(e.Error(), c.want) {
					found = true
				}
			}
			if !found {
				t.Fatalf("no error mentions %q: %v", c.want, errs)
			}
		})
	}
}

func TestSimultaneousAndChained(t *testing.T) {
	st, err := bids{}.New(rules.Setup{Seats: 3, Seed: 1, Options: map[string]string{"rounds": "3"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(st.Awaiting()); got != 3 {
		t.Fatalf("all three seats bid at once, awaiting %d", got)
	}
	if _, err := st.Apply(1, rules.Move{"bid", "pass"}); err != nil {
		t.Fatal(err)
	}
	if rules.IsAwaited(st, 1) || !rules.IsAwaited(st, 0) {
		t.Fatal("seat 1 has bid and must no longer be awaited; seat 0 still is")
	}
	if _, err := st.Apply(1, rules.Move{"bid", "pass"}); err == nil {
		t.Fatal("a seat that already bid bid again")
	}
	st.Apply(0, rules.Move{"bid", "pass"})
	evs, err := st.Apply(2, rules.Move{"bid", "pass"})
	if err != nil {
		t.Fatal(err)
	}
	if !evs[len(evs)-1].Reveals || !evs[len(evs)-1].Public() || evs[0].Public() {
		t.Fatalf("events %+v: own bid private, reveal public and marked", evs)
	}
	w := st.Awaiting()[0].Seat
	next, complete, err := st.Choices(w, rules.Move{"gift"})
	if err != nil || complete || len(next) == 0 {
		t.Fatalf("gift must chain into a card choice: %v %v %v", next, complete, err)
	}
	if _, err := st.Apply(w, rules.Move{"gift"}); err == nil {
		t.Fatal("an incomplete chained move was accepted")
	}
}
