package ascidiae

import (
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

func TestSetupComponents(t *testing.T) {
	for seats := 1; seats <= 4; seats++ {
		for _, long := range []string{"no", "yes"} {
			g := newTestGame(t, seats, map[string]string{"long": long, "difficulty": "white"})
			blue, red := 0, 0
			for _, p := range g.Piles {
				if p.Count != 2*seats {
					t.Errorf("%d seats: pile %s has %d, want %d", seats, p.Card, p.Count, 2*seats)
				}
				if p.Zone == "blue" {
					blue++
				} else {
					red++
				}
			}
			if blue != 6 || red != 4 {
				t.Errorf("%d blue and %d red piles", blue, red)
			}
			want := seats + 1
			if long == "yes" {
				want += seats
			}
			if seats == 1 {
				want = 3
			}
			if len(g.Colonies) != want {
				t.Errorf("%d seats long=%s: %d colonies, want %d", seats, long, len(g.Colonies), want)
			}
			for _, c := range g.Colonies {
				if col, _ := Colony(c.ID); col.Difficulty != "white" || c.By != -1 {
					t.Errorf("colony %+v", c)
				}
			}
			if g.Blocks != 10 {
				t.Errorf("%d block tokens", g.Blocks)
			}
		}
	}
}

func TestPresets(t *testing.T) {
	g := newTestGame(t, 2, map[string]string{"preset": "third"})
	var got []string
	for _, p := range g.Piles[:6] {
		got = append(got, p.Card)
	}
	slices.Sort(got)
	if strings.Join(got, " ") != "arlechi monotona scalena serrata stator xerocephala" {
		t.Errorf("third game specials %v", got)
	}
	for seed := uint64(1); seed < 20; seed++ {
		s, _ := Game.Info().ValidateSetup(rules.Setup{Seats: 2, Seed: seed, Options: map[string]string{"preset": "random"}})
		g, _ := newGame(s)
		seen := map[string]bool{}
		for _, p := range g.Piles[:6] {
			if c, _ := Card(p.Card); c.Kind != KindSpecial || seen[p.Card] {
				t.Fatalf("random preset: %v", g.Piles)
			}
			seen[p.Card] = true
		}
	}
	g = newTestGame(t, 2, map[string]string{"current": "3b"})
	if data.Layouts[g.Opt.Layout].ID != "3b" {
		t.Errorf("current option ignored")
	}
}

func TestInitialPlacement(t *testing.T) {
	st, err := Game.New(rules.Setup{Seats: 2, Seed: 5, Options: map[string]string{"current": "1a"}})
	if err != nil {
		t.Fatal(err)
	}
	g := st.(*State)
	if ps := g.Awaiting(); len(ps) != 2 {
		t.Fatalf("both seats place at once: %+v", ps)
	}
	refusedWith(t, g, 0, "b2 up b2 up", "already on b2")
	refusedWith(t, g, 0, "e5 up c2 up", "not a space")
	refusedWith(t, g, 0, "b2 sideways", "not a facing")
	refusedWith(t, g, 0, "b2 up", `Almost: add a space for habilis (a1, b1, c1, d1, a2, c2, d2, a3, b3, c3 or d3), as in "b2 up a1 up".`)
	if _, err := g.Apply(1, rules.Move{"d3", "left", "a1", "down"}); err != nil {
		t.Fatal(err)
	}
	if ps := g.Awaiting(); len(ps) != 1 || ps[0].Seat != 0 {
		t.Fatalf("after seat 2 placed: %+v", ps)
	}
	refusedWith(t, g, 1, "a2 up b2 up", "placed")
	if _, err := g.Apply(0, rules.Move{"b2", "right", "c2", "up"}); err != nil {
		t.Fatal(err)
	}
	if c := g.at(0, "b2"); c == nil || c.Card != "basica" || c.Orient != Right {
		t.Errorf("basica: %+v", c)
	}
	if c := g.at(1, "a1"); c == nil || c.Card != "habilis" || c.Orient != Down {
		t.Errorf("seat 2 habilis: %+v", c)
	}
	// Seat 1 plays first, in a learning turn (default: 3).
	if ps := g.Awaiting(); len(ps) != 1 || ps[0].Seat != 0 || g.Turn.Wait != waitStart {
		t.Errorf("first turn: %+v wait %q", ps, g.Turn.Wait)
	}
}

func TestLearningTurns(t *testing.T) {
	g := scenario(t, 2, map[string]string{"rearrange": "2"})
	g.put(0, "a1", "basica", Up, "K")
	g.put(0, "b1", "habilis", Up, "")
	g.put(0, "c1", "rubra", Up, "")
	g.begin(0)
	if g.Turn.Wait != waitStart {
		t.Fatalf("wait %q", g.Turn.Wait)
	}
	if got := strings.Join(tokens(t, g, ""), " "); got != "flow basica habilis" {
		t.Errorf("start offers %q", got)
	}
	// habilis may go to an empty space, stay, or swap with basica; never onto the rubra.
	if got := tokens(t, g, "habilis"); slices.Contains(got, "c1") || !slices.Contains(got, "a1") || !slices.Contains(got, "b1") || !slices.Contains(got, "d3") {
		t.Errorf("habilis may go to %v", got)
	}
	play(t, g, "habilis a1 left")
	if g.at(0, "a1").Card != "habilis" || g.at(0, "b1").Card != "basica" || g.at(0, "b1").T != pool("K") || g.at(0, "a1").Orient != Left {
		t.Errorf("swap: a1=%+v b1=%+v", g.at(0, "a1"), g.at(0, "b1"))
	}
	if got := strings.Join(tokens(t, g, ""), " "); got != "flow basica" {
		t.Errorf("after moving habilis: %q", got)
	}
	play(t, g, "basica d2 down")
	// Both moved: the current flows by itself (habilis on a1 asks its colour).
	if g.Turn.Wait != waitPick || !g.Turn.Started {
		t.Errorf("after both moved: wait %q started %v", g.Turn.Wait, g.Turn.Started)
	}
	g.Players[0].Turns = 2
	g.begin(0) // third turn: no more learning
	if g.Turn.Wait == waitStart {
		t.Errorf("learning offered in turn 3 with rearrange=2")
	}
}

func TestSoloMinorVictory(t *testing.T) {
	g := scenario(t, 1, nil)
	g.colonies("black1", "black2", "black3") // KKWR KKWB KKRB
	g.put(0, "b2", "sverk", Up, "KKWR")
	g.put(0, "b3", "sverk", Up, "KKWB")
	g.begin(0)
	play(t, g, "colonize g1")
	if g.Res != nil {
		t.Fatalf("one colony ended a solo game")
	}
	play(t, g, "colonize g2")
	if g.Res == nil || g.Res.Ranks[0] != 1 || !strings.Contains(g.Res.English(), "Minor victory") {
		t.Fatalf("want a minor victory at the end of the turn: %+v", g.Res)
	}
}

func TestSoloMajorVictory(t *testing.T) {
	g := scenario(t, 1, nil)
	g.colonies("black1", "black2", "black3")
	g.put(0, "b2", "sverk", Up, "KKWR")
	g.put(0, "b3", "sverk", Up, "KKWBKK")
	g.at(0, "b3").T = pool("KKWB")
	g.put(0, "a3", "sverk", Up, "KKRB")
	g.begin(0)
	play(t, g, "colonize g1", "colonize g3", "colonize g2") // flow: b2, a3, b3
	if g.Res == nil || !strings.Contains(g.Res.English(), "Major victory") {
		t.Fatalf("want a major victory: %+v", g.Res)
	}
}

func TestSoloDefeats(t *testing.T) {
	// Claiming colonies one by one leaves fewer than two: no victory is possible any more.
	g := scenario(t, 1, nil)
	g.colonies("black1", "black2", "black3")
	g.Colonies[2].By = 0
	g.put(0, "b2", "sverk", Up, "KKWR")
	g.begin(0)
	play(t, g, "colonize g1")
	if g.Res == nil || g.Res.Ranks[0] != 2 || !strings.Contains(g.Res.English(), "fewer than two") {
		t.Fatalf("want a defeat: %+v", g.Res)
	}
	// The turn limit.
	g = scenario(t, 1, nil)
	g.put(0, "b2", "rubra", Up, "")
	g.begin(0)
	if g.Res == nil || !strings.Contains(g.Res.English(), "25 turns") || g.Players[0].Turns != 25 {
		t.Fatalf("want a defeat after 25 turns: %+v, turns %d", g.Res, g.Players[0].Turns)
	}
}

func TestTurnLimit(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "b2", "rubra", Up, "")
	g.put(1, "b2", "rubra", Up, "")
	g.Players[1].Colonies = []string{"black1"}
	g.begin(0)
	if g.Res == nil || g.Round != data.Rules.TurnLimit {
		t.Fatalf("want the game to end after %d rounds: round %d %+v", data.Rules.TurnLimit, g.Round, g.Res)
	}
	if !slices.Equal(g.Res.Ranks, []int{2, 1}) {
		t.Errorf("ranks %v, want seat 2 first on colonies", g.Res.Ranks)
	}
}

