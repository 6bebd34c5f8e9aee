package bot

import (
	_ "embed"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/storage"
)

// AI seats are named like people ("Ada"), so that texts read "Ada moves…" and several AIs at one
// table are told apart; their level is said once, where the table is set up (rosterEntry). The
// name is stored as the seat's name; the level stays in the user id ("ai:normal").

//go:embed ainames.txt
var aiNamesFile string

// aiNames is the list of ainames.txt, in its order.
var aiNames = func() []string {
	var out []string
	for _, l := range strings.Split(aiNamesFile, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}()

// legacyAIName reports a name stored by older versions for an AI seat, "AI (normal)".
func legacyAIName(name string) bool { return strings.HasPrefix(name, "AI (") }

// nameAISeats gives every AI seat of row a name of aiNames that no other seat of the game has
// (compared without case), keeping a seat's name when it already is such a name. The choice
// depends only on the game's seed, the seat and the names taken, so a game's AIs keep their names
// wherever the row is read, and rows stored with "AI (level)" get theirs at load, without a
// migration. It reports whether it changed a name.
func nameAISeats(row *storage.Game) bool {
	taken := map[string]bool{}
	for _, p := range row.Players {
		if !isAIUser(p.UserID) {
			taken[strings.ToLower(p.Name)] = true
		}
	}
	changed := false
	for i := range row.Players {
		p := &row.Players[i]
		if !isAIUser(p.UserID) {
			continue
		}
		low := strings.ToLower(p.Name)
		if !legacyAIName(p.Name) && p.Name != "" && !taken[low] {
			taken[low] = true
			continue
		}
		name := pickAIName(row.Seed, p.Seat, taken)
		taken[strings.ToLower(name)] = true
		if name != p.Name {
			p.Name, changed = name, true
		}
	}
	return changed
}

// pickAIName is the first name of aiNames not taken, starting from a place given by the seed and
// the seat; when all are taken (never at four seats), the seat's place starts a numbered name.
func pickAIName(seed uint64, seat int, taken map[string]bool) string {
	h := mix(seed ^ (uint64(seat)+1)*0x9e3779b97f4a7c15)
	start := int(h % uint64(len(aiNames)))
	for i := range aiNames {
		n := aiNames[(start+i)%len(aiNames)]
		if !taken[strings.ToLower(n)] {
			return n
		}
	}
	for k := 2; ; k++ {
		n := aiNames[start] + " " + strconv.Itoa(k)
		if !taken[strings.ToLower(n)] {
			return n
		}
	}
}

// mix is splitmix64's finaliser: nearby seeds and seats land far apart in the list.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
