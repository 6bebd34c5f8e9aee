package autumnash

import (
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/msg/msgtest"
)

// The board's catalogue is complete in every language and fully used.
func TestCatalogue(t *testing.T) {
	msgtest.Check(t, catName, ".")
}

// One set of golden boards in German: the labels, legend, stash titles, last move and first-turn
// lines translated, and long German words still inside their panels.
func TestGoldenGerman(t *testing.T) {
	for _, name := range []string{"start", "entered", "bagging", "unsettled-mid"} {
		t.Run(name, func(t *testing.T) {
			m := render.SampleMeta(2)
			m.Lang = msg.German
			img, err := Image(fixtureByName(t, name), m)
			if err != nil {
				t.Fatal(err)
			}
			render.Golden(t, "de-"+name, render.Quantise(img, pal))
		})
	}
}

// Every label the board draws in the pseudo-language is pseudo-localized: no plain English word
// is left once the names (sides, players) and notation are taken out.
func TestLabelsArePseudoLocalized(t *testing.T) {
	plain := func(s string) bool {
		for _, w := range []string{"Rainbow", "Xeno"} {
			s = strings.ReplaceAll(s, w, "")
		}
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r < 'A' || r > 'z' || (r > 'Z' && r < 'a') }) {
			if len(f) >= 2 && !(len(f) == 2 && f[1] >= '0' && f[1] <= '9') {
				return true
			}
		}
		return false
	}
	lang := msg.Pseudo
	var texts []string
	for _, f := range fixtures {
		v := loadFixture(t, f)
		texts = append(texts, status(v, render.Meta{Lang: lang}).Text, status(v, render.Meta{Lang: lang}).Right, strings.Join(must(lastMovesText(v, render.Meta{Lang: lang})), " "))
	}
	for _, it := range legendItems(true, lang) {
		texts = append(texts, it.text)
	}
	texts = append(texts, tr(lang, "footer_first", msg.Code("Side", "Xeno")),
		tr(lang, "footer_unsettled"), tr(lang, "status_over"))
	for _, s := range texts {
		if plain(s) {
			t.Errorf("not pseudo-localized: %q", s)
		}
	}
}

