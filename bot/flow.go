package bot

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/boardbot/boardbot/rules"
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
	// Edits are, for the latest posts, the seq of the newest status edit delivery made of each
	// (Service.editMade): a post's events that an edit told are left out of the next post only
	// when that edit, or a later one, reached the thread (see restore).
	Edits []editMark `json:"edits,omitempty"`
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

// onlyRobots reports whether every awaited seat is played by the bot.
func onlyRobots(row *storage.Game, aw []int) bool {
	for _, a := range aw {
		if !isRobot(row, rules.Seat(a)) {
			return false
		}
	}
	return len(aw) > 0
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
	lang := s.threadLang(t.row)
	name := seatNamer(lang, t.row, st)
	for _, e := range evs {
		if e.Public() {
			f.Pending = addPending(f.Pending, pendingOfIn(lang, e, name, mover))
		}
	}
	if user != AutoUser && user != RobotUser && !isAIUser(user) && !isRobot(t.row, mover) {
		f.Human = int(mover) + 1
	}
	if st.Result() != nil {
		return s.post(t, st, seq, f, "")
	}
	aw := awaitedSeats(st)
	if onlyRobots(t.row, aw) {
		// Nobody to ask in the thread: the events wait for the robots' reply, posted with it.
		if f.Held == 0 {
			f.Held, f.HeldRound = s.now().Unix(), roundCount(st)
		} else if r := roundCount(st); f.HeldRound >= 0 && r >= f.HeldRound+2 {
			// A whole round went by with only the AI to play: the thread hears of it now.
			return s.post(t, st, seq, f, "")
		}
		f.Awaited, f.Turn, f.Shared = aw, turnCount(st), false
		return f, nil
	}
	sameTurn := turnCount(st) == f.Turn
	switch {
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
		lines, k := s.promptLines(lang, t, st, &n, f.Asked, f.Kinds)
		rest, kinds = append(rest, lines...), k
		f.Kinds = kinds
		round := roundCount(st)
		for _, a := range n.Awaited {
			again := a.Seat+1 == f.Human && round >= 0 && a.Seat < len(f.Pinged) && f.Pinged[a.Seat] == round+1
			if !slices.Contains(f.Awaited, a.Seat) && !again {
				n.Mentions = appendOnce(n.Mentions, a.User)
				if round >= 0 {
					for len(pinged) <= a.Seat {
						pinged = append(pinged, 0)
					}
					pinged[a.Seat] = round + 1
				}
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
	next.Takeovers = f.Takeovers // not the thread's news: kept for the record
	next.Kinds = f.Kinds
	next.Edits = f.Edits[max(0, len(f.Edits)-keptEdits):]
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
	prompts, _ := s.promptLines(lang, t, st, &n, f.Asked, f.Kinds)
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
// that asked each seat before (flow.Asked).
func (s *Service) promptLines(lang string, t *table, st rules.State, n *Notice, asked []int, kinds [][]string) ([]string, [][]string) {
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
		again := slices.Equal(kinds[p.Seat], []string{kind})
		if scores == "" {
			scores = s.scoreLine(t, st)
		}
		if again && int(p.Seat) < len(asked) && asked[p.Seat] >= shortAfter {
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

// promptKind is what kind of question a prompt asks: its message (whatever its arguments), or its
// text for a game without messages.
func promptKind(p rules.Prompt) string {
	if p.Msg != nil {
		return p.Msg.Cat + "/" + p.Msg.ID
	}
	return p.Text
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
	// The join is the catalogue's: French puts a space before ":" ("alice : à toi de jouer").
	if scores == "-" {
		return T(lang, "name_colon", "Name", label, "Text", T(lang, "prompt_short"))
	}
	return T(lang, "name_colon", "Name", label, "Text", T(lang, "prompt_short_scores", "Scores", scores))
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
// score to show (Reef Encounter's scores stay behind the screens).
func (s *Service) scoreLine(t *table, st rules.State) string {
	if t.kit.Progress == nil {
		return "-"
	}
	pr, err := t.kit.Progress(st.View(rules.Spectator))
	if err != nil || len(pr.Values) != len(t.row.Players) || pr.Measure != pr.Unit {
		return "-"
	}
	var parts []string
	for i, v := range pr.Values {
		parts = append(parts, playerName(t.row, rules.Seat(i))+" "+strconv.Itoa(v))
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
