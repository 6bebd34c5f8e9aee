package bot

import (
	"encoding/json"
	"slices"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/storage"
)

// What the platform did to a game beyond its moves (a resignation, a seat replaced after its
// clock ran out, an abort) goes into its record as takeover and end lines (rules/record), so
// that a replay of the export states the thread's one result and ranks.

// takeover is a seat the bot took over from its player, kept in the flow (stored with the game)
// because the seats table says only that a seat is played by the bot, not since when or why.
type takeover struct {
	Seat  int    `json:"seat"`
	After int64  `json:"after"` // moves played before it
	Why   string `json:"why"`   // record.Resigned or record.Timeout
}

// noteTakeover records in the game's flow that the bot plays seats from the next move on.
func noteTakeover(row *storage.Game, seats []int, after int64, why string) {
	f := readFlow(row)
	for _, s := range seats {
		if !slices.ContainsFunc(f.Takeovers, func(t takeover) bool { return t.Seat == s }) {
			f.Takeovers = append(f.Takeovers, takeover{Seat: s, After: after, Why: why})
		}
	}
	row.Flow = f.encode()
}

// leavers lists the seats whose players left them to the bot (resigned or replaced after their
// clock ran out), in seat order: AI seats from /create are players, not leavers.
func leavers(row *storage.Game) []rules.Seat {
	var out []rules.Seat
	for _, p := range row.Players {
		if p.Robot && !isAIUser(p.UserID) {
			out = append(out, rules.Seat(p.Seat))
		}
	}
	slices.Sort(out)
	return out
}

// platformLines adds to rec (the game's whole log) the takeovers and the end the platform made.
// A takeover the flow did not keep (a game from before it did) is put before the bot's first
// move for the seat, with the cause unknown.
func platformLines(rec *record.Record, row *storage.Game, moves []storage.Move) {
	kept := readFlow(row).Takeovers
	for _, seat := range leavers(row) {
		i := slices.IndexFunc(kept, func(t takeover) bool { return t.Seat == int(seat) })
		if i >= 0 {
			after := min(int(kept[i].After), len(rec.Moves))
			rec.Takeovers = append(rec.Takeovers, record.Takeover{Seat: seat, After: after, Why: kept[i].Why})
			continue
		}
		after := slices.IndexFunc(moves, func(m storage.Move) bool {
			return m.Seat == int(seat) && (m.UserID == AIUser || m.UserID == RobotUser)
		})
		if after < 0 || after > len(rec.Moves) {
			after = len(rec.Moves)
		}
		rec.Takeovers = append(rec.Takeovers, record.Takeover{Seat: seat, After: after, Why: record.Left})
	}
	slices.SortStableFunc(rec.Takeovers, func(a, b record.Takeover) int { return a.After - b.After })
	switch row.Status {
	case storage.StatusAborted:
		rec.End = &record.End{How: record.Aborted}
	case storage.StatusFinished:
		var res rules.Result
		if json.Unmarshal(row.Result, &res) != nil || res.ReasonMsg == nil || res.ReasonMsg.Cat != resultsCat {
			return
		}
		how := map[string]string{"reason_resigned": record.Resigned, "reason_out_of_time": record.Timeout}[res.ReasonMsg.ID]
		if how == "" {
			return // the rules ended it; a reason about leavers only re-ranked it
		}
		// leaversLose ranks 2 those who ended it and the leavers: the first are the rest.
		e := &record.End{How: how}
		out := leavers(row)
		for i, r := range res.Ranks {
			if r != 1 && !slices.Contains(out, rules.Seat(i)) {
				e.Seats = append(e.Seats, rules.Seat(i))
			}
		}
		if len(e.Seats) > 0 {
			rec.End = e
		}
	}
}

// leaversLose is the result of a game ended for the seats out (resigned, out of time): everyone
// else wins, AI seats from /create included; the seats left to the bot (left) lose too.
func leaversLose(seats int, out, left []rules.Seat, reason *msg.Message) *rules.Result {
	res := platformReason(&rules.Result{Ranks: make([]int, seats)}, reason)
	for i := range res.Ranks {
		res.Ranks[i] = 1
	}
	for _, seat := range append(slices.Clone(out), left...) {
		if int(seat) < seats {
			res.Ranks[seat] = 2
		}
	}
	return res
}

