package bot

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"
)

// The languages the bot speaks. English is the source of every text and the fallback for every
// Discord locale the bot has no catalogue for.
const (
	LangEnglish = "en"
	LangGerman  = "de"
	LangSpanish = "es"
	LangFrench  = "fr"
)

// Languages lists the bot's languages in menu order.
var Languages = []string{LangEnglish, LangGerman, LangSpanish, LangFrench}

// discordLocales maps every locale Discord sends (an interaction's locale and guild_locale,
// https://discord.com/developers/docs/reference#locales) to the bot's language. It is a table,
// not a library's matching: matching picks plausible but wrong neighbours (a script, a
// variant), and a table says exactly what each locale gets. Locales without a catalogue read
// English.
var discordLocales = map[string]string{
	"id":     LangEnglish, // Indonesian
	"da":     LangEnglish, // Danish
	"de":     LangGerman,
	"en-GB":  LangEnglish,
	"en-US":  LangEnglish,
	"es-ES":  LangSpanish,
	"es-419": LangSpanish, // Spanish, Latin America
	"fr":     LangFrench,
	"hr":     LangEnglish, // Croatian
	"it":     LangEnglish, // Italian
	"lt":     LangEnglish, // Lithuanian
	"hu":     LangEnglish, // Hungarian
	"nl":     LangEnglish, // Dutch
	"no":     LangEnglish, // Norwegian
	"pl":     LangEnglish, // Polish
	"pt-BR":  LangEnglish, // Portuguese, Brazilian
	"ro":     LangEnglish, // Romanian
	"fi":     LangEnglish, // Finnish
	"sv-SE":  LangEnglish, // Swedish
	"vi":     LangEnglish, // Vietnamese
	"tr":     LangEnglish, // Turkish
	"cs":     LangEnglish, // Czech
	"el":     LangEnglish, // Greek
	"bg":     LangEnglish, // Bulgarian
	"ru":     LangEnglish, // Russian
	"uk":     LangEnglish, // Ukrainian
	"hi":     LangEnglish, // Hindi
	"th":     LangEnglish, // Thai
	"zh-CN":  LangEnglish, // Chinese, China
	"ja":     LangEnglish, // Japanese
	"zh-TW":  LangEnglish, // Chinese, Taiwan
	"ko":     LangEnglish, // Korean
}

// DiscordLocales lists the locales Discord sends, as the table knows them (sorted by nothing in
// particular: callers sort).
func DiscordLocales() []string {
	out := make([]string, 0, len(discordLocales))
	for l := range discordLocales {
		out = append(out, l)
	}
	return out
}

// LanguageOf is the bot's language for a Discord locale: the table's, English for anything else.
func LanguageOf(discordLocale string) string {
	if l, ok := discordLocales[discordLocale]; ok {
		return l
	}
	return LangEnglish
}

// langAuto, as a language setting, means "as Discord says".
const langAuto = "auto"

// keyDiscordLocale is where a server's guild_locale (a user's locale) is remembered among its
// settings (not a setting anyone changes: no spec lists it), so that posts made without an
// interaction (reminders, timeouts, the AI's moves; a DM) speak its language too.
const keyDiscordLocale = "discord_locale"

// langCacheTTL bounds how long an instance trusts a server's language it looked up: a change
// made through another instance sharing the database reaches it within this time.
const langCacheTTL = time.Minute

type langEntry struct {
	lang   string
	locale string // the guild_locale last stored
	at     time.Time
}

// langCache remembers each server's language for thread posts.
type langCache struct {
	mu sync.Mutex
	m  map[string]langEntry
}

// UserLanguage is the language of what only the asker reads (ephemeral replies, private views,
// DMs, autocomplete): their /settings me language, else their Discord locale, else the language
// of the server the request comes from (the console's user has no locale: a terminal has none,
// so what they read speaks the thread's language), else English.
func (s *Service) UserLanguage(ctx context.Context, req Request) string {
	lang, known := s.userLangKnown(ctx, req.User.ID, req.Locale)
	if !known && req.Place.Guild != "" {
		return s.ServerLanguage(ctx, req.Place.Guild)
	}
	return lang
}

