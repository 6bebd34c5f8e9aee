package reef

import (
	"embed"

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
