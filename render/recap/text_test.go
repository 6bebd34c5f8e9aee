package recap

import (
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/msg/msgtest"
)

// Every label is in every language with the same arguments and the plural forms each needs, and
// none is unused (a measure's ids are built from the Measure).
func TestCatalogue(t *testing.T) {
	var built []string
	for _, m := range Measures {
		built = append(built, string(m), string(m)+"_chart")
	}
	msgtest.Check(t, catName, ".", built...)
}

// The words of each language: ordinals by CLDR's ordinal categories, decimals with the
// language's separator, counts in the plural form CLDR gives.
func TestWordsInLanguages(t *testing.T) {
	for _, c := range []struct {
		lang string
		got  string
		want string
	}{
		{msg.English, ordinal(msg.English, 22), "22nd"},
		{msg.English, ordinal(msg.English, 113), "113th"},
		{msg.German, ordinal(msg.German, 1), "1."},
		{msg.French, ordinal(msg.French, 1), "1er"},
		{msg.French, ordinal(msg.French, 2), "2e"},
		{msg.Spanish, ordinal(msg.Spanish, 3), "3.º"},
		{msg.German, days(msg.German, 60*time.Hour), "2,5 Tage"},
		{msg.French, days(msg.French, 5*time.Hour), "5 heures"},
		{msg.German, tr(msg.German, string(Cities), msg.Count("N", 1)), "1 Stadt"},
		{msg.German, tr(msg.German, string(Cities), msg.Count("N", 4)), "4 Städte"},
		{msg.French, tr(msg.French, string(Points), msg.Count("N", 0)), "0 point"},
		{msg.German, msg.Render(Clock(12), msg.German, nil), "die Uhr (12 Züge)"},
		{msg.German, title(Recap{Lang: msg.German, Game: "Ausonia", Finished: true, Opponent: "x", Players: []Player{{Rank: 1}}}), "Ausonia · Sieg"},
		{msg.German, detail(Recap{Lang: msg.German, MeasureID: Parrotfish}, Player{Values: []int{1}}), "1 Polyp im Papageifisch"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.lang, c.got, c.want)
		}
	}
}

// germanRecaps are the non-English goldens: a two-seat win with the numbers from timestamps, a
// four-seat game with a tie, and a solo defeat against the clock.
func germanRecaps() map[string]Recap {
	return map[string]Recap{
		"de-two-seats": {
			Lang: msg.German, Game: "Autumn Ash", MeasureID: Points, UnitID: Points, Finished: true, Turns: 64,
			Reason: "Xeno erreicht 23 Punkte und gewinnt.", LongestTurn: 31 * time.Hour, LongestBy: "Bartholomäus (Xeno)", Length: 9*24*time.Hour + 5*time.Hour,
			Players: []Player{
				{Name: "Annegret (Regenbogen)", Letter: "R", Rank: 2, Score: ptr(17), Values: []int{0, 0, 4, 4, 9, 12, 17}, Colour: render.OIBluishGreen},
				{Name: "Bartholomäus (Xeno)", Letter: "X", Rank: 1, Score: ptr(23), Values: []int{0, 3, 3, 8, 8, 15, 23}, Colour: render.OIOrange},
			},
		},
		"de-four-seats": {
			Lang: msg.German, Game: "Reef Encounter", MeasureID: Parrotfish, UnitID: Points, Finished: true, Turns: 212,
			Reason: "Die Partie endet, als der letzte Korallenvorrat leer ist.", Length: 3*time.Hour + 20*time.Minute, LongestTurn: 40 * time.Minute, LongestBy: "Friederike (Spieler 4)",
			Players: []Player{
				{Name: "ann (Spieler 1)", Letter: "1", Rank: 3, Score: ptr(31), Values: []int{0, 2, 5, 9, 12}},
				{Name: "bob (Spieler 2)", Letter: "2", Rank: 1, Score: ptr(44), Values: []int{0, 4, 8, 10, 15}},
				{Name: "cy (Spieler 3)", Letter: "3", Rank: 1, Score: ptr(44), Values: []int{0, 1, 6, 11, 15}},
				{Name: "Friederike (Spieler 4)", Letter: "4", Rank: 4, Score: ptr(1), Values: []int{0, 1, 1, 1, 1}},
			},
		},
		"de-solo": {
			Lang: msg.German, Game: "Ascidiae", MeasureID: Colonies, UnitID: Colonies, Finished: true, Turns: 40,
			OpponentMsg: Clock(20), Reason: "Die Uhr ist abgelaufen: 3 Kolonien statt der nötigen 5.",
			Players: []Player{{Name: "Annegret (Spieler 1)", Letter: "1", Rank: 2, Score: ptr(3), Values: []int{0, 0, 1, 1, 2, 3}}},
		},
	}
}

// The German recaps: German words are long, so every label must still fit (the goldens were
// looked at when written with -update).
func TestGoldenGerman(t *testing.T) {
	for name, r := range germanRecaps() {
		img, err := Image(r)
		if err != nil {
			t.Fatal(err)
		}
		render.Golden(t, name, img)
	}
}

// Every label a recap draws in the pseudo-language is pseudo-localized, once the players' names,
// the game's name, the badges and the reason (the bot's text, checked there) are taken out.
func TestLabelsArePseudoLocalized(t *testing.T) {
	checked := 0
	for name, r := range germanRecaps() {
		for _, running := range []bool{false, true} {
			r.Lang, r.Finished = msg.Pseudo, !running
			stop := render.RecordLabels()
			_, err := Image(r)
			labels := stop()
			if err != nil {
				t.Fatal(err)
			}
			skip := []string{r.Game, r.Reason, r.LongestBy}
			for _, p := range r.Players {
				skip = append(skip, p.Name)
			}
			for _, l := range labels {
				checked++
				if w := plainWord(l.Text, skip); w != "" {
					t.Errorf("%s: %q is not pseudo-localized in %q", name, w, l.Text)
				}
			}
		}
	}
	if checked < 30 {
		t.Errorf("only %d labels heard", checked)
	}
}

// plainWord is the first plain English word of s (two ASCII letters or more) once names are
// taken out.
func plainWord(s string, names []string) string {
	for _, n := range names {
		if n != "" {
			s = strings.ReplaceAll(s, n, " ")
		}
	}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r < 'A' || r > 'z' || (r > 'Z' && r < 'a') }) {
		if len(f) >= 2 {
			return f
		}
	}
	return ""
}
