package bot

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/storage"
)

// The turn flow: the thread hears from the bot at the players' pace, not the engine's.
//
//   - A move that leaves the same single seat awaited (the next step of one turn) posts nothing;
//     its public events wait in the flow and the mover sees the board in their own reply.
//   - When the awaited seats change (or a turn-counting game starts a new turn, or the game
//     ends) the thread gets one post: the public events since the last post, one board, and the
//     prompts, mentioning only the players who were not awaited as the thread last said.
//   - After a post that asks several seats at once, a move that leaves some of them awaited edits
//     the live post's status (who is still asked, the events since, fresh answer buttons)
//     without a ping; a seat that becomes awaited anew gets a new post.
//   - A person's consecutive decisions in one round are one post: when the robots have answered
//     their move and they alone are asked again (their next question or the same), with nobody
//     else's moves to tell, an edit of the live post adds the events and the question, without a
//     ping (see flow.sameAsker). An edit never asks anyone the post did not ask.
//
// The flow is stored with the game (storage.Game.Flow) and written with each move, so a restart
// never loses the events waiting for the next post.
type flow struct {
	Post    int64          `json:"post"`              // the seq of the last thread post: its board
	Awaited []int          `json:"awaited,omitempty"` // the seats awaited as the thread last said (post or edit)
	Turn    int            `json:"turn,omitempty"`    // the game's turn count at the last post (rules.TurnCounter)
	Shared  bool           `json:"shared,omitempty"`  // the last post asked several seats at once
	Head    string         `json:"head,omitempty"`    // the last post's text before its prompts, for edits
	Pending []pendingEvent `json:"pending,omitempty"` // public events since the last post, in order
	// Message is the transport's id of the post at Post, once delivered: the one status edits
	// change. The prompt message may be a later reminder, whose text must stay its own.
	Message string `json:"message,omitempty"`
	// Reposted says Message is not the post itself but a status that went out as a new post
	// after it (bot/discord: an archived thread refused the edit): edits leave out the post's
	// own lines, which the post above still shows.
	Reposted bool `json:"reposted,omitempty"`
	// Folded is the head the message at Post went out with when delivery folded lagging posts
	// into it: their events and the post's own. Edits of that message keep it instead of Head,
	// or the folded posts' events would vanish from the thread with the first edit.
	Folded string `json:"folded,omitempty"`
	// Held is when (unix seconds) the flow began holding its post because only robot seats were
	// awaited: the human's move and the AI's reply go out as one post. 0: not holding.
	Held int64 `json:"held,omitempty"`
	// Takeovers are the seats the bot took over from their players, and since when: the game's
	// record says so (bot/record.go).
	Takeovers []takeover `json:"takeovers,omitempty"`
	// Human is the seat (plus one) of the person whose move the moves since the last post
	// follow, robots' replies only after it: when the next post asks that person again (the
	// foals after their vote, the put after their trade, their turn after a discard they
	// answered), they are at the keyboard and are not pinged a second time. 0: none.
	Human int `json:"human,omitempty"`
	// Pinged is, by seat, the game's round (plus one) of the seat's latest ping, in games that
	// count rounds (rules.RoundCounter): a prompt that follows the seat's own move pings only
	// when the seat has not been pinged in this round yet, so each player is pinged once a round.
	Pinged []int `json:"pinged,omitempty"`
	// Asked counts, by seat, the posts that have asked the seat to play: after shortAfter of
	// them its prompt is short (see promptLine).
	Asked []int `json:"asked,omitempty"`
	// Kinds are, by seat, the kind of question (a prompt's message) the seat was last asked: only
	// the same question asked again is shortened (Autumn Ash's every turn), so one that differs
	// from the last (Ascalion's trade, then transport, then a side in an attack) is always told.
	Kinds [][]string `json:"kinds,omitempty"`
	// HeldRound is the game's round when the flow began holding (rules.RoundCounter): a hold
	// that outlasts a whole round (nobody left in the game but the AI) goes out as posts of the
	// rounds as they end, not as one post of the rest of the game.
	HeldRound int `json:"held_round,omitempty"`
	// HumanTurn is the game's turn count (rules.TurnCounter) when Human made its move: a request
	// to that person on a later turn (Ausonia's discard asked on another player's turn, after
	// theirs ended) finds them away from the keyboard, and pings them.
	HumanTurn int `json:"human_turn,omitempty"`
	// Now is the game's turn count after the latest move (rules.TurnCounter): the turn a move
	// was made in is the one before it.
	Now int `json:"now,omitempty"`
	// Quiet are, by seat, the seats that have moved since the thread last pinged them: their ping
	// is spent, and a new question another seat's move puts to them needs a new one.
	Quiet []bool `json:"quiet,omitempty"`
	// Away are, by seat, the quiet seats after whose move another seat has moved; Gap those
	// that were not awaited at some point since their move.
	Away []bool `json:"away,omitempty"`
	Gap  []bool `json:"gap,omitempty"`
	// Told are, by seat, the question (the prompt's English text) the thread last put to the
	// seat, in a post or a status edit: a different one is a new request.
	Told []string `json:"told,omitempty"`
	// Round is the game's round (plus one) at the last post, in games that count rounds.
	Round int `json:"round,omitempty"`
	// Base are the kinds (see Kinds) as they were before the last post: its status edits shorten
	// a prompt only where the post did, so an edit never hides a question the post told.
	Base [][]string `json:"base,omitempty"`
	// Seats are the people the live post asked to play. A post that asks the same people the
	// same questions again says them short where an earlier post still shows them in full: a
	// long question repeated in every post of a simultaneous phase (Ascidiae's placement)
	// buried the news. Above are, by seat, the question (kind) an earlier post shows in full as
	// it now reads (its last edit), Live the one the live post shows in full as it now reads;
	// a post or an edit shortens only a question Above has, so the thread always keeps it once.
	// Brief are the seats the live post shortened so, for its edits to shorten no others.
	Seats []int    `json:"seats,omitempty"`
	Above []string `json:"above,omitempty"`
	Live  []string `json:"live,omitempty"`
	Brief []int    `json:"brief,omitempty"`
	// Edits are, for the latest posts, the seq of the newest status edit delivery made of each
	// (Service.editMade): a post's events that an edit told are left out of the next post only
	// when that edit, or a later one, reached the thread (see restore).
	Edits []editMark `json:"edits,omitempty"`
	// Hold are the pings held back for players' quiet hours (bot/quiet.go).
	Hold []heldPing `json:"hold,omitempty"`
	// Remind is when (unix seconds) the next reminder is due: the row's RemindAt is then only
	// when Tick next looks at the game (see wakeAt). remindLegacy: RemindAt is the reminder;
	// remindNone: none.
	Remind int64 `json:"remind,omitempty"`
	// Midturn are the seats whose own latest move left their turn going on: their person may be
	// typing the rest of it. Unshown are those of them whose turn a move the bot made for them
	// then ended (their only move, or the default when their time ran out), and who have not
	// moved since: a command they typed for that turn must not end the next one (see tryMove).
	Midturn []int `json:"midturn,omitempty"`
	// Numbered is where the turn numbering stands after the last move (turnWalker), so the status
	// line numbers turns as /history does without reading the log; nil where a path rebuilt the
	// flow or took moves back: the log is then read once (Service.turnMark).
	Numbered *turnNumbered `json:"numbered,omitempty"`
	Unshown  []int         `json:"unshown,omitempty"`
}

