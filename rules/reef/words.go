package reef

import (
	"strconv"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Texts name seats through rules.SeatRef, squares in words ("D4 on board 2"), and counts with
// the right plural; the notation (`2 d 4`) stays in what players type, never in what they read.

// who is a seat in a text: the platform renders it as the player.
func who(seat int) string { return rules.SeatRef(rules.Seat(seat)) }

// seatNames are the seats' own names, their shrimps' colours, so "alice (Purple)" tells the
// table which shrimps are hers.
var seatNames = [4]string{"Purple", "Green", "Red", "Yellow"}

// sqCell is a square's name on its board: "D4".
func sqCell(sq int) string {
	i := sq % perBoard
	return string([]byte{byte('A' + i%Cols), byte('1' + i/Cols)})
}

// sqBoard is the number of a square's board, as players write it.
func sqBoard(sq int) string { return strconv.Itoa(sq/perBoard + 1) }

// sqWhere names a square in words: "D4 on board 2".
func sqWhere(sq int) string { return sqCell(sq) + " on board " + sqBoard(sq) }

// fromTo names two squares, the board once when they share it: "from C4 to D4 on board 2".
func fromTo(a, b int) string {
	if a/perBoard == b/perBoard {
		return "from " + sqCell(a) + " to " + sqWhere(b)
	}
	return "from " + sqWhere(a) + " to " + sqWhere(b)
}

// plural writes n with its noun: "1 polyp", "3 polyps".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// nPolyps is plural for polyps.
func nPolyps(n int) string { return plural(n, "polyp", "polyps") }

// The condensed lines of repeated events, per seat, built once: Apply is on the search's path.
var manyShrimp, manyLaid = func() (shrimp, laid [4]string) {
	for i := range shrimp {
		shrimp[i] = who(i) + " moved shrimps %d times"
		laid[i] = who(i) + " laid %d polyps"
	}
	return
}()

// fromToMsg is fromTo as a message.
func fromToMsg(a, b int) *msg.Message {
	if a/perBoard == b/perBoard {
		return say("from_to_same", code("From", sqCell(a)), whereArg("To", b))
	}
	return say("from_to", whereArg("From", a), whereArg("To", b))
}
