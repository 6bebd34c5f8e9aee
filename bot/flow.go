package bot

import (
	"encoding/json"
	"slices"
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
	// Held is when (unix seconds) the flow began holding its post because only robot seats were
	// awaited: the human's move and the AI's reply go out as one post. 0: not holding.
	Held int64 `json:"held,omitempty"`
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
func (s *Service) afterMove(t *table, st rules.State, seq int64, evs []rules.Event, mover rules.Seat) (flow, []storage.OutboxMessage) {
	f := readFlow(t.row)
	lang := s.threadLang(t.row)
	name := seatNamer(lang, t.row, st)
	for _, e := range evs {
		if e.Public() {
			f.Pending = addPending(f.Pending, pendingOfIn(lang, e, name))
		}
	}
	if st.Result() != nil {
		return s.post(t, st, seq, f, "")
	}
	aw := awaitedSeats(st)
	if onlyRobots(t.row, aw) {
		// Nobody to ask in the thread: the events wait for the robots' reply, posted with it.
		if f.Held == 0 {
			f.Held = s.now().Unix()
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
	if len(f.Pending) == 0 {
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
	if res := st.Result(); res != nil {
		rest = append(rest, resultTextIn(lang, row, st, s.finalResult(row, res)))
		n.Recap = true
		for _, p := range row.Players {
			if !p.Robot {
				n.Mentions = appendOnce(n.Mentions, p.UserID)
			}
		}
	} else {
		rest = append(rest, s.promptLines(lang, t, st, &n)...)
		for _, a := range n.Awaited {
			if !slices.Contains(f.Awaited, a.Seat) {
				n.Mentions = appendOnce(n.Mentions, a.User)
			}
		}
	}
	lines = append(lines, summaryIn(lang, f.Pending, digestBudget(append(rest, lines...)))...)
	// An encoding error leaves Snap empty: the board is then drawn as an old notice's would be.
	n.Snap, _ = st.Encode()
	head := strings.Join(lines, "\n")
	n.Head = len(lines)
	lines = append(lines, rest...)
	n.Text = strings.Join(lines, "\n")
	aw := awaitedSeats(st)
	next := flow{Post: seq, Awaited: aw, Turn: turnCount(st), Shared: len(aw) > 1, Head: head}
	return next, []storage.OutboxMessage{s.notice(n)}
}

// status edits the live post of a simultaneous phase: its text with the events since and the
// seats still asked, and their buttons at seq. Nobody is pinged.
func (s *Service) status(t *table, st rules.State, seq int64, f flow) (flow, []storage.OutboxMessage) {
	lang := s.threadLang(t.row)
	n := Notice{Kind: "status", Game: t.row.ID, Seq: seq, Post: f.Post, Channel: postChannel(t.row), Lang: lang}
	var lines []string
	if f.Head != "" {
		lines = append(lines, f.Head)
	}
	prompts := s.promptLines(lang, t, st, &n)
	if len(f.Pending) > 0 {
		lines = append(lines, T(lang, "since_then"))
		lines = append(lines, summaryIn(lang, f.Pending, digestBudget(append(prompts, lines...)))...)
	}
	lines = append(lines, prompts...)
	n.Text = strings.Join(lines, "\n")
	f.Awaited = awaitedSeats(st)
	return f, []storage.OutboxMessage{s.notice(n)}
}

// promptLines says what each awaited seat is asked, and fills n's prompt buttons: a Take your
// turn button for each player, with the answers the game declares public.
func (s *Service) promptLines(lang string, t *table, st rules.State, n *Notice) []string {
	var lines []string
	var waiting []string
	for _, p := range st.Awaiting() {
		waiting = append(waiting, seatLabel(lang, t.row, st, p.Seat))
		if isRobot(t.row, p.Seat) {
			continue // the AI is not spoken to: "Waiting for" names it
		}
		lines = append(lines, promptLine(lang, t.row, st, p))
		n.Prompt = true
		n.Awaited = append(n.Awaited, Awaited{Seat: int(p.Seat), Name: playerName(t.row, p.Seat), User: userOf(t.row, p.Seat),
			Answers: answersOf(lang, p, seatNamer(lang, t.row, t.state))})
	}
	if len(waiting) > 1 || (len(lines) == 0 && len(waiting) > 0) {
		lines = append(lines, T(lang, "waiting_for", "Names", joinNames(lang, waiting)))
	}
	return lines
}

// answersOf copies the public answers a prompt declares (rules.Prompt.Answers), seats rendered.
func answersOf(lang string, p rules.Prompt, name func(rules.Seat) string) []Answer {
	var out []Answer
	for _, a := range p.Answers {
		out = append(out, Answer{Move: a.Move.String(), Label: answerLabel(lang, a, name)})
	}
	return out
}

// promptLine is an awaited seat's prompt, naming its player once: a prompt that names the seat
// itself ("{seat:0}, your turn") is not led by the name again.
func promptLine(lang string, row *storage.Game, st rules.State, p rules.Prompt) string {
	label := seatLabel(lang, row, st, p.Seat)
	text := promptText(lang, p, seatNamer(lang, row, st))
	if strings.Contains(text, label) {
		return upperFirst(text)
	}
	if own := rules.SeatNameIn(st, p.Seat, lang); own != "" && strings.HasPrefix(text, own+",") {
		return label + text[len(own):] // the game's own "House I, your turn"
	}
	return T(lang, "name_colon", "Name", label, "Text", text) // French puts a space before ":"
}