// noteTyping keeps Midturn and Unshown after seat's move by user; ended says the move ended the
// seat's turn (or the game).
func (f *flow) noteTyping(seat rules.Seat, user string, ended bool) {
	q := int(seat)
	was := slices.Contains(f.Midturn, q)
	drop := func(xs []int) []int { return slices.DeleteFunc(xs, func(x int) bool { return x == q }) }
	switch {
	case user == AutoUser || user == ClockUser:
		if ended {
			f.Midturn = drop(f.Midturn)
			if was && !slices.Contains(f.Unshown, q) {
				f.Unshown = append(f.Unshown, q)
			}
		}
	case user == RobotUser || user == AIUser || isAIUser(user):
	default:
		// The person moved: the answer to that command shows them where their turn stands.
		f.Unshown = drop(f.Unshown)
		if f.Midturn = drop(f.Midturn); !ended {
			f.Midturn = append(f.Midturn, q)
		}
	}
}

// editMark says the status edit at Seq of the post at Post is on the thread.
type editMark struct {
	Post int64 `json:"post"`
	Seq  int64 `json:"seq"`
}

// keptEdits is how many posts' edit marks a flow keeps: enough for the posts a lagging outbox
// still holds (a post is restored against the post before it).
const keptEdits = 8

// madeEdit is the seq of the newest status edit of the post at post that is on the thread, 0
// when none is.
func (f flow) madeEdit(post int64) int64 {
	for _, m := range f.Edits {
		if m.Post == post {
			return m.Seq
		}
	}
	return 0
}

// shortAfter is how many times a player is given a prompt in full: after that they know the
// game, and a post says only whose move it is and the scores; the full prompt is one tap away
// (the Take your turn picker shows it, as do /view and each move's reply).
const shortAfter = 3

