package discord

// The table-mate suite: every game at every table size it has (solo, 2, 3 and 4 seats), one
// person (ann) against AI seats, played through the fake Discord for a stretch of ann's turns.
// Everything a player reads is gathered — thread posts and their edits, ann's replies, the names
// and texts the boards are drawn with — and checked for what players reported as defects: a seat
// named as a level or a number, a turn counted instead of told, and more than one ping for ann
// between two of her own moves.

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/reef"
	"github.com/boardbot/boardbot/storage"
)

// tableMateRow is a game and the table sizes it is played at.
type tableMateRow struct {
	game    string
	kit     bot.Kit
	seats   []int
	options []string // name=value options given to /create
}

var tableMateRows = []tableMateRow{
	{"autumn-ash", bot.Kit{Game: autumnash.Game}, []int{2}, nil},
	{"ascidiae", bot.Kit{Game: ascidiae.Game}, []int{1, 2, 3, 4}, nil},
	{"ascalion", bot.Kit{Game: ascalion.Game}, []int{2, 3, 4}, []string{"setup=quick"}},
	{"reef-encounter", bot.Kit{Game: reef.Game}, []int{2, 3, 4}, nil},
	{"ausonia", bot.Kit{Game: ausonia.Game}, []int{1, 2, 3, 4}, nil},
}

// What no player may read anywhere: a seat named by the AI's level ("AI (normal)"), by a number
// ("#1" after a name), a count standing for what happened, a pointer to the full list.
var tableMateBanned = []*regexp.Regexp{
	regexp.MustCompile(`AI \(`),
	regexp.MustCompile(`\(#\d\)`),
	regexp.MustCompile(`the AI playing`),
	regexp.MustCompile(`more events`),
	regexp.MustCompile(`\b\d+ times\b`),
	regexp.MustCompile(`\(full list`),
}

// metaLog keeps what the boards were drawn with: the players' names and, from the renderers'
// own texts, nothing else is reachable here, so the names stand for the image's words.
type metaLog struct {
	mu    sync.Mutex
	names map[string]bool
	same  []string // boards whose players could not be told apart by name
}

func (l *metaLog) wrap(f func(any, render.Meta) ([]byte, error)) func(any, render.Meta) ([]byte, error) {
	return func(v any, m render.Meta) ([]byte, error) {
		l.mu.Lock()
		seen := map[string]bool{}
		for _, n := range m.Names {
			l.names[n] = true
			if seen[n] {
				l.same = append(l.same, strings.Join(m.Names, ", "))
			}
			seen[n] = true
		}
		l.mu.Unlock()
		return f(v, m)
	}
}

// strs gathers every string of a request's JSON (content, embeds, text displays, labels).
func strs(v any, out *[]string) {
	switch x := v.(type) {
	case string:
		*out = append(*out, x)
	case []any:
		for _, y := range x {
			strs(y, out)
		}
	case map[string]any:
		for k, y := range x {
			if k == "custom_id" || k == "url" || k == "id" || k == "value" || k == "nonce" {
				continue
			}
			strs(y, out)
		}
	}
}

func TestTableMate(t *testing.T) {
	for _, row := range tableMateRows {
		for _, seats := range row.seats {
			t.Run(fmt.Sprintf("%s-%d", row.game, seats), func(t *testing.T) {
				t.Parallel()
				playTableMate(t, row, seats, 30)
			})
		}
	}
}

// playTableMate plays ann's first turns of one table against seats-1 AI seats at level easy.
func playTableMate(t *testing.T, row tableMateRow, seats, turns int) {
	ml := &metaLog{names: map[string]bool{}}
	kit := row.kit
	// Only the names a board is drawn with are read here (the pixels of every game at every table
	// size are the renderers' own tests): a stand-in image spares drawing and deflating each one.
	kit.PNG = ml.wrap(fakePNG)
	e := newKitEnv(t, []bot.Kit{kit}, 7, func(o *bot.Options) { o.AIIterations = 8 })
	e.connect()
	ctx := context.Background()
	opts := []*discordgo.ApplicationCommandInteractionDataOption{opt("players", float64(seats))}
	if seats > 1 {
		opts = append(opts, opt("bots", float64(seats-1)), opt("level", "easy"))
	}
	for _, o := range row.options {
		k, v, _ := strings.Cut(o, "=")
		opts = append(opts, opt(k, v))
	}
	rs := e.do(e.slash("ann", "c-games", "create", sub(row.game, opts...)))
	posts := find(rs, "POST", "/channels/c-games/messages")
	if len(posts) < 2 {
		t.Fatalf("/create made no lobby and thread: %+v", rs)
	}
	thread := posts[1].ID
	var texts []string
	read := func(rs []recorded) {
		for _, r := range rs {
			if r.Method == "GET" || r.Status >= 400 {
				continue
			}
			strs(r.JSON, &texts)
		}
	}
	read(rs)
	pings, worst := 0, 0
	count := func(rs []recorded) {
		read(rs)
		for _, p := range find(rs, "POST", "/channels/"+thread+"/messages") {
			for _, u := range allowedUsers(p.JSON) {
				if u == "u-ann" {
					pings++
				}
			}
		}
	}
	count(e.deliver())
	played := 0
	for step := 0; step < 40*turns && played < turns; step++ {
		g, err := e.store.GameByThread(ctx, thread)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status != storage.StatusRunning {
			break
		}
		n, err := e.svc.PlayAI(ctx)
		if err != nil {
			t.Fatal(err)
		}
		count(e.deliver())
		if n > 0 {
			continue
		}
		// Nobody but ann can be awaited now: she plays, and the pings since her last move are
		// what one round cost her.
		worst, pings = max(worst, pings), 0
		move := e.wholeMove("ann", thread)
		if move == "" {
			t.Fatal("ann is offered no whole move")
		}
		rs := e.do(e.slash("ann", thread, "move", opt("move", move)))
		read(rs)
		played++
		count(e.deliver())
	}
	if played == 0 {
		t.Fatal("ann never played")
	}
	for n := range ml.names {
		texts = append(texts, n)
	}
	for _, re := range tableMateBanned {
		n, first := 0, ""
		for _, s := range texts {
			if m := re.FindString(s); m != "" {
				if n == 0 {
					first = s
				}
				n++
			}
		}
		if n > 0 {
			t.Errorf("%d texts read %q, the first: %q", n, re, first)
		}
	}
	if len(ml.same) > 0 {
		t.Errorf("%d boards name two players alike, the first: %s", len(ml.same), ml.same[0])
	}
	if worst > 1 {
		t.Errorf("ann was pinged %d times between two of her moves", worst)
	}
	t.Logf("TABLEMATE %s %d seats: ann played %d turns, at most %d pings a round, %d texts read", row.game, seats, played, worst, len(texts))
}
