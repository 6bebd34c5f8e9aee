package ascidiae

import (
	"bytes"
	"image/png"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	asc "github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/msg/msgtest"
)

// The board's catalogue is complete in every language and fully used.
func TestCatalogue(t *testing.T) { msgtest.Check(t, catName, ".") }

// One set of golden boards in German, at a few moments of a game: the labels, the legend, the
// card icons, the log, the question and the result translated, and long German words still
// inside their panels. The focus image of the first too.
func TestGoldenGerman(t *testing.T) {
	for _, c := range cases[1:] {
		t.Run(c.name, func(t *testing.T) {
			st := position(t, c.seats, c.opts, 7, c.moves)
			m := render.SampleMeta(c.seats)
			m.Lang = msg.German
			img, err := Image(st.View(rules.Spectator), m)
			if err != nil {
				t.Fatal(err)
			}
			render.Golden(t, "de-"+c.name, img)
		})
	}
	st := position(t, 2, map[string]string{"preset": "first"}, 7, 45)
	b, err := Focus(st.View(rules.Spectator), render.Meta{Names: []string{"alice", "bob"}, Lang: msg.German})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	render.Golden(t, "de-focus-first-2p", img)
}

// Every label of the board in the pseudo-language is pseudo-localized: every message of the
// catalogue, and the status, log, question and result of boards at several moments, once the
// players' names, the species' Latin names and notation are taken out.
func TestLabelsArePseudoLocalized(t *testing.T) {
	names := []string{"alice", "Bartholomew the Magnificent", "Bartholomew the…", "carol", "dmitri"}
	word := regexp.MustCompile(`[A-Za-z]{2,}`)
	check := func(where, s string) {
		t.Helper()
		for _, n := range names {
			s = strings.ReplaceAll(s, n, "")
		}
		if w := word.FindString(s); w != "" {
			t.Errorf("%s: %q is not pseudo-localized in %q", where, w, s)
		}
	}
	// Every label, its arguments filled with notation.
	en, err := os.ReadFile("locales/en.toml")
	if err != nil {
		t.Fatal(err)
	}
	arg := regexp.MustCompile(`\{\{\.(\w+)\}\}`)
	for _, line := range strings.Split(string(en), "\n") {
		id, text, ok := strings.Cut(line, " = ")
		if !ok || strings.HasPrefix(id, "#") {
			continue
		}
		var args []msg.Arg
		for _, a := range arg.FindAllStringSubmatch(text, -1) {
			args = append(args, msg.Code(a[1], "7"))
		}
		check(id, tr(msg.Pseudo, id, args...))
	}
	for _, g := range legendGlyphs(msg.Pseudo) {
		check("legend", g.text)
	}
	for _, c := range cases {
		st := position(t, c.seats, c.opts, 7, c.moves)
		v, err := toView(st.View(rules.Spectator))
		if err != nil {
			t.Fatal(err)
		}
		b := newBoard(v, render.Meta{Names: render.SampleMeta(c.seats).Names, Lang: msg.Pseudo})
		check(c.name+" header", b.focusHeader())
		var lines []string
		for _, r := range b.wrappedLog() {
			lines = append(lines, r.head, r.text)
		}
		for _, l := range append(lines, b.promptLines()...) {
			check(c.name+" log", l)
		}
		for _, k := range v.Kinds {
			for _, ab := range k.Abilities {
				for _, g := range abilityGlyphs(asc.Ability{Actions: ab.Actions}, asc.Up, msg.Pseudo) {
					check(c.name+" icons", g.text)
				}
			}
		}
	}
}