func TestEncodeDecodeMidActivation(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "b2", "sverk", Up, "KK")
	g.begin(0)
	b, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	st, err := Game.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	g2 := st.(*State)
	play(t, g, "root vikenti a1 up")
	play(t, g2, "root vikenti a1 up")
	b1, _ := g.Encode()
	b2, _ := g2.Encode()
	if string(b1) != string(b2) {
		t.Errorf("decoded game diverges")
	}
	if _, err := Game.Decode([]byte(`{"seats":2}`)); err == nil {
		t.Errorf("inconsistent snapshot decoded")
	}
}

func TestNotYourTurn(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "b2", "sverk", Up, "KK")
	g.begin(0)
	refusedWith(t, g, 1, "rest", "not your turn")
	refusedWith(t, g, -1, "rest", "Only the players")
	refusedWith(t, g, 0, "root", "Almost: add a pile to take root from (")
	refusedWith(t, g, 0, "root nobody", "not a pile")
	refusedWith(t, g, 0, "root trinea", "The trinea pile costs 3 black; Ascidia sverk holds 2 black.")
}

// The placement prompt speaks of the others placing at the same time only when there are others.
func TestPlacePromptSoloAndTable(t *testing.T) {
	for seats, together := range map[int]bool{1: false, 2: true, 4: true} {
		st, err := Game.New(rules.Setup{Seats: seats, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		aw := st.Awaiting()
		if len(aw) != seats {
			t.Fatalf("%d seats: %d awaited", seats, len(aw))
		}
		for _, lang := range []string{"en", "de", "es", "fr"} {
			text := msg.Render(aw[0].Msg, lang, nil)
			if got := strings.Contains(text, map[string]string{"en": "same time", "de": "gleichzeitig", "es": "a la vez", "fr": "même temps"}[lang]); got != together {
				t.Errorf("%d seats, %s: %q", seats, lang, text)
			}
		}
	}
}
