package bot

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/boardbot/boardbot/render/recap"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
)

// postsMoves caps a whole game of the posts suite (a random player makes some games long).
var postsMoves = flag.Int("posts.moves", 500, "the most moves a game of TestWholeGamePosts plays")

// postsGame is one whole game of the posts suite: ann plays random moves, the AI the other seats.
type postsGame struct {
	kind  string
	seats int
	seed  uint64
	long  bool // played only in the long tier (BOARDBOT_LONG=1): the game is covered at another table
}

// The default suite plays every game, and every table of 2, 3 and 4 seats, at least once; the
// slowest tables of a game already played (Ascalion at 2 and 4, Reef Encounter at 3: 40% of the
// suite's time) wait for the long tier.
var postsGames = []postsGame{
	{"autumn-ash", 2, 3, false},
	{"ascidiae", 2, 3, false}, {"ascidiae", 3, 3, false}, {"ascidiae", 4, 3, false},
	{"ascalion", 2, 3, true}, {"ascalion", 3, 3, false}, {"ascalion", 4, 3, true},
	{"reef-encounter", 2, 3, false}, {"reef-encounter", 3, 3, true}, {"reef-encounter", 4, 3, false},
	{"ausonia", 2, 3, false}, {"ausonia", 3, 3, false}, {"ausonia", 4, 3, false},
}

// postsFigures is what one whole game's thread received.
type postsFigures struct {
	posts, moves, rounds int
	longest              int          // the longest post, in characters (mentions included)
	longestOne           int          // the longest post that folded no other (one round or turn)
	pings                map[int]int  // ann's pings by round
	extra                []string     // rounds with more than one ping, and what they asked
	lines                []string     // every event line of every post, in order
	result               string       // the result post's own line(s), after its events
	told                 int64        // the moves the last post tells (its Seq)
	texts                []string     // every post's text
	asks                 []string     // the prompt lines of the posts that ask ann, in order
	notices              []Notice     // the turn posts
	folded               int          // the most earlier posts one delivered post stood for
	edits                int          // the posts whose status edits told events
	statuses             int          // the status edits made (not outdated)
	changed              int          // the status edits that put a new question to ann when she had not just moved
	next                 int          // the status edits that put ann's next question after her own move
	unboarded            int          // those of them without the board as it is now
	strangers            int          // the status edits that ask a seat their post did not ask
	askedIn              map[int]bool // the rounds in which a post asked ann anew
}

