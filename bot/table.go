package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/storage"
)

// Board shows the public board of the thread's game to anyone there, players or not.
func (s *Service) Board(ctx context.Context, req Request) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	if t.state == nil {
		lobby := s.lobbyOf(t.row, t.kit)
		return Reply{Text: T(ul, "board_gathering", "Game", gameTitle(t), "Taken", len(lobby.Players), "Count", t.row.Seats), Private: true, Game: t.row.ID, Lobby: &lobby}, nil
	}
	s.notePeek(ctx, t, req.User.ID)
	// The reply is the asker's alone, so the public board comes in their language, as its text
	// does (readers saw a French answer with the server's German board).
	img, err := s.render(t.kit, t.row, t.state, rules.Spectator, t.seq, ul)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: s.statusLine(ctx, ul, t, seatsOf(t.row, req.User.ID)), Image: altIn(img, ul, t.kit), Private: true, Game: t.row.ID}, nil
}

// altIn gives the board of a private reply its alt text in the reader's language (render
// writes the thread's).
func altIn(img *Image, lang string, kit Kit) *Image {
	if img != nil {
		img.Alt = T(lang, "alt_board", "Game", kit.Game.Info().Name)
	}
	return img
}

// View shows a player their private view (their hand, their screen); others get the public one.
func (s *Service) View(ctx context.Context, req Request) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	if t.state == nil {
		return Reply{}, refuseT(ul, "not_started", "Game", gameTitle(t))
	}
	s.notePeek(ctx, t, req.User.ID)
	held := seatsOf(t.row, req.User.ID)
	if len(held) == 0 {
		img, err := s.render(t.kit, t.row, t.state, rules.Spectator, t.seq, ul)
		if err != nil {
			return Reply{}, err
		}
		return Reply{Text: T(ul, "view_public"), Image: altIn(img, ul, t.kit), Private: true, Game: t.row.ID}, nil
	}
	seat := held[0]
	img, err := s.render(t.kit, t.row, t.state, seat, t.seq, ul)
	if err != nil {
		return Reply{}, err
	}
	text := T(ul, "view_yours", "Game", gameTitle(t))
	if p, ok := rules.PromptFor(t.state, seat); ok {
		text += "\n" + yourTurnIn(ul, promptText(ul, p, seatNamer(ul, t.row, t.state)))
	}
	return Reply{Text: text, Image: altIn(img, ul, t.kit), Private: true, Game: t.row.ID}, nil
}

// statusLine says whose turn it is or how the game ended, to a reader holding the seats held.
// A prompt speaks to its player ("You have 6 of 21 points"): the reader is told only their own
// seats' prompts, and the others are named with every player's score beside them.
func (s *Service) statusLine(ctx context.Context, lang string, t *table, held []rules.Seat) string {
	if t.row.Status == storage.StatusAborted {
		return T(lang, "status_aborted", "Game", gameTitle(t))
	}
	if t.state == nil {
		return T(lang, "status_not_started", "Game", gameTitle(t))
	}
	if res := s.gameResult(t.row, t.state); res != nil {
		return resultTextIn(lang, t.row, t.state, res)
	}
	var names, own []string
	for _, p := range t.state.Awaiting() {
		names = append(names, seatLabel(lang, t.row, t.state, p.Seat))
		if slices.Contains(held, p.Seat) {
			own = append(own, yourTurnIn(lang, promptText(lang, p, seatNamer(lang, t.row, t.state))))
		}
	}
	line := withScores(lang, T(lang, "status_waiting", "Game", gameTitle(t), "Turn", s.turnNow(ctx, t), "Names", joinNames(lang, names)), s.scoreLine(lang, t, t.state))
	return strings.Join(append([]string{line}, own...), "\n")
}

// turnNow is the number of the turn being played, as /history numbers turns (turnInPlay); 1
// where the log cannot be read.
func (s *Service) turnNow(ctx context.Context, t *table) int {
	if m := readFlow(t.row).Numbered; m != nil || t.seq == 0 {
		w := newTurnWalker()
		if m != nil {
			w = m.walker()
		}
		return w.inPlay(t.state)
	}
	w, err := s.walkStored(ctx, t)
	if err != nil {
		return 1
	}
	return w.inPlay(t.state)
}

