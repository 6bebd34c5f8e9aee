package bot

import (
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// maxCutShare is the most of the menu labels (the autocomplete's, which the console's "choices"
// prints) that may be cut at Discord's 100 characters, in every language. Cut labels lose their
// end, which is what the move becomes or costs; the reviewer measured 6-9% in German, Spanish and
// French against 0.8% in English.
const maxCutShare = 0.01

// TestCutMenuLabels measures, over random games of all five games at every number of seats they
// take from 2 to 4, the share of menu labels that do not fit and are cut, in each language, and
// holds it under maxCutShare. Run with -v for the figures and the longest labels.
func TestCutMenuLabels(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	type tally struct{ labels, cut int }
	all := map[string]*tally{}
	shown := 3
	if os.Getenv("CUT_LABELS_SHOW") != "" {
		shown = 1000
	}
	byGame := map[string]*tally{}
	examples := map[string][]string{}
	players := []string{"alice", "bob", "carol", "dave"}
	kinds := []string{"autumn-ash", "ascidiae", "ascalion", "reef-encounter", "ausonia"}
	if only := os.Getenv("CUT_LABELS_GAMES"); only != "" { // to look at one game while shortening it
		kinds = strings.Split(only, ",")
	}
	for _, kind := range kinds {
		g := replayKits[kind].Game
		info := g.Info()
		for seats := max(2, info.MinSeats); seats <= min(4, info.MaxSeats); seats++ {
			st, err := g.New(rules.Setup{Seats: seats, Seed: uint64(11 * seats)})
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(seats), 5))
			for step := 0; step < 120 && st.Result() == nil; step++ {
				aw := st.Awaiting()
				if len(aw) == 0 {
					break
				}
				seat := aw[0].Seat
				if step%3 == 0 {
					for _, lang := range Languages {
						name := func(s rules.Seat) string {
							if int(s) < 0 || int(s) >= seats {
								return ""
							}
							return players[s]
						}
						first := suggestIn(lang, rules.WordsOf(g, lang), st, seat, "", 25, name)
						sgs := append([]Suggestion(nil), first...)
						// One level deeper too: what follows the first kind of move.
						for _, s := range first {
							if s.Moves > 0 {
								sgs = append(sgs, suggestIn(lang, rules.WordsOf(g, lang), st, seat, strings.TrimSuffix(s.Value, " …")+" ", 25, name)...)
								break
							}
						}
						for _, s := range sgs {
							if s.Note {
								continue
							}
							key := lang
							if all[key] == nil {
								all[key] = &tally{}
							}
							gk := lang + " " + kind
							if byGame[gk] == nil {
								byGame[gk] = &tally{}
							}
							all[key].labels++
							byGame[gk].labels++
							if strings.HasSuffix(s.Label, "…") {
								all[key].cut++
								byGame[gk].cut++
								if len(examples[gk]) < shown {
									examples[gk] = append(examples[gk], s.Label)
								}
							}
						}
					}
				}
				m, err := rules.RandomMove(st, seat, r)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := st.Apply(seat, m); err != nil {
					t.Fatalf("%s: %v", kind, err)
				}
			}
		}
	}
	var keys []string
	for k := range byGame {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		tl := byGame[k]
		t.Logf("%-22s %5d labels, %4d cut (%.1f%%)", k, tl.labels, tl.cut, 100*float64(tl.cut)/float64(tl.labels))
		for _, ex := range examples[k] {
			t.Logf("    %s", ex)
		}
	}
	for _, lang := range Languages {
		tl := all[lang]
		if tl == nil || tl.labels < 500 {
			t.Fatalf("%s: too few labels to measure (%v)", lang, tl)
		}
		share := float64(tl.cut) / float64(tl.labels)
		t.Logf("%s: %d labels, %d cut: %.2f%%", lang, tl.labels, tl.cut, 100*share)
		if share >= maxCutShare {
			t.Errorf("%s: %.2f%% of the menu labels are cut (at most %.0f%%)", lang, 100*share, 100*maxCutShare)
		}
	}
}
