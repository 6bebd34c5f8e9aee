package bot

import (
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// FindKit finds a game by what a person types for it: its id ("reef-encounter"), its name in
// any case and spacing ("Reef Encounter", "reef encounter"), or the start of either when only
// one game starts so ("reef", "ree"). An id always wins over a prefix of another game's.
func (s *Service) FindKit(typed string) (Kit, bool) {
	if k, ok := s.kits[typed]; ok {
		return k, true
	}
	want := gameKey(typed)
	if want == "" {
		return Kit{}, false
	}
	var found []Kit
	for _, id := range s.ids {
		k := s.kits[id]
		if id, name := gameKey(id), gameKey(k.Game.Info().Name); want == id || want == name {
			return k, true
		} else if strings.HasPrefix(id, want) || strings.HasPrefix(name, want) {
			found = append(found, k)
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return Kit{}, false
}

// gameKey is a game's id or name as compared: folded, without spaces, hyphens or underscores.
func gameKey(s string) string {
	return strings.NewReplacer(" ", "", "-", "", "_", "", "\t", "").Replace(rules.Fold(strings.TrimSpace(s)))
}