// roundCount is the game's round, or -1 for a game that does not count rounds (its seats take
// turns in order: every turn is a round of its own).
func roundCount(st rules.State) int {
	if rc, ok := st.(rules.RoundCounter); ok {
		return rc.RoundCount()
	}
	return -1
}

// aiHoldBound is how long a post waits for the AI: after it the thread is told anyway (by Tick),
// so a crashed or slow AI never keeps a human's move from the thread.
const aiHoldBound = 2 * time.Minute

// anyRobot reports whether a seat played by the bot is awaited: it answers at once, so the
// thread waits for its answer rather than posting a question the robot is about to change.
func anyRobot(row *storage.Game, aw []int) bool {
	for _, a := range aw {
		if isRobot(row, rules.Seat(a)) {
			return true
		}
	}
	return false
}

// seatFlag is list with its entry for seat set to v, grown as needed.
func seatFlag(list []bool, seat int, v bool) []bool {
	if seat < 0 {
		return list
	}
	for len(list) <= seat {
		list = append(list, false)
	}
	list[seat] = v
	return list
}

func flagOf(list []bool, seat int) bool { return seat >= 0 && seat < len(list) && list[seat] }

// noteMove keeps, for each seat, what the ping rule needs to know of the moves since its ping: a
// person's own move spends their ping (Quiet), another seat's move after it means someone else
// acted since (Away), and a position that does not ask them means they had nothing left to do
// (Gap), so a later question is a new request, not the next step of their own.
func (f *flow) noteMove(st rules.State, mover rules.Seat, own bool) {
	m := int(mover)
	for q := range f.Quiet {
		if q != m && f.Quiet[q] {
			f.Away = seatFlag(f.Away, q, true)
		}
		if f.Quiet[q] && !rules.IsAwaited(st, rules.Seat(q)) {
			f.Gap = seatFlag(f.Gap, q, true)
		}
	}
	if own {
		f.Quiet = seatFlag(f.Quiet, m, true)
		f.Away = seatFlag(f.Away, m, false)
		f.Gap = seatFlag(f.Gap, m, !rules.IsAwaited(st, mover))
	}
}

// toldOf is the question the thread last put to seat ("" when none).
func (f flow) toldOf(seat int) string {
	if seat >= 0 && seat < len(f.Told) {
		return f.Told[seat]
	}
	return ""
}

// newRequest reports whether prompt p puts a new request to its seat: the thread did not await
// the seat as it last said, or the seat has moved since its last ping and, after others acted,
// is asked again having had nothing to do meanwhile or is asked a different question.
func (f flow) newRequest(p rules.Prompt) bool {
	q := int(p.Seat)
	if !slices.Contains(f.Awaited, q) {
		return true
	}
	return flagOf(f.Away, q) && (flagOf(f.Gap, q) || f.toldOf(q) != p.English())
}

// atKeyboard reports whether the person at seat made the move the robots' replies since the
// last post follow, on the same turn (rules.TurnCounter): the next step asked of them then
// appears before their eyes. A question on a later turn (a discard asked on another player's
// turn, after theirs ended) finds them gone.
func (f flow) atKeyboard(st rules.State, seat int) bool {
	return seat+1 == f.Human && turnCount(st) == f.HumanTurn
}

// nothingNew reports whether st asks nothing new of anyone after a hold: the live post of this
// round asked one person, who made the move the robots answered, on the same turn, and is
// asked the very same question again (Ascalion's trade window after an offer the robot
// refused; Ausonia's turn going on after the robot's discard).
func (f flow) nothingNew(row *storage.Game, st rules.State) bool {
	round := roundCount(st)
	aw := st.Awaiting()
	if round < 0 || f.Round != round+1 || turnCount(st) != f.Turn || len(aw) != 1 || isRobot(row, aw[0].Seat) {
		return false
	}
	q := int(aw[0].Seat)
	return slices.Equal(f.Awaited, []int{q}) && f.atKeyboard(st, q) && f.toldOf(q) == aw[0].English()
}

// sameAsker reports whether st goes on asking the one person at the keyboard after a hold, in
// the live post's round and turn: they made the move the robots answered and are the only seat
// awaited, as the live post said, and nobody else's doings wait to be told (only theirs and
// the robots' replies). Their next question (the put after their trade, the transport after
// their vote) is then a line added to the live post by an edit, which pings nobody: they were
// pinged this round and read their own reply. An edit never asks anyone the post did not ask.
func (f flow) sameAsker(row *storage.Game, st rules.State) bool {
	round := roundCount(st)
	aw := st.Awaiting()
	if round < 0 || f.Round != round+1 || turnCount(st) != f.Turn || len(aw) != 1 || isRobot(row, aw[0].Seat) {
		return false
	}
	q := int(aw[0].Seat)
	if !slices.Equal(f.Awaited, []int{q}) || !f.atKeyboard(st, q) {
		return false
	}
	for _, e := range f.Pending {
		// Another person's move is news for the thread: it gets a post.
		if e.By != 0 && e.By != q+1 && !isRobot(row, rules.Seat(e.By-1)) {
			return false
		}
	}
	return true
}