// walkStored numbers the stored log's turns (for a flow without its Turn).
func (s *Service) walkStored(ctx context.Context, t *table) (*turnWalker, error) {
	moves, err := s.store.Moves(ctx, t.row.ID)
	if err != nil {
		return nil, err
	}
	rec, err := logRecord(t.row, moves)
	if err != nil {
		return nil, err
	}
	log, err := replayLog(t.kit.Game, rec)
	if err != nil {
		return nil, err
	}
	_, w := walkLog(log, rec)
	return w, nil
}

// History lists the game's turns, newest last (at most the last n; 0 = all), numbered as the
// players count them (historyTurns). Each move reads as its requester may know it: the notation
// of their own moves, of every move once the game has ended and of every move in a game that
// declares its moves public (rules.PublicMoves); otherwise the move's events visible to the
// requester, got by replaying the log from its setup, so that a hidden choice (Reef's
// parrotfish colour, a card from a hand, a secret bid) is never told.
func (s *Service) History(ctx context.Context, req Request, n int) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	s.notePeek(ctx, t, req.User.ID)
	row := *t.row
	kit := t.kit
	title := gameTitle(t)
	t.mu.Unlock()
	moves, err := s.store.Moves(ctx, row.ID)
	if err != nil {
		return Reply{}, err
	}
	if len(moves) == 0 {
		return Reply{Text: T(ul, "history_none", "Game", title), Private: true, Game: row.ID}, nil
	}
	held := seatsOf(&row, req.User.ID)
	written := rules.MovesArePublic(kit.Game)
	open := gameEnded(&row) || written
	log, err := historyEvents(kit.Game, &row, moves)
	if err != nil {
		return Reply{}, err
	}
	turns := historyTurns(ul, &row, movesIn(kit.Game, ul, moves), log, held, open, written)
	count := 0
	if len(turns) > 0 {
		count = turns[len(turns)-1].num
	}
	var b strings.Builder
	if n > 0 && len(turns) > n {
		turns = turns[len(turns)-n:]
		b.WriteString(T(ul, "history_head_last", "Game", title, "Count", count, "Last", n))
	} else {
		b.WriteString(T(ul, "history_head", "Game", title, "Count", count))
	}
	for _, l := range historyText(ul, turns) {
		b.WriteString("\n" + l)
	}
	return Reply{Text: b.String(), Private: true, Game: row.ID}, nil
}

// historyText writes turns as /history shows them: each turn's first line led by its number, the
// others under it unnumbered.
func historyText(lang string, turns []historyTurn) []string {
	var out []string
	for _, tn := range turns {
		for i, l := range tn.lines {
			if i == 0 {
				out = append(out, T(lang, "history_turn", "Turn", tn.num, "Text", l))
			} else {
				out = append(out, T(lang, "history_cont", "Text", l))
			}
		}
	}
	return out
}

// gameEnded: once a game is over nothing in it is secret any more.
func gameEnded(row *storage.Game) bool {
	return row.Status == storage.StatusFinished || row.Status == storage.StatusAborted
}

// loggedMove is what replaying one move of the log tells history: its events, the game's turn
// count before and after it (rules.TurnCounter) and the seats awaited after it.
type loggedMove struct {
	evs           []rules.Event
	before, after int
	awaited       []int
}

// historyEvents replays the log from its setup and returns what each move caused: history tells
// every move by its events, never by its notation.
func historyEvents(g rules.Game, row *storage.Game, moves []storage.Move) ([]loggedMove, error) {
	// Every line is written as the events its move caused (never the notation), so the log is
	// always replayed; a move costs microseconds.
	rec, err := logRecord(row, moves)
	if err != nil {
		return nil, err
	}
	return replayLog(g, rec)
}

// logRecord is the record of a stored log.
func logRecord(row *storage.Game, moves []storage.Move) (*record.Record, error) {
	rec := &record.Record{Game: row.Kind, Setup: rules.Setup{Seats: row.Seats, Seed: row.Seed, Options: row.Options}}
	for _, m := range moves {
		mv, err := rules.ParseMove(m.Notation)
		if err != nil {
			return nil, fmt.Errorf("game %d move %d: %w", row.ID, m.Seq, err)
		}
		rec.Moves = append(rec.Moves, record.Entry{Seat: rules.Seat(m.Seat), Move: mv})
	}
	return rec, nil
}

