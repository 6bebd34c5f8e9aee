package ausonia

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Player text reads as words: no "1 cards", "a emerald" or "card(s)", no card codes or gem letters
// outside refusals (which may quote what was typed), no seat baked in (seats are rules.SeatRef),
// and no prompt that names its own seat.
var (
	onePlural = regexp.MustCompile(`(^|[^0-9.])1 [a-z]+s\b`)
	anVowel   = regexp.MustCompile(`(^|[^A-Za-z])[Aa] [aeiouAEIOU]`)
	cardCode  = regexp.MustCompile(`\b(d?[a-z])[0-9]{1,2}\b`)
	gemString = regexp.MustCompile(`\b[sebr]{2,}\b`)
	bakedSeat = regexp.MustCompile(`House (I|II|III|IV)\b|\b[Ss]eat [0-9]|Player [0-9]`)
)

// textProblems lists what is wrong with one text; quoted says whether the text may quote tokens
// (a refusal answering what the player typed).
// typedMove is a move quoted in a text, for the player to type.
var typedMove = regexp.MustCompile(`"(use|play|buy) [a-z]+[0-9]+"`)

func textProblems(text string, quoted bool) []string {
	var out []string
	if strings.Contains(text, "(s)") {
		out = append(out, "a plural written (s)")
	}
	if onePlural.MatchString(text) {
		out = append(out, "a plural after 1")
	}
	if anVowel.MatchString(text) {
		out = append(out, `"a" before a vowel`)
	}
	if bakedSeat.MatchString(text) {
		out = append(out, "a seat named in the text instead of a SeatRef")
	}
	if !quoted {
		// A move to type, in quotes ("use m4"), may name its card by code: that is what is typed.
		if code := cardCode.FindString(typedMove.ReplaceAllString(text, "")); code != "" {
			out = append(out, "a card code: "+code)
		}
		if w := gemString.FindString(text); w != "" && w != "see" {
			out = append(out, "gem letters: "+w)
		}
	}
	return out
}

func TestTextProblemsFindsTheSlips(t *testing.T) {
	bad := []string{"1 cards left", "Feed a orange polyp", "discard 2 card(s)", "House II wins", "buys Sellsword (c1)", "gems in play sbbr"}
	for _, b := range bad {
		if len(textProblems(b, false)) == 0 {
			t.Errorf("%q passes", b)
		}
	}
	good := []string{"{seat:1} buys Sellsword for 1 sapphire and 2 bloodshards.", "an emerald", "1 card", "Round 11. Play, buy, use, build, unseal, or pass to end the turn."}
	for _, g := range good {
		if p := textProblems(g, false); len(p) > 0 {
			t.Errorf("%q: %v", g, p)
		}
	}
}

// slips are moves a player gets wrong, for the refusals to be read.
var slips = []string{"play zz", "buy p3", "use s1", "build h1", "unseal c1", "pass zz", "dance", "play", "buy", "PLAY S1", "none", "ii", "v1 v1", "use h1 3"}

// readGames plays random games and hands every text a player meets to check: prompts and their
// answers, the labels of the menus along each move played (and under buy and use), refusals of a
// few slips, events and the result.
func readGames(t *testing.T, seats []int, games, maxMoves int, check func(kind string, st *state, text string)) {
	for _, n := range seats {
		for g := 0; g < games; g++ {
			st := newGame(t, n, uint64(100*n+g))
			r := rand.New(rand.NewPCG(uint64(n), uint64(g)))
			for i := 0; i < maxMoves && st.Res == nil; i++ {
				aw := st.Awaiting()
				p := aw[0].Seat
				check("prompt", st, aw[0].English())
				for _, a := range aw[0].Answers {
					check("answer", st, a.English())
				}
				m, err := rules.RandomMove(st, p, r)
				if err != nil {
					t.Fatal(err)
				}
				for k := 0; k <= len(m); k++ {
					next, _, err := st.Choices(p, m[:k])
					if err != nil {
						t.Fatalf("%q: %v", m[:k], err)
					}
					for _, c := range next {
						check("label", st, c.English())
					}
				}
				if st.Pend == nil {
					for _, verb := range []string{vBuy, vUse} {
						next, _, _ := st.Choices(p, rules.Move{verb})
						for _, c := range next {
							sub, _, _ := st.Choices(p, rules.Move{verb, c.Token})
							for _, sc := range sub {
								check("label", st, sc.English())
							}
						}
					}
				}
				if i%7 == 0 {
					for _, slip := range slips {
						mv, _ := rules.ParseMove(slip)
						if _, err := st.clone().Apply(p, mv); err != nil {
							check("refusal", st, err.Error())
						}
					}
					if _, err := st.clone().Apply((p+1)%rules.Seat(n), rules.Move{vPass}); err != nil && n > 1 {
						check("refusal", st, err.Error())
					}
				}
				evs, err := st.Apply(p, m)
				if err != nil {
					t.Fatalf("%q: %v", m, err)
				}
				for _, e := range evs {
					check("event", st, e.English())
				}
			}
			if st.Res != nil {
				check("result", st, st.Res.English())
			}
		}
	}
}

