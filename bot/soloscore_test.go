package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	ausgame "github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/storage"
)

// A solo Ausonia game races the Aspirant: the posts' score line read "alice 7" and the recap
// charted the player alone. Both show the Aspirant's influence too, named in the reader's
// language.
func TestSoloScoreShowsTheAspirant(t *testing.T) {
	kit := replayKits["ausonia"]
	rec := randomRecord(t, kit, 1, 3, 8)
	st, err := startOf(kit, rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range rec.Moves {
		if _, err := st.Apply(e.Seat, e.Move); err != nil {
			t.Fatal(err)
		}
	}
	view, ok := st.View(0).(*ausgame.View)
	if !ok || view.Solo == nil {
		t.Fatalf("not a solo view: %T", st.View(0))
	}
	tb := &table{row: &storage.Game{Players: []storage.Player{{Seat: 0, Name: "alice"}}}, state: st, kit: kit}
	var svc *Service
	for _, c := range []struct{ lang, aspirant string }{{LangEnglish, "(Aspirant)"}, {"es", "(Aspirante)"}} {
		line := svc.scoreLine(c.lang, tb, st)
		want := fmt.Sprintf("%s %d", c.aspirant, view.Solo.Influence)
		if !strings.HasPrefix(line, "alice ") || !strings.HasSuffix(line, want) {
			t.Errorf("%s: score line %q does not end in the Aspirant's %q", c.lang, line, want)
		}
	}
	rc, err := recapWith(LangEnglish, kit, rec, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rc.Players) != 1 || len(rc.OpponentValues) == 0 || len(rc.OpponentValues) != len(rc.Players[0].Values) {
		t.Fatalf("the recap charts %d Aspirant points beside %+v", len(rc.OpponentValues), rc.Players)
	}
	if last := rc.OpponentValues[len(rc.OpponentValues)-1]; last != view.Solo.Influence {
		t.Errorf("the recap's Aspirant ends at %d, the game at %d", last, view.Solo.Influence)
	}
}

// The result of a solo Ausonia game gives the Aspirant's score beside the player's: "Scores:
// alice 3." hid that the Upstart won with 64 (issue #37).
func TestSoloResultGivesTheAspirantsScore(t *testing.T) {
	kit := replayKits["ausonia"]
	rec := randomRecord(t, kit, 1, 3, 8)
	st, err := startOf(kit, rec)
	if err != nil {
		t.Fatal(err)
	}
	view, ok := st.View(0).(*ausgame.View)
	if !ok || view.Solo == nil {
		t.Fatalf("not a solo view: %T", st.View(0))
	}
	row := &storage.Game{Kind: "ausonia", Seats: 1, Players: []storage.Player{{Seat: 0, Name: "alice"}}}
	res := &rules.Result{Ranks: []int{2}, Scores: []int{3}}
	for _, c := range []struct{ lang, want string }{
		{LangEnglish, fmt.Sprintf("alice 3, %s %d.", view.Solo.Name, view.Solo.Influence)},
		{"de", fmt.Sprintf("alice 3, Der Emporkömmling %d.", view.Solo.Influence)}, // the Upstart
	} {
		got := resultTextIn(c.lang, row, st, res)
		if !strings.HasSuffix(got, c.want) {
			t.Errorf("%s: result %q does not end in %q", c.lang, got, c.want)
		}
	}
}