// replayLog replays a record and returns what each move caused, as historyEvents.
func replayLog(g rules.Game, rec *record.Record) ([]loggedMove, error) {
	out := make([]loggedMove, len(rec.Moves))
	prev := 0
	if st, err := record.Replay(g, &record.Record{Game: rec.Game, Setup: rec.Setup}, nil); err == nil {
		prev = turnCount(st)
	}
	_, err := record.Replay(g, rec, func(i int, st rules.State, evs []rules.Event) error {
		tc := turnCount(st)
		out[i] = loggedMove{evs: append([]rules.Event{}, evs...), before: prev, after: tc, awaited: awaitedSeats(st)}
		prev = tc
		return nil
	})
	return out, err
}

// historyTurn is one numbered turn of /history: its lines, the first to be led by the number.
type historyTurn struct {
	num   int
	seat  rules.Seat
	lines []string
	tag   string // its first line's moveTag
}

// historyTurns numbers the log as its players count turns: one number for each seat's turn,
// however many decisions it took and whatever the other seats did inside it. A turn begins when a
// move's seat is not the seat of the turn before, or the game's turn count moved on since the
// turn began (a solo game; a seat playing twice in a row). Another seat's doings inside a move
// (rules.Event naming its Seat) are that seat's own lines: they open its turn where the game's
// turn count says turns began inside the move, or where the move ends with them and hands their
// seat the game (Ascidiae's activations that begin the next player's turn, a seat whose whole
// turn plays itself), and otherwise stay, unnumbered, in the turn they happened in (the final
// scoring, Ausonia's lost influence). The numbering does not depend on who reads: every reader
// cites the same turn by the same number; a reader is told only the lines they may see
// (historyParts), and a turn they see nothing of keeps its number and shows no line.
func historyTurns(lang string, row *storage.Game, moves []storage.Move, log []loggedMove, held []rules.Seat, open, written bool) []historyTurn {
	var out []historyTurn
	cur := historyTurn{}
	flush := func() {
		if len(cur.lines) > 0 {
			out = append(out, cur)
		}
	}
	begin := func(s rules.Seat) {
		flush()
		cur = historyTurn{num: cur.num + 1, seat: s}
	}
	add := func(line, tag string) {
		if line == "" {
			return
		}
		if len(cur.lines) == 0 {
			cur.tag = tag
		} else if tag != "" && tag == cur.tag {
			line = strings.TrimSuffix(line, " "+tag) // "(played by the AI)" once a turn
		}
		// The same line twice in a turn ("bob made a hidden choice.") is told once.
		if len(cur.lines) == 0 || cur.lines[len(cur.lines)-1] != line {
			cur.lines = append(cur.lines, line)
		}
	}
	w := newTurnWalker()
	for i, m := range moves {
		mover := rules.Seat(m.Seat)
		parts := historyParts(lang, row, m, log[i].evs, held, open, written)
		seats := make([]rules.Seat, len(parts))
		for j, p := range parts {
			seats[j] = p.seat
		}
		opens := w.step(mover, log[i], seats)
		if opens[0] {
			begin(mover)
		}
		for j, p := range parts {
			if opens[j+1] {
				begin(p.seat)
			}
			tag := ""
			if p.seat == mover {
				tag = moveTag(lang, row, m)
			}
			add(p.text, tag)
		}
	}
	flush()
	return out
}

// historyPart is one seat's run of a move's events in /history, as the reader may read it: text
// is empty where the reader sees nothing of it.
type historyPart struct {
	seat rules.Seat
	text string
}

// historyLine is one move of /history as the holder of seats held may read it, its seats' lines
// each led by the move's number (historyTurns numbers a whole log by turns instead).
func historyLine(lang string, row *storage.Game, m storage.Move, evs []rules.Event, held []rules.Seat, open, written bool) string {
	var lines []string
	for _, p := range historyParts(lang, row, m, evs, held, open, written) {
		if p.text != "" {
			lines = append(lines, T(lang, "history_turn", "Turn", m.Seq, "Text", p.text))
		}
	}
	return strings.Join(lines, "\n")
}