// pings reports whether a post asking p pings its seat: a new request pings, once a round for the
// person's own steps (a request that follows their own move, only robots between, on the same
// turn, in a game that counts rounds, while their ping of the round is not spent); a request
// after another person moved, or on a later turn, pings each time, since no request may reach a
// player silently.
func (f flow) pings(st rules.State, p rules.Prompt) bool {
	if !f.newRequest(p) {
		return false
	}
	q, round := int(p.Seat), roundCount(st)
	again := f.atKeyboard(st, q) && round >= 0 && q < len(f.Pinged) && f.Pinged[q] == round+1
	return !again
}

func readFlow(row *storage.Game) flow {
	var f flow
	if len(row.Flow) > 0 {
		_ = json.Unmarshal(row.Flow, &f) // a damaged flow only costs a digest
	}
	return f
}

func (f flow) encode() []byte {
	b, _ := json.Marshal(f)
	return b
}

// awaitedSeats lists the awaited seats in order.
func awaitedSeats(st rules.State) []int {
	var out []int
	for _, p := range st.Awaiting() {
		if !slices.Contains(out, int(p.Seat)) {
			out = append(out, int(p.Seat))
		}
	}
	slices.Sort(out)
	return out
}

func turnCount(st rules.State) int {
	if tc, ok := st.(rules.TurnCounter); ok {
		return tc.TurnCount()
	}
	return 0
}

func subset(a, b []int) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// afterMove decides what the thread is told after a move left st at seq with events evs, and
// returns the new flow with the messages to queue (none while one seat's turn goes on).
// user is who made it (AutoUser for a forced move played for the seat).
func (s *Service) afterMove(t *table, st rules.State, seq int64, evs []rules.Event, mover rules.Seat, user string) (flow, []storage.OutboxMessage) {
	f := readFlow(t.row)
	if playingOut(t.row, f) {
		return s.playout(t, st, seq, f) // only the AI is left: the thread hears of the end (bot/playout.go)
	}
	lang := s.threadLang(t.row)
	name := seatNamer(lang, t.row, st)
	for _, e := range evs {
		if e.Public() {
			f.Pending = addPending(f.Pending, pendingOfIn(lang, e, name, mover))
		}
	}
	before := f.Now
	f.Now = turnCount(st)
	own := user != AutoUser && user != RobotUser && !isAIUser(user) && !isRobot(t.row, mover)
	if own {
		f.Human, f.HumanTurn = int(mover)+1, before
	}
	f.noteMove(st, mover, own)
	if st.Result() != nil {
		return s.post(t, st, seq, f, "")
	}
	aw := awaitedSeats(st)
	if anyRobot(t.row, aw) {
		// A robot answers at once: the events wait for its reply and go out with it, in one post
		// that asks the people what is asked of them after it, instead of a post whose question
		// (a trade offer, a vote) the robots change by edits in the next seconds.
		if f.Held == 0 {
			f.Held, f.HeldRound = s.now().Unix(), roundCount(st)
		} else if r := roundCount(st); f.HeldRound >= 0 && r >= f.HeldRound+2 {
			// A whole round went by with only the AI to play: the thread hears of it now.
			return s.post(t, st, seq, f, "")
		}
		return f, nil
	}
	sameTurn := turnCount(st) == f.Turn
	switch {
	case f.Held != 0 && (f.nothingNew(t.row, st) || f.sameAsker(t.row, st)):
		// The robots have answered the person at the keyboard, who is asked again (the same
		// question or their next one): an edit of the live post (the thread's last message)
		// tells the replies and the question.
		f.Held, f.HeldRound = 0, 0
		next, out := s.status(t, st, seq, f)
		return next, withBoard(out, st, f.Pending)
	case f.Held != 0:
		// The robots have answered: the held moves go out now.
	case sameTurn && !f.Shared && len(aw) == 1 && slices.Equal(aw, f.Awaited):
		return f, nil
	case sameTurn && f.Shared && subset(aw, f.Awaited):
		return s.status(t, st, seq, f)
	}
	lead := ""
	if len(turnLines(untold(f.Pending))) == 0 {
		lead = T(lang, "moved", "Name", seatLabel(lang, t.row, st, mover))
	}
	return s.post(t, st, seq, f, lead)
}

