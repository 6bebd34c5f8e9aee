package bot

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/storage"
)

// The list itself: short names, none a prefix-twin of another (a header cut to three letters
// still tells two AIs apart), none twice.
func TestAINamesList(t *testing.T) {
	if len(aiNames) < 12 {
		t.Fatalf("only %d AI names", len(aiNames))
	}
	prefix := map[string]string{}
	for _, n := range aiNames {
		if utf8.RuneCountInString(n) > 5 || strings.ContainsAny(n, " ()#") {
			t.Errorf("%q is not a short plain name", n)
		}
		p := strings.ToLower(string([]rune(n)[:3]))
		if o, ok := prefix[p]; ok {
			t.Errorf("%q and %q start alike", o, n)
		}
		prefix[p] = n
	}
}

// Every AI seat of a game gets a name of the list, distinct within the game, never a human's
// (whatever the case), the same each time for the same game.
func TestNameAISeats(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		for _, human := range []string{"alice", aiNames[seed%uint64(len(aiNames))], strings.ToUpper(aiNames[(seed*7)%uint64(len(aiNames))])} {
			row := &storage.Game{Seed: seed, Players: []storage.Player{{Seat: 0, UserID: "u-h", Name: human}}}
			for s := 1; s < 4; s++ {
				row.Players = append(row.Players, aiSeatPlayer(s, "normal"))
			}
			nameAISeats(row)
			seen := map[string]bool{strings.ToLower(human): true}
			for _, p := range row.Players[1:] {
				if !strings.Contains(aiNamesFile, "\n"+p.Name+"\n") || seen[strings.ToLower(p.Name)] {
					t.Fatalf("seed %d, human %q: names %+v", seed, human, row.Players)
				}
				seen[strings.ToLower(p.Name)] = true
			}
			again := &storage.Game{Seed: seed, Players: append([]storage.Player{}, row.Players...)}
			if nameAISeats(again) {
				t.Fatalf("seed %d: named seats renamed: %+v", seed, again.Players)
			}
		}
	}
}

// A lobby's AIs keep names distinct from whoever joins: an AI named as the newcomer is renamed.
func TestJoinRenamesAnAIOfTheSameName(t *testing.T) {
	e := newEnv(t)
	th, _ := e.aiGame(4, 2, "normal")
	taken := e.row(th).Players[1].Name
	if _, err := e.svc.Join(context.Background(), e.in(th, User{ID: "u-x", Name: strings.ToLower(taken)})); err != nil {
		t.Fatal(err)
	}
	g := e.row(th)
	if g.Players[1].Name == taken || g.Players[1].Name == g.Players[2].Name || !strings.EqualFold(g.Players[3].Name, taken) {
		t.Fatalf("after %q joined: %+v", strings.ToLower(taken), g.Players)
	}
}

// Four seats, three AIs: three different names in the thread's posts, and the level said once.
func TestFourSeatsThreeAINames(t *testing.T) {
	e := newEnv(t)
	th, _ := e.aiGame(4, 3, "hard")
	g := e.row(th)
	names := map[string]bool{}
	for _, p := range g.Players {
		names[p.Name] = true
	}
	if len(names) != 4 {
		t.Fatalf("names: %+v", g.Players)
	}
	e.deliver()
	levels := 0
	for _, o := range e.sent {
		levels += strings.Count(o.Text, "AI, hard")
		if strings.Contains(o.Text, "AI (") {
			t.Fatalf("post names an AI by its level: %q", o.Text)
		}
	}
	if levels != 3 {
		t.Fatalf("the start post says each AI's level once (%d): %+v", levels, e.sent)
	}
}