// historyParts splits one move of /history into its seats' parts as the holder of seats held may
// read them: the public events it caused, and those only the reader's seats saw. A move without
// events is told by its notation only to its own player (or once the game is over). Where the
// game's moves are public (written: Autumn Ash), the mover's part gives the move as written
// before what it caused, so a player can replay it.
//
// A move may set off another seat's automatic actions (Ascidiae's next player's activations): the
// events from one that names another seat as its subject (actorOf, as the posts read them) are
// that seat's and get a part of their own, after the mover's.
func historyParts(lang string, row *storage.Game, m storage.Move, evs []rules.Event, held []rules.Seat, open, written bool) []historyPart {
	parts := historyActors(rules.Seat(m.Seat), evs)
	var out []historyPart
	moverTold := false
	for _, p := range parts {
		hp := historyPart{seat: p.seat}
		seen := slices.ContainsFunc(p.evs, func(e rules.Event) bool {
			return historyShows(e, held, open)
		})
		switch {
		case !seen && (p.seat != rules.Seat(m.Seat) || moverTold):
			// Another seat's doings the reader sees nothing of are not told, not even that they
			// happened: history tells no more of hidden events than before. The mover's line
			// stays, as before ("made a hidden choice").
		case p.seat == rules.Seat(m.Seat) && !moverTold:
			// The mover's first line carries who played it and, where moves are written, the
			// move; the other seats' lines are their automatic doings.
			hp.text = moveLine(lang, row, m, p.evs, held, open, written)
			moverTold = true
		default:
			hp.text = moveLine(lang, row, storage.Move{Seq: m.Seq, Seat: int(p.seat)}, p.evs, held, open, false)
		}
		out = append(out, hp)
	}
	return out
}

// historyActors is a move's parts as history tells them, whoever reads: the runs of one seat's
// doing each (splitByActor).
func historyActors(mover rules.Seat, evs []rules.Event) []actorPart {
	parts := splitByActor(mover, evs)
	if len(parts) > 1 && len(parts[0].evs) == 0 && slices.ContainsFunc(parts[1:], func(p actorPart) bool { return p.seat == parts[0].seat }) {
		// The move first tells another seat's doing (a simultaneous placement revealed, the
		// other's first): the mover is told where its own events come. With none at all it keeps
		// its line, so the move still says who made it.
		parts = parts[1:]
	}
	return parts
}

// actorPart is a run of a move's events that are one seat's doing.
type actorPart struct {
	seat rules.Seat
	evs  []rules.Event
}

// splitByActor cuts a move's events into runs of one seat's doing each, in order. An event that
// names no seat is the mover's, as in the posts (pendingOfIn). The first part is the mover's,
// maybe empty.
func splitByActor(mover rules.Seat, evs []rules.Event) []actorPart {
	parts := []actorPart{{seat: mover}}
	for _, e := range evs {
		by := mover
		if s, ok := actorOf(e); ok && !e.Routine {
			by = s
		} else if e.Routine {
			// Housekeeping ("bob's turn.") names who comes next but is nobody's doing: it stays
			// on the line it follows rather than opening a line of its own.
			by = parts[len(parts)-1].seat
		}
		if by != parts[len(parts)-1].seat {
			parts = append(parts, actorPart{seat: by})
		}
		parts[len(parts)-1].evs = append(parts[len(parts)-1].evs, e)
	}
	return parts
}

// moveLine is one seat's line of a move in /history, without its number (see historyParts).
func moveLine(lang string, row *storage.Game, m storage.Move, evs []rules.Event, held []rules.Seat, open, written bool) string {
	seat := rules.Seat(m.Seat)
	name := playerName(row, seat)
	tag := moveTag(lang, row, m)
	who := name
	if tag != "" {
		who += " " + tag
	}
	var seen []string
	hidden := false
	for _, e := range evs {
		if e.Summary || e.Kind == rules.KindReply {
			// The line that tells in one sentence what the steps here tell one by one; a line
			// meant for the mover's reply only.
			continue
		}
		if historyShows(e, held, open) {
			seen = append(seen, eventText(lang, e, func(s rules.Seat) string { return playerName(row, s) }))
		} else {
			hidden = true
		}
	}
	text := strings.Join(seen, " ")
	if written && len(seen) > 0 && m.Notation != "" {
		text = T(lang, "history_written", "Notation", m.Notation, "Text", text)
		if startsWithName(strings.Join(seen, " "), name) {
			// The events name the mover: the notation comes first, the name once after it.
			if tag != "" {
				text += " " + tag
			}
			return text
		}
	}
	switch {
	case len(seen) > 0 && startsWithName(text, name):
		// The events name the mover already ("alice moves…"): the line does not say it twice.
		if tag != "" {
			text += " " + tag
		}
		return text
	case len(seen) > 0:
		return T(lang, "history_line", "Name", who, "Text", text)
	case hidden:
		return T(lang, "history_hidden", "Name", who)
	case len(evs) == 0 && (open || slices.Contains(held, seat)):
		return T(lang, "history_line", "Name", who, "Text", m.Notation)
	}
	return T(lang, "history_moved", "Name", who)
}

