package bot

import (
	"context"
	"errors"
	"testing"
)

// Discord's locales (https://discord.com/developers/docs/reference#locales), all of them: each
// reads the language the table gives it, the bot's four where it has them, English otherwise.
func TestLanguageOfDiscordLocales(t *testing.T) {
	want := map[string]string{
		"id": "en", "da": "en", "de": "de", "en-GB": "en", "en-US": "en", "es-ES": "es", "es-419": "es",
		"fr": "fr", "hr": "en", "it": "en", "lt": "en", "hu": "en", "nl": "en", "no": "en", "pl": "en",
		"pt-BR": "en", "ro": "en", "fi": "en", "sv-SE": "en", "vi": "en", "tr": "en", "cs": "en",
		"el": "en", "bg": "en", "ru": "en", "uk": "en", "hi": "en", "th": "en", "zh-CN": "en",
		"ja": "en", "zh-TW": "en", "ko": "en",
	}
	if len(DiscordLocales()) != len(want) {
		t.Errorf("the table has %d locales, Discord has %d", len(DiscordLocales()), len(want))
	}
	for loc, lang := range want {
		if got := LanguageOf(loc); got != lang {
			t.Errorf("LanguageOf(%q) = %q, want %q", loc, got, lang)
		}
	}
	// No matching: what is not in the table is English, however close it looks.
	for _, loc := range []string{"", "de-AT", "fr-CA", "es", "EN-us", "xx"} {
		if got := LanguageOf(loc); got != "en" {
			t.Errorf("LanguageOf(%q) = %q, want en", loc, got)
		}
	}
}

// The user's setting beats their Discord locale; auto gives it back. The server's setting beats
// the guild_locale Discord sent last, which is remembered for posts made without an interaction.
func TestUserAndServerLanguage(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	ann := Request{User: user("ann"), Place: lobby, Locale: "fr", GuildLocale: "de"}
	admin := Request{User: User{ID: "u-a", Name: "a", Admin: true}, Place: lobby, Locale: "en-US", GuildLocale: "de"}
	if got := e.svc.UserLanguage(ctx, ann); got != "fr" {
		t.Errorf("user language from the locale: %q", got)
	}
	if got := e.svc.ServerLanguage(ctx, "g1"); got != "en" {
		t.Errorf("a server never seen speaks English, got %q", got)
	}
	if _, err := e.svc.Create(ctx, ann, CreateSpec{Kind: "bids", Seats: 2}); err != nil {
		t.Fatal(err)
	}
	if got := e.svc.ServerLanguage(ctx, "g1"); got != "de" {
		t.Errorf("server language from its guild_locale: %q", got)
	}
	for _, c := range []struct{ scope, value, user, server string }{
		{ScopeUser, "es", "es", "de"},
		{ScopeGuild, "fr", "es", "fr"},
		{ScopeUser, "auto", "fr", "fr"},
		{ScopeGuild, "AUTO", "fr", "de"},
	} {
		req := ann
		if c.scope == ScopeGuild {
			req = admin
		}
		if _, err := e.svc.SetSetting(ctx, req, c.scope, "language", c.value); err != nil {
			t.Fatal(err)
		}
		if got := e.svc.UserLanguage(ctx, ann); got != c.user {
			t.Errorf("after %s language %s: user reads %q, want %q", c.scope, c.value, got, c.user)
		}
		if got := e.svc.ServerLanguage(ctx, "g1"); got != c.server {
			t.Errorf("after %s language %s: server reads %q, want %q", c.scope, c.value, got, c.server)
		}
	}
	_, err := e.svc.SetSetting(ctx, ann, ScopeUser, "language", "klingon")
	wantRefusal(t, err, "Langue doit être l'une des valeurs en, de, es, fr, auto.") // ann reads French (her locale)
}

