package reef

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// newGame starts a game with the given seats, seed and variant.
func newGame(t testing.TB, seats int, seed uint64, variant string) *state {
	t.Helper()
	st, err := Game.New(rules.Setup{Seats: seats, Seed: seed, Options: map[string]string{OptVariant: variant}})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

// randomGame plays random legal moves until the game ends (or maxMoves), calling log per move.
func randomGame(t testing.TB, s *state, seed uint64, maxMoves int, log func(seat rules.Seat, m rules.Move, evs []rules.Event)) int {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	n := 0
	for s.Res == nil && n < maxMoves {
		ps := s.Awaiting()
		if len(ps) == 0 {
			t.Fatalf("no result and nobody awaited")
		}
		seat := ps[r.IntN(len(ps))].Seat
		m, err := rules.RandomMove(s, seat, r)
		if err != nil {
			t.Fatalf("random move: %v", err)
		}
		evs, err := s.Apply(seat, m)
		if err != nil {
			t.Fatalf("apply %q: %v", m, err)
		}
		if log != nil {
			log(seat, m, evs)
		}
		n++
	}
	return n
}

// mustApply applies notation for seat and fails the test on refusal.
func mustApply(t testing.TB, s *state, seat int, notation string) []rules.Event {
	t.Helper()
	m, err := rules.ParseMove(notation)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := s.Apply(rules.Seat(seat), m)
	if err != nil {
		t.Fatalf("%q refused: %v", notation, err)
	}
	return evs
}

// refuse checks that notation is refused for seat, and returns the reason.
func refuse(t testing.TB, s *state, seat int, notation string) string {
	t.Helper()
	m, err := rules.ParseMove(notation)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := s.Encode()
	_, err = s.Apply(rules.Seat(seat), m)
	if err == nil {
		t.Fatalf("%q accepted, want refusal", notation)
	}
	reason, ok := rules.IsIllegal(err)
	if !ok || reason == "" {
		t.Fatalf("%q refused without a reason: %v", notation, err)
	}
	after, _ := s.Encode()
	if string(before) != string(after) {
		t.Fatalf("refused %q changed the state", notation)
	}
	return reason
}

// choices lists seat's options after the move written in notation.
func choices(t testing.TB, s *state, seat int, notation string) []rules.Choice {
	t.Helper()
	m, err := rules.ParseMove(notation)
	if err != nil {
		t.Fatal(err)
	}
	next, _, err := s.Choices(rules.Seat(seat), m)
	if err != nil {
		t.Fatalf("choices after %q: %v", notation, err)
	}
	return next
}