// historyShows reports whether the holder of seats held may read event e in /history. Once the
// game is over (open) nothing is secret any more, but for the lines a seat was told in the
// second person (rules.KindOwn), which stay their owner's, and the mover's reply lines
// (rules.KindReply), which history never tells.
func historyShows(e rules.Event, held []rules.Seat, open bool) bool {
	switch {
	case e.Kind == rules.KindReply:
		return false
	case e.Public():
		return true
	case e.Kind == rules.KindOwn:
		return slices.ContainsFunc(held, e.VisibleTo)
	}
	return open || slices.ContainsFunc(held, e.VisibleTo)
}

// moveTag says who played a move when it was not the seat's own player: "(played by the AI)".
func moveTag(lang string, row *storage.Game, m storage.Move) string {
	switch m.UserID {
	case RobotUser:
		return T(lang, "history_by_random")
	case AIUser:
		if !isAIUser(userOf(row, rules.Seat(m.Seat))) {
			return T(lang, "history_by_ai")
		}
	case AutoUser:
		return T(lang, "history_only_move")
	case ClockUser:
		return T(lang, "history_default")
	}
	return ""
}

// startsWithName reports whether text begins with name as a word ("alice moves", "alice's"),
// not merely with the same letters ("alicia").
func startsWithName(text, name string) bool {
	if name == "" || !strings.HasPrefix(text, name) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[len(name):])
	return r == utf8.RuneError || !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// Export returns the record (see rules/record) of a game that has ended. While it runs the
// record would hand out the seed, and with it every hand, screen and future draw.
func (s *Service) Export(ctx context.Context, req Request) (string, error) {
	return s.export(ctx, req, false)
}

// ExportAny returns the record of a game in any state, for the server's own console, whose user
// holds the database (and so the seed) anyway.
func (s *Service) ExportAny(ctx context.Context, req Request) (string, error) {
	return s.export(ctx, req, true)
}

func (s *Service) export(ctx context.Context, req Request, running bool) (string, error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return "", err
	}
	row := *t.row
	t.mu.Unlock()
	if row.Status == storage.StatusLobby {
		return "", refuseT(ul, "export_lobby")
	}
	if !running && !gameEnded(&row) {
		return "", refuseT(ul, "export_running")
	}
	rec, err := s.recordOf(ctx, &row, -1)
	if err != nil {
		return "", err
	}
	return rec.String(), nil
}

// MyGames lists the user's lobbies and running games, those awaiting them first.
func (s *Service) MyGames(ctx context.Context, user User) ([]GameSummary, error) {
	rows, err := s.store.Games(ctx, storage.GameFilter{UserID: user.ID,
		Statuses: []storage.Status{storage.StatusLobby, storage.StatusRunning}, Limit: 100})
	if err != nil {
		return nil, err
	}
	var yours, others []GameSummary
	for _, r := range rows {
		t, err := s.load(ctx, r.ID)
		if err != nil {
			continue // a game of a kind no longer offered
		}
		g := GameSummary{ID: r.ID, Kind: r.Kind, Name: t.kit.Game.Info().Name, Status: string(t.row.Status),
			Guild: r.Guild, Channel: r.Channel, Thread: t.row.Thread}
		if t.state != nil && t.row.Status == storage.StatusRunning {
			g.Deadline = t.row.Deadline
			for _, p := range t.state.Awaiting() {
				g.Awaiting = append(g.Awaiting, playerName(t.row, p.Seat))
				if userOf(t.row, p.Seat) == user.ID {
					g.YourTurn = true
				}
			}
		}
		t.mu.Unlock()
		if g.YourTurn {
			yours = append(yours, g)
		} else {
			others = append(others, g)
		}
	}
	return append(yours, others...), nil
}

