package bot

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// The start post lists the players in turn order: at four seats it listed alice (House III)
// first while dave (House I) moved first. A game whose first seat is always seat 0 keeps seat order.
func TestStartRosterInTurnOrder(t *testing.T) {
	names := []string{"alice", "bob", "carol", "dave"}
	row := &storage.Game{Players: []storage.Player{
		{Seat: 2, UserID: "u-c", Name: "carol"}, {Seat: 0, UserID: "u-a", Name: "alice"},
		{Seat: 3, UserID: "u-d", Name: "dave"}, {Seat: 1, UserID: "u-b", Name: "bob"}}}
	first := func(lines string) []string {
		var out []string
		for _, l := range strings.Split(lines, "\n") {
			for _, n := range names {
				if l == "- "+n || strings.HasPrefix(l, "- "+n+" ") {
					out = append(out, n)
				}
			}
		}
		return out
	}
	for _, c := range []struct {
		kind string
		seed uint64
		want string
	}{
		{"ausonia", 1, "dave alice bob carol"}, // seed 1 at four seats: seat 3 moves first
		{"ausonia", 2, "carol dave alice bob"},
		{"ascidiae", 1, "alice bob carol dave"},
		{"reef-encounter", 1, "alice bob carol dave"},
	} {
		g := replayKits[c.kind].Game
		st, err := g.New(rules.Setup{Seats: 4, Seed: c.seed})
		if err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
		aw := st.Awaiting()
		got := first(rosterLines("en", row, st))
		if c.kind == "ausonia" && (len(aw) != 1 || names[aw[0].Seat] != got[0]) {
			t.Errorf("%s seed %d: %v listed first, %v moves first", c.kind, c.seed, got, aw)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s seed %d: roster %v, want %s", c.kind, c.seed, got, c.want)
		}
	}
}
