package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Menus, the picker and the echo show a move in the reader's words ("spielen …", "Du hast
// spielen … gespielt"), and what they show is what /move takes; the values stay tokens. Before,
// only nouns had words, and every menu began with the English verb.
func TestMenusAndEchoInTheReadersWords(t *testing.T) {
	ctx := context.Background()
	e := fastRealEnv(t)
	th := e.realGame("ausonia", "ann", "bob")
	for _, who := range []string{"ann", "bob"} {
		if _, err := e.svc.SetSetting(ctx, Request{User: user(who), Place: lobby}, ScopeUser, "language", LangGerman); err != nil {
			t.Fatal(err)
		}
	}
	who := ""
	var sg []Suggestion
	for _, p := range []string{"ann", "bob"} {
		if got, err := e.svc.SuggestTyped(ctx, e.in(th, user(p)), "", 25); err == nil && len(got) > 0 {
			who, sg = p, got
			break
		}
	}
	if who == "" {
		t.Fatal("nobody to move")
	}
	play := slices.IndexFunc(sg, func(s Suggestion) bool { return strings.HasPrefix(s.Value, "play") })
	if play < 0 {
		t.Fatalf("no play in %+v", sg)
	}
	if s := sg[play]; !strings.HasPrefix(s.Label, "spielen") {
		t.Errorf("the menu shows %q for %q, want it to begin with the German word", s.Label, s.Value)
	}
	for _, s := range sg {
		if f := strings.Fields(s.Label); len(f) > 0 && (f[0] == "play" || f[0] == "pass" || f[0] == "buy") {
			t.Errorf("an English verb in a German menu: %q", s.Label)
		}
	}
	// What the menu shows autocompletes as what it stands for.
	typed, _, _ := strings.Cut(sg[play].Label, " ")
	next, err := e.svc.SuggestTyped(ctx, e.in(th, user(who)), typed+" ", 25)
	if err != nil || len(next) == 0 || !strings.HasPrefix(next[0].Value, "play ") {
		t.Errorf("%q autocompletes to %+v (%v), want moves starting with play", typed+" ", next, err)
	}
	step, err := e.svc.Tree(ctx, e.in(th, user(who)), nil)
	if err != nil {
		t.Fatal(err)
	}
	k := slices.IndexFunc(step.Next, func(c Choice) bool { return c.Token == "play" })
	if k < 0 || len(step.Words) != len(step.Next) || step.Words[k] != "spielen" {
		t.Errorf("the picker's words %q for %+v, want spielen for play", step.Words, step.Next)
	}
	// A move typed in English tokens is echoed in the player's words, and logged in tokens.
	rep, err := e.svc.Move(ctx, e.in(th, user(who)), "play all")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Gespielt: spielen alle."; !strings.HasPrefix(rep.Text, want) {
		t.Errorf("echo %q, want it to begin %q", rep.Text, want)
	}
	if log := e.notations(th); !slices.Contains(log, "play all") {
		t.Errorf("the log: %q, want play all", log)
	}
}

// A refusal's list of what may come next is in the reader's words, as the menus: before, a
// German read "Schreibe ein Transportmittel: foot, horse, done". What the player typed stays.
func TestRefusalListsInTheReadersWords(t *testing.T) {
	words := rules.WordsOf(replayKits["ascalion"].Game, LangGerman)
	inner := msg.New("ascalion", "code", msg.Code("Code", "foot, horse, done"))
	err := rules.Refuse(msg.New("ascalion", "bad_token", msg.Code("Token", `"ja"`), msg.Nested("What", msg.New("ascalion", "w_yes_no")), msg.Nested("Choices", inner)))
	got, ok := illegalTextIn(LangGerman, words, err)
	if !ok || !strings.Contains(got, "Fuß, Pferd, fertig") || !strings.Contains(got, `"ja"`) || strings.Contains(got, "foot") {
		t.Errorf("the refusal: %q", got)
	}
	if inner.Args[0].Str != "foot, horse, done" {
		t.Errorf("the engine's message was changed: %q", inner.Args[0].Str)
	}
	if en, _ := illegalTextIn(LangEnglish, nil, err); !strings.Contains(en, "foot, horse, done") {
		t.Errorf("English: %q", en)
	}
}

// The short prompt joins name and text as the language does: before, French read "alice: à toi
// de jouer" next to "alice : Commerce : …" in the same post.
func TestShortPromptColonInFrench(t *testing.T) {
	e := fastRealEnv(t)
	th := e.realGame("ascalion", "ann", "bob")
	row := e.row(th)
	st, err := replayKits["ascalion"].Game.New(rules.Setup{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	p := st.Awaiting()[0]
	if got := shortPrompt(LangFrench, row, st, p, "-"); !strings.Contains(got, " : à toi de jouer") {
		t.Errorf("French short prompt: %q", got)
	}
	if got := shortPrompt(LangEnglish, row, st, p, "-"); !strings.Contains(got, ": ") || strings.Contains(got, " : ") {
		t.Errorf("English short prompt: %q", got)
	}
}

// The echo names the move after a colon in every language but English: a move is now words of
// the reader's language, verbs too, and "Du hast fertig gespielt" read as a sentence of its own.
func TestEchoReadsWithVerbs(t *testing.T) {
	for lang, want := range map[string]string{LangGerman: "Gespielt: fertig.", LangSpanish: "Jugada: listo.", LangFrench: "Coup joué : fini."} {
		words := rules.WordsOf(replayKits["ascalion"].Game, lang)
		if got := T(lang, "you_played", "Move", words.Spell(rules.Move{"done"}).String()); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}

// Issue #38: the short prompt of an ascidia's activation named the question alone ("alice: your
// move: choose an ability"); it keeps the card, by its epithet, and its space, in every language
// ("mariensis on c3: choose an ability").
func TestShortPromptKeepsActivatingCard(t *testing.T) {
	e := fastRealEnv(t)
	th := e.realGame("ascidiae", "ann", "bob")
	row := e.row(th)
	st, err := replayKits["ascidiae"].Game.New(rules.Setup{Seats: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 8))
	var p rules.Prompt
	for range 400 {
		if st.Result() != nil {
			break
		}
		p = st.Awaiting()[0]
		if p.Msg != nil && strings.HasPrefix(p.Msg.ID, "prompt_ability") {
			break
		}
		m, err := rules.RandomMove(st, p.Seat, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(p.Seat, m); err != nil {
			t.Fatal(err)
		}
	}
	if p.Msg == nil || !strings.HasPrefix(p.Msg.ID, "prompt_ability") {
		t.Fatal("random play met no ability prompt")
	}
	var space, card string
	for _, a := range p.Msg.Args {
		switch a.Name {
		case "Space":
			space = a.Str
		case "Card":
			card = strings.TrimPrefix(a.Str, "card_") // the epithet, as menus write it
		}
	}
	for lang, want := range map[string]string{
		LangEnglish: " on " + space + ": choose an ability",
		LangGerman:  " auf " + space + ": Wähle eine Fähigkeit",
		LangSpanish: " en " + space + ": elige una habilidad",
		LangFrench:  " en " + space + " : choisis une capacité",
	} {
		got := shortPrompt(lang, row, st, p, "-")
		if card == "" || !strings.Contains(got, ": "+card+want) {
			t.Errorf("%s short prompt %q; want %q", lang, got, card+want)
		}
	}
}