// Resigning is asked, then confirmed: AskResign answers /resign (and the console's resign) with
// what resigning would do and changes nothing; Resign, the confirmation (a button on Discord,
// "resign yes" in the console), does it. Cancelling needs no request: nothing was changed.

// AskResign says privately, in the asker's language, what resigning from the thread's game would
// do, and asks to confirm (Reply.Confirm "resign").
func (s *Service) AskResign(ctx context.Context, req Request) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	if err := s.mayResign(ul, t, req); err != nil {
		return Reply{}, err
	}
	text := T(ul, "resign_confirm_seat", "Game", gameTitle(t), "StandIn", s.standInText(ul))
	if resignEnds(t.row, req.User.ID) {
		text = T(ul, "resign_confirm_end", "Game", gameTitle(t))
	}
	return Reply{Text: text, Private: true, Game: t.row.ID, Confirm: ConfirmResign}, nil
}

// ConfirmResign is Reply.Confirm of AskResign.
const ConfirmResign = "resign"

func (s *Service) mayResign(ul string, t *table, req Request) error {
	if t.row.Status != storage.StatusRunning {
		return refuseT(ul, "not_running", "Game", gameTitle(t))
	}
	if len(seatsOf(t.row, req.User.ID)) == 0 {
		return refuseT(ul, "resign_not_playing", "Game", gameTitle(t))
	}
	return nil
}

// resignEnds: the game ends when user resigns (two players, or the last other human without
// AI seats at the table); otherwise the bot takes their seat and the game goes on.
func resignEnds(row *storage.Game, userID string) bool {
	humans := 0
	for _, p := range row.Players {
		if !p.Robot && p.UserID != userID {
			humans++
		}
	}
	return len(row.Players) == 2 || (humans <= 1 && !hasAISeats(row))
}

// Resign (confirmed): in a two-player game the other player wins; with more players the seat is
// handed to the AI (the random player when the AI is off) and ranked after everyone still
// playing. The thread is told; the reply is the resigner's own line in their language.
func (s *Service) Resign(ctx context.Context, req Request) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	row := t.row
	if err := s.mayResign(ul, t, req); err != nil {
		return Reply{}, err
	}
	held := seatsOf(row, req.User.ID)
	name := cleanName(req.User.Name)
	if resignEnds(row, req.User.ID) {
		text, err := s.endByResignation(ctx, t, held)
		if err != nil {
			return Reply{}, err
		}
		return Reply{Text: T(ul, "resign_done_end", "Game", gameTitle(t)), Private: true, Public: text, Game: row.ID}, nil
	}
	for i := range row.Players {
		if row.Players[i].UserID == req.User.ID {
			row.Players[i].Robot = true
		}
	}
	noteTakeover(row, seatInts(held), t.seq, record.Resigned)
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		return Reply{}, conflictText(ul, err)
	}
	sl := s.threadLang(row)
	text := T(sl, "resigned_replaced", "Name", name, "StandIn", s.standInText(sl))
	mine := T(ul, "resign_done_seat", "Game", gameTitle(t), "StandIn", s.standInText(ul))
	if playingOut(row, readFlow(row)) {
		// Nobody is left but the AI: it plays the game out, and the thread hears of the end.
		text = T(sl, "resigned_playout", "Name", name, "StandIn", s.standInText(sl))
		mine = T(ul, "resign_done_playout", "Game", gameTitle(t), "StandIn", s.standInText(ul))
	}
	if err := s.store.Enqueue(ctx, s.plainNotice(row, text)); err != nil {
		return Reply{}, err
	}
	if err := s.autoplay(ctx, t); err != nil {
		s.log.Error("autoplay after resign", "game", row.ID, "err", err)
	}
	return Reply{Text: mine, Private: true, Public: text, Game: row.ID}, nil
}

