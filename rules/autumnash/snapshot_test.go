package autumnash

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

var update = flag.Bool("update", false, "rewrite testdata/snapshots.txt")

// Snapshots stay readable and the engine plays the same whatever the board is made of inside:
// testdata/snapshots.txt was written from strings-of-bytes boards (2ac78f4), every seventh
// position and the last of one seeded random game per variant. Each decodes and encodes to the
// same bytes, and the same games played now give the same snapshots.
func TestSnapshotsStay(t *testing.T) {
	var got []string
	for i, variant := range []string{VariantStandard, VariantBeginner, VariantUnsettled} {
		st, err := Game.New(rules.Setup{Seats: 2, Seed: uint64(i), Options: map[string]string{OptVariant: variant}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		r := rand.New(rand.NewPCG(uint64(i), 11))
		for ply := 0; s.result == nil; ply++ {
			if ply%7 == 0 {
				got = append(got, string(mustEncode(t, s)))
			}
			m, err := rules.RandomMove(s, s.turn, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(s.turn, m); err != nil {
				t.Fatal(err)
			}
		}
		got = append(got, string(mustEncode(t, s)))
	}
	path := filepath.Join("testdata", "snapshots.txt")
	if *update {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := readSnapshots(t, path)
	// Games stored before the move before last was kept (no "prev") still read and write back
	// unchanged.
	old := readSnapshots(t, filepath.Join("testdata", "snapshots-before-prev.txt"))
	tall := 0
	for i, w := range append(want[:len(want):len(want)], old...) {
		d, err := decode([]byte(w))
		if err != nil {
			t.Fatalf("snapshot %d: %v", i+1, err)
		}
		if again := mustEncode(t, d); !bytes.Equal(again, []byte(w)) {
			t.Fatalf("snapshot %d encodes differently after decoding:\n got %s\nwant %s", i+1, again, w)
		}
		for q := 0; q < d.b.n(); q++ {
			tall = max(tall, d.b.height(q))
		}
	}
	if tall < 3 {
		t.Errorf("the snapshots stack at most %d leaves on a square: too easy a test", tall)
	}
	if len(got) != len(want) {
		t.Fatalf("the games give %d snapshots, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("snapshot %d differs:\n got %s\nwant %s", i+1, got[i], want[i])
		}
	}
}

func readSnapshots(t *testing.T, path string) []string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
}

// The view keeps both players' last moves, what each bagged included, through a snapshot: the
// board marks both, so a player's own bag does not vanish once the opponent has moved.
func TestViewKeepsBothLastMoves(t *testing.T) {
	bagsSeen := 0
	for seed := uint64(1); seed <= 6; seed++ {
		st, err := Game.New(rules.Setup{Seats: 2, Seed: seed, Options: map[string]string{OptVariant: VariantStandard}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		r := rand.New(rand.NewPCG(seed, 3))
		var before *LastMove
		for ply := 0; s.result == nil; ply++ {
			m, err := rules.RandomMove(s, s.turn, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(s.turn, m); err != nil {
				t.Fatal(err)
			}
			v := s.View(0).(*View)
			if v.Last == nil {
				t.Fatalf("seed %d ply %d: no last move", seed, ply)
			}
			if ply == 0 && v.Prev != nil {
				t.Fatalf("seed %d: a move before the first: %+v", seed, *v.Prev)
			}
			if ply > 0 {
				if v.Prev == nil || !reflect.DeepEqual(*v.Prev, *before) || v.Prev.Seat == v.Last.Seat {
					t.Fatalf("seed %d ply %d: prev %+v, want %+v (last %+v)", seed, ply, v.Prev, before, *v.Last)
				}
				if v.Prev.Points > 0 && len(v.Prev.Bagged) > 0 {
					bagsSeen++
				}
			}
			d, err := decode(mustEncode(t, s))
			if err != nil {
				t.Fatal(err)
			}
			if dv := d.View(0).(*View); !reflect.DeepEqual(dv.Prev, v.Prev) || !reflect.DeepEqual(dv.Last, v.Last) {
				t.Fatalf("seed %d ply %d: decoded last moves %+v %+v, want %+v %+v", seed, ply, dv.Last, dv.Prev, v.Last, v.Prev)
			}
			before = v.Last
		}
	}
	if bagsSeen == 0 {
		t.Fatal("no game kept a bag as the move before last: too easy a test")
	}
}

// A snapshot whose move before last is by the same player as the last is refused.
func TestSnapshotPrevSameSeat(t *testing.T) {
	s := newGame(t, VariantStandard)
	for _, m := range []string{"c2 c3 drone"} {
		if _, err := s.Apply(s.turn, move(m)); err != nil {
			t.Fatal(err)
		}
	}
	l := *s.last
	s.prev = &l
	if _, err := decode(mustEncode(t, s)); err == nil || !strings.Contains(err.Error(), "other player") {
		t.Fatalf("decode of a prev by the same seat: %v", err)
	}
}

// A snapshot with more leaves than the game has is refused before the board could run out of
// slots, with or without stacks that tall.
func TestSnapshotTooManyLeaves(t *testing.T) {
	for _, c := range []struct {
		name  string
		cells map[int]string
	}{
		{"one stack of 130", map[int]string{0: strings.Repeat("G1", 130)}},
		{"115 on two squares", map[int]string{0: strings.Repeat("G1", 60), 7: strings.Repeat("C2", 55)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cells := make([]string, 30)
			for i, st := range c.cells {
				cells[i] = `"` + st + `"`
			}
			for i := range cells {
				if cells[i] == "" {
					cells[i] = `""`
				}
			}
			snap := `{"variant":"standard","board":[` + strings.Join(cells, ",") + `],"scores":[0,0],"turn":0}`
			_, err := decode([]byte(snap))
			if err == nil || !strings.Contains(err.Error(), "more than the game's 114 leaves") {
				t.Fatalf("got %v, want a refusal for too many leaves", err)
			}
		})
	}
}
