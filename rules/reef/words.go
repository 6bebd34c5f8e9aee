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

// fromToMsg names two squares, the board once when they share it: "from C4 to D4 on board 2".
func fromToMsg(a, b int) *msg.Message {
	if a/perBoard == b/perBoard {
		return say("from_to_same", code("From", sqCell(a)), whereArg("To", b))
	}
	return say("from_to", whereArg("From", a), whereArg("To", b))
}
