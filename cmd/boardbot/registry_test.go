package main

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// Every game the binary offers passes the shared property suite at its smallest table, so a game
// cannot be registered without it. Each game's own package runs the full suite (every seat count
// and option, with its scrambler for hidden information); this is the registry's guard.
func TestEveryRegisteredGamePassesTheSuite(t *testing.T) {
	for _, k := range allKits() {
		info := k.Game.Info()
		t.Run(info.ID, func(t *testing.T) {
			if k.PNG == nil {
				t.Error("registered without a renderer")
			}
			errs, st := rulestest.CheckStats(k.Game, rulestest.Config{
				Setups:   []rules.Setup{{Seats: info.MinSeats, Seed: 5}},
				Games:    1,
				Every:    25,
				MaxMoves: 50000,
			})
			for _, e := range errs {
				t.Error(e)
			}
			t.Logf("%d moves, %d complete paths applied, %d refusals", st.Moves, st.Applied, st.Refused)
			if st.Finished != 1 {
				t.Fatalf("%+v", st)
			}
			if info.Name == "" || info.SummaryMsg.English() == "" || info.NotationMsg.English() == "" || info.ID != strings.ToLower(info.ID) {
				t.Errorf("info incomplete: %+v", info)
			}
		})
	}
}

func TestEnabledKits(t *testing.T) {
	ks, err := enabledKits([]string{"ausonia", "autumn-ash"})
	if err != nil || len(ks) != 2 || ks[0].Game.Info().ID != "ausonia" {
		t.Fatalf("%v %v", ks, err)
	}
	if _, err := enabledKits([]string{"chess"}); err == nil || err.Error() != `games.enabled: unknown game "chess"; the games are autumn-ash, ascidiae, ascalion, reef-encounter, ausonia` {
		t.Fatalf("unknown game: %v", err)
	}
}

// Every game but Ascidiae names its seats (the start post says "ann plays Rainbow"), each seat
// differently; Ascidiae has no seat names, as its "#1" read like a piece or a count.
func TestEveryGameNamesItsSeats(t *testing.T) {
	for _, k := range allKits() {
		info := k.Game.Info()
		if info.ID == "ascidiae" {
			st, err := k.Game.New(rules.Setup{Seats: 2, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := st.(rules.SeatNamer); ok {
				t.Errorf("ascidiae names its seats")
			}
			continue
		}
		setup, err := info.ValidateSetup(rules.Setup{Seats: info.MaxSeats, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		st, err := k.Game.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		sn, ok := st.(rules.SeatNamer)
		if !ok {
			t.Errorf("%s: its state does not name seats", info.ID)
			continue
		}
		seen := map[string]bool{}
		for s := 0; s < setup.Seats; s++ {
			n := sn.SeatName(rules.Seat(s))
			if n == "" || seen[n] {
				t.Errorf("%s: seat %d is named %q", info.ID, s, n)
			}
			seen[n] = true
		}
	}
}

// Every game opens its usual table, not its largest, and a game with a solo mode says what a
// player alone plays against.
func TestEveryGameHasItsUsualTable(t *testing.T) {
	want := map[string]struct {
		seats int
		solo  string // part of the solo opponent's description; "" for no solo mode
	}{
		"autumn-ash":     {2, ""},
		"ascidiae":       {2, "colonies"},
		"ascalion":       {4, ""},
		"reef-encounter": {2, ""},
		"ausonia":        {2, "the Upstart (Aspirant level 1 of 3)"},
	}
	for _, k := range allKits() {
		info := k.Game.Info()
		w, ok := want[info.ID]
		if !ok {
			t.Errorf("%s: no usual table", info.ID)
			continue
		}
		if k.Usual.Seats != w.seats || k.Usual.Seats < info.MinSeats || k.Usual.Seats > info.MaxSeats {
			t.Errorf("%s opens for %d players, want %d (within %d-%d)", info.ID, k.Usual.Seats, w.seats, info.MinSeats, info.MaxSeats)
		}
		if (k.Usual.Solo != nil) != (info.MinSeats == 1) {
			t.Errorf("%s: a solo description exactly when the game has a solo mode", info.ID)
		}
		if k.Usual.Solo != nil && !strings.Contains(k.Usual.Solo(nil), w.solo) {
			t.Errorf("%s alone plays against %q, want it to mention %q", info.ID, k.Usual.Solo(nil), w.solo)
		}
	}
	if got := usual["ausonia"].Solo(map[string]string{"aspirant": "3"}); !strings.Contains(got, "the Witch-Queen (Aspirant level 3 of 3)") {
		t.Errorf("the Aspirant chosen: %q", got)
	}
}
