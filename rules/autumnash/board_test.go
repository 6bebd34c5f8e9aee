package autumnash

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// The slot board answers like plain stacks through any run of pushes, pops and baggings:
// tops, the leaf under the top, heights, whole stacks, colours held, whose leaves may move,
// counts, and copies that go their own way.
func TestBoardAgreesWithStacks(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for round := range 20 {
		b := board{cols: 5, rows: 6}
		var want [30][]piece
		onBoard := 0
		for op := range 3000 {
			i := r.IntN(30)
			switch k := r.IntN(10); {
			case k < 5 && onBoard < data.leaves:
				p := newPiece(Colour(r.IntN(int(numColours))), Size(1+r.IntN(3)))
				b.push(i, p)
				want[i] = append(want[i], p)
				onBoard++
			case k < 9 && len(want[i]) > 0:
				if got, w := b.pop(i), want[i][len(want[i])-1]; got != w {
					t.Fatalf("round %d op %d: pop %d gives %v, want %v", round, op, i, got, w)
				}
				want[i] = want[i][:len(want[i])-1]
				onBoard--
			case len(want[i]) > 0:
				// Take out one leaf of the top's colour from the middle, as bagging does.
				c := want[i][len(want[i])-1].colour()
				max := 1 + r.IntN(2)
				removeColour(&b, i, c, max, nil)
				for k := len(want[i]) - 1; k >= 0 && max > 0; k-- {
					if want[i][k].colour() == c {
						want[i] = slices.Delete(want[i], k, k+1)
						onBoard--
						max--
					}
				}
			}
			if op%100 == 0 {
				cp := b
				cp.push(i, newPiece(Green, Pawn)) // a copy changes alone
				checkBoard(t, &b, want[:])
			}
		}
		checkBoard(t, &b, want[:])
	}
}

func checkBoard(t *testing.T, b *board, want [][]piece) {
	t.Helper()
	var n [numColours][4]int
	for i, st := range want {
		var top, second piece
		if len(st) > 0 {
			top = st[len(st)-1]
		}
		if len(st) > 1 {
			second = st[len(st)-2]
		}
		if b.top(i) != top || b.second(i) != second || b.height(i) != len(st) || b.vacant(i) != (len(st) == 0) {
			t.Fatalf("square %d: top %v second %v height %d, want %v %v %d", i, b.top(i), b.second(i), b.height(i), top, second, len(st))
		}
		if got := b.stack(i, nil); !slices.Equal(got, st) && len(st) > 0 {
			t.Fatalf("square %d: stack %v, want %v", i, got, st)
		}
		for seat := range 2 {
			if got, want := b.movers[seat]&(1<<i) != 0, moverOf[top] == int8(seat); got != want {
				t.Fatalf("square %d: seat %d may move its top %v: %v, want %v", i, seat, top, got, want)
			}
		}
		for c := Colour(0); c < numColours; c++ {
			has := slices.ContainsFunc(st, func(p piece) bool { return p.colour() == c })
			if b.holds(i, c) != has {
				t.Fatalf("square %d: holds %v is %v, want %v", i, c, b.holds(i, c), has)
			}
		}
		for _, p := range st {
			n[p.colour()][p.size()]++
		}
	}
	if b.counts() != n {
		t.Fatalf("counts %v, want %v", b.counts(), n)
	}
}

// play keeps the counts of leaves on the board by hand (entries, changes of colour, bagging):
// they stay what a recount gives, over random games of every variant.
func TestCountsFollowMoves(t *testing.T) {
	for i, variant := range []string{VariantStandard, VariantBeginner, VariantUnsettled} {
		for g := range 4 {
			s := newGame(t, variant)
			r := rand.New(rand.NewPCG(uint64(i), uint64(g)))
			for ply := 0; s.result == nil; ply++ {
				m, err := rules.RandomMove(s, s.turn, r)
				if err != nil {
					t.Fatal(err)
				}
				mustApply(t, s, m.String())
				if s.counts != s.b.counts() {
					t.Fatalf("%s game %d ply %d after %s: counts %v, recount %v", variant, g, ply, m, s.counts, s.b.counts())
				}
			}
		}
	}
}