// A DM goes out after someone else's move, with no interaction of its reader: it reads the
// locale the reader's last interaction carried.
func TestDMReadsTheLastLocale(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	bob := Request{User: user("bob"), Place: lobby, Locale: "es-419"}
	if got := e.svc.UserLanguage(ctx, bob); got != "es" {
		t.Fatalf("bob's language: %q", got)
	}
	if got := e.svc.userLang(ctx, "u-bob", ""); got != "es" {
		t.Errorf("without an interaction bob reads %q, want es", got)
	}
	bob.Locale = "de"
	e.svc.UserLanguage(ctx, bob)
	if got := e.svc.userLang(ctx, "u-bob", ""); got != "de" {
		t.Errorf("after switching his app to German bob reads %q", got)
	}
	if got := e.svc.userLang(ctx, "u-nobody", ""); got != "en" {
		t.Errorf("an unknown user reads %q", got)
	}
}

// Plural forms follow each language's CLDR rules (French counts 0 as singular), a count past
// the forms a file gives reads the general one, and the pseudo-language accents and brackets
// the text but not its arguments.
func TestTextPluralsAndPseudo(t *testing.T) {
	cases := []struct {
		lang, id string
		n        int
		want     string
	}{
		{"en", "count_moves", 1, "1 move"},
		{"en", "count_moves", 0, "0 moves"},
		{"en", "clock_days", 1, "a day"},
		{"de", "count_moves", 0, "0 Züge"},
		{"de", "count_moves", 1, "1 Zug"},
		{"fr", "count_moves", 0, "0 coup"},
		{"fr", "count_moves", 2, "2 coups"},
		{"es", "count_moves", 1000000, "1000000 jugadas"},
		{"fr", "count_moves", 1000000, "1000000 coups"},
		{LangPseudo, "count_moves", 3, "[3 ɱöṽéš]"},
		{"xx", "count_moves", 2, "2 moves"},
	}
	for _, c := range cases {
		if got := T(c.lang, c.id, "Count", c.n); got != c.want {
			t.Errorf("T(%s, %s, %d) = %q, want %q", c.lang, c.id, c.n, got, c.want)
		}
	}
	if got := T(LangPseudo, "moved", "Name", "ann"); got != "[ann ɱöṽéđ.]" {
		t.Errorf("pseudo with an argument: %q", got)
	}
}

// A settings answer is in the language its reader reads once it is made: an admin without a
// language of their own (the console's) reads the server's, so setting the server's language
// answers in the new one ("(nur für dich) language is now German." was English under German);
// an admin with their own language keeps it. Refusals name the setting and scope in it too.
func TestSettingAnswersInTheLanguageRead(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	console := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
	french := Request{User: User{ID: "u-fr", Name: "fr", Admin: true}, Place: lobby, Locale: "fr"}
	for _, c := range []struct {
		req                     Request
		scope, key, value, want string
	}{
		{console, ScopeGuild, "language", "de", "Sprache: jetzt Deutsch."},
		{console, ScopeGuild, "language", "es", "Idioma: ahora español."},
		{console, ScopeGuild, "language", "fr", "Langue : désormais français."},
		{console, ScopeGuild, "language", "en", "Language is now English."},
		{french, ScopeGuild, "language", "de", "Langue : désormais allemand."},
		{console, ScopeGuild, "creators", "admins", "Wer Partien erstellt: jetzt nur Admins."},
		{console, ScopeGuild, "language", "klingon", "Sprache muss eines von en, de, es, fr, auto sein."},
		{console, ScopeGuild, "colour", "red", "Es gibt keine Einstellung „colour“ (Server); die Einstellungen sind: reminder_hours, clock_days, channels, creators, language, timezone, vacation_days, vacation_max_row."},
		{console, ScopeUser, "colour", "red", "Es gibt keine Einstellung „colour“ (persönlich); die Einstellungen sind: language, timezone, quiet, hear, digest_hour."},
	} {
		rep, err := e.svc.SetSetting(ctx, c.req, c.scope, c.key, c.value)
		got := rep.Text
		var r *Refusal
		if errors.As(err, &r) {
			got = r.Msg
		} else if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%s sets %s %s %s: %q, want %q", c.req.User.Name, c.scope, c.key, c.value, got, c.want)
		}
	}
}
