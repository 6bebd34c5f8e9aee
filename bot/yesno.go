package bot

import (
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// YesNo reads a typed answer to a confirmation ("resign ja", "undo non") as "yes" or "no": the
// English word or the reader's, the one /undo's choices show them, folded (Spanish "si" is
// "sí"). Anything else comes back trimmed and lower-cased, for the caller to refuse.
func YesNo(lang, s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	f := rules.Fold(s)
	for _, a := range []string{"yes", "no"} {
		if f == a || f == rules.Fold(T(lang, "cmd_undo_answer_"+a)) {
			return a
		}
	}
	return s
}