// post is a new thread post at seq: lead, the digest of f's pending events, the board, and the
// prompts (or the result). It mentions the players now awaited who were not before, and everyone
// at the end.
func (s *Service) post(t *table, st rules.State, seq int64, f flow, lead string) (flow, []storage.OutboxMessage) {
	row := t.row
	lang := s.threadLang(row)
	n := Notice{Kind: "turn", Game: row.ID, Seq: seq, Channel: postChannel(row), Board: true, Lang: lang}
	var lines []string
	if lead != "" {
		lines = append(lines, lead)
		n.Lead = true
	}
	var rest []string
	pinged := slices.Clone(f.Pinged)
	quiet, away, gap := slices.Clone(f.Quiet), slices.Clone(f.Away), slices.Clone(f.Gap)
	var base [][]string
	var brief []int
	// The live post is now an earlier one: what it shows in full stays in the thread.
	held := slices.Clone(f.Above)
	for q, k := range f.Live {
		if k != "" {
			held = seatKind(held, q, k)
		}
	}
	if res := st.Result(); res != nil {
		rest = append(rest, resultTextIn(lang, row, st, s.finalResult(row, res)))
		n.Recap = true
		for _, p := range row.Players {
			if !p.Robot {
				n.Mentions = appendOnce(n.Mentions, p.UserID)
			}
		}
	} else {
		var kinds [][]string
		base = f.Kinds
		// Only a post asking several people: one person's next post is their own next turn,
		// told in full shortAfter times (a game against the AI asks the one person every post).
		if humans := humanAwaited(row, st); len(humans) > 1 && slices.Equal(humans, f.Seats) {
			brief = heldBrief(row, st, held, f.Kinds, humans)
		}
		lines, k := s.promptLines(lang, t, st, &n, f.Asked, f.Kinds, brief)
		rest, kinds = append(rest, lines...), k
		f.Kinds = kinds
		round := roundCount(st)
		for _, p := range st.Awaiting() {
			if isRobot(row, p.Seat) || !f.pings(st, p) {
				continue
			}
			q := int(p.Seat)
			n.Mentions = appendOnce(n.Mentions, userOf(row, p.Seat))
			quiet, away, gap = seatFlag(quiet, q, false), seatFlag(away, q, false), seatFlag(gap, q, false)
			if round >= 0 {
				for len(pinged) <= q {
					pinged = append(pinged, 0)
				}
				pinged[q] = round + 1
			}
		}
	}
	// The events a status edit of the last post told are left out: the thread has them in that
	// post. Delivery puts back those whose edit was never made (outdated, folded, refused).
	told := boxLines(untold(f.Pending))
	box := boxLines(f.Pending) // the board's box tells every event since the board before
	if res := st.Result(); res != nil {
		// The result line states the reason; the event that said the same goes (told once).
		reason := resultReason(lang, s.finalResult(row, res), seatNamer(lang, row, st))
		told, box = withoutLine(told, reason), withoutLine(box, reason)
	}
	lines = append(lines, told...)
	if len(untold(f.Pending)) < len(f.Pending) {
		n.Since, n.After = slices.Clone(f.Pending), f.Post
	}
	n.Last = box
	// An encoding error leaves Snap empty: the board is then drawn as an old notice's would be.
	n.Snap, _ = st.Encode()
	head := strings.Join(lines, "\n")
	n.Head = len(lines)
	lines = append(lines, rest...)
	n.Text = strings.Join(lines, "\n")
	aw := awaitedSeats(st)
	next := flow{Post: seq, Awaited: aw, Turn: turnCount(st), Shared: len(aw) > 1, Head: head, Asked: slices.Clone(f.Asked), Pinged: pinged}
	for _, a := range n.Awaited {
		for len(next.Asked) <= a.Seat {
			next.Asked = append(next.Asked, 0)
		}
		next.Asked[a.Seat]++
	}
	next.Takeovers = f.Takeovers                      // not the thread's news: kept for the record
	next.Midturn, next.Unshown = f.Midturn, f.Unshown // what players typing saw, not the thread's
	next.Kinds, next.Base = f.Kinds, base
	if st.Result() == nil {
		next.Seats = humanAwaited(row, st)
	}
	next.Brief, next.Above = brief, held
	if st.Result() == nil {
		next.Live = liveFull(row, st, f.Asked, base, brief)
	}
	next.Now, next.Quiet, next.Away, next.Gap = f.Now, quiet, away, gap
	if r := roundCount(st); r >= 0 {
		next.Round = r + 1
	}
	next.Told = toldNow(f.Told, st)
	next.Edits = f.Edits[max(0, len(f.Edits)-keptEdits):]
	next.Hold, next.Remind = f.Hold, f.Remind
	return next, []storage.OutboxMessage{s.notice(n)}
}

