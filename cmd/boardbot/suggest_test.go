package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
)

// randomRecord plays n random legal moves of a game at seats and writes its record.
func randomRecord(t *testing.T, id string, seats, n int) (string, *record.Record) {
	t.Helper()
	kit, err := kitByID(id)
	if err != nil {
		t.Fatal(err)
	}
	setup, err := kit.Game.Info().ValidateSetup(rules.Setup{Seats: seats, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	st, err := kit.Game.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Record{Game: id, Setup: setup}
	for i := range seats {
		rec.Players = append(rec.Players, []string{"alice", "bob", "carol", "dan"}[i])
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range n {
		if st.Result() != nil {
			break
		}
		p := st.Awaiting()[0]
		m, err := rules.RandomMove(st, p.Seat, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(p.Seat, m); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, record.Entry{Seat: p.Seat, Move: m})
	}
	file := filepath.Join(t.TempDir(), id+".txt")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Write(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return file, rec
}

// replay --suggest prints, for every awaited seat of every game, a legal move with its words,
// the same on every run (the AI's seed is the bot's for that position).
func TestReplaySuggest(t *testing.T) {
	for _, id := range []string{"autumn-ash", "ascidiae", "ascalion", "reef-encounter", "ausonia"} {
		t.Run(id, func(t *testing.T) {
			file, rec := randomRecord(t, id, 2, 6)
			var first []suggestion
			for range 2 {
				var out, errb bytes.Buffer
				if code := run(context.Background(), []string{"replay", file, "--suggest", "easy", "--json"}, &out, &errb); code != 0 {
					t.Fatalf("exit %d: %s", code, errb.String())
				}
				var sum replaySummary
				if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
					t.Fatal(err)
				}
				if len(sum.Suggest) == 0 {
					t.Fatal("no suggestion")
				}
				if first == nil {
					first = sum.Suggest
				} else if sum.Suggest[0].Move != first[0].Move {
					t.Fatalf("two runs suggest %q and %q", first[0].Move, sum.Suggest[0].Move)
				}
			}
			kit, _ := kitByID(id)
			st, err := record.Replay(kit.Game, rec, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range first {
				m, _ := rules.ParseMove(s.Move)
				if err := rules.Check(st, s.Seat, m); err != nil {
					t.Errorf("suggested %q for seat %d is not legal: %v", s.Move, s.Seat, err)
				}
				if s.Label == "" || rules.HasSeatRefs(s.Label) {
					t.Errorf("label %q", s.Label)
				}
			}
			// The plain text form names the move.
			var out, errb bytes.Buffer
			run(context.Background(), []string{"replay", file, "--suggest", "easy"}, &out, &errb)
			if !strings.Contains(out.String(), "The AI (easy) would play for seat") || !strings.Contains(out.String(), first[0].Move) {
				t.Fatalf("%q", out.String())
			}
		})
	}
}

func TestReplaySuggestRefusals(t *testing.T) {
	file, _ := randomRecord(t, "autumn-ash", 2, 2)
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"replay", file, "--suggest", "grandmaster"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "easy, normal, hard") {
		t.Fatalf("bad level: %d %q", code, errb.String())
	}
	done, _ := randomRecord(t, "autumn-ash", 2, 100000)
	errb.Reset()
	if code := run(context.Background(), []string{"replay", done, "--suggest", "easy"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "game is over") {
		t.Fatalf("finished game: %d %q", code, errb.String())
	}
}
