package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// seatNumber is a seat named as Ascidiae's badges were, "#2's habilis", "#1 places" at the
// start of a line (an offer's "#2" is no seat).
var seatNumber = regexp.MustCompile(`#\d+'s|(^|\n)#\d+ [a-z]`)

// A table of ann and three AIs (one at Autumn Ash), and of two AIs, and ann alone, in each game
// that seats them, played for a while:
// every captured post, the history and /board name seats by their names alone: no "AI (", no
// "(#1)", no "ann (Green)"; the three AIs have three names, which stay apart on the boards
// however short a header cuts them.
func TestFullTablesNameSeatsByName(t *testing.T) {
	for _, c := range []struct {
		kind  string
		seats int
		steps int
	}{{"autumn-ash", 2, 30}, {"ascidiae", 4, 40}, {"ascalion", 4, 40}, {"reef-encounter", 4, 25}, {"ausonia", 4, 40},
		{"ascidiae", 3, 30}, {"ascalion", 3, 30}, {"reef-encounter", 3, 20}, {"ausonia", 3, 30},
		{"ascidiae", 1, 20}, {"ausonia", 1, 20}} {
		t.Run(fmt.Sprintf("%s/%d", c.kind, c.seats), func(t *testing.T) {
			e := newEnv(t)
			var kits []Kit
			for _, k := range replayKits {
				kits = append(kits, Kit{Game: k.Game}) // no drawing: the texts are what is checked
			}
			e.svc = New(e.store, kits, Options{Now: func() time.Time { return e.now }, AIIterations: 4})
			ctx := context.Background()
			rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: c.kind, Seats: c.seats, Seed: 5, Bots: c.seats - 1, Level: "easy"})
			if err != nil {
				t.Fatal(err)
			}
			th := "t-n"
			if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
				t.Fatal(err)
			}
			var texts []string
			collect := func() {
				e.deliver()
				for _, o := range e.sent {
					texts = append(texts, o.Text)
				}
			}
			collect()
			r := rand.New(rand.NewPCG(5, 6))
			for i := 0; i < c.steps; i++ {
				e.svc.PlayAI(ctx)
				collect()
				tb, err := e.svc.load(ctx, rep.Game)
				if err != nil {
					t.Fatal(err)
				}
				if tb.row.Status != storage.StatusRunning {
					tb.mu.Unlock()
					break
				}
				if !slices.ContainsFunc(tb.state.Awaiting(), func(p rules.Prompt) bool { return p.Seat == 0 }) {
					tb.mu.Unlock()
					continue
				}
				m, err := rules.RandomMove(tb.state, 0, r)
				tb.mu.Unlock()
				if err != nil {
					t.Fatal(err)
				}
				mr, err := e.svc.MoveTokens(ctx, e.in(th, user("ann")), m)
				if err != nil {
					t.Fatal(err)
				}
				texts = append(texts, mr.Text)
				collect()
			}
			h, err := e.svc.History(ctx, e.in(th, user("ann")), 0)
			if err != nil {
				t.Fatal(err)
			}
			b, err := e.svc.Board(ctx, e.in(th, user("ann")))
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, h.Text, b.Text)

			tb, err := e.svc.load(ctx, rep.Game)
			if err != nil {
				t.Fatal(err)
			}
			row, st := tb.row, tb.state
			meta := e.svc.meta(row, st, LangEnglish)
			tb.mu.Unlock()
			names := map[string]bool{}
			for _, p := range row.Players {
				names[p.Name] = true
			}
			if len(names) != c.seats {
				t.Fatalf("names: %+v", row.Players)
			}
			short := map[string]bool{}
			for _, n := range meta.Names {
				short[render.Shorten(n, 4)] = true
			}
			if len(short) != c.seats {
				t.Fatalf("the boards cannot tell the players apart: %q", meta.Names)
			}
			var bad []string
			for s := 0; s < c.seats; s++ {
				for _, lang := range Languages {
					if own := rules.SeatNameIn(st, rules.Seat(s), lang); own != "" {
						bad = append(bad, playerName(row, rules.Seat(s))+" ("+own+")")
					}
				}
			}
			bad = append(bad, "AI (", "(#", "the AI playing")
			moved := 0
			title := fmt.Sprintf("%s #%d", e.svc.kits[c.kind].Game.Info().Name, rep.Game)
			for _, text := range texts {
				text = strings.ReplaceAll(text, title, "the game") // the game's number is no seat
				for _, b := range bad {
					if strings.Contains(text, b) {
						t.Fatalf("%q in %q", b, text)
					}
				}
				if seatNumber.MatchString(text) {
					t.Fatalf("a seat named by its number in %q", text)
				}
				if c.seats > 1 && strings.Contains(text, row.Players[1].Name) {
					moved++
				}
			}
			if (c.seats > 1 && moved == 0) || len(strings.Split(h.Text, "\n")) < 5 {
				t.Fatalf("too little was played to tell: %d texts name %s; history %q", moved, row.Players[1].Name, h.Text)
			}
		})
	}
}
