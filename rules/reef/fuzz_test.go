package reef

import (
	"bytes"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// FuzzApply plays typed notation against positions from random games: it must never panic, a
// refusal must leave the state as it was, and an accepted move must keep the invariants.
func FuzzApply(f *testing.F) {
	for _, m := range []string{"grow w", "take p", "1 d 4", "shrimp 1 d 4 2 a 3", "alga w red 3", "eat 9 z 0", "cp 1 a 1", "w g y", "trade w grow"} {
		f.Add(uint64(3), uint8(20), uint8(0), m)
	}
	f.Fuzz(func(t *testing.T, seed uint64, steps uint8, seatByte uint8, notation string) {
		s := newGame(t, 2+int(seed%3), seed, VariantStandard)
		randomGame(t, s, seed, int(steps), nil)
		m, err := rules.ParseMove(notation)
		if err != nil {
			return
		}
		seat := rules.Seat(int(seatByte)%(s.Seats+1) - 1)
		before, _ := s.Encode()
		_, err = s.Apply(seat, m)
		after, _ := s.Encode()
		if err != nil {
			if _, ok := rules.IsIllegal(err); !ok {
				t.Fatalf("%q refused without a reason: %v", notation, err)
			}
			if !bytes.Equal(before, after) {
				t.Fatalf("refused %q changed the state", notation)
			}
			return
		}
		checkInvariants(t, s)
		if _, err := Game.Decode(after); err != nil {
			t.Fatalf("snapshot after %q does not decode: %v", notation, err)
		}
	})
}

// FuzzDecode: any bytes either fail to decode or give a state the rules can run on.
func FuzzDecode(f *testing.F) {
	s := newGame(f, 3, 2, VariantStandard)
	randomGame(f, s, 2, 60, nil)
	b, _ := s.Encode()
	f.Add(b)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"seats":2}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		st, err := Game.Decode(b)
		if err != nil {
			return
		}
		for seat := rules.Spectator; int(seat) < st.(*state).Seats; seat++ {
			st.View(seat)
			st.Choices(seat, nil)
		}
		st.Awaiting()
	})
}
