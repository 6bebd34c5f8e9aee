package bot

import (
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// notationIn is stored notation (tokens; a command's steps joined by ", ") as a reader of lang
// types it, each token in their words ("b1 b2 Arbeiterin" for "b1 b2 pawn"): history and undo
// texts show moves as the reader's menus do. Unchanged where the game has no words in lang; a
// step that does not parse stays as stored.
func notationIn(g rules.Game, lang, notation string) string {
	if g == nil || notation == "" {
		return notation
	}
	words := rules.WordsOf(g, lang)
	if words.Len() == 0 {
		return notation
	}
	steps := strings.Split(notation, ", ")
	for i, step := range steps {
		if m, err := rules.ParseMove(step); err == nil && len(m) > 0 {
			steps[i] = words.Spell(m).String()
		}
	}
	return strings.Join(steps, ", ")
}

// movesIn is moves with their notation spelled for a reader of lang (see notationIn), for
// display only: the log itself stays in tokens.
func movesIn(g rules.Game, lang string, moves []storage.Move) []storage.Move {
	if rules.WordsOf(g, lang).Len() == 0 {
		return moves
	}
	out := make([]storage.Move, len(moves))
	for i, m := range moves {
		m.Notation = notationIn(g, lang, m.Notation)
		out[i] = m
	}
	return out
}