func TestTextsReadAsWords(t *testing.T) {
	seen := map[string]bool{}
	bad := 0
	readGames(t, []int{1, 2, 3, 4}, 2, 1500, func(kind string, st *state, text string) {
		if seen[text] {
			return
		}
		seen[text] = true
		probs := textProblems(text, kind == "refusal")
		if kind == "prompt" {
			if aw := st.Awaiting(); len(aw) > 0 && strings.Contains(text, rules.SeatRef(aw[0].Seat)) {
				probs = append(probs, "the prompt names the seat it asks")
			}
		}
		for _, p := range probs {
			if bad++; bad <= 30 {
				t.Errorf("%s %q: %s", kind, text, p)
			}
		}
	})
	if len(seen) < 500 {
		t.Errorf("only %d distinct texts read", len(seen))
	}
	t.Logf("%d distinct texts read", len(seen))
}

// Every label of a buy, use or payment option names the card it is about (Deliver 5): a payment
// token alone ("se") says nothing about what is bought.
func TestBuyUseAndPaymentLabelsNameTheCard(t *testing.T) {
	payments := 0
	for _, n := range []int{1, 2, 3} {
		for g := 0; g < 3; g++ {
			st := newGame(t, n, uint64(7*n+g))
			r := rand.New(rand.NewPCG(uint64(n), uint64(g)))
			for i := 0; i < 1200 && st.Res == nil; i++ {
				p := st.Awaiting()[0].Seat
				if st.Pend == nil {
					for _, verb := range []string{vBuy, vUse} {
						if !slices.ContainsFunc(st.verbs(false), func(c rules.Choice) bool { return c.Token == verb }) {
							continue // not offered now: refused with why (TestActionNotOpenSaysWhy)
						}
						payments += checkCardLabels(t, st, p, rules.Move{verb}, "")
					}
				}
				m, err := rules.RandomMove(st, p, r)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := st.Apply(p, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if payments == 0 {
		t.Fatal("no payment menu met: the test reads nothing")
	}
}

// checkCardLabels walks the subtree under partial and checks that each label names the card of
// the move (name, once the card token is read); it returns how many payment labels it read.
func checkCardLabels(t *testing.T, st *state, p rules.Seat, partial rules.Move, name string) int {
	next, _, err := st.Choices(p, partial)
	if err != nil {
		t.Fatalf("%q: %v", partial, err)
	}
	n := 0
	for _, c := range next {
		nm := name
		if len(partial) == 1 {
			card, ok := CardByCode(c.Token)
			if !ok {
				t.Fatalf("%q offers %q, not a card", partial, c.Token)
			}
			nm = card.Name
		}
		if !strings.Contains(c.English(), nm) {
			t.Errorf("%s %s: label %q does not name %s", partial, c.Token, c.English(), nm)
		}
		if len(partial) > 1 {
			if _, isAbility := fmt.Sscan(c.Token, new(int)); isAbility != nil {
				n++ // a payment token, not an ability number
			}
		}
		n += checkCardLabels(t, st, p, append(append(rules.Move(nil), partial...), c.Token), nm)
	}
	return n
}

// choiceTree writes seat p's whole choice tree (tokens, labels, where a move is whole), its prompt,
// and the refusals of many slips (every card code after every verb, and alone), as one text. It
// gives up past limit nodes, saying so, so that equal texts still mean equal trees.
func choiceTree(st rules.State, p rules.Seat, limit int) string {
	var b strings.Builder
	for _, a := range st.Awaiting() {
		fmt.Fprintf(&b, "prompt %d: %s\n", a.Seat, a.English())
		for _, an := range a.Answers {
			fmt.Fprintf(&b, "  answer %s: %s\n", an.Move, an.English())
		}
	}
	nodes := 0
	var walk func(m rules.Move)
	walk = func(m rules.Move) {
		if nodes++; nodes > limit {
			return
		}
		next, complete, err := st.Choices(p, m)
		fmt.Fprintf(&b, "%q whole=%v err=%v\n", m.String(), complete, err)
		for _, c := range next {
			fmt.Fprintf(&b, "  %s: %s\n", c.Token, c.English())
		}
		for _, c := range next {
			walk(append(append(rules.Move(nil), m...), c.Token))
		}
	}
	walk(nil)
	fmt.Fprintf(&b, "nodes %d\n", min(nodes, limit+1))
	for _, c := range Cards {
		for _, verb := range []string{"", vPlay, vBuy, vUse, vBuild, vUnseal, vPass} {
			m := rules.Move{c.Code}
			if verb != "" {
				m = rules.Move{verb, c.Code}
			}
			fmt.Fprintf(&b, "check %q: %v\n", m.String(), rules.Check(st, p, m))
		}
	}
	return b.String()
}

// No menu, label or refusal tells a seat what it cannot see (Deliver 6): the awaited seat's whole
// choice tree is the same after its hidden information (the other hands and draw piles, its own
// draw pile's order, the decks) is dealt again by Scramble.
func TestChoiceTreeIgnoresWhatTheSeatCannotSee(t *testing.T) {
	positions := 0
	for _, n := range []int{1, 2, 3, 4} {
		for g := 0; g < 2; g++ {
			st := newGame(t, n, uint64(31*n+g))
			r := rand.New(rand.NewPCG(uint64(n), uint64(g)+9))
			for i := 0; i < 900 && st.Res == nil; i++ {
				p := st.Awaiting()[0].Seat
				if i%15 == 0 || st.Pend != nil {
					positions++
					want := choiceTree(st, p, 3000)
					for k := 0; k < 2; k++ {
						sc, err := Scramble(st, p, r.Uint64())
						if err != nil {
							t.Fatal(err)
						}
						if got := choiceTree(sc, p, 3000); got != want {
							t.Fatalf("%d seats, game %d, move %d: seat %d's choice tree changes with what it cannot see:\n%s", n, g, i, p, firstDiff(want, got))
						}
					}
				}
				m, err := rules.RandomMove(st, p, r)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := st.Apply(p, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if positions < 300 {
		t.Errorf("only %d positions compared", positions)
	}
	t.Logf("%d positions compared, each under 2 re-deals", positions)
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n  before: %s\n  after:  %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d", len(al), len(bl))
}

// The prompt says what is asked, in words, offering only the actions open now, and never names the
// seat it asks.
func TestPromptOffersTheOpenActions(t *testing.T) {
	s := twoPlayer(t, "s3", "e1", "h1")
	setOffer(t, s, "c1", "v1", "m1", "n1")
	if got, want := s.Awaiting()[0].English(), "Round 1. Play a card or pass to end the turn."; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
	do(t, s, 0, "play all")
	do(t, s, 0, "play h1")
	if got, want := s.Awaiting()[0].English(), "Round 1. You have 1 sapphire, 1 emerald and 1 rainbow to spend. Buy a card, use an ability or pass to end the turn."; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
}

// Events that a long turn repeats carry a Kind; posts tell each of them (nothing condenses them).
func TestRepeatedEventsCarryKinds(t *testing.T) {
	s := twoPlayer(t, "s3", "e1", "h1")
	kinds := map[string]bool{}
	for _, m := range []string{"play all", "play h1", "use h1 s"} {
		for _, e := range do(t, s, 0, m) {
			if e.Kind != "" {
				kinds[e.Kind] = true
			}
		}
	}
	for _, kind := range []string{"play", "use", "gain"} {
		if !kinds[kind] {
			t.Errorf("no event of kind %s (all: %v)", kind, kinds)
		}
	}
}