// Games stored by older versions named every AI seat "AI (normal)": they read with names once
// loaded, the same names on every load, without touching the stored row first.
func TestLegacyAISeatNamesAtLoad(t *testing.T) {
	e := newEnv(t)
	th, _ := e.aiGame(3, 2, "normal")
	ctx := context.Background()
	g := e.row(th)
	want := []string{g.Players[1].Name, g.Players[2].Name}
	g.Players[1].Name, g.Players[2].Name = "AI (normal)", "AI (normal)"
	if err := e.store.UpdateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 2; round++ {
		fresh := New(e.store, []Kit{{Game: e.svc.kits["bids"].Game, PNG: fakePNG}}, Options{Now: e.svc.opt.Now})
		rep, err := fresh.Board(ctx, e.in(th, user("ann")))
		if err != nil {
			t.Fatal(err)
		}
		h, err := fresh.History(ctx, e.in(th, user("ann")), 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{rep.Text, h.Text} {
			if strings.Contains(text, "AI (") {
				t.Fatalf("an old row still reads %q", text)
			}
		}
		tb, err := fresh.load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		got := []string{tb.row.Players[1].Name, tb.row.Players[2].Name}
		tb.mu.Unlock()
		if got[0] != want[0] || got[1] != want[1] {
			t.Fatalf("load %d names the old AIs %v, want %v (as a new game with this seed)", round, got, want)
		}
	}
}

// The roster, where the table is set up, says once what each seat plays and, for an AI, its
// level, in the reader's language.
func TestRosterInEachLanguage(t *testing.T) {
	st, err := autumnash.Game.New(rules.Setup{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	row := &storage.Game{Seed: 1, Players: []storage.Player{{Seat: 0, UserID: "u-a", Name: "alice"}, {Seat: 1, UserID: "ai:hard", Name: "Ada", Robot: true}}}
	cases := []struct {
		lang          string
		lobby, starts []string
	}{
		{"en", []string{"alice", "Ada · AI, hard"}, []string{"- alice plays Rainbow", "- Ada plays Xeno · AI, hard"}},
		{"de", []string{"alice", "Ada · KI, schwer"}, []string{"- alice spielt Rainbow", "- Ada spielt Xeno · KI, schwer"}},
		{"es", []string{"alice", "Ada · IA, difícil"}, []string{"- alice juega con Rainbow", "- Ada juega con Xeno · IA, difícil"}},
		{"fr", []string{"alice", "Ada · IA, difficile"}, []string{"- alice joue Rainbow", "- Ada joue Xeno · IA, difficile"}},
	}
	if got := JoinRoster([]string{"ann", "bob"}); got != "ann, bob" {
		t.Errorf("two people: %q", got)
	}
	if got := JoinRoster(roster("en", row, nil)); got != "alice; Ada · AI, hard" {
		t.Errorf("a person and an AI: %q", got)
	}
	for _, c := range cases {
		if got := roster(c.lang, row, nil); strings.Join(got, "|") != strings.Join(c.lobby, "|") {
			t.Errorf("%s lobby roster %q, want %q", c.lang, got, c.lobby)
		}
		if got := rosterLines(c.lang, row, st); got != strings.Join(c.starts, "\n") {
			t.Errorf("%s start roster %q, want %q", c.lang, got, c.starts)
		}
	}
}

// A history line names its mover once: "1. alice moves…", not "1. alice: alice moves…"; a line
// whose events do not start with the mover keeps "name:", and a tag of who played it stays.
func TestHistoryLineNamesTheMoverOnce(t *testing.T) {
	row := &storage.Game{Status: storage.StatusRunning, Players: []storage.Player{
		{Seat: 0, UserID: "u-a", Name: "alice"}, {Seat: 1, UserID: "ai:normal", Name: "Ada", Robot: true},
		{Seat: 2, UserID: "u-al", Name: "al", Robot: true}}}
	ev := func(text string) []rules.Event { return []rules.Event{{Msg: rules.Verbatim(text)}} }
	cases := []struct {
		lang string
		mv   storage.Move
		evs  []rules.Event
		want string
	}{
		{"en", storage.Move{Seq: 1, Seat: 0, UserID: "u-a"}, ev("{seat:0} moves the green queen C2-C3."), "1. alice moves the green queen C2-C3."},
		{"en", storage.Move{Seq: 2, Seat: 1, UserID: AIUser}, ev("{seat:1} places a polyp; {seat:0} loses it."), "2. Ada places a polyp; alice loses it."},
		{"en", storage.Move{Seq: 3, Seat: 0, UserID: "u-a"}, ev("You bid 0."), "3. alice: You bid 0."},
		{"en", storage.Move{Seq: 4, Seat: 2, UserID: AIUser}, ev("{seat:2} passes."), "4. al passes. (played by the AI)"},
		{"en", storage.Move{Seq: 5, Seat: 2, UserID: "u-al"}, ev("{seat:0} takes it."), "5. al: alice takes it."},
		{"fr", storage.Move{Seq: 6, Seat: 0, UserID: "u-a"}, ev("{seat:0}'s move."), "6. alice's move."},
		{"de", storage.Move{Seq: 7, Seat: 0, UserID: AutoUser}, ev("{seat:0} zieht."), "7. alice zieht. (einziger Zug)"},
	}
	for _, c := range cases {
		if got := historyLine(c.lang, row, c.mv, c.evs, nil, true, false); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.lang, c.evs[0].English(), got, c.want)
		}
	}
}

// Where a game's moves are public (Autumn Ash), a history line gives the move as written and what
// it caused, the mover still named once: "1. c2 c3 drone — alice moves…", not "1. alice: alice
// moves…" nor the sentence alone.
func TestHistoryLineWrittenMoves(t *testing.T) {
	row := &storage.Game{Status: storage.StatusRunning, Players: []storage.Player{
		{Seat: 0, UserID: "u-a", Name: "alice"}, {Seat: 1, UserID: "ai:normal", Name: "Ada", Robot: true}}}
	ev := func(text string) []rules.Event { return []rules.Event{{Msg: rules.Verbatim(text)}} }
	for _, c := range []struct {
		lang string
		mv   storage.Move
		evs  []rules.Event
		want string
	}{
		{"en", storage.Move{Seq: 1, Seat: 0, UserID: "u-a", Notation: "c2 c3 drone"}, ev("{seat:0} moves the green queen C2-C3."),
			"1. c2 c3 drone — alice moves the green queen C2-C3."},
		{"en", storage.Move{Seq: 2, Seat: 1, UserID: AIUser, Notation: "e6 pawn b6 a6"}, ev("{seat:1} enters a clear pawn at E6."),
			"2. e6 pawn b6 a6 — Ada enters a clear pawn at E6."},
		{"en", storage.Move{Seq: 3, Seat: 0, UserID: "u-a", Notation: "b1 c1"}, ev("{seat:1}'s leaf is capped."),
			"3. alice: b1 c1 — Ada's leaf is capped."},
		{"de", storage.Move{Seq: 4, Seat: 0, UserID: "u-a", Notation: "c2 c3"}, ev("{seat:0} zieht."), "4. c2 c3 — alice zieht."},
	} {
		if got := historyLine(c.lang, row, c.mv, c.evs, nil, true, true); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.lang, c.evs[0].English(), got, c.want)
		}
	}
}

// A prompt is led by its player's name unless the engine's text names that seat itself; a short
// name that is part of another word ("Ari" in "Aries") does not count as naming it.
func TestPromptLineLeadsWithTheName(t *testing.T) {
	row := &storage.Game{Players: []storage.Player{{Seat: 0, UserID: "ai:easy", Name: "Ari"}, {Seat: 1, UserID: "u-b", Name: "bob"}}}
	for _, c := range []struct{ text, want string }{
		{"Aries rises: choose a card.", "Ari: Aries rises: choose a card."},
		{"{seat:0}, your turn.", "Ari, your turn."},
		{"Answer {seat:1}'s offer.", "Ari: Answer bob's offer."},
	} {
		if got := promptLine("en", row, nil, rules.Prompt{Seat: 0, Msg: rules.Verbatim(c.text)}); got != c.want {
			t.Errorf("%q: %q, want %q", c.text, got, c.want)
		}
	}
}
