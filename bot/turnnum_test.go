package bot

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
)

// The status line, the recap and the replay's captions number turns as /history does (issue
// 38's platform item: "move 68" and "278 moves" counted the engine's decisions). Over random games
// of every game: the turn the status line names is the number the next move's line gets in
// /history, by the seat that plays it; the recap's count is the history's; the captions' numbers
// run up from 1 to at most the history's count.
func TestTurnNumbersAgreeWithHistory(t *testing.T) {
	for _, c := range []struct {
		kind  string
		seats int
	}{{"ascidiae", 2}, {"ascidiae", 3}, {"ascidiae", 1}, {"reef-encounter", 4}, {"ausonia", 2}, {"autumn-ash", 2}, {"ascalion", 3}} {
		t.Run(fmt.Sprintf("%s/%d", c.kind, c.seats), func(t *testing.T) {
			row, moves := randomLog(t, c.kind, c.seats, 4, 90)
			kit := replayKits[c.kind]
			g := kit.Game
			for i := 0; i < len(moves); i += 3 {
				rec, err := logRecord(row, moves[:i])
				if err != nil {
					t.Fatal(err)
				}
				st, err := record.Replay(g, rec, nil)
				if err != nil {
					t.Fatal(err)
				}
				n, err := turnInPlay(g, rec, st)
				if err != nil {
					t.Fatal(err)
				}
				log, err := historyEvents(g, row, moves[:i+1])
				if err != nil {
					t.Fatal(err)
				}
				mover := rules.Seat(moves[i].Seat)
				found := false
				for _, tn := range historyTurns(LangEnglish, row, moves[:i+1], log, nil, true, false) {
					found = found || tn.num == n && tn.seat == mover
				}
				if len(st.Awaiting()) > 1 {
					// Several seats to play (a vote, a trade): which moves first is not known, and
					// the status names the next turn; the one in play may go on instead.
					_, w := walkLog(log[:i], rec)
					found = n == w.num+1
				}
				if !found {
					t.Fatalf("after %d moves the status says turn %d, but /history has no turn %d of seat %d once it moves", i, n, n, mover)
				}
			}
			rec, err := logRecord(row, moves)
			if err != nil {
				t.Fatal(err)
			}
			log, err := historyEvents(g, row, moves)
			if err != nil {
				t.Fatal(err)
			}
			turns := historyTurns(LangEnglish, row, moves, log, nil, true, false)
			count := turns[len(turns)-1].num
			if count >= len(moves) && c.kind == "ascidiae" {
				t.Errorf("%d turns in %d moves: an Ascidiae turn takes several decisions", count, len(moves))
			}
			rc, err := recapOf(kit, rec, nil)
			if err != nil {
				t.Fatal(err)
			}
			if rc.Turns != count {
				t.Errorf("the recap counts %d turns, /history %d", rc.Turns, count)
			}
			frames, err := turnFrames(kit, rec)
			if err != nil {
				t.Fatal(err)
			}
			last := 0
			for _, f := range frames[1:] {
				num, _, ok := strings.Cut(f.caption, ". ")
				k, err := strconv.Atoi(num)
				if !ok || err != nil || k < last || k > count {
					t.Fatalf("caption %q after turn %d of %d", f.caption, last, count)
				}
				last = k
			}
			if last < count-1 {
				t.Errorf("the captions end at turn %d of %d", last, count)
			}
		})
	}
}
