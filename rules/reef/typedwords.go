package reef

import (
	"embed"
	"slices"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// The words players' languages show for this game's tokens (locales/words.<lang>.toml), accepted
// wherever a move is typed (rules.Unalias).
//
//go:embed locales/words.*.toml
var wordFiles embed.FS

var typedWords = rules.LoadWords(wordFiles, "locales", msg.Languages)

// Words returns the words of lang for this game's tokens; nil for English.
func (game) Words(lang string) *rules.Words { return typedWords[lang] }

// tokenNamed is the one token of among that tok is, or that a word of any language standing for
// it is ("croître" is grow); else tok itself. Refusals read it to explain a word whose token is not
// offered, which rules.Unalias leaves as typed.
func tokenNamed(tok string, among []string) string {
	if slices.Contains(among, tok) {
		return tok
	}
	found := ""
	for _, w := range typedWords {
		for _, t := range w.Tokens(tok) {
			if slices.Contains(among, t) {
				if found != "" && found != t {
					return tok
				}
				found = t
			}
		}
	}
	if found == "" {
		return tok
	}
	return found
}
