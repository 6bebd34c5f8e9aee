package ausonia

import (
	"testing"
)

// Cards played or discarded from a hand show the player's own cards: news to the others, none
// to the player, so no Reveals (undo may take them back inside the turn). Drawing is news.
func TestOwnCardsShownAreNoReveal(t *testing.T) {
	s := twoPlayer(t, "s3", "e3", "b3", "s2", "h1", "h3")
	for _, c := range []struct {
		move    string
		newsTo0 bool // something new to the mover
	}{
		{"play all", false},
		{"pass h1", true}, // draws back up to six
	} {
		shown, news := false, false
		for _, e := range do(t, s, 0, c.move) {
			if e.Reveals && e.Public() && len(e.Shows) > 0 {
				t.Errorf("%s: %q both reveals and shows", c.move, e.English())
			}
			if len(e.Shows) > 0 {
				shown = true
				if !e.NewsTo(1) || e.Shows[0] != 0 {
					t.Errorf("%s: %q shows %v, news to the other seat %v", c.move, e.English(), e.Shows, e.NewsTo(1))
				}
			}
			news = news || e.NewsTo(0)
		}
		if !shown || news != c.newsTo0 {
			t.Errorf("%s: shown %v, news to the mover %v, want %v", c.move, shown, news, c.newsTo0)
		}
	}
}