// Whole games of every game at 2, 3 and 4 seats (one at 2 for Autumn Ash), ann against the AI,
// as the thread receives them: every public event is told, in order, in full (no "more events",
// no "N times", no pointer to the full list), no line twice in a post, and ann is pinged at most
// once per round for her own decisions. The figures (posts, longest post, pings per round) are
// logged in one greppable line per game.
func TestWholeGamePosts(t *testing.T) {
	for _, c := range postsGames {
		t.Run(fmt.Sprintf("%s/%d", c.kind, c.seats), func(t *testing.T) {
			if c.long {
				rulestest.NeedLong(t)
			}
			e, f := playPostsGame(t, c)
			many := 0
			for _, n := range f.pings {
				if n > 1 {
					many++
				}
			}
			t.Logf("POSTS %s %d seats: %d moves, %d rounds, %d posts (%d edited with events, %d status edits), longest post %d characters (%d unfolded), %d pings in %d rounds, %d rounds with more than one ping %v",
				c.kind, c.seats, f.moves, f.rounds, f.posts, f.edits, f.statuses, f.longest, f.longestOne, sum(f.pings), len(f.pings), many, f.extra)
			rounds := max(1, f.rounds)
			t.Logf("PER ROUND %s %d seats: %.1f posts, %.1f status edits, %.2f pings for ann", c.kind, c.seats,
				float64(f.posts)/float64(rounds), float64(f.statuses)/float64(rounds), float64(sum(f.pings))/float64(rounds))
			// Against the AI the thread waits for the robots' answers (bot/flow.go). An edit of a
			// post pings nobody, so it never asks anyone the post did not ask, and it puts a new
			// question to ann only right after her own move (her next step, the robots' replies
			// between): she is at the keyboard and reads it in her reply.
			if f.strangers > 0 {
				t.Errorf("%d status edits asked a seat their post did not ask", f.strangers)
			}
			if f.changed > 0 {
				t.Errorf("%d status edits changed what ann is asked when she had not just moved", f.changed)
			}
			t.Logf("%d status edits put ann's next question after her move", f.next)
			// The post's board was drawn at the round's first question: the edit that asks the
			// next one (a transport after production) brings the board as it is now, its box
			// telling the events since the post.
			if f.unboarded > 0 {
				t.Errorf("%d of them without the board as it is now", f.unboarded)
			}
			// One post a round for a player: Ascalion asks a seat many things a round (vote,
			// trade, put, transport, attack, alliances, foals), and a player's consecutive
			// decisions are one post, edited. Measured 1.0, 1.0 and 1.3 posts a round at 2, 3 and
			// 4 seats (2.7, 3.4 and 4.0 before); the room of one edit sends a long round's rest
			// as a second post.
			if c.kind == "ascalion" && float64(f.posts) > 1.4*float64(rounds) {
				t.Errorf("%d posts in %d rounds at %d seats: more than 1.4 a round", f.posts, rounds, c.seats)
			}
			checkPostTexts(t, f)
			checkEveryEventTold(t, e, f)
			if many > 0 {
				t.Errorf("ann was pinged more than once in %d rounds: %v", many, f.extra)
			}
			// Once a round, not less: a round whose posts ask ann pings her.
			var unpinged []int
			for r := range f.askedIn {
				if f.pings[r] == 0 {
					unpinged = append(unpinged, r)
				}
			}
			slices.Sort(unpinged)
			if len(unpinged) > 0 {
				t.Errorf("ann was asked but never pinged in rounds %v", unpinged)
			}
		})
	}
}

