package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// A comma inside one move (issue #33: Autumn Ash's "a1 queen, a1 b2 queen", a leaf entering then
// moving, was refused as "not a whole move yet"): the step that only begins a move is joined with
// the next one and played as one move; autocomplete after such a comma offers the continuation.
func TestCommaInsideAMove(t *testing.T) {
	e, th, c := enterThenMove(t)
	head, tail := c.m1[:2], c.m1[2:]
	sg, err := e.svc.SuggestTyped(context.Background(), e.in(th, user(c.who)), head.String()+",", 25)
	if err != nil || len(sg) == 0 {
		t.Fatalf("suggestions after %q: %v, %v", head.String()+",", sg, err)
	}
	moves := 0
	for _, s := range sg {
		if s.Note {
			continue // "…and 76 more moves": says what the list leaves out
		}
		moves++
		if !strings.HasPrefix(s.Value, head.String()+" ") {
			t.Errorf("after %q autocomplete offers %+v, not a continuation", head.String()+",", s)
		}
	}
	if moves == 0 {
		t.Errorf("after %q autocomplete offers no move: %+v", head.String()+",", sg)
	}
	n := len(e.notations(th))
	text := head.String() + ", " + tail.String()
	rep, err := e.svc.Move(context.Background(), e.in(th, user(c.who)), text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	if want := "You played " + c.m1.String() + "."; !strings.HasPrefix(rep.Text, want) {
		t.Errorf("%q: reply %q, want it to begin %q", text, rep.Text, want)
	}
	if log := e.notations(th); len(log) != n+1 || log[n] != c.m1.String() {
		t.Errorf("log after %q: %q", text, log[n:])
	}
}

// A step that begins a move the next step does not end is refused saying how a move is written.
func TestCommaInsideAMoveRefusedWithHint(t *testing.T) {
	e, th, c := enterThenMove(t)
	text := c.m1[:2].String() + ", zzz"
	_, err := e.svc.Move(context.Background(), e.in(th, user(c.who)), text)
	reason, _ := AsRefusal(err)
	if !strings.Contains(reason, "separated by spaces, not commas") {
		t.Errorf("%q: %v; want the refusal to say how a move is written", text, err)
	}
}

// A step that begins a move and a next step that goes on with it but is wrong (Autumn Ash's
// "a6 pawn, a6 a5 qeen") is refused for what is wrong in it, not with the hint about commas.
func TestCommaInsideAMoveRefusedForItsFault(t *testing.T) {
	e, th, c := enterThenMove(t)
	bad := slices.Clone(c.m1[2:])
	bad[len(bad)-1] = "qeen"
	text := c.m1[:2].String() + ", " + bad.String()
	n := len(e.notations(th))
	_, err := e.svc.Move(context.Background(), e.in(th, user(c.who)), text)
	reason, _ := AsRefusal(err)
	if !strings.Contains(reason, "qeen") || strings.Contains(reason, "not commas") {
		t.Errorf("%q: %v; want the refusal to name what is wrong (qeen)", text, err)
	}
	if log := e.notations(th); len(log) != n {
		t.Errorf("%q played something: %q", text, log[n:])
	}
}

// enterThenMove is an Autumn Ash game and a move of four tokens whose first two are not a move
// (a leaf enters, then moves: "a1 queen a1 b2 queen"), for the tests of a comma inside it.
func enterThenMove(t *testing.T) (*env, string, stepCase) {
	t.Helper()
	e := fastRealEnv(t)
	th := e.realGame("autumn-ash", "ann", "bob")
	r := rand.New(rand.NewPCG(5, 9))
	c, ok := e.findStep(th, r, 200, func(c stepCase) bool {
		if len(c.m1) < 4 {
			return false
		}
		_, err := rules.Canonical(c.before, c.seat, c.m1[:2])
		return err != nil
	})
	if !ok {
		t.Fatal("random play met no move of four tokens")
	}
	return e, th, c
}

// A step that begins a move and a next step that reads as its rest but is refused by the rules
// (issue #40: "a1 queen, a1 b1 queen" where the queen entered at A1 has no legal move) is
// refused for the rules' reason, not blamed on the comma. Here the rest starts at a square that
// fits the turn (another corner, a leaf of one's own) but not after this entry.
func TestCommaInsideAMoveRefusedForTheRulesReason(t *testing.T) {
	e, th, c := enterThenMove(t)
	head := c.m1[:2]
	next, _, err := c.before.Choices(c.seat, nil)
	if err != nil {
		t.Fatal(err)
	}
	tok := ""
	for _, ch := range next {
		if _, perr := forcedPrefix(c.before, c.seat, slices.Concat(head, rules.Move{ch.Token})); perr != nil {
			tok = ch.Token
			break
		}
	}
	if tok == "" {
		t.Fatalf("no first token that fits now but not after %q", head)
	}
	tail := rules.Move{tok, c.m1[3]}
	_, want := rules.Canonical(c.before, c.seat, slices.Concat(head, tail))
	if want == nil {
		t.Fatalf("%q %q is legal", head, tail)
	}
	wantText, _ := illegalText(LangEnglish, want)
	text := head.String() + ", " + tail.String()
	n := len(e.notations(th))
	_, err = e.svc.Move(context.Background(), e.in(th, user(c.who)), text)
	reason, _ := AsRefusal(err)
	if strings.Contains(reason, "not commas") || !strings.Contains(reason, strings.TrimSuffix(wantText, ".")) {
		t.Errorf("%q: %q; want the rules' reason %q", text, reason, wantText)
	}
	if log := e.notations(th); len(log) != n {
		t.Errorf("%q played something: %q", text, log[n:])
	}
}

// A refusal that quotes a move whole ("a1 queen") spells its tokens in the reader's words: a
// Spanish reader reads «a1 reina», never the English size (issue #40).
func TestCommaHintQuotesTheMoveInTheReadersWords(t *testing.T) {
	e, th, c := enterThenMove(t)
	if _, err := e.svc.SetSetting(context.Background(), Request{User: user(c.who), Place: lobby}, ScopeUser, "language", LangSpanish); err != nil {
		t.Fatal(err)
	}
	head := c.m1[:2]
	text := head.String() + ", zzz"
	_, err := e.svc.Move(context.Background(), e.in(th, user(c.who)), text)
	reason, _ := AsRefusal(err)
	size := head[1]
	es := rules.WordsOf(replayKits["autumn-ash"].Game, LangSpanish).Word(size)
	// The step as typed is echoed as typed ("El paso 1 de 2 (a6 drone)"); the rules' quote is not.
	if es == "" || !strings.Contains(reason, "«"+head[0]+" "+es) || strings.Contains(reason, "«"+head.String()) {
		t.Errorf("%q: %q; want the move quoted as «%s»", text, reason, head[0]+" "+es)
	}
}
