package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
)

// replayOut runs `boardbot replay` on text with args and returns its output.
func replayOut(t *testing.T, text string, args ...string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "g.txt")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), append([]string{"replay", file}, args...), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	return out.String()
}

// A record the platform ended replays to the thread's result, in the thread's words: nobody is
// awaited, the players are named (never a "{seat:1}" placeholder), the ranks are the thread's.
func TestReplayPlatformEnd(t *testing.T) {
	cases := []struct {
		name, end, outcome string
		ranks              []int
	}{
		{"resigned", "end: resigned 1\n", "Game over: ann wins (bob resigned).", []int{1, 2}},
		{"timeout", "end: timeout 0\n", "Game over: bob wins (ann ran out of time).", []int{2, 1}},
		{"aborted", "end: aborted\n", "Game aborted: no result.", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := c.outcome + "\n"
			if c.ranks != nil {
				want = fmt.Sprintf("Finished: ranks %v. %s\n", c.ranks, c.outcome)
			}
			out := replayOut(t, shortRecord+c.end)
			if !strings.Contains(out, want) || strings.Contains(out, "Awaiting") {
				t.Fatalf("replay says:\n%s\nwant %q and nobody awaited", out, want)
			}
			var sum replaySummary
			if err := json.Unmarshal([]byte(replayOut(t, shortRecord+c.end, "--json")), &sum); err != nil {
				t.Fatal(err)
			}
			if len(sum.Awaiting) != 0 || sum.Aborted != (c.ranks == nil) || sum.Outcome != c.outcome {
				t.Fatalf("json %+v", sum)
			}
			if c.ranks != nil && (sum.Result == nil || !slices.Equal(sum.Result.Ranks, c.ranks) || strings.Contains(sum.Result.Reason, "{seat")) {
				t.Fatalf("json result %+v", sum.Result)
			}
		})
	}
}

// A four-seat game whose winner resigned early (the AI played the seat on) ranks that seat last
// on replay, as the thread did, and the reason names the players.
func TestReplayTakeoverRanksLast(t *testing.T) {
	kit, err := kitByID("reef-encounter")
	if err != nil {
		t.Fatal(err)
	}
	// The first seed whose random game has a single winner.
	var rec *record.Record
	var engine *rules.Result
	for seed := uint64(1); seed < 40 && rec == nil; seed++ {
		rec, engine = randomGame(t, kit.Game, 4, seed)
		if engine == nil || len(engine.Winners()) != 1 {
			t.Logf("seed %d: %d moves, %+v", seed, len(rec.Moves), engine)
			rec = nil
		}
	}
	if rec == nil {
		t.Fatal("no random game with a single winner")
	}
	w := engine.Winners()[0]
	rec.Takeovers = []record.Takeover{{Seat: w, After: 5, Why: record.Resigned}}
	text := rec.String()
	if !strings.Contains(text, fmt.Sprintf("takeover %d: resigned\n", w)) {
		t.Fatalf("record:\n%s", text)
	}
	var sum replaySummary
	if err := json.Unmarshal([]byte(replayOut(t, text, "--json")), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Result == nil || sum.Result.Ranks[w] != 4 || slices.Contains(sum.Result.Ranks, 0) {
		t.Fatalf("the resigned winner ranks %+v", sum.Result)
	}
	if !strings.Contains(sum.Outcome, rec.Players[w]) || !strings.Contains(sum.Outcome, "left the game and ranks last") {
		t.Fatalf("outcome %q", sum.Outcome)
	}
}

// randomGame plays random legal moves to the end and returns the record and the rules' result.
func randomGame(t *testing.T, g rules.Game, seats int, seed uint64) (*record.Record, *rules.Result) {
	t.Helper()
	setup, err := g.Info().ValidateSetup(rules.Setup{Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Record{Game: g.Info().ID, Setup: setup, Players: []string{"ann", "bob", "cat", "dan"}[:seats]}
	r := rand.New(rand.NewPCG(seed, 1))
	for st.Result() == nil && len(rec.Moves) < 20000 {
		seat := st.Awaiting()[0].Seat
		m, err := rules.RandomMove(st, seat, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, record.Entry{Seat: seat, Move: m})
	}
	return rec, st.Result()
}

// A game the rules ended reads as the thread reads it: players named, never "{seat:1}".
func TestReplayNamesTheWinner(t *testing.T) {
	text, err := os.ReadFile("../../bot/testdata/replay/autumn-ash.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := replayOut(t, string(text))
	if !strings.Contains(out, "Finished: ranks [2 1], scores [19 37]. Game over: bob reaches 37 points and wins. Scores: ann 19, bob 37.\n") || strings.Contains(out, "{seat") {
		t.Fatalf("replay says:\n%s", out)
	}
}

// The last board of --png states the record's end, as the bot's final board does.
func TestReplayLastPNGStatesTheEnd(t *testing.T) {
	last := func(text string) []byte {
		dir := t.TempDir()
		replayOut(t, text, "--png", dir)
		b, err := os.ReadFile(filepath.Join(dir, "0002.png"))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if bytes.Equal(last(shortRecord), last(shortRecord+"end: resigned 1\n")) {
		t.Fatal("the last board of a resigned game is drawn as running")
	}
}

// `replay --recap --lang de` draws the recap for a German reader (its labels, and the seats
// lettered as the German board letters them: TestRecapLettersInLanguage in bot), not the
// English picture it always drew; an unknown language is refused.
func TestReplayRecapInLanguage(t *testing.T) {
	text, err := os.ReadFile("../../bot/testdata/replay/ascalion.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pics := map[string][]byte{}
	for _, lang := range []string{"en", "de"} {
		out := filepath.Join(dir, lang+".png")
		replayOut(t, string(text), "--recap", out, "--lang", lang)
		if pics[lang], err = os.ReadFile(out); err != nil || len(pics[lang]) == 0 {
			t.Fatalf("%s: %v", lang, err)
		}
	}
	if bytes.Equal(pics["en"], pics["de"]) {
		t.Error("the German recap is the English one")
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"replay", "../../bot/testdata/replay/ascalion.txt", "--recap", filepath.Join(dir, "x.png"), "--lang", "xx"}, &out, &errb); code != 2 {
		t.Errorf("--lang xx: exit %d, %s", code, errb.String())
	}
}
