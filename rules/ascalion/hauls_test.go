package ascalion

import (
	"strings"
	"testing"
)

// TestChainSaysWhereEachGoodWent: a ride's or chain's post names every good with the land it left
// and the land it was unloaded in. A reader once read a chain's post as the iron going to Vagon
// when it had stayed in Cimmria (loaded and unloaded in the same land).
func TestChainSaysWhereEachGoodWent(t *testing.T) {
	for _, c := range []struct {
		move, text string
		at         map[string]string // land: goods afterwards
	}{
		{"chain vagon cimmria +iron end", "{seat:0}'s chain transport runs Vagon → Cimmria with no cargo.",
			map[string]string{"Cimmria": "horse iron", "Vagon": "horse coal"}},
		{"chain cimmria +iron vagon end", "{seat:0}'s chain transport runs Cimmria → Vagon and carries 1 iron from Cimmria to Vagon.",
			map[string]string{"Cimmria": "horse", "Vagon": "horse coal iron"}},
		{"chain cimmria +iron hippos -iron vagon end", "{seat:0}'s chain transport runs Cimmria → Hippo's Land → Vagon and carries 1 iron from Cimmria to Hippo's Land.",
			map[string]string{"Cimmria": "horse", "Hippo's Land": "horse iron", "Vagon": "horse coal"}},
		{"chain vagon +coal hippos -coal cimmria +iron jaluka end",
			"{seat:0}'s chain transport runs Vagon → Hippo's Land → Cimmria → Jaluka and carries 1 coal from Vagon to Hippo's Land and 1 iron from Cimmria to Jaluka.",
			map[string]string{"Hippo's Land": "horse coal", "Jaluka": "horse iron"}},
		{"horse cimmria +iron hippos -iron cimmria end", "{seat:0}'s horse transport runs Cimmria → Hippo's Land → Cimmria and carries 1 iron from Cimmria to Hippo's Land.",
			map[string]string{"Cimmria": "horse", "Hippo's Land": "horse iron"}},
	} {
		f := newFixture(t, 2)
		f.own(0, "Cimmria", "Hippo's Land", "Vagon", "Jaluka")
		f.put("Cimmria", "horse iron").put("Hippo's Land", "horse").put("Vagon", "horse coal").put("Jaluka", "horse")
		f.transportTurn(0, 2)
		var texts []string
		for _, e := range f.play(0, c.move) {
			texts = append(texts, e.Msg.English())
		}
		if !strings.Contains(strings.Join(texts, "\n"), c.text) {
			t.Errorf("%s: posts\n%s\nwant %q", c.move, strings.Join(texts, "\n"), c.text)
		}
		for land, spec := range c.at {
			eqGoods(t, c.move+": "+land, f.goods(land), spec)
		}
	}
}
