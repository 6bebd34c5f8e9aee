package bot

import (
	"embed"
	"io/fs"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// The platform's own results (a resignation, a timeout, players who left) are messages of a
// rules/msg catalogue, stored with the result like an engine's reason: the thread, the recap and
// /games each render them in their reader's language, with players named as everywhere.

const resultsCat = "platform"

//go:embed results/locales/*.toml
var resultFiles embed.FS

var _ = func() bool {
	sub, err := fs.Sub(resultFiles, "results")
	if err != nil {
		panic(err)
	}
	msg.Register(resultsCat, sub)
	return true
}()

// seatList is seats as one message: "a", "a and b", "a, b and c".
func seatList(seats []rules.Seat) *msg.Message {
	switch len(seats) {
	case 0:
		return nil
	case 1:
		return msg.New(resultsCat, "list_one", msg.Seat("A", int(seats[0])))
	case 2:
		return msg.New(resultsCat, "list_two", msg.Seat("A", int(seats[0])), msg.Seat("B", int(seats[1])))
	}
	return msg.New(resultsCat, "list_more", msg.Seat("A", int(seats[0])), msg.Nested("B", seatList(seats[1:])))
}

// platformReason sets a result's reason to a message of the platform's catalogue.
func platformReason(res *rules.Result, m *msg.Message) *rules.Result {
	res.ReasonMsg = m
	return res
}

// resignedMsg, outOfTimeMsg and leftMsg are the platform's three reasons.
func resignedMsg(seats []rules.Seat) *msg.Message {
	return msg.New(resultsCat, "reason_resigned", msg.Nested("Seats", seatList(seats)))
}

func outOfTimeMsg(seats []rules.Seat) *msg.Message {
	return msg.New(resultsCat, "reason_out_of_time", msg.Nested("Seats", seatList(seats)))
}

func leftMsg(seats []rules.Seat) *msg.Message {
	id := "reason_left_many"
	if len(seats) == 1 {
		id = "reason_left_one"
	}
	return msg.New(resultsCat, id, msg.Nested("Seats", seatList(seats)))
}