// rankLeavers puts the seats left to the bot (left) after everyone still playing, keeping the
// rules' order within each group; when that changes the winner, the reason says who left.
func rankLeavers(res *rules.Result, left []rules.Seat) *rules.Result {
	out := *res
	out.Ranks = append([]int{}, res.Ranks...)
	robots := map[int]bool{}
	for _, s := range left {
		if int(s) < len(out.Ranks) {
			robots[int(s)] = true
		}
	}
	if len(robots) == 0 || len(robots) == len(out.Ranks) {
		return &out
	}
	// Ranks anew: those still playing by the rules' order from 1, then the leavers, ties kept.
	next := 1
	for _, group := range []bool{false, true} {
		var seats []int
		for i := range res.Ranks {
			if robots[i] == group {
				seats = append(seats, i)
			}
		}
		slices.SortStableFunc(seats, func(a, b int) int { return res.Ranks[a] - res.Ranks[b] })
		for k, i := range seats {
			if k > 0 && res.Ranks[i] == res.Ranks[seats[k-1]] {
				out.Ranks[i] = out.Ranks[seats[k-1]]
			} else {
				out.Ranks[i] = next + k
			}
		}
		next += len(seats)
	}
	var gone []rules.Seat
	for i := range res.Ranks {
		if robots[i] {
			gone = append(gone, rules.Seat(i))
		}
	}
	if !slices.Equal(out.Winners(), res.Winners()) {
		// The rules' reason names their winner; the platform's result has another one.
		platformReason(&out, leftMsg(gone))
	}
	return &out
}

// RecordResult is the result of the game of rec as the bot stated it in the thread, from the
// record alone: st is the state after its moves. It is nil while the game runs and when it was
// aborted (aborted then true).
func RecordResult(rec *record.Record, st rules.State) (res *rules.Result, aborted bool) {
	left := rec.TakenOver()
	if e := rec.End; e != nil {
		switch e.How {
		case record.Aborted:
			return nil, true
		case record.Resigned:
			return leaversLose(rec.Setup.Seats, e.Seats, left, resignedMsg(e.Seats)), false
		case record.Timeout:
			return leaversLose(rec.Setup.Seats, e.Seats, left, outOfTimeMsg(e.Seats)), false
		}
	}
	if st == nil || st.Result() == nil {
		return nil, false
	}
	return rankLeavers(st.Result(), left), false
}

// recordRow is the table of rec as far as texts need one: its players by seat, the seats taken
// over played by the bot, and its end.
func recordRow(rec *record.Record, res *rules.Result, aborted bool) *storage.Game {
	row := &storage.Game{Kind: rec.Game, Seats: rec.Setup.Seats, Status: storage.StatusRunning}
	left := rec.TakenOver()
	for i := range rec.Setup.Seats {
		p := storage.Player{Seat: i, UserID: "record-seat", Robot: slices.Contains(left, rules.Seat(i))}
		if i < len(rec.Players) {
			p.Name = rec.Players[i]
		}
		if p.Name == "" {
			p.Name = T(LangEnglish, "replay_seat", "N", i+1)
		}
		row.Players = append(row.Players, p)
	}
	switch {
	case aborted:
		row.Status = storage.StatusAborted
	case res != nil:
		row.Status = storage.StatusFinished
		row.Result, _ = json.Marshal(res)
	}
	return row
}

// RecordOutcome states how the game of rec stands after its moves (st) in lang, as the thread
// states it: the result with the players named, "no result" for an aborted game, "" while it
// runs.
func RecordOutcome(lang string, rec *record.Record, st rules.State) string {
	res, aborted := RecordResult(rec, st)
	if aborted {
		return T(lang, "replay_aborted")
	}
	if res == nil {
		return ""
	}
	return resultTextIn(lang, recordRow(rec, res, false), st, res)
}

func seatInts(seats []rules.Seat) []int {
	out := make([]int, len(seats))
	for i, s := range seats {
		out[i] = int(s)
	}
	return out
}

// RecordReason is res's reason in lang with the players of rec named as the thread names them
// (never a raw seat placeholder).
func RecordReason(lang string, rec *record.Record, st rules.State, res *rules.Result) string {
	row := recordRow(rec, res, false)
	return resultReason(lang, res, func(s rules.Seat) string { return seatLabel(lang, row, st, s) })
}

// RecordPrompt is what p asks in lang, with the players of rec named as the thread names them.
func RecordPrompt(lang string, rec *record.Record, st rules.State, p rules.Prompt) string {
	return promptText(lang, p, seatNamer(lang, recordRow(rec, nil, false), st))
}
