package bot

import (
	"context"
	"embed"
	"fmt"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/storage"
)

// The platform's texts: bot/locales/<lang>.toml, one file per language in go-i18n's TOML format
// (a message is `id = "text"`, or a table of CLDR plural forms), embedded in the binary.
//
//go:embed locales/*.toml
var localeFiles embed.FS

var (
	textBundle *i18n.Bundle
	localizers = map[string]*i18n.Localizer{}
	textIDs    = map[string]bool{} // the English messages
)

func init() {
	textBundle = i18n.NewBundle(language.English)
	parse := func(lang string) []*i18n.Message {
		b, err := localeFiles.ReadFile("locales/" + lang + ".toml")
		if err != nil {
			panic(err)
		}
		mf, err := i18n.ParseMessageFileBytes(b, lang+".toml", map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
		if err != nil {
			panic(fmt.Sprintf("locales/%s.toml: %v", lang, err))
		}
		for _, m := range mf.Messages {
			// A count past the forms a file gives (Spanish and French "many" is a million) reads
			// the general form.
			for _, f := range []*string{&m.Zero, &m.Two, &m.Few, &m.Many} {
				if *f == "" {
					*f = m.Other
				}
			}
			if m.One == "" {
				m.One = m.Other
			}
		}
		return mf.Messages
	}
	for _, lang := range Languages {
		msgs := parse(lang)
		textBundle.MustAddMessages(language.Make(lang), msgs...)
		if lang == LangEnglish {
			for _, m := range msgs {
				textIDs[m.ID] = true
			}
		}
	}
	pseudoMsgs := parse(LangEnglish)
	for _, m := range pseudoMsgs {
		for _, f := range []*string{&m.Zero, &m.One, &m.Two, &m.Few, &m.Many, &m.Other} {
			*f = pseudo(*f)
		}
	}
	textBundle.MustAddMessages(language.Make(LangPseudo), pseudoMsgs...)
	for _, lang := range append([]string{LangPseudo}, Languages...) {
		localizers[lang] = i18n.NewLocalizer(textBundle, lang)
	}
}

// T renders message id in lang (English for a language the bot does not speak) with its
// arguments given as name, value pairs; the argument Count chooses the plural form.
func T(lang, id string, args ...any) string {
	loc, ok := localizers[lang]
	if !ok {
		loc = localizers[LangEnglish]
	}
	data := make(map[string]any, len(args)/2)
	var count any
	for i := 0; i+1 < len(args); i += 2 {
		k, _ := args[i].(string)
		data[k] = args[i+1]
		if k == "Count" {
			count = args[i+1]
		}
	}
	s, err := loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil {
		// A missing message is a bug the catalogue tests catch; say so rather than crash.
		return "[" + id + ": " + err.Error() + "]"
	}
	return msg.Elide(lang, s) // French "de alice" reads "d'alice" once the names are in
}

// HasText reports whether the catalogue has message id.
func HasText(id string) bool { return textIDs[id] }

// refuseT is a refusal in lang.
func refuseT(lang, id string, args ...any) error {
	return &Refusal{Msg: T(lang, id, args...), id: id, args: args}
}

// threadLang is the language of a game's thread: its server's.
func (s *Service) threadLang(row *storage.Game) string {
	return s.ServerLanguage(context.Background(), row.Guild)
}

// pseudo is the pseudo-language's rendering of an English template, the engines' own
// (rules/msg), so platform and engine texts look alike.
func pseudo(src string) string { return msg.PseudoText(src) }
