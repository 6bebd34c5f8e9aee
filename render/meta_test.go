package render

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// A board's result and abort headers speak the board's language, with its punctuation: before,
// they were English on every board ("AI (normal) (Haus I) wins: alice (Haus II) resigned").
func TestResultLineInEveryLanguage(t *testing.T) {
	name := func(s rules.Seat) string { return []string{"alice", "bob", "Ada"}[s] }
	one := &rules.Result{Ranks: []int{2, 1}}
	two := &rules.Result{Ranks: []int{1, 3, 1}}
	cases := []struct {
		lang   string
		r      *rules.Result
		reason string
		want   string
	}{
		{"", one, "alice resigned", "bob wins: alice resigned"},
		{"de", one, "alice hat aufgegeben", "bob gewinnt: alice hat aufgegeben"},
		{"es", one, "", "Gana bob"},
		{"fr", one, "alice a abandonné", "bob gagne : alice a abandonné"},
		{"en", two, "", "alice and Ada share the win"},
		{"de", two, "", "alice und Ada teilen sich den Sieg"},
		{"fr", &rules.Result{Ranks: []int{1}}, "Partie gagnée", "Partie gagnée"},
		// A reason that already says who wins is the whole line (Ausonia's board read "Uma wins:
		// Uma wins with 60 influence after 17 rounds.").
		{"en", one, "bob wins with 60 influence after 17 rounds.", "bob wins with 60 influence after 17 rounds."},
		{"de", one, "bob gewinnt mit 60 Einfluss nach 17 Runden.", "bob gewinnt mit 60 Einfluss nach 17 Runden."},
	}
	for _, c := range cases {
		if got := ResultLine(c.lang, c.r, c.reason, name); got != c.want {
			t.Errorf("%s: %q, want %q", c.lang, got, c.want)
		}
	}
	for lang, want := range map[string]string{"": "Game aborted: no result", "de": "Partie abgebrochen: kein Ergebnis",
		"es": "Partida interrumpida: sin resultado", "fr": "Partie interrompue : aucun résultat"} {
		if got := Aborted(lang); got != want {
			t.Errorf("aborted in %q: %q, want %q", lang, got, want)
		}
	}
	if got := (Meta{Lang: "de"}).Text("{seat:1} zieht", func(rules.Seat) string { return "" }); got != "Spieler 2 zieht" {
		t.Errorf("an unnamed seat in German: %q", got)
	}
}