// statusRoom is the most text a status edit takes: a message's limit, less room for the pings a
// post puts before its text.
const statusRoom = maxPost - 200

// status edits the live post of a simultaneous phase: its text with the events since and the
// seats still asked, and their buttons at seq. Nobody is pinged.
func (s *Service) status(t *table, st rules.State, seq int64, f flow) (flow, []storage.OutboxMessage) {
	lang := s.threadLang(t.row)
	n := Notice{Kind: "status", Game: t.row.ID, Seq: seq, Post: f.Post, Channel: postChannel(t.row), Lang: lang}
	var lines []string
	if f.Head != "" {
		lines = append(lines, f.Head)
	}
	for _, p := range st.Awaiting() {
		if !isRobot(t.row, p.Seat) && f.pings(st, p) {
			// A new question to someone whose ping is spent (an offer made to a player after
			// their own offer, by another player): an edit notifies nobody, so it goes out as
			// a post that pings them.
			return s.post(t, st, seq, f, "")
		}
	}
	// The post's prompts were shortened against the questions asked before it: its edits
	// shorten the same ones, or the full question the post told would vanish with the edit.
	brief := heldBrief(t.row, st, f.Above, f.Base, f.Brief)
	prompts, _ := s.promptLines(lang, t, st, &n, f.Asked, f.Base, brief)
	if evs := turnLines(f.Pending); len(evs) > 0 {
		lines = append(lines, T(lang, "since_then"))
		lines = append(lines, evs...)
	}
	if f.Head != "" {
		n.Own = strings.Count(f.Head, "\n") + 1
	}
	if len(lines) > 0 {
		n.Head = strings.Count(strings.Join(lines, "\n"), "\n") + 1 // f.Head has lines of its own
	}
	lines = append(lines, prompts...)
	n.Text = strings.Join(lines, "\n")
	if len(n.Text) > statusRoom {
		// An edit is one message: what no longer fits goes out as a new post of the same
		// turn, which pings nobody (every seat it asks was asked already).
		return s.post(t, st, seq, f, "")
	}
	f.Awaited = awaitedSeats(st)
	f.Told = toldNow(f.Told, st)
	f.Live = liveFull(t.row, st, f.Asked, f.Base, brief) // what the post reads in full after the edit
	// Each edit tells every event since the post: those it is the first to tell are marked, so
	// that the next post leaves them out once an edit this late is made.
	f.Pending = slices.Clone(f.Pending)
	for i := range f.Pending {
		if f.Pending[i].Edit == 0 {
			f.Pending[i].Edit = seq
		}
	}
	return f, []storage.OutboxMessage{s.notice(n)}
}

// withBoard gives the status edits among out the board at their seq, its box telling evs (the
// events since the post): the person's next question (a transport after production) is answered
// from the board as it is now, not as the post drew it at the round's first question.
func withBoard(out []storage.OutboxMessage, st rules.State, evs []pendingEvent) []storage.OutboxMessage {
	for i, m := range out {
		if m.Kind != "status" {
			continue
		}
		var n Notice
		if json.Unmarshal(m.Payload, &n) != nil {
			continue
		}
		n.Board, n.Last = true, boxLines(evs)
		n.Snap, _ = st.Encode() // an encoding error leaves it empty: the board is then replayed
		if b, err := json.Marshal(n); err == nil {
			out[i].Payload = b
		}
	}
	return out
}

// toldNow is told with the questions st asks (by seat) put in.
func toldNow(told []string, st rules.State) []string {
	told = slices.Clone(told)
	for _, p := range st.Awaiting() {
		for len(told) <= int(p.Seat) {
			told = append(told, "")
		}
		told[p.Seat] = p.English()
	}
	return told
}

// untold are the events no status edit has told.
func untold(evs []pendingEvent) []pendingEvent {
	var out []pendingEvent
	for _, e := range evs {
		if e.Edit == 0 {
			out = append(out, e)
		}
	}
	return out
}

