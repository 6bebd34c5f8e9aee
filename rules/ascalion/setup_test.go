package ascalion

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

func newGame(t *testing.T, n int, opts ...string) *state {
	t.Helper()
	o := map[string]string{"setup": "draft"} // most tests here are about the draft
	for i := 0; i+1 < len(opts); i += 2 {
		o[opts[i]] = opts[i+1]
	}
	g, err := Game.New(rules.Setup{Seats: n, Seed: 7, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	return g.(*state)
}

// §4.0: source sets and the lands in play by player count.
func TestSetupSourceSets(t *testing.T) {
	for n := 2; n <= 6; n++ {
		s := newGame(t, n)
		total := 0
		for _, x := range s.SrcLeft {
			total += x
		}
		want, lands := 16, 36
		if n >= 5 {
			want, lands = 21, 45
		}
		if total != want {
			t.Errorf("%d players: %d sources dealt, want %d", n, total, want)
		}
		in := 0
		for l := range s.Lands {
			if s.inPlay(l) {
				in++
			}
		}
		if in != lands {
			t.Errorf("%d players: %d lands in play, want %d", n, in, lands)
		}
		// Dealt as evenly as possible.
		lo, hi := 99, 0
		for _, x := range s.SrcLeft {
			lo, hi = min(lo, x), max(hi, x)
		}
		if hi-lo > 1 {
			t.Errorf("%d players: uneven deal %v", n, s.SrcLeft)
		}
	}
}

// §4.1: sources are placed face down, one per land, and revealed only when all are placed;
// warriors follow counter-clockwise; the last placer starts round 1.
func TestSetupDraft(t *testing.T) {
	s := newGame(t, 3)
	first := s.SetupFirst
	if s.Stage != stSources || s.Turn != first {
		t.Fatalf("stage %d turn %d, want sources by the setup start player %d", s.Stage, s.Turn, first)
	}
	placed := 0
	for s.Stage == stSources {
		p := s.Turn
		m := s.firstMove(p)
		if _, err := s.Apply(rules.Seat(p), m); err != nil {
			t.Fatal(err)
		}
		placed++
		if s.Stage == stSources {
			v := s.View(rules.Spectator).(View)
			for _, l := range v.Lands {
				if l.Source != "" && l.Source != "hidden" {
					t.Fatalf("source %s of %s shown before all are placed", l.Source, l.Name)
				}
			}
			if want := (p - 1 + 3) % 3; s.Turn != want && s.SrcLeft[want] > 0 {
				t.Errorf("after %d, turn %d, want counter-clockwise %d", p, s.Turn, want)
			}
		}
	}
	if placed != 16 {
		t.Errorf("%d sources placed, want 16", placed)
	}
	n := [5]int{}
	for _, l := range s.Lands {
		if l.Source >= 0 {
			n[l.Source]++
		}
		if l.Source == -2 {
			t.Error("a source stayed face down")
		}
	}
	if n != sourceSet(3) {
		t.Errorf("revealed sources %v, want %v", n, sourceSet(3))
	}
	if s.Stage != stWarriors || s.Turn != first {
		t.Fatalf("warriors begin with the setup start player")
	}
	last := -1
	for s.Stage == stWarriors {
		p := s.Turn
		m := s.firstMove(p)
		if _, err := s.Apply(rules.Seat(p), m); err != nil {
			t.Fatal(err)
		}
		last = p
	}
	if s.SP != last || s.Round != 1 {
		t.Errorf("round %d SP %d, want round 1 started by the last placer %d", s.Round, s.SP, last)
	}
	for p := 0; p < 3; p++ {
		if s.Start[p] != 12 {
			t.Errorf("player %d starts with %d lands, want 12", p, s.Start[p])
		}
	}
}

// A land picker with more than 25 lands goes through regions.
func TestSetupRegionPicker(t *testing.T) {
	s := newGame(t, 6)
	p := rules.Seat(s.Turn)
	next, _, _ := s.Choices(p, nil)
	if len(next) > maxMenu || !has(choiceToks(next), "nw") {
		t.Fatalf("first menu %v, want regions", choiceToks(next))
	}
	for _, c := range next {
		sub, _, err := s.Choices(p, rules.Move{c.Token})
		if err != nil || len(sub) == 0 || len(sub) > maxMenu {
			t.Errorf("region %s: %d choices, err %v", c.Token, len(sub), err)
		}
	}
	f := &fixture{t: t, s: s}
	f.refused(int(p), "nw korsa", "")
}

func TestSetupQuick(t *testing.T) {
	for n := 2; n <= 6; n++ {
		s := newGame(t, n, "setup", "quick")
		if s.Round != 1 || s.Phase < 2 {
			t.Fatalf("%d players: quick start should be in round 1, phase %d", n, s.Phase)
		}
		lo, hi := 99, 0
		for p := 0; p < n; p++ {
			lo, hi = min(lo, s.Start[p]), max(hi, s.Start[p])
		}
		if hi-lo > 1 {
			t.Errorf("%d players: uneven lands %v", n, s.Start)
		}
		src := 0
		for _, l := range s.Lands {
			if l.Source >= 0 {
				src++
			}
		}
		if want := map[bool]int{false: 16, true: 21}[n >= 5]; src != want {
			t.Errorf("%d players: %d sources, want %d", n, src, want)
		}
	}
}

// §7.0: the start player passes clockwise each round.
func TestStartPlayerRotates(t *testing.T) {
	f := newFixture(t, 3).own(0, "Ys").own(1, "Doilan")
	f.s.SP = 1
	f.s.Round = 4
	f.s.Opt.Rounds = 0
	f.s.startRound()
	if f.s.SP != 2 || f.s.Round != 5 {
		t.Errorf("SP %d round %d, want 2 and 5", f.s.SP, f.s.Round)
	}
}

// §6.0: the die decides; a six goes to a vote, a tie to the start player.
func TestDieAndVote(t *testing.T) {
	outcomes := map[int]bool{}
	for seed := uint64(1); seed < 60 && len(outcomes) < 3; seed++ {
		f := newFixture(t, 4).own(0, "Ys").own(1, "Comorium").own(2, "Doilan")
		f.s.RNG = rules.NewRNG(seed)
		f.s.Stage = stOver
		f.s.dieCheck(4)
		switch {
		case f.s.Die <= 4:
			outcomes[1] = true
			if f.s.Phase != 4 && f.s.Stage != stTrade && f.s.Phase < 5 {
				t.Errorf("roll %d: trade should run", f.s.Die)
			}
		case f.s.Die == 5:
			outcomes[5] = true
			if f.s.Stage == stTrade || f.s.Stage == stVote {
				t.Errorf("roll 5: trade must be skipped, stage %d", f.s.Stage)
			}
		default:
			outcomes[6] = true
			if f.s.Stage != stVote || f.s.Turn != f.s.SP {
				t.Fatalf("roll 6: the start player votes first")
			}
			// 2:2 → the start player decides.
			f.play(0, "yes")
			f.play(1, "no")
			f.play(2, "yes")
			f.play(3, "no")
			if f.s.Stage != stTieBreak || f.s.Turn != 0 {
				t.Fatalf("tie: stage %d turn %d", f.s.Stage, f.s.Turn)
			}
			f.play(0, "no")
			if f.s.Stage == stTrade {
				t.Error("the start player's no must cancel the phase")
			}
		}
	}
	if len(outcomes) < 3 {
		t.Errorf("seeds gave only %v", outcomes)
	}
}

func TestVoteMajority(t *testing.T) {
	f := newFixture(t, 3).own(0, "Ys").own(1, "Comorium")
	f.put("Ys", "gold").put("Comorium", "coal")
	f.s.VotePhase = 4
	f.s.Votes = []int{-1, -1, -1}
	f.s.Queue = []int{0, 1, 2}
	f.s.Stage, f.s.Turn = stVote, 0
	f.play(0, "no")
	f.play(1, "yes")
	f.play(2, "yes")
	if f.s.Stage != stTrade {
		t.Errorf("2 yes to 1 no: trade should run, stage %d", f.s.Stage)
	}
}

// §6.0 at 2 seats: a tie goes back to the start player, who voted first; his vote is his final
// say and he is not asked again (issue 36: a visit to repeat it). The phase runs or not by it.
func TestTieAtTwoSeatsIsTheStartPlayersVote(t *testing.T) {
	for _, first := range []string{"yes", "no"} {
		f := newFixture(t, 2).own(0, "Ys").own(1, "Comorium")
		f.put("Ys", "gold").put("Comorium", "coal")
		f.s.VotePhase = 4
		f.s.Votes = []int{-1, -1}
		f.s.Queue = []int{0, 1}
		f.s.Stage, f.s.Turn, f.s.SP = stVote, 0, 0
		f.play(0, first)
		other := map[string]string{"yes": "no", "no": "yes"}[first]
		evs := f.play(1, other)
		if f.s.Stage == stTieBreak || f.s.Stage == stVote {
			t.Fatalf("%s: the start player is asked again (stage %d)", first, f.s.Stage)
		}
		if runs := f.s.Stage == stTrade; runs != (first == "yes") {
			t.Errorf("%s: trade runs %v", first, runs)
		}
		var texts []string
		for _, e := range evs {
			texts = append(texts, e.English())
		}
		if !strings.Contains(strings.Join(texts, "\n"), "decides the tie: "+first) {
			t.Errorf("%s: events %q do not tell the start player's decision", first, texts)
		}
	}
}

// With four voters a 2:2 tie still asks the start player, who may change his mind (§6.0).
func TestTieBreakIsTheStartPlayersFinalSay(t *testing.T) {
	for _, first := range []string{"yes", "no"} {
		f := newFixture(t, 4).own(0, "Ys").own(1, "Comorium").own(2, "Albur").own(3, "Elgar")
		f.put("Ys", "gold").put("Comorium", "coal")
		f.s.VotePhase = 4
		f.s.Votes = []int{-1, -1, -1, -1}
		f.s.Queue = []int{0, 1, 2, 3}
		f.s.Stage, f.s.Turn, f.s.SP = stVote, 0, 0
		other := map[string]string{"yes": "no", "no": "yes"}[first]
		f.play(0, first)
		f.play(1, other)
		f.play(2, first)
		f.play(3, other)
		ps := f.s.Awaiting()
		if f.s.Stage != stTieBreak || len(ps) != 1 || ps[0].Seat != 0 {
			t.Fatalf("tie: stage %d, awaiting %+v", f.s.Stage, ps)
		}
		if !strings.Contains(ps[0].English(), "final say") || !strings.Contains(ps[0].English(), "you voted "+first) {
			t.Errorf("tie-break prompt %q", ps[0].English())
		}
		if ps[0].Default.String() != first {
			t.Errorf("silence gives %q, want the start player's own vote %q", ps[0].Default, first)
		}
		marked := 0
		for _, a := range ps[0].Answers {
			if strings.HasSuffix(a.English(), "(your vote)") {
				marked++
				if a.Move.String() != first {
					t.Errorf("answer %q marked as the vote %q", a.English(), first)
				}
			}
		}
		if marked != 1 {
			t.Errorf("answers %+v mark %d votes", ps[0].Answers, marked)
		}
	}
}

// By default 2-3 players start with the quick deal and 4-6 draft; an explicit draft or quick
// (as in every record made before the default changed) means what it meant.
func TestSetupDefaultBySeats(t *testing.T) {
	for n := 2; n <= 6; n++ {
		g, err := Game.New(rules.Setup{Seats: n, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		s := g.(*state)
		if quick := s.Round == 1; quick != (n <= 3) {
			t.Errorf("%d players by default: quick start %v (stage %d)", n, quick, s.Stage)
		}
		for _, v := range []string{"draft", "quick"} {
			g, _ := Game.New(rules.Setup{Seats: n, Seed: 3, Options: map[string]string{"setup": v}})
			if quick := g.(*state).Round == 1; quick != (v == "quick") {
				t.Errorf("%d players, setup %s: quick start %v", n, v, quick)
			}
		}
	}
}

// A land is accepted with or without its region wherever lands are chosen: alone while the
// picker still goes through regions, after its region once it no longer does; a region with
// nothing to choose is refused by name.
func TestLandWithOrWithoutRegion(t *testing.T) {
	s := newGame(t, 2)
	if len(s.freeLands()) <= maxMenu {
		t.Fatalf("the draft should start with more than %d free lands", maxMenu)
	}
	f := &fixture{t: t, s: s}
	first := func() (string, string) {
		free := s.freeLands()
		l := free[len(free)-1]
		return board.Lands[l].Token, regionOf(l)
	}
	for s.Stage == stSources {
		l := s.freeSourceLands()[0]
		f.play(s.Turn, board.Lands[l].Token)
	}
	// More than 25 free lands: the land alone, and the region then the land.
	tok, _ := first()
	f.play(s.Turn, tok)
	tok, rg := first()
	f.play(s.Turn, rg+" "+tok)
	// Fewer than 26: the land alone, or after its region.
	for len(s.freeLands()) > maxMenu {
		tok, _ := first()
		f.play(s.Turn, tok)
	}
	next, _, err := s.Choices(rules.Seat(s.Turn), nil)
	if err != nil || has(choiceToks(next), "nw") {
		t.Fatalf("with %d free lands the menu %v should list lands", len(s.freeLands()), choiceToks(next))
	}
	tok, rg = first()
	f.play(s.Turn, rg+" "+strings.ToUpper(tok))
	tok, _ = first()
	f.play(s.Turn, tok)
	// A region alone offers its lands; a region without free land is refused by name.
	_, rg = first()
	sub, _, err := s.Choices(rules.Seat(s.Turn), rules.Move{rg})
	if err != nil || len(sub) == 0 {
		t.Fatalf("region %s alone: %v %v", rg, choiceToks(sub), err)
	}
	// Settle the whole region, then name it again.
	for {
		var in []int
		for _, l := range s.freeLands() {
			if regionOf(l) == rg {
				in = append(in, l)
			}
		}
		if len(in) == 0 || s.Stage != stWarriors {
			break
		}
		f.play(s.Turn, board.Lands[in[0]].Token)
	}
	if s.Stage != stWarriors {
		t.Fatal("the draft ended before a region was full")
	}
	f.refused(s.Turn, rg, "fits here: choose a land nobody holds yet, in ")
}
