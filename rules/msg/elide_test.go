package msg

import "testing"

func TestElide(t *testing.T) {
	cases := []struct{ lang, in, want string }{
		{French, "En attente de alice (Rainbow).", "En attente d'alice (Rainbow)."},
		{French, "c'était celui de AI (normal)", "c'était celui d'AI (normal)"},
		{French, "la pièce que Ada garde", "la pièce qu'Ada garde"},
		{French, "De alice : rien.", "D'alice : rien."},
		{French, "En attente de bob et de Éloïse.", "En attente de bob et d'Éloïse."},
		{French, "la phase de attaque, jusque à la fin", "la phase d'attaque, jusqu'à la fin"},
		{French, "de a1 à b2", "de a1 à b2"},
		{French, "vote de oui contre non, de onze points", "vote de oui contre non, de onze points"},
		{French, "de Hugo, de 3 cartes", "de Hugo, de 3 cartes"},
		{French, "la grande arène, Jeanne de Arc", "la grande arène, Jeanne d'Arc"},
		{French, "aucune elision ici", "aucune elision ici"},
		{German, "Warte auf de alice", "Warte auf de alice"},
		{English, "made de alice", "made de alice"},
	}
	for _, c := range cases {
		if got := Elide(c.lang, c.in); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.lang, c.in, got, c.want)
		}
	}
}
