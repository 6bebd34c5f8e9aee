package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ascalion"
)

// /settings answers in the reader's words, not with the raw key and value: before, Spanish read
// "language es ahora es".
func TestSettingAnswerInWords(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	cases := []struct{ lang, key, value, want string }{
		{LangSpanish, "language", LangSpanish, "Idioma: ahora español."},
		{LangGerman, "language", LangGerman, "Sprache: jetzt Deutsch."},
		{LangFrench, "language", LangFrench, "Langue : désormais français."},
		{LangEnglish, "language", LangEnglish, "Language is now English."},
		{LangGerman, "dm", "on", "Benachrichtigung: jetzt eine Erwähnung und eine Direktnachricht."},
		{LangSpanish, "hear", "digest", "Avisos: ahora solo el resumen diario."},
		{LangFrench, "digest_hour", "18", "Heure du résumé : désormais 18:00, à ton heure."},
		{LangEnglish, "dm", "on", "How you hear is now a mention and a direct message."},
	}
	for _, c := range cases {
		r := Request{User: user("ann"), Place: lobby}
		if c.key != "language" {
			if _, err := e.svc.SetSetting(ctx, r, ScopeUser, "language", c.lang); err != nil {
				t.Fatal(err)
			}
		}
		rep, err := e.svc.SetSetting(ctx, r, ScopeUser, c.key, c.value)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Text != c.want {
			t.Errorf("%s %s=%s: %q, want %q", c.lang, c.key, c.value, rep.Text, c.want)
		}
	}
	admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
	if _, err := e.svc.SetSetting(ctx, Request{User: user("root"), Place: lobby}, ScopeUser, "language", LangFrench); err != nil {
		t.Fatal(err)
	}
	rep, err := e.svc.SetSetting(ctx, admin, ScopeGuild, "creators", "admins")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Qui crée les parties : désormais les admins seulement."; rep.Text != want {
		t.Errorf("creators in French: %q, want %q", rep.Text, want)
	}
}

// An option's default reads as its choice's label, not its raw value: before, "Erweiterung
// (Standard off)".
func TestOptionDefaultInWords(t *testing.T) {
	var exp rules.Option
	for _, o := range ascalion.Game.Info().Options {
		if o.Key == "expansion" {
			exp = o
		}
	}
	for lang, raw := range map[string]string{LangGerman: "off", LangSpanish: "off", LangFrench: "off"} {
		got := OptionDefault(lang, exp)
		if got == raw || got == "" {
			t.Errorf("%s: the default reads %q", lang, got)
		}
		if want := OptionLabel(lang, exp.Choices[0]); got != want {
			t.Errorf("%s: default %q, want the label %q", lang, got, want)
		}
	}
	if got := T(LangGerman, "cmd_create_option", "Name", OptionName(LangGerman, exp), "Default", OptionDefault(LangGerman, exp)); got == "" || got[len(got)-5:] == " off)" {
		t.Errorf("the German /create description: %q", got)
	}
}

// French elides "de" and "que" before a name that starts with a vowel, in the platform's texts
// and once seats are put into an engine's: before, "En attente de alice".
func TestFrenchElisionBeforeNames(t *testing.T) {
	if got, want := T(LangFrench, "waiting_for", "Names", "alice (Rainbow)"), "En attente d'alice (Rainbow)."; got != want {
		t.Errorf("waiting_for: %q, want %q", got, want)
	}
	if got, want := T(LangFrench, "waiting_for", "Names", "bob"), "En attente de bob."; got != want {
		t.Errorf("waiting_for: %q, want %q", got, want)
	}
	if got, want := T(LangGerman, "waiting_for", "Names", "alice"), T(LangGerman, "waiting_for", "Names", "alice"); got != want {
		t.Errorf("German changed: %q", got)
	}
	name := func(rules.Seat) string { return "Ada" }
	if got, want := renderSeatsIn(LangFrench, "c'était celui de {seat:0}", name), "c'était celui d'Ada"; got != want {
		t.Errorf("a refusal's seats: %q, want %q", got, want)
	}
	if got, want := T(LangFrench, "name_colon", "Name", "alice", "Text", "à toi"), "alice : à toi"; got != want {
		t.Errorf("a French prompt line: %q, want %q", got, want)
	}
}

// Refusing or withdrawing an undo gives the actor their own private line in their language, while
// the thread is told in its own: before, a French player saw only the thread's English line.
func TestUndoNoAnswersTheActorInTheirLanguage(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	if _, err := e.svc.SetSetting(ctx, Request{User: user("bob"), Place: lobby}, ScopeUser, "language", LangFrench); err != nil {
		t.Fatal(err)
	}
	th := e.game("ann", "bob")
	e.mustMove(th, "ann", "bid pass")
	if _, err := e.svc.Undo(ctx, e.in(th, user("ann")), ""); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	rep, err := e.svc.Undo(ctx, e.in(th, user("bob")), "no")
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Private || rep.Text != "Tu as refusé : ann n'annulera pas son dernier coup." {
		t.Errorf("bob's answer: %+v", rep)
	}
	e.deliver()
	if len(e.sent) != 1 || e.sent[0].Text != "bob refused to let ann take back their last move." {
		t.Errorf("the thread: %+v", e.sent)
	}
	// Withdrawing one's own request: the same, in English for ann.
	e.mustMove(th, "bob", "bid pass")
	if _, err := e.svc.Undo(ctx, e.in(th, user("bob")), ""); err == nil {
		rep, err := e.svc.Undo(ctx, e.in(th, user("bob")), "no")
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Private || !strings.HasPrefix(rep.Text, "Tu as retiré") {
			t.Errorf("bob withdraws: %+v", rep)
		}
	}
}
