package ascidiae

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// FuzzApply: typed moves on positions from random play never panic; what the choice tree does
// not hold is refused with a reason and changes nothing; what it holds applies.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"rest", "b2 up c2 right", "root vikenti c3 left", "colonize g1", "1", "black+red", "displace b2 b3 red", "flow", "habilis a1 down", "puff", "spin a1 up white", "block trinea"} {
		f.Add(uint64(3), uint16(20), s)
	}
	f.Fuzz(func(t *testing.T, seed uint64, steps uint16, text string) {
		s, _ := Game.Info().ValidateSetup(rules.Setup{Seats: 2, Seed: seed, Options: map[string]string{"preset": "random"}})
		st, err := Game.New(s)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 1))
		for i := 0; i < int(steps%200) && st.Result() == nil; i++ {
			p := st.Awaiting()[0]
			m, err := rules.RandomMove(st, p.Seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(p.Seat, m); err != nil {
				t.Fatal(err)
			}
		}
		m, err := rules.ParseMove(text)
		if err != nil {
			return
		}
		seat := rules.Seat(0)
		if ps := st.Awaiting(); len(ps) > 0 {
			seat = ps[0].Seat
		}
		before, _ := st.Encode()
		legal := rules.Check(st, seat, m) == nil
		_, err = st.Apply(seat, m)
		if legal != (err == nil) {
			t.Fatalf("%q: choice tree says legal=%v, Apply says %v", text, legal, err)
		}
		if err != nil {
			if reason, ok := rules.IsIllegal(err); !ok || reason == "" {
				t.Fatalf("%q refused without a reason: %v", text, err)
			}
			after, _ := st.Encode()
			if !bytes.Equal(before, after) {
				t.Fatalf("%q refused but changed the state", text)
			}
		}
	})
}