// A finished game's reason is drawn in the board's language when the game stored its message,
// and as stored when it did not (a game finished before messages).
func TestReasonInTheBoardsLanguage(t *testing.T) {
	reason := msg.New("autumnash", "res_wins", msg.Seat("Seat", 1), msg.Number("Points", 23))
	v := &game.View{Result: &rules.Result{Ranks: []int{2, 1}, ReasonMsg: reason}}
	if got, want := reasonText(v, render.Meta{Lang: msg.German}), "Xeno erreicht 23 Punkte und gewinnt."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	v.Result.ReasonMsg = rules.Verbatim("Xeno reaches 23 points and wins.") // as a stored reason-only result reads
	if got, want := reasonText(v, render.Meta{Lang: msg.German}), "Xeno reaches 23 points and wins."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func must[T, U any](t T, _ U) T { return t }

// The one-line legend fits at full size in every language: no label drawn below minText, on
// either board (Unsettled's on two lines).
func TestLegendFitsInEveryLanguage(t *testing.T) {
	for _, lang := range []string{msg.English, msg.German, "es", "fr"} {
		for _, field := range []bool{false, true} {
			l := newLayoutFor(5, 6)
			if field {
				l = newLayoutFor(8, 8)
			}
			items := legendItems(field, lang)
			lines := legendLines(field)
			per := (len(items) + lines - 1) / lines
			st := render.Style{Size: minText}
			for ln := 0; ln < lines; ln++ {
				total := 0.0
				for _, it := range items[min(len(items), ln*per):min(len(items), (ln+1)*per)] {
					total += render.TextWidth(it.text, st) + legendMark + 12
				}
				if total > float64(l.legend.Dx()) {
					t.Errorf("%s field=%v line %d: the legend needs %.0f px, has %d", lang, field, ln, total, l.legend.Dx())
				}
			}
		}
	}
}

// Unsettled's outline is where the 5x6 field can still lie (7x8 early on), not a 5x6 field: the
// legend says so in every language (issue #40), and the board names the variant as /rules does.
func TestUnsettledLegendSaysTheOutlineIsTheReach(t *testing.T) {
	for lang, word := range map[string]string{"en": "reachable", "de": "erreichbar", "es": "alcanzable", "fr": "accessible"} {
		if got := tr(lang, "legend_field_short"); !strings.Contains(got, word) {
			t.Errorf("%s legend %q does not say the outline is what is still reachable", lang, got)
		}
		if got := tr(lang, "legend_field"); !strings.Contains(got, "5x6") {
			t.Errorf("%s full legend %q", lang, got)
		}
	}
	var label *msg.Message
	for _, c := range game.Game.Info().Options[0].Choices {
		if c.Value == game.VariantUnsettled {
			label = c.LabelMsg
		}
	}
	for _, lang := range msg.Languages {
		title, _, _ := strings.Cut(msg.Render(label, lang, nil), ":")
		if got := variantTitle(game.VariantUnsettled, lang); got != strings.TrimSpace(title) {
			t.Errorf("%s board calls the variant %q, /rules %q", lang, got, title)
		}
	}
}

// The pieces' and chips' letters are the colours' initials in the image's language, one letter
// each and all ten different, so a letter names one colour (issue #40: German, Spanish and French
// boards carried English initials). Where two names share an initial one colour takes another
// letter, and under the one-line legend a key shows each chip whose letter is not the colour's
// initial, with the colour's name.
func TestLegendKeysTheColourLetters(t *testing.T) {
	for _, lang := range msg.Languages {
		seen := map[string]game.Colour{}
		initials := 0
		for col := game.Green; col <= game.Purple; col++ {
			l := colourLetter(col, lang)
			if len([]rune(l)) != 1 || strings.ToUpper(l) != l {
				t.Errorf("%s: %s has the letter %q", lang, col, l)
			}
			if other, ok := seen[l]; ok {
				t.Errorf("%s: %s and %s both have the letter %q", lang, other, col, l)
			}
			seen[l] = col
			if strings.HasPrefix(strings.ToUpper(colourName(col, lang)), l) {
				initials++
			}
		}
		if initials < 8 {
			t.Errorf("%s: only %d of 10 letters are the colour's initial", lang, initials)
		}
	}
	for _, tc := range []struct {
		lang string
		want []game.Colour
	}{
		{msg.English, []game.Colour{game.Black, game.Cyan}},
		{msg.German, []game.Colour{game.Yellow}},
		{msg.Spanish, []game.Colour{game.Blue, game.Orange}},
		{msg.French, []game.Colour{game.White, game.Purple}},
	} {
		if got := keyColours(tc.lang); !slices.Equal(got, tc.want) {
			t.Errorf("%s key %v, want %v", tc.lang, got, tc.want)
		}
	}
	v := fixtureByName(t, "start")
	for _, lang := range msg.Languages {
		m := render.SampleMeta(2)
		m.Lang = lang
		img, err := Image(v, m)
		if err != nil {
			t.Fatal(err)
		}
		lay := newLayout(v)
		key := image.Rect(lay.legend.Min.X, lay.legend.Max.Y-keyH, lay.legend.Max.X, lay.legend.Max.Y)
		rgba := img.(*image.RGBA)
		for _, col := range keyColours(lang) {
			n := 0
			for y := key.Min.Y; y < key.Max.Y; y++ {
				for x := key.Min.X; x < key.Max.X; x++ {
					if rgba.RGBAAt(x, y) == pieceFill[col] {
						n++
					}
				}
			}
			if n < 100 {
				t.Errorf("%s: the legend has no %s chip (%d pixels)", lang, col, n)
			}
		}
	}
}