// userLang is a user's language given the locale of their interaction ("" without one: a DM
// sent after someone else's move, which reads the locale their last interaction carried).
func (s *Service) userLang(ctx context.Context, user, locale string) string {
	lang, _ := s.userLangKnown(ctx, user, locale)
	return lang
}

// userLangKnown is userLang, and whether the user's language is known at all: set, or given by
// a locale (this interaction's or one remembered). Unknown, it is English.
func (s *Service) userLangKnown(ctx context.Context, user, locale string) (string, bool) {
	if user == "" {
		return LanguageOf(locale), locale != ""
	}
	vals, err := s.store.Settings(ctx, ScopeUser, user)
	if err != nil {
		s.log.Warn("reading a user's language", "user", user, "err", err)
		return LanguageOf(locale), true // a failing store is no reason to change language
	}
	if locale != "" && vals[keyDiscordLocale] != locale {
		if err := s.store.SetSetting(ctx, ScopeUser, user, keyDiscordLocale, locale); err != nil {
			s.log.Warn("remembering a user's locale", "user", user, "err", err)
		}
	}
	if v := vals["language"]; v != "" && v != langAuto {
		return v, true
	}
	if locale == "" {
		locale = vals[keyDiscordLocale]
	}
	return LanguageOf(locale), locale != ""
}

// ServerLanguage is the language of a server's threads, boards and reminders: its /settings
// server language, else the guild_locale Discord last sent from it, else English.
func (s *Service) ServerLanguage(ctx context.Context, guild string) string {
	if guild == "" {
		return LangEnglish
	}
	now := time.Now()
	s.langs.mu.Lock()
	e, ok := s.langs.m[guild]
	s.langs.mu.Unlock()
	if ok && now.Sub(e.at) < langCacheTTL {
		return e.lang
	}
	lang, locale := LangEnglish, ""
	vals, err := s.store.Settings(ctx, ScopeGuild, guild)
	if err != nil {
		s.log.Warn("reading a server's language", "guild", guild, "err", err)
		return LangEnglish
	}
	locale = vals[keyDiscordLocale]
	if locale != "" {
		lang = LanguageOf(locale)
	}
	if v := vals["language"]; v != "" && v != langAuto {
		lang = v
	}
	s.langs.mu.Lock()
	if s.langs.m == nil {
		s.langs.m = map[string]langEntry{}
	}
	s.langs.m[guild] = langEntry{lang: lang, locale: locale, at: now}
	s.langs.mu.Unlock()
	return lang
}

// noteGuildLocale remembers the guild_locale an interaction carries, writing it only when it
// differs from what is stored, so that an ordinary interaction costs no write.
func (s *Service) noteGuildLocale(ctx context.Context, req Request) {
	if req.Place.Guild == "" || req.GuildLocale == "" {
		return
	}
	s.ServerLanguage(ctx, req.Place.Guild) // fills the cache
	s.langs.mu.Lock()
	e := s.langs.m[req.Place.Guild]
	s.langs.mu.Unlock()
	if e.locale == req.GuildLocale {
		return
	}
	if err := s.store.SetSetting(ctx, ScopeGuild, req.Place.Guild, keyDiscordLocale, req.GuildLocale); err != nil {
		s.log.Warn("remembering a server's locale", "guild", req.Place.Guild, "err", err)
		return
	}
	s.forgetLanguage(req.Place.Guild)
}

// forgetLanguage drops a server's cached language (its setting changed).
func (s *Service) forgetLanguage(guild string) {
	s.langs.mu.Lock()
	delete(s.langs.m, guild)
	s.langs.mu.Unlock()
}

// languageValue checks a language setting: one of the bot's languages, or auto.
func languageValue(v string) (string, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	if strings.EqualFold(v, LangPseudo) {
		return LangPseudo, nil
	}
	if v == langAuto || knownLanguage(v) {
		return v, nil
	}
	return "", errLanguage
}

var errLanguage = valueErr{"value_one_of", []any{"Values", strings.Join(append(slices.Clone(Languages), langAuto), ", ")}}

func knownLanguage(v string) bool { return slices.Contains(Languages, v) || v == LangPseudo }

// LangPseudo is the pseudo-language of the tests: English with every letter accented and every
// message bracketed, so that a text which escaped the catalogue shows. The settings accept it
// (a tester may read the bot in it); no Discord locale leads to it.
const LangPseudo = "en-XA"