// The board's colony hint says the tadpoles are paid from one card and the rest stay there: it
// said "exactly these tadpoles", and a player discarded tadpoles for three rounds to match
// (issue 38, second review).
func TestColonyHintExtrasStay(t *testing.T) {
	for lang, want := range map[string]string{
		msg.English: "(extras stay)",
		msg.German:  "(übrige bleiben)",
		msg.Spanish: "(los demás se quedan)",
		msg.French:  "(les autres restent)",
	} {
		got := tr(lang, "colonies_hint", msg.Code("Verb", colonizeWord(lang)))
		if !strings.Contains(got, want) || regexp.MustCompile(`(?i)exact|genau`).MatchString(got) {
			t.Errorf("%s: %q", lang, got)
		}
	}
}

// A win by colonies names the winner once: the result already says who claims and wins ("Tess
// wins: Tess claims a second colony and wins." said it twice, issue 38). A result that does not
// name the winner keeps "… wins:".
func TestResultLineNamesTheWinnerOnce(t *testing.T) {
	v := position(t, 2, nil, 7, 10).View(rules.Spectator).(*asc.View)
	for _, c := range []struct {
		name   string
		reason *msg.Message
		once   bool
	}{
		{"second colony", msg.New("ascidiae", "res_wins_second", msg.Seat("Seat", 0)), true},
		{"third colony", msg.New("ascidiae", "res_wins_third", msg.Seat("Seat", 0)), true},
		{"turn limit", msg.New("ascidiae", "res_turn_limit", msg.Number("Rounds", 40)), false},
	} {
		end := *v
		end.Result = &rules.Result{Ranks: []int{1, 2}, Scores: []int{2, 1}, ReasonMsg: c.reason}
		for _, lang := range msg.Languages {
			b := &board{v: &end, meta: render.Meta{Names: []string{"Tess", "Lior"}, Lang: lang}}
			got := b.resultLine()
			if n := strings.Count(got, "Tess"); n != 1 || !c.once && got == msg.Render(c.reason, lang, nil) {
				t.Errorf("%s %s: %q", c.name, lang, got)
			}
		}
	}
}

// A locked pile's band fits its word in every language (French "VERROUILLÉE ×8" ran off the
// pile on the board and the phone image): drawn, the word's size fits the pile.
func TestLockedBandFits(t *testing.T) {
	v := position(t, 2, map[string]string{"preset": "first"}, 7, 45).View(rules.Spectator).(*asc.View)
	cp := *v
	cp.Piles = append([]asc.PileView(nil), v.Piles...)
	cp.Piles[0].Locked = true
	for _, lang := range []string{"en", "de", "es", "fr"} {
		m := render.SampleMeta(2)
		m.Lang = lang
		stop := render.RecordLabels()
		if _, err := Focus(&cp, m); err != nil {
			t.Fatal(err)
		}
		labels := stop()
		want := (&board{meta: m}).tr("locked", msg.Number("N", cp.Piles[0].Count))
		found := false
		for _, l := range labels {
			if l.Text != want {
				continue
			}
			found = true
			st := render.Style{Size: l.Size, Font: render.Bold}
			if w := render.TextWidth(l.Text, st); w > pileW-6 {
				t.Errorf("%s: %q is %.0f px on a pile %.0f wide", lang, l.Text, w, pileW)
			}
		}
		if !found {
			t.Errorf("%s: no %q drawn", lang, want)
		}
	}
}

// The colony hint names the move in the reader's words, which /move takes: it read "colonize gN"
// in every language (issue #38).
func TestColonyHintInReadersWords(t *testing.T) {
	for lang, want := range map[string]string{
		msg.English: "colonize gN:",
		msg.German:  "kolonisieren gN:",
		msg.Spanish: "colonizar gN:",
		msg.French:  "coloniser gN :",
	} {
		word := colonizeWord(lang)
		got := tr(lang, "colonies_hint", msg.Code("Verb", word))
		if !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q; want it to begin %q", lang, got, want)
		}
		if lang != msg.English && !slices.Contains(rules.WordsOf(asc.Game, lang).Tokens(word), "colonize") {
			t.Errorf("%s: %q is no word the parser takes for colonize", lang, word)
		}
	}
}
