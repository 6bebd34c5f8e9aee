package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// Autocomplete reads the asker's words: in French, "<corner> rei" and "<corner> reine " offer
// the moves that enter a queen there ("<corner> queen …"), as "<corner> q" does in English.
func TestAutocompleteInThePlayersWords(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	mover := strings.TrimPrefix(p.user, "u-")
	values := func(typed string, locale discordgo.Locale) []string {
		i := e.complete(mover, thread, typed)
		i.Locale = locale
		cs, _ := e.answer(i)["choices"].([]any)
		var out []string
		for _, c := range cs {
			out = append(out, c.(map[string]any)["value"].(string))
		}
		return out
	}
	starts := func(vs []string, prefix string) bool {
		for _, v := range vs {
			if strings.HasPrefix(v, prefix) {
				return true
			}
		}
		return false
	}
	corner := ""
	for _, v := range values("", discordgo.EnglishUS) {
		tok := strings.Fields(v)[0]
		if starts(values(tok+" q", discordgo.EnglishUS), tok+" queen") {
			corner = tok
			break
		}
	}
	if corner == "" {
		t.Fatal("no corner where a queen may enter")
	}
	for _, typed := range []string{corner + " rei", corner + " reine ", corner + " REINE "} {
		if vs := values(typed, discordgo.French); !starts(vs, corner+" queen") {
			t.Errorf("%q in French offers no %q: %q", typed, corner+" queen", vs)
		}
	}
	// In English "rei" is no word: the one entry says so and keeps what was typed.
	i := e.complete(mover, thread, corner+" rei")
	cs, _ := e.answer(i)["choices"].([]any)
	if len(cs) != 1 || cs[0].(map[string]any)["value"] != corner+" rei" || !strings.Contains(cs[0].(map[string]any)["name"].(string), `"rei" is not a size`) {
		t.Errorf("%q in English is no move: %v", corner+" rei", cs)
	}
}
