package ascalion

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/msg/msgtest"
)

// The board's catalogue is complete in every language and fully used (steps and supply labels
// are built from the view's words).
func TestCatalogue(t *testing.T) {
	var extra []string
	for _, id := range stepID {
		extra = append(extra, id)
	}
	for _, k := range []string{"wood", "horse", "gold", "coal", "iron", "weapon", "city", "boat", "ship"} {
		extra = append(extra, "supply_"+k)
	}
	msgtest.Check(t, catName, ".", extra...)
}

// germanFixtures are moments drawn in German: the setup, an attack with neighbours declaring, the
// trade window, a boat at the river and a finished game. Their positions are saved apart from
// the English ones ("de-" files), played with the messages the board reads.
var germanFixtures = []string{"setup", "attack6", "trade3", "passage4", "end5"}

// One set of golden boards in German: status line, panel, log, offers, attack and legend
// translated, and long German words still inside their panels.
func TestGoldenGerman(t *testing.T) {
	for _, f := range fixtures {
		if !contains(germanFixtures, f.name) {
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			st := position(t, "de-"+f.name, f.setup, f.moves, f.stop)
			m := render.SampleMeta(f.setup.Seats)
			m.Lang = msg.German
			img, err := Image(st.View(rules.Spectator), m)
			if err != nil {
				t.Fatal(err)
			}
			render.Golden(t, "de-"+f.name, img)
		})
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// Every label the board and the focus image draw in the pseudo-language is pseudo-localized: no
// plain English word is left once the names (lands) and notation (sea fields, river stretches,
// vessels, the chips' letters) are taken out. The labels are heard through render.RecordLabels.
func TestLabelsArePseudoLocalized(t *testing.T) {
	checked := 0
	for _, f := range fixtures {
		if !contains(germanFixtures, f.name) {
			continue
		}
		st := position(t, "de-"+f.name, f.setup, f.moves, f.stop)
		v := st.View(rules.Spectator).(game.View)
		var names []string
		for _, l := range v.Lands {
			names = append(names, l.Name)
		}
		m := render.Meta{Lang: msg.Pseudo}
		stop := render.RecordLabels()
		_, err := Image(v, m)
		if err == nil {
			_, err = Focus(v, m)
		}
		labels := stop()
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range labels {
			checked++
			if w := plainWord(l.Text, names); w != "" {
				t.Errorf("%s: %q is not pseudo-localized in %q", f.name, w, l.Text)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d labels heard", checked)
	}
}

// plainWord is the first plain English word of s once names and notation are taken out.
func plainWord(s string, names []string) string {
	for _, n := range names {
		s = strings.ReplaceAll(s, n, " ")
	}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r < 'A' || r > 'z' || (r > 'Z' && r < 'a') }) {
		if len(f) < 2 || strings.HasPrefix(f, "boat") || strings.HasPrefix(f, "ship") {
			continue
		}
		return f
	}
	return ""
}

// The panel counts transports in the right number in every language: "1 transport", never
// "1 transports" (play-tester).
func TestPanelTransportsAgree(t *testing.T) {
	want := map[string][2]string{
		msg.English: {" · 1 transport", " · 2 transports"},
		msg.German:  {" · 1 Transport", " · 2 Transporte"},
		msg.Spanish: {" · 1 transporte", " · 2 transportes"},
		msg.French:  {" · 1 transport", " · 2 transports"},
	}
	for lang, w := range want {
		for i, n := range []int{1, 2} {
			if got := tr(lang, "player_transports", msg.Count("N", n)); got != w[i] {
				t.Errorf("%s, %d: %q, want %q", lang, n, got, w[i])
			}
		}
	}
}
