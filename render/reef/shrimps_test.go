package reef

import "testing"

// The card's eaten shrimps agree with their number in every language: "1 comido", "2 comidos".
func TestShrimpsLineAgrees(t *testing.T) {
	cases := []struct {
		lang  string
		eaten int
		want  string
	}{
		{"es", 1, "Camarones: 2 en casa · 1 en el arrecife · 1 comido"},
		{"es", 2, "Camarones: 2 en casa · 1 en el arrecife · 2 comidos"},
		{"fr", 1, "Crevettes : 2 chez soi · 1 sur le récif · 1 mangée"},
		{"fr", 3, "Crevettes : 2 chez soi · 1 sur le récif · 3 mangées"},
		{"en", 1, "Shrimps: 2 home · 1 on reef · 1 eaten"},
		{"de", 1, "Garnelen: 2 daheim · 1 am Riff · 1 gefressen"},
	}
	for _, c := range cases {
		if got := shrimpsText(c.lang, 2, 1, c.eaten); got != c.want {
			t.Errorf("%s %d: %q, want %q", c.lang, c.eaten, got, c.want)
		}
	}
}