// promptLines says what each awaited seat is asked, and fills n's prompt buttons: a Take your
// turn button for each player, with the answers the game declares public. asked counts the posts
// that asked each seat before (flow.Asked); brief are the seats whose question, if it is the one
// they were last asked, is said short whatever the count (flow.Seats).
func (s *Service) promptLines(lang string, t *table, st rules.State, n *Notice, asked []int, kinds [][]string, brief []int) ([]string, [][]string) {
	var lines []string
	kinds = slices.Clone(kinds)
	var waiting []string
	scores := ""
	for _, p := range st.Awaiting() {
		waiting = append(waiting, seatLabel(lang, t.row, st, p.Seat))
		if isRobot(t.row, p.Seat) {
			continue // the AI is not spoken to: "Waiting for" names it
		}
		kind := promptKind(p)
		for len(kinds) <= int(p.Seat) {
			kinds = append(kinds, nil)
		}
		if scores == "" {
			scores = s.scoreLine(lang, t, st)
		}
		if promptShort(p, asked, kinds, brief) {
			lines = append(lines, shortPrompt(lang, t.row, st, p, scores))
		} else {
			// The long prompt tells the player's own score at most: the others' go beside it as
			// in the short one, so that a new kind of question does not hide them.
			lines = append(lines, withScores(lang, promptLine(lang, t.row, st, p), scores))
		}
		kinds[p.Seat] = []string{kind}
		n.Prompt = true
		n.Awaited = append(n.Awaited, Awaited{Seat: int(p.Seat), Name: playerName(t.row, p.Seat), User: userOf(t.row, p.Seat),
			Answers: answersOf(lang, p, seatNamer(lang, t.row, t.state))})
	}
	if len(waiting) > 1 || (len(lines) == 0 && len(waiting) > 0) {
		lines = append(lines, T(lang, "waiting_for", "Names", joinNames(lang, waiting)))
	}
	return lines, kinds
}

// promptKind is what question a prompt asks: its message and its words, numbers aside (a score
// or a count left changes, the question does not), so that another attack to join or another
// offer to answer is a question of its own and is told in full.
func promptKind(p rules.Prompt) string {
	words := digits.ReplaceAllString(p.English(), "#")
	if p.Msg != nil {
		return p.Msg.Cat + "/" + p.Msg.ID + "\x00" + words
	}
	return words
}

var digits = regexp.MustCompile(`[0-9]+`)

// decisionMax is the longest lead of a prompt, in characters, that names its decision in the
// short prompt; a longer one is a sentence, not a name.
const decisionMax = 40

// decisionOf names the decision a prompt asks for, from its own words in the reader's language:
// its lead before the first colon ("Trade window", "Transport"), or "" when it has none short
// enough to be a name.
func decisionOf(text string) string {
	i := strings.Index(text, ":")
	if i <= 0 {
		return ""
	}
	lead := strings.TrimSpace(text[:i]) // French puts a space before ":"
	if lead != "" && utf8.RuneCountInString(lead) <= decisionMax {
		return lead
	}
	// A long lead says where ("Ascidia habilis on a3 activates with 2 black, 2 white"); the
	// question is then what follows the colon ("choose an ability"), when it is short.
	rest := strings.TrimSpace(text[i+1:])
	if j := strings.IndexAny(rest, ".!?:"); j >= 0 {
		rest = strings.TrimSpace(rest[:j])
	}
	if rest == "" || utf8.RuneCountInString(rest) > decisionMax {
		return ""
	}
	return rest
}

// answersOf copies the public answers a prompt declares (rules.Prompt.Answers), seats rendered.
func answersOf(lang string, p rules.Prompt, name func(rules.Seat) string) []Answer {
	var out []Answer
	for _, a := range p.Answers {
		out = append(out, Answer{Move: a.Move.String(), Label: answerLabel(lang, a, name)})
	}
	return out
}

// shortPrompt is the prompt of a player who has been asked shortAfter times: whose move it is
// and every player's score, "ann: your move · ann 8, Ada 16" (scores "-": none to show).
func shortPrompt(lang string, row *storage.Game, st rules.State, p rules.Prompt, scores string) string {
	label := seatLabel(lang, row, st, p.Seat)
	// The decision is named where the prompt has a name for it ("your move: Transport"): a
	// player between phases reads which question it is.
	decision := decisionOf(promptText(lang, p, seatNamer(lang, row, st)))
	if p.Msg != nil && msg.Has(p.Msg.Cat, p.Msg.ID+"_short") {
		// The game's own short form of this prompt, with its arguments: it keeps the decision's
		// subject ("Ascidia mariensis on c3: choose an ability"), which the lead cut off.
		short := &msg.Message{Cat: p.Msg.Cat, ID: p.Msg.ID + "_short", Args: p.Msg.Args}
		decision = engineText(lang, short, seatNamer(lang, row, st))
	}
	var text string
	switch {
	case decision != "" && scores == "-":
		text = T(lang, "prompt_short_named", "Decision", decision)
	case decision != "":
		text = T(lang, "prompt_short_named_scores", "Decision", decision, "Scores", scores)
	case scores == "-":
		text = T(lang, "prompt_short")
	default:
		text = T(lang, "prompt_short_scores", "Scores", scores)
	}
	return T(lang, "name_colon", "Name", label, "Text", text)
}

