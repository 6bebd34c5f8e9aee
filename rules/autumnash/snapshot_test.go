package autumnash

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
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
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	tall := 0
	for i, w := range want {
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
