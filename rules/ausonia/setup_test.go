package ausonia

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

func TestSetup(t *testing.T) {
	for n := 1; n <= 4; n++ {
		s := newGame(t, n, uint64(n))
		if len(s.Offer) != 4 || len(s.FavourDeck) != 41 || len(s.PowerDeck) != 15 {
			t.Errorf("%dp: offer %d, favour deck %d, power deck %d", n, len(s.Offer), len(s.FavourDeck), len(s.PowerDeck))
		}
		for i, pl := range s.P {
			if len(pl.Hand) != 6 || len(pl.Draw) != 6 || pl.Influence != 10 {
				t.Errorf("%dp seat %d: hand %d, draw %d, influence %d", n, i, len(pl.Hand), len(pl.Draw), pl.Influence)
			}
		}
		if s.Turn != s.First || s.house(s.First) != 0 || s.Round != 1 {
			t.Errorf("%dp: the starting player must move first with deck I", n)
		}
		if n == 1 && (s.Solo == nil || s.Solo.Influence != 10) {
			t.Errorf("solo game without an Aspirant at 10")
		}
	}
}

// The starting player is chosen at random: over many seeds every seat starts sometimes.
func TestStartingPlayerIsRandom(t *testing.T) {
	seen := map[rules.Seat]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		seen[newGame(t, 3, seed).First] = true
	}
	if len(seen) != 3 {
		t.Errorf("starting seats seen: %v", seen)
	}
}

// Houses follow turn order from the starting player.
func TestHousesFollowTurnOrder(t *testing.T) {
	s := newGame(t, 4, 9)
	for h := 0; h < 4; h++ {
		if s.house(s.seatOfHouse(h)) != h {
			t.Fatalf("house %d", h)
		}
	}
	v := s.View(rules.Spectator).(*View)
	if v.Players[s.First].House != "I" {
		t.Errorf("the starting player has house %s", v.Players[s.First].House)
	}
}

func TestOptionsValidated(t *testing.T) {
	info := Game.Info()
	if _, err := info.ValidateSetup(rules.Setup{Seats: 1, Options: map[string]string{OptAspirant: "4"}}); err == nil {
		t.Error("aspirant 4 accepted")
	}
	if _, err := info.ValidateSetup(rules.Setup{Seats: 5}); err == nil {
		t.Error("5 players accepted")
	}
	if _, err := Game.New(rules.Setup{Seats: 1, Options: map[string]string{OptAspirant: "9"}}); err == nil {
		t.Error("New accepted a bad option")
	}
	if info.ID != "ausonia" || info.SummaryMsg.English() == "" || info.NotationMsg.English() == "" {
		t.Error("info incomplete")
	}
}

func TestDecodeRejectsBrokenSnapshots(t *testing.T) {
	s := newGame(t, 2, 1)
	s.P[0].Hand = append(s.P[0].Hand, s.P[0].Hand[0])
	b, _ := s.Encode()
	if _, err := Game.Decode(b); err == nil {
		t.Error("a duplicated card was accepted")
	}
	if _, err := Game.Decode([]byte("{")); err == nil {
		t.Error("bad JSON accepted")
	}
}