func sum(m map[int]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

var countedLine = regexp.MustCompile(`\b\d+ (times|more events)\b|\(full list|more events`)

// checkPostTexts: nothing counted instead of told.
func checkPostTexts(t *testing.T, f postsFigures) {
	t.Helper()
	for _, text := range f.texts {
		if m := countedLine.FindString(text); m != "" {
			t.Fatalf("a post counts instead of telling (%q):\n%s", m, text)
		}
	}
}

// checkEveryEventTold replays the game and finds in the posts' event lines, and in the events
// the newest made status edit of each post tells after them (what a reader scrolling the
// thread reads), exactly its public events, in order, each once: none left out, none told twice, nothing else (an offer withdrawn
// before its post, and the withdrawal, may be left out), and none that restates another.
func checkEveryEventTold(t *testing.T, e *env, f postsFigures) {
	t.Helper()
	ctx := context.Background()
	tb, err := e.svc.load(ctx, e.row("t-posts").ID)
	if err != nil {
		t.Fatal(err)
	}
	row, kit := *tb.row, tb.kit
	tb.mu.Unlock()
	rec, err := e.svc.recordOf(ctx, &row, -1)
	if err != nil {
		t.Fatal(err)
	}
	lang := LangEnglish
	var want []pendingEvent
	details, routine := 0, 0
	_, err = record.Replay(kit.Game, rec, func(i int, st rules.State, evs []rules.Event) error {
		if int64(i) >= f.told {
			return nil // after the last post: still waiting for the next one
		}
		name := seatNamer(lang, &row, st)
		for _, ev := range evs {
			switch {
			case !ev.Public():
			case ev.Detail:
				details++
			case ev.Routine:
				routine++ // housekeeping: the history tells it, posts leave it out
			default:
				want = append(want, pendingOfIn(lang, ev, name, rec.Moves[i].Seat))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	told := slices.DeleteFunc(slices.Clone(f.lines), func(l string) bool { return l == "" })
	j := 0
	for _, w := range want {
		if j < len(told) && told[j] == w.Text {
			j++
			continue
		}
		if f.result != "" && strings.Contains(f.result, strings.TrimRight(w.Text, ". ")) {
			continue // the game's end, said by the result line instead
		}
		if w.Ref == "" {
			t.Fatalf("event %q is not told where it happened: post line %d is %q", w.Text, j, told[min(j, len(told)-1)])
		}
	}
	if j != len(told) {
		t.Fatalf("%d lines told that are no event (or twice), the first %q", len(told)-j, told[j])
	}
	t.Logf("%d public events told, %d restating another and %d housekeeping left out", len(want), details, routine)
}

// playPostsGame plays a whole game (or postsMoves moves) and measures what the thread received.
func playPostsGame(t *testing.T, c postsGame) (*env, postsFigures) {
	e := newEnv(t)
	return e, playPostsGameIn(t, e, c)
}

func playPostsGameIn(t *testing.T, e *env, c postsGame) postsFigures {
	var kits []Kit
	for _, k := range replayKits {
		kits = append(kits, Kit{Game: k.Game, Progress: k.Progress}) // no drawing: the posts are what is measured
	}
	e.svc = New(e.store, kits, Options{Now: func() time.Time { return e.now }, AIIterations: 4})
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: c.kind, Seats: c.seats, Seed: c.seed, Bots: c.seats - 1, Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	th := "t-posts"
	if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
		t.Fatal(err)
	}
	f := postsFigures{pings: map[int]int{}, askedIn: map[int]bool{}}
	annAsked := false     // the latest post asked ann
	lastAsk := ""         // ann's prompt line in the latest post or edit
	annMoved := false     // ann moved since the latest post or edit
	var postAwaited []int // the seats the latest post asked
	r := rand.New(rand.NewPCG(c.seed, 2))
	round, annTurns := 0, 0
	annSeq := int64(-1) // the game's move count after ann's last move
	wasAwaited := false
	asked := map[int][]string{} // what ann was asked in each round, for the report
	// edited are the events the newest made status edit of the live post tells after the
	// post's own (the edit replaces the post's text: only the newest counts), at editSeq.
	var edited []string
	var editSeq int64
	flush := func() {
		f.lines = append(f.lines, edited...)
		if len(edited) > 0 {
			f.edits++
			f.told = max(f.told, editSeq)
		}
		edited = nil
	}
	count := func() {
		for _, o := range e.sent {
			if o.Kind != "turn" && o.Kind != "status" {
				continue
			}
			if o.Kind == "status" {
				if o.Stale {
					continue // not made
				}
				f.statuses++
				if a := annAsks(o.Notice); digits.ReplaceAllString(a, "#") != digits.ReplaceAllString(lastAsk, "#") && a != "" {
					if annMoved {
						f.next++
						if !o.Board || len(o.Last) == 0 && o.Head > 0 && strings.Contains(o.Text, T(LangEnglish, "since_then")) {
							f.unboarded++
						}
					} else {
						f.changed++
					}
				}
				for _, a := range o.Awaited {
					if !slices.Contains(postAwaited, a.Seat) {
						f.strangers++
					}
				}
				lastAsk, annMoved = annAsks(o.Notice), false
				lines := strings.Split(o.Text, "\n")[:o.Head]
				if i := slices.Index(lines, T(LangEnglish, "since_then")); i >= 0 {
					edited, editSeq = slices.Clone(lines[i+1:]), o.Seq
				} else {
					edited = nil
				}
			} else {
				flush()
			}
			f.texts = append(f.texts, o.Text)
			size := utf8.RuneCountInString(o.Text)
			for _, u := range o.Mentions {
				size += utf8.RuneCountInString("<@" + u + "> ")
			}
			f.longest = max(f.longest, size)
			if len(o.Folded) == 0 {
				f.longestOne = max(f.longestOne, size)
			}
			if o.Kind == "turn" {
				f.posts++
				f.notices = append(f.notices, o.Notice)
				f.folded = max(f.folded, len(o.Folded))
				f.told = o.Seq
				lastAsk, annMoved = annAsks(o.Notice), false
				postAwaited = nil
				for _, a := range o.Awaited {
					postAwaited = append(postAwaited, a.Seat)
				}
				asks := slices.ContainsFunc(o.Awaited, func(a Awaited) bool { return a.Seat == 0 })
				if asks && !annAsked {
					f.askedIn[round] = true // asked anew, not still awaited from the post before
				}
				annAsked = asks
				if asks {
					f.asks = append(f.asks, strings.Join(strings.Split(o.Text, "\n")[o.Head:], " / "))
				}
				lines := strings.Split(o.Text, "\n")
				lines = lines[:min(o.Head, len(lines))]
				if o.Lead && len(lines) > 0 {
					lines = lines[1:] // "ann moved.": no event
				}
				f.lines = append(f.lines, lines...)
			}
			if o.Notice.Recap {
				// The result line, which says the reason once for the event that said it.
				f.result = strings.Join(strings.Split(o.Text, "\n")[min(o.Head, strings.Count(o.Text, "\n")+1):], " ")
				continue // the result tells everyone
			}
			for _, u := range o.Mentions {
				if u == "u-ann" {
					f.pings[round]++
					rest := strings.Split(o.Text, "\n")[min(o.Head, strings.Count(o.Text, "\n")+1):]
					asked[round] = append(asked[round], strings.Join(rest, " / "))
				}
			}
		}
	}
	// at is the game now, its round set for the posts delivered next.
	at := func() *table {
		tb, err := e.svc.load(ctx, rep.Game)
		if err != nil {
			t.Fatal(err)
		}
		awaited := rules.IsAwaited(tb.state, 0)
		if awaited && (!wasAwaited || tb.seq > annSeq) {
			annTurns++ // a new turn of ann's: someone else moved since her last move
		}
		wasAwaited = awaited
		round = roundOf(tb.state, annTurns)
		return tb
	}
	for i := 0; i < 6*(*postsMoves); i++ {
		e.svc.PlayAI(ctx)
		at().mu.Unlock()
		e.deliver()
		count()
		tb := at()
		f.moves = int(tb.seq)
		if tb.row.Status != storage.StatusRunning || f.moves > *postsMoves {
			tb.mu.Unlock()
			break
		}
		awaited := rules.IsAwaited(tb.state, 0)
		if !awaited {
			tb.mu.Unlock()
			continue
		}
		m, err := rules.RandomMove(tb.state, 0, r)
		tb.mu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.MoveTokens(ctx, e.in(th, user("ann")), m); err != nil {
			t.Fatal(err)
		}
		annSeq = e.row(th).MoveCount
		annMoved = true
		at().mu.Unlock()
		e.deliver()
		count()
	}
	flush()
	f.rounds = round
	for rd, n := range f.pings {
		if n > 1 {
			f.extra = append(f.extra, fmt.Sprintf("round %d: %q", rd, asked[rd]))
		}
	}
	slices.Sort(f.extra)
	return f
}

// roundOf is the game's round: its own count where it keeps one (rules.RoundCounter: Ascalion,
// Ascidiae, Ausonia), else ann's turns so far (Autumn Ash and Reef Encounter, whose seats take
// turns in order).
func roundOf(st rules.State, turns int) int {
	if rc, ok := st.(rules.RoundCounter); ok {
		return rc.RoundCount()
	}
	return turns
}

// After a player's first shortAfter prompts, a post asks them in short, with every player's
// score where the game keeps a running one (Autumn Ash, Ausonia), or without (Reef Encounter's
// scores are hidden); their first prompts are in full.
func TestShortPromptAfterThreeTurns(t *testing.T) {
	for _, c := range []struct {
		game   postsGame
		scores *regexp.Regexp
	}{
		{postsGame{"autumn-ash", 2, 3, false}, regexp.MustCompile(`^ann: your move · ann \d+, [A-Z][a-z]+ \d+$`)},
		{postsGame{"ausonia", 3, 3, false}, regexp.MustCompile(`^ann: your move · ann \d+, [A-Z][a-z]+ \d+, [A-Z][a-z]+ \d+$`)},
		{postsGame{"reef-encounter", 2, 3, false}, regexp.MustCompile(`^ann: your move$`)},
	} {
		t.Run(c.game.kind, func(t *testing.T) {
			old := *postsMoves
			*postsMoves = 60
			defer func() { *postsMoves = old }()
			_, f := playPostsGame(t, c.game)
			if len(f.asks) <= shortAfter {
				t.Fatalf("ann was asked %d times", len(f.asks))
			}
			digits := regexp.MustCompile(`\d+`)
			last := "" // the question last told in full, numbers aside
			for i, a := range f.asks {
				short := strings.Contains(a, "your move")
				if i < shortAfter && short {
					t.Fatalf("prompt %d is short already: %q", i+1, a)
				}
				kind := digits.ReplaceAllString(a, "#")
				if i >= shortAfter && !c.scores.MatchString(a) && (short || kind == last) {
					t.Fatalf("prompt %d is not short: %q", i+1, a)
				}
				if !short {
					last = kind
				}
			}
			t.Logf("first %q, then %q", f.asks[0], f.asks[shortAfter])
		})
	}
}

// The board of a post tells in its last-move box what the post tells, without the housekeeping
// the rules do at the end of a turn (Ausonia's "draws 6 cards.", "ends the turn.").
func TestLastMoveBoxTellsThePostWithoutHousekeeping(t *testing.T) {
	old := *postsMoves
	*postsMoves = 80
	defer func() { *postsMoves = old }()
	var boxes int
	f := playPostsGameIn(t, newEnv(t), postsGame{"ausonia", 3, 3, false})
	for _, o := range f.notices {
		head := strings.Split(o.Text, "\n")[:o.Head]
		if o.Lead {
			head = head[1:]
		}
		j := 0
		for _, l := range head {
			if j < len(o.Last) && o.Last[j] == l {
				j++
				continue
			}
			if l != "" && !strings.Contains(l, " draws ") && !strings.Contains(l, " shuffles ") && !strings.HasSuffix(l, " ends the turn.") {
				t.Fatalf("the box leaves out %q:\n%q\nof\n%q", l, o.Last, head)
			}
		}
		if j != len(o.Last) {
			t.Fatalf("the box tells what the post does not: %q of %q", o.Last[j:], head)
		}
		for _, l := range o.Last {
			if strings.HasSuffix(l, " ends the turn.") {
				t.Fatalf("the box tells housekeeping: %q", o.Last)
			}
		}
		if len(o.Last) > 0 {
			boxes++
		}
	}
	if boxes < 5 {
		t.Fatalf("%d posts with a last-move box", boxes)
	}
}

// When nobody but the AI is left to play (ann's colonies are gone in this game of Ascidiae from
// move 60 on), the thread hears of the AI's play round by round: each two rounds make a post of
// their own (which a delivery that fell behind, as here, folds into one), not one post of the
// rest of the game.
func TestRobotsAlonePostEveryOtherRound(t *testing.T) {
	_, f := playPostsGame(t, postsGame{"ascidiae", 4, 3, false})
	if f.folded < 10 {
		t.Fatalf("the AI's last %d rounds made %d posts", f.rounds, f.folded+1)
	}
	t.Logf("the last post stands for %d posts of the AI playing alone", f.folded+1)
}

// The short prompt is for the question the player was asked last time, asked again: after three
// turns a different kind of question (a foal to place, a side to take) is still told in full, and
// the same one again is shortened.
func TestShortPromptOnlyForAQuestionSeenBefore(t *testing.T) {
	s := &Service{}
	tb := &table{row: &storage.Game{Players: []storage.Player{{Seat: 0, Name: "ann", UserID: "u-ann"}, {Seat: 1, Name: "bob", UserID: "u-bob"}}}}
	st := seatMenu{[]rules.Move{{"x"}}}
	tb.state = st
	lines, kinds := s.promptLines(LangEnglish, tb, st, &Notice{}, []int{shortAfter}, nil, nil)
	if len(lines) != 1 || strings.Contains(lines[0], "your move") {
		t.Fatalf("a new kind of question after %d asks: %q", shortAfter, lines)
	}
	lines, _ = s.promptLines(LangEnglish, tb, st, &Notice{}, []int{shortAfter}, kinds, nil)
	if len(lines) != 1 || !strings.Contains(lines[0], "your move") {
		t.Fatalf("the same kind of question again: %q", lines)
	}
	// Another question between (Ascalion's transport after its trade): the first is told again.
	other := otherQuestion{st}
	lines, kinds = s.promptLines(LangEnglish, tb, other, &Notice{}, []int{shortAfter}, kinds, nil)
	if len(lines) != 1 || strings.Contains(lines[0], "your move") {
		t.Fatalf("another question: %q", lines)
	}
	lines, _ = s.promptLines(LangEnglish, tb, st, &Notice{}, []int{shortAfter}, kinds, nil)
	if len(lines) != 1 || strings.Contains(lines[0], "your move") {
		t.Fatalf("the first question after another: %q", lines)
	}
}

// otherQuestion asks seat 0 something else than seatMenu does.
type otherQuestion struct{ seatMenu }

func (otherQuestion) Awaiting() []rules.Prompt {
	return []rules.Prompt{{Seat: 0, Msg: rules.Verbatim("Place a foal.")}}
}

// Every prompt shows every player's score where the game has one, the long prompt of a new kind
// of question too (Autumn Ash's leaves, whose prompt tells only "You have 4 of 21 points."); a
// game without a running score shows none.
func TestEveryPromptShowsTheScores(t *testing.T) {
	s := &Service{}
	scored := func(view any, _ string) (recap.Progress, error) {
		return recap.Progress{Measure: "points", Unit: "points", Values: []int{4, 17}}, nil
	}
	st := seatMenu{[]rules.Move{{"x"}}}
	for _, c := range []struct {
		name     string
		progress func(view any, lang string) (recap.Progress, error)
		asked    int
		kinds    [][]string
		want     string
	}{
		{"first prompt", scored, 0, nil, "ann: Attack bob or pass. · ann 4, bob 17"},
		{"new kind after many", scored, shortAfter, [][]string{{"other"}}, "ann: Attack bob or pass. · ann 4, bob 17"},
		{"same kind again", scored, shortAfter, [][]string{{promptKind(st.Awaiting()[0])}}, "ann: your move · ann 4, bob 17"},
		{"no running score", nil, 0, nil, "ann: Attack bob or pass."},
		{"no running score, short", nil, shortAfter, [][]string{{promptKind(st.Awaiting()[0])}}, "ann: your move"},
	} {
		tb := &table{row: &storage.Game{Players: []storage.Player{{Seat: 0, Name: "ann", UserID: "u-ann"}, {Seat: 1, Name: "bob", UserID: "u-bob"}}},
			kit: Kit{Progress: c.progress}}
		tb.state = st
		lines, _ := s.promptLines(LangEnglish, tb, st, &Notice{}, []int{c.asked}, c.kinds, nil)
		if len(lines) != 1 || lines[0] != c.want {
			t.Errorf("%s: %q, want %q", c.name, lines, c.want)
		}
	}
}

// asking asks seat 0 the question text.
type asking struct {
	seatMenu
	text string
}

func (a asking) Awaiting() []rules.Prompt {
	return []rules.Prompt{{Seat: 0, Msg: rules.Verbatim(a.text)}}
}

// The short prompt names the decision by the lead of the game's own prompt, in the reader's
// language ("ann: your move: Trade window · …"), and is used only for the same question asked
// again, numbers aside: another attack to join or another offer to answer is told in full.
func TestShortPromptNamesTheDecision(t *testing.T) {
	s := &Service{}
	scored := func(view any, _ string) (recap.Progress, error) {
		return recap.Progress{Measure: "points", Unit: "points", Values: []int{4, 17}}, nil
	}
	trade := asking{seatMenu{[]rules.Move{{"x"}}}, "Trade window: offer resources to a neighbour, answer offers, or say done."}
	ally := func(area string) asking {
		return asking{seatMenu{[]rules.Move{{"x"}}}, "Uma attacks " + area + " (Hana): lend your neighbouring areas to the attacker, the defender, or stay neutral."}
	}
	left := func(n string) asking {
		return asking{seatMenu{[]rules.Move{{"x"}}}, "Transport: " + n + " transports left (foot, horse, chain, boat, ship), or done."}
	}
	activates := asking{seatMenu{[]rules.Move{{"x"}}}, "Ascidia habilis on a3 activates with 2 black, 2 white: choose an ability."}
	kindOf := func(a asking) [][]string { return [][]string{{promptKind(a.Awaiting()[0])}} }
	for _, c := range []struct {
		name, lang string
		st         asking
		kinds      [][]string
		want       string
	}{
		{"named", LangEnglish, trade, kindOf(trade), "ann: your move: Trade window · ann 4, bob 17"},
		{"named, German", "de", trade, kindOf(trade), "ann: du bist am Zug: Trade window · ann 4, bob 17"},
		{"named, Spanish", "es", trade, kindOf(trade), "ann: te toca: Trade window · ann 4, bob 17"},
		{"named, French", "fr", trade, kindOf(trade), "ann : à toi de jouer : Trade window · ann 4, bob 17"},
		{"numbers aside, the same question", LangEnglish, left("2"), kindOf(left("3")), "ann: your move: Transport · ann 4, bob 17"},
		{"another attack to join", LangEnglish, ally("Vagon"), kindOf(ally("Sitara")), "ann: " + ally("Vagon").text + " · ann 4, bob 17"},
		{"the same attack again", LangEnglish, ally("Vagon"), kindOf(ally("Vagon")), "ann: your move: Uma attacks Vagon (Hana) · ann 4, bob 17"},
		// A long lead says where; the question follows the colon (an Ascidiae reader saw only
		// "your move" while an ability choice waited).
		{"the question after a long lead", LangEnglish, activates, kindOf(activates), "ann: your move: choose an ability · ann 4, bob 17"},
	} {
		tb := &table{row: &storage.Game{Players: []storage.Player{{Seat: 0, Name: "ann", UserID: "u-ann"}, {Seat: 1, Name: "bob", UserID: "u-bob"}}},
			kit: Kit{Progress: scored}}
		tb.state = c.st
		lines, _ := s.promptLines(c.lang, tb, c.st, &Notice{}, []int{shortAfter}, c.kinds, nil)
		if len(lines) != 1 || lines[0] != c.want {
			t.Errorf("%s: %q, want %q", c.name, lines, c.want)
		}
	}
}

// annAsks is ann's prompt line in a post or edit ("" when it does not ask her).
func annAsks(n Notice) string {
	for _, l := range strings.Split(n.Text, "\n")[min(n.Head, strings.Count(n.Text, "\n")+1):] {
		if strings.HasPrefix(l, "ann: ") || strings.HasPrefix(l, "ann : ") {
			return l
		}
	}
	return ""
}
