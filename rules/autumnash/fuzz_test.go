package autumnash

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// randomState builds an arbitrary legal-looking position: random leaves (within the equipment)
// dropped on random squares of one field, random scores below the target, either side to move.
func randomState(seed uint64) *state {
	r := rand.New(rand.NewPCG(seed, 99))
	v := data.variants[r.IntN(len(data.variants))]
	wins := v.windows(&board{cols: v.cols, rows: v.rows}, nil)
	w := wins[r.IntN(len(wins))]
	s := &state{v: v, b: board{cols: v.cols, rows: v.rows}, turn: rules.Seat(r.IntN(2))}
	s.scores = [2]int{r.IntN(data.target), r.IntN(data.target)}
	var used [numColours][4]int
	for n := r.IntN(40); n > 0; n-- {
		c, z := Colour(r.IntN(int(numColours))), Size(1+r.IntN(3))
		if used[c][z] >= data.total[c][z] {
			continue
		}
		used[c][z]++
		s.b.push(v.sq(w.c0+r.IntN(w.c1-w.c0+1), w.r0+r.IntN(w.r1-w.r0+1)), newPiece(c, z))
	}
	s.refresh()
	return s
}

// applyAgrees checks Apply against the choice tree for one move: it succeeds exactly when the
// move is a complete path, and a refusal has a reason and changes nothing.
func applyAgrees(t *testing.T, s *state, m rules.Move) {
	t.Helper()
	before, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	inTree := rules.Check(s, s.turn, m) == nil
	_, err = s.Apply(s.turn, m)
	if inTree != (err == nil) {
		t.Fatalf("%q: in tree %v, apply error %v\n%s", m, inTree, err, s.diagram())
	}
	if err != nil {
		if reason, ok := rules.IsIllegal(err); !ok || reason == "" {
			t.Fatalf("%q refused without a reason: %v", m, err)
		}
		if after, _ := s.Encode(); !bytes.Equal(before, after) {
			t.Fatalf("refused %q changed the state", m)
		}
		return
	}
	if err := s.validate(); err != nil {
		t.Fatalf("after %q: %v\n%s", m, err, s.diagram())
	}
	roundTrip(t, s)
}

func roundTrip(t *testing.T, s *state) {
	t.Helper()
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	d, err := decode(b)
	if err != nil {
		t.Fatalf("decode: %v\n%s", err, b)
	}
	b2, _ := d.Encode()
	if !bytes.Equal(b, b2) {
		t.Fatalf("encode/decode differs:\n%s\n%s", b, b2)
	}
}

// FuzzApply plays the tree's own moves and arbitrary token lists on random positions.
func FuzzApply(f *testing.F) {
	for i := range 20 {
		f.Add(uint64(i), "c2 c3 drone")
	}
	f.Add(uint64(7), "a1 pawn a1 a2 queen")
	f.Add(uint64(9), "e6 e5")
	f.Fuzz(func(t *testing.T, seed uint64, text string) {
		s := randomState(seed)
		if m, err := rules.ParseMove(text); err == nil {
			c, _ := decode(mustEncode(t, s))
			applyAgrees(t, c, m)
		}
		r := rand.New(rand.NewPCG(seed, 1))
		for i := 0; i < 6 && s.result == nil && s.hasLegalMove(); i++ {
			m, err := rules.RandomMove(s, s.turn, r)
			if err != nil {
				t.Fatalf("random move: %v\n%s", err, s.diagram())
			}
			score := s.scores
			mover := s.turn
			applyAgrees(t, s, m)
			if s.scores[mover] < score[mover] || s.scores[other(mover)] != score[other(mover)] {
				t.Fatalf("%q changed scores %v -> %v", m, score, s.scores)
			}
		}
	})
}

func mustEncode(t testing.TB, s *state) []byte {
	t.Helper()
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzMoveText sends typed text to the start of every variant and to the rulebook positions.
func FuzzMoveText(f *testing.F) {
	for _, s := range []string{"c2 c3 drone", "A6 queen a6 a5 pawn", "d1 d2", "a3 b3 queen", "zz", "c2 c2 c2", "h8 pawn h8 h7 drone", "  ", "é1"} {
		f.Add(s)
	}
	var starts [][]byte
	for _, v := range data.variants {
		starts = append(starts, mustEncode(f, newState(v)))
	}
	for _, name := range []string{"movement.txt", "scoring.txt"} {
		starts = append(starts, mustEncode(f, posFile(f, name)))
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := rules.ParseMove(text)
		if err != nil {
			return
		}
		for _, b := range starts {
			s, err := decode(b)
			if err != nil {
				t.Fatal(err)
			}
			applyAgrees(t, s, m)
			if c, err := rules.Canonical(s, s.turn, m); err == nil {
				applyAgrees(t, s, c)
			}
		}
	})
}

// FuzzDecode feeds arbitrary snapshots: no panics, and what decodes re-encodes stably.
func FuzzDecode(f *testing.F) {
	for _, v := range data.variants {
		f.Add(mustEncode(f, newState(v)))
	}
	s := posFile(f, "scoring.txt")
	s.Apply(1, move("a3 b3 queen"))
	f.Add(mustEncode(f, s))
	f.Add([]byte(`{"variant":"standard","board":[]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := decode(b)
		if err != nil {
			return
		}
		roundTrip(t, s)
		_ = s.view()
		if s.result == nil {
			s.Choices(s.turn, nil)
		}
	})
}

// FuzzDiagram: the test-position parser never panics and its output parses back the same.
func FuzzDiagram(f *testing.F) {
	f.Add(cornered)
	f.Add("variant unsettled\nturn xeno\n8 . . . . . . . .\n1 G1 . . . . . . .")
	f.Add("6 R3N1R1 . . . .")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := parseDiagram(text)
		if err != nil {
			return
		}
		d := s.diagram()
		s2, err := parseDiagram(d)
		if err != nil {
			t.Fatalf("own diagram does not parse: %v\n%s", err, d)
		}
		if s2.diagram() != d {
			t.Fatalf("diagram round trip differs:\n%s\n%s", d, s2.diagram())
		}
	})
}

// Perft-style counts from the start, counted by hand (see docs/rules/autumn-ash.md): moves that
// do not enter a leaf. Standard: pawn B1 20, queen C2 30, drone D1 20. Beginner: the drone may not
// cap the pawn on B1, 69.
func TestStartMoveCounts(t *testing.T) {
	for variant, want := range map[string]int{VariantStandard: 70, VariantBeginner: 69} {
		s := newGame(t, variant)
		moves, whole, err := rules.Enumerate(s, 0, 100000)
		if err != nil || !whole {
			t.Fatal(err, whole)
		}
		n := 0
		for _, m := range moves {
			if sq, _ := s.v.parseSquare(m[0]); !s.b.vacant(sq) {
				n++
			}
		}
		if n != want {
			t.Errorf("%s: %d moves without entry, want %d (%d in all)", variant, n, want, len(moves))
		}
	}
}
