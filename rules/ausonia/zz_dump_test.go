package ausonia

import (
	"fmt"
	"os"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

func TestZZDump(t *testing.T) {
	f, _ := os.Create("/tmp/aus_texts.txt")
	seen := map[string]bool{}
	readGames(t, []int{1, 2, 3, 4}, 2, 1500, func(kind string, st *state, text string) {
		k := kind + "\t" + rules.PlainSeats(st, text)
		if !seen[k] {
			seen[k] = true
			fmt.Fprintln(f, k)
		}
	})
	f.Close()
}