// withScores puts every player's score after a line, "… · ann 8, Ada 16" (scores "-": the line
// alone).
func withScores(lang, line, scores string) string {
	if scores == "-" || scores == "" {
		return line
	}
	return T(lang, "with_scores", "Text", line, "Scores", scores)
}

// scoreLine is every player's score in seat order, "ann 8, Ada 16", from the game's public
// progress when what it counts is the score (Kit.Progress); "-" for a game without a running
// score to show (Reef Encounter's scores stay behind the screens). A solo opponent that keeps a
// score of its own (Ausonia's Aspirant) follows, named in lang: "ann 7, The Upstart (Aspirant) 9".
func (s *Service) scoreLine(lang string, t *table, st rules.State) string {
	if t.kit.Progress == nil {
		return "-"
	}
	pr, err := t.kit.Progress(st.View(rules.Spectator), LangEnglish) // the numbers only
	if err != nil || len(pr.Values) != len(t.row.Players) || pr.Measure != pr.Unit {
		return "-"
	}
	var parts []string
	for i, v := range pr.Values {
		parts = append(parts, playerName(t.row, rules.Seat(i))+" "+strconv.Itoa(v))
	}
	if pr.OpponentValue != nil && pr.OpponentMsg != nil {
		parts = append(parts, msg.Render(pr.OpponentMsg, lang, nil)+" "+strconv.Itoa(*pr.OpponentValue))
	}
	return strings.Join(parts, ", ")
}

// promptLine is an awaited seat's prompt, naming its player once: a prompt that names the seat
// itself ("{seat:0}, your turn") is not led by the name again.
func promptLine(lang string, row *storage.Game, st rules.State, p rules.Prompt) string {
	label := seatLabel(lang, row, st, p.Seat)
	text := promptText(lang, p, seatNamer(lang, row, st))
	// Whether the prompt names its own seat is asked of the engine's placeholders, not of the
	// text: a short name ("Ari") may be part of another word.
	const self = "\x00self\x00"
	if strings.Contains(promptText(lang, p, func(s rules.Seat) string {
		if s == p.Seat {
			return self
		}
		return ""
	}), self) {
		return upperFirst(text)
	}
	if own := rules.SeatNameIn(st, p.Seat, lang); own != "" && strings.HasPrefix(text, own+",") {
		return label + text[len(own):] // the game's own "House I, your turn"
	}
	return T(lang, "name_colon", "Name", label, "Text", text) // French puts a space before ":"
}

// humanAwaited are the seats of the people st awaits, in seat order.
func humanAwaited(row *storage.Game, st rules.State) []int {
	var out []int
	for _, p := range st.Awaiting() {
		if !isRobot(row, p.Seat) {
			out = append(out, int(p.Seat))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// promptShort is whether p is said short after the posts that asked each seat (asked), the
// questions each was asked before (kinds) and the seats an earlier post shows it to (brief): the
// same question asked again, to a player who has had it shortAfter times or can read it above.
func promptShort(p rules.Prompt, asked []int, kinds [][]string, brief []int) bool {
	q := int(p.Seat)
	if q >= len(kinds) || !slices.Equal(kinds[q], []string{promptKind(p)}) {
		return false
	}
	return slices.Contains(brief, q) || (q < len(asked) && asked[q] >= shortAfter)
}

// heldBrief are the seats among whose question st asks again (as kinds have it) and an earlier
// post shows in full (held).
func heldBrief(row *storage.Game, st rules.State, held []string, kinds [][]string, among []int) []int {
	var out []int
	for _, p := range st.Awaiting() {
		q, kind := int(p.Seat), promptKind(p)
		if isRobot(row, p.Seat) || !slices.Contains(among, q) || q >= len(held) || held[q] != kind {
			continue
		}
		if q < len(kinds) && slices.Equal(kinds[q], []string{kind}) {
			out = append(out, q)
		}
	}
	return out
}

// liveFull are, by seat, the questions a post or edit of st shows in full (see promptLines).
func liveFull(row *storage.Game, st rules.State, asked []int, kinds [][]string, brief []int) []string {
	var out []string
	for _, p := range st.Awaiting() {
		if !isRobot(row, p.Seat) && !promptShort(p, asked, kinds, brief) {
			out = seatKind(out, int(p.Seat), promptKind(p))
		}
	}
	return out
}

// seatKind is kinds with seat q's set to k.
func seatKind(kinds []string, q int, k string) []string {
	for len(kinds) <= q {
		kinds = append(kinds, "")
	}
	kinds[q] = k
	return kinds
}