// endByResignation ends the game for the seats out and returns the thread's result text.
func (s *Service) endByResignation(ctx context.Context, t *table, out []rules.Seat) (string, error) {
	sl := s.threadLang(t.row)
	res := leaversLose(len(t.row.Players), out, leavers(t.row), resignedMsg(out))
	text := resultTextIn(sl, t.row, t.state, res)
	if err := s.endGame(ctx, t, res, text); err != nil {
		return "", err
	}
	return text, nil
}

// endGame finishes a game the platform ends (a resignation, a timeout) with res, and posts text
// as its result post: the final board and the recap, as for a game the rules end.
func (s *Service) endGame(ctx context.Context, t *table, res *rules.Result, text string) error {
	row := t.row
	b, _ := json.Marshal(res)
	row.Status, row.Result, row.Deadline, row.RemindAt = storage.StatusFinished, b, nil, nil
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		return conflictText(s.threadLang(row), err)
	}
	n := Notice{Kind: "turn", Game: row.ID, Seq: t.seq, Channel: postChannel(row), Text: text, Board: t.state != nil, Recap: t.state != nil,
		Lang: s.threadLang(row)}
	if t.state != nil {
		n.Snap = endSnap(t.kit.Game, t.state)
	}
	for _, p := range row.Players {
		if !p.Robot {
			n.Mentions = appendOnce(n.Mentions, p.UserID)
		}
	}
	return s.store.Enqueue(ctx, s.notice(n))
}

// endSnap is the snapshot the final board of a game the platform ended is drawn from: the state
// concluded as the rules' own end would show it (rules.Concluder), on a copy, since the stored
// snapshot must stay what the log replays to.
func endSnap(g rules.Game, st rules.State) []byte {
	snap, err := st.Encode()
	if err != nil {
		return nil
	}
	if _, ok := st.(rules.Concluder); !ok {
		return snap
	}
	cp, err := g.Decode(snap)
	if err != nil {
		return snap
	}
	cp.(rules.Concluder).Conclude()
	if b, err := cp.Encode(); err == nil {
		return b
	}
	return snap
}

// gameResult is the game's one result as every text and image states it: the platform's once it
// ended the game (stored with it), else the rules' ranked by finalResult; nil while it runs.
func (s *Service) gameResult(row *storage.Game, st rules.State) *rules.Result {
	if row.Status == storage.StatusFinished {
		if r := s.Result(row); r != nil {
			return r
		}
	}
	if st == nil {
		return nil
	}
	if res := st.Result(); res != nil {
		return s.finalResult(row, res)
	}
	return nil
}

// Result returns a finished game's result (the rules' one, or a resignation).
func (s *Service) Result(row *storage.Game) *rules.Result {
	if len(row.Result) == 0 {
		return nil
	}
	var r rules.Result
	if json.Unmarshal(row.Result, &r) != nil {
		return nil
	}
	return &r
}

// replayTo rebuilds a game's state after its first upto moves, with the events of the last one.
func (s *Service) replayTo(ctx context.Context, t *table, upto int64) (rules.State, []rules.Event, error) {
	rec, err := s.recordOf(ctx, t.row, upto)
	if err != nil {
		return nil, nil, err
	}
	var last []rules.Event
	st, err := record.Replay(t.kit.Game, rec, func(i int, _ rules.State, evs []rules.Event) error {
		if i == len(rec.Moves)-1 {
			last = evs
		}
		return nil
	})
	return st, last, err
}

// yourTurn leads a prompt with "Your turn:" unless the game's own text already says so
// (Ausonia's "House I, your turn (round 3): ...").
func yourTurnIn(lang, prompt string) string {
	low := strings.ToLower(prompt)
	if strings.Contains(low, "your turn") || strings.Contains(low, strings.ToLower(T(lang, "your_turn_words"))) {
		return prompt
	}
	return T(lang, "your_turn", "Prompt", prompt)
}

// meta is what the platform hands a renderer beside a view (render.Meta): the players' names as
// texts name them, and the game's one result (gameResult), so that the final board and the recap
// state what the thread post states.
func (s *Service) meta(row *storage.Game, st rules.State, lang string) render.Meta {
	m := render.Meta{Names: make([]string, row.Seats), Aborted: row.Status == storage.StatusAborted, Lang: lang}
	for i := range m.Names {
		m.Names[i] = winnerName(lang, row, st, rules.Seat(i))
	}
	if !m.Aborted {
		m.Result = s.gameResult(row, st)
	}
	return m
}
