package discord

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/reef"
)

func allGames() []rules.Info {
	return []rules.Info{autumnash.Game.Info(), ascidiae.Game.Info(), ascalion.Game.Info(), reef.Game.Info(), ausonia.Game.Info()}
}

// longest is the length that counts for one field: the longest of its default text and its
// localizations (Discord: "for each field, the longest localization is counted").
func longest(def string, locs map[discordgo.Locale]string) int {
	n := utf8.RuneCountInString(def)
	for _, v := range locs {
		n = max(n, utf8.RuneCountInString(v))
	}
	return n
}

// Every command, option and choice carries the bot's languages under Discord's locale keys;
// each localized description fits Discord's 100 characters, and each command its 8,000
// characters of names, descriptions and values, counting the longest localization of each.
func TestCommandLocalizationsWithinDiscordLimits(t *testing.T) {
	cmds := Commands(allGames())
	want := []discordgo.Locale{"de", "es-ES", "es-419", "fr"}
	checkLocs := func(where, def string, locs map[discordgo.Locale]string, limit int) {
		for _, l := range want {
			v, ok := locs[l]
			if !ok || v == "" {
				t.Errorf("%s: no %s localization", where, l)
				continue
			}
			if n := utf8.RuneCountInString(v); n > limit {
				t.Errorf("%s: %s localization of %d characters (at most %d): %q", where, l, n, limit, v)
			}
		}
		if l := len(locs); l != len(want) {
			t.Errorf("%s: %d localizations, want %d", where, l, len(want))
		}
	}
	for _, c := range cmds {
		if c.DescriptionLocalizations == nil {
			t.Errorf("/%s: no description localizations", c.Name)
			continue
		}
		if c.NameLocalizations != nil {
			t.Errorf("/%s: command names stay as they are", c.Name)
		}
		checkLocs("/"+c.Name, c.Description, *c.DescriptionLocalizations, maxDescription)
		total := utf8.RuneCountInString(c.Name) + longest(c.Description, *c.DescriptionLocalizations)
		var walk func(where string, opts []*discordgo.ApplicationCommandOption)
		walk = func(where string, opts []*discordgo.ApplicationCommandOption) {
			for _, o := range opts {
				w := where + " " + o.Name
				if o.NameLocalizations != nil {
					t.Errorf("%s: option names stay as they are", w)
				}
				checkLocs(w, o.Description, o.DescriptionLocalizations, maxDescription)
				total += utf8.RuneCountInString(o.Name) + longest(o.Description, o.DescriptionLocalizations)
				for _, ch := range o.Choices {
					v := ""
					if s, ok := ch.Value.(string); ok {
						v = s
					}
					total += longest(ch.Name, ch.NameLocalizations) + utf8.RuneCountInString(v)
					if ch.NameLocalizations != nil {
						checkLocs(w+" choice "+v, ch.Name, ch.NameLocalizations, maxOption)
					}
				}
				walk(w, o.Options)
			}
		}
		walk("/"+c.Name, c.Options)
		t.Logf("/%s: %d characters counting the longest localizations", c.Name, total)
		if total > 8000 {
			t.Errorf("/%s: %d characters, Discord allows 8,000", c.Name, total)
		}
	}
}

// The platform's own choices (yes/no, AI levels, setting keys) are named in every language.
func TestChoiceNamesLocalized(t *testing.T) {
	for _, c := range Commands(allGames()) {
		var walk func(opts []*discordgo.ApplicationCommandOption)
		walk = func(opts []*discordgo.ApplicationCommandOption) {
			for _, o := range opts {
				if o.Name == "answer" || o.Name == "level" || o.Name == "key" {
					for _, ch := range o.Choices {
						if ch.NameLocalizations["de"] == "" || ch.NameLocalizations["fr"] == "" {
							t.Errorf("/%s %s: choice %v has no localized name", c.Name, o.Name, ch.Value)
						}
					}
				}
				walk(o.Options)
			}
		}
		walk(c.Options)
	}
}

// An interaction's locale chooses the language of its ephemeral answer (no setting needed), and
// its guild_locale the language of the server's posts.
func TestInteractionLocaleChoosesTheLanguage(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	i := e.slash("ann", "c-lobby", "games")
	i.Locale = discordgo.German
	a := e.h.Handle(ctx, i)
	if a == nil || a.Msg.Content != "Du hast keine laufenden Partien. Eröffne eine mit /create in einem Server-Kanal." {
		t.Fatalf("/games with locale de: %+v", a)
	}
	i = e.slash("ann", "c-lobby", "games")
	i.Locale = discordgo.SpanishLATAM
	if a := e.h.Handle(ctx, i); !strings.HasPrefix(a.Msg.Content, "No tienes partidas") {
		t.Fatalf("/games with locale es-419: %q", a.Msg.Content)
	}
	i = e.slash("ann", "c-lobby", "games")
	i.Locale = discordgo.Japanese
	if a := e.h.Handle(ctx, i); !strings.HasPrefix(a.Msg.Content, "You have no games") {
		t.Fatalf("/games with locale ja: %q", a.Msg.Content)
	}
	gl := discordgo.French
	i = e.slash("ann", "c-lobby", "settings", &discordgo.ApplicationCommandInteractionDataOption{Name: "show", Type: discordgo.ApplicationCommandOptionSubCommand})
	i.GuildLocale = &gl
	e.h.Handle(ctx, i)
	if got := e.svc.ServerLanguage(ctx, i.GuildID); got != "fr" {
		t.Fatalf("the server's language after an interaction with guild_locale fr: %q", got)
	}
}

// The lobby message speaks its server's language, buttons included; pseudo-localized, nothing
// but the game's name, the players and the numbers is left in plain letters.
func TestLobbyMessageLanguage(t *testing.T) {
	l := bot.Lobby{Lang: bot.LangPseudo, Game: 3, Name: "Ascidiae", Seats: 3, Min: 1, Players: []string{"ann"}}
	m := lobbyMessage(l)
	rest := strings.NewReplacer("Ascidiae", "", "ann", "").Replace(m.Content)
	if w := regexp.MustCompile(`[A-Za-z]{2,}`).FindString(rest); w != "" {
		t.Errorf("lobby message not pseudo-localized (%q): %s", w, m.Content)
	}
	l.Lang = bot.LangGerman
	m = lobbyMessage(l)
	if !strings.Contains(m.Content, "sucht Spieler (1 von 3)") || !strings.Contains(m.Content, "2. (frei)") {
		t.Errorf("German lobby: %s", m.Content)
	}
	row := m.Components[0].(discordgo.ActionsRow)
	if b := row.Components[0].(discordgo.Button); b.Label != "Beitreten" {
		t.Errorf("German Join button: %q", b.Label)
	}
	for _, lang := range []string{bot.LangEnglish, bot.LangGerman, bot.LangSpanish, bot.LangFrench} {
		if got := missingPermissions(lang, discordgo.PermissionViewChannel); got == "" {
			t.Errorf("%s: no refusal for missing permissions", lang)
		}
	}
	if got := missingPermissions(bot.LangFrench, discordgo.PermissionViewChannel|discordgo.PermissionSendMessages|discordgo.PermissionSendMessagesInThreads|discordgo.PermissionAttachFiles); !strings.Contains(got, "la permission Créer des fils publics") {
		t.Errorf("French, one permission missing: %q", got)
	}
}
