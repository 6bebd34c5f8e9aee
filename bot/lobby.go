package bot

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// Usual describes a game's usual table, for the lobby.
type Usual struct {
	// Seats is the number of players a lobby opens for when /create names none; 0: the most the
	// game takes.
	Seats int
	// Solo, for a game with a solo mode, says what a player starting alone plays against, given
	// the game's options ("the Aspirant Ludovico, ..."); nil: no solo mode.
	Solo func(options map[string]string) string
}

// CreateSpec is what /create asks for.
type CreateSpec struct {
	Kind    string
	Seats   int // 0: the game's usual number (Kit.Usual)
	Options map[string]string
	Invited []string // user ids
	Seed    uint64   // 0: a fresh random seed
	Bots    int      // seats filled by the AI at once
	Level   string   // the AI's level: easy, normal (default) or hard
	// ClockDays is this game's clock, days per move (0: none); nil: the server's clock_days.
	ClockDays *int
	// VacationDays caps the vacation days in a row the game accepts (0: none); nil: no cap.
	VacationDays *int
}

// maxClockDays is the longest clock a server or a game may set.
const maxClockDays = 30

// Create opens a lobby in the request's channel with the creator in seat 0. The adapter then opens
// a thread and calls AttachThread.
func (s *Service) Create(ctx context.Context, req Request, spec CreateSpec) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	kit, ok := s.kits[spec.Kind]
	if !ok {
		return Reply{}, refuseT(ul, "create_no_game", "Kind", spec.Kind, "Games", strings.Join(s.ids, ", "))
	}
	if len(spec.Invited) > maxInvited {
		return Reply{}, refuseT(ul, "create_invite_max", "Count", maxInvited)
	}
	s.noteGuildLocale(ctx, req)
	if err := s.mayCreate(ctx, req, ul); err != nil {
		return Reply{}, err
	}
	info := kit.Game.Info()
	seats := spec.Seats
	if seats == 0 {
		seats = kit.Usual.Seats
		if seats < info.MinSeats || seats > info.MaxSeats {
			seats = info.MaxSeats
		}
	}
	setup, err := info.ValidateSetup(rules.Setup{Seats: seats, Options: spec.Options})
	if err != nil {
		return Reply{}, setupRefusal(ul, err)
	}
	if spec.Level == "" {
		spec.Level = DefaultAILevel
	}
	if spec.Bots > 0 && s.opt.NoAI {
		return Reply{}, refuseT(ul, "create_no_ai")
	}
	if spec.Bots != 0 && (spec.Bots < 0 || spec.Bots >= seats) {
		return Reply{}, refuse("%s", botsRefusal(ul, info, seats, spec.Bots))
	}
	if err := checkBots(ul, spec.Bots, seats, spec.Level); err != nil {
		return Reply{}, err
	}
	seed := spec.Seed
	if seed == 0 && s.opt.Seed != nil {
		seed = s.opt.Seed()
	}
	if seed == 0 {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return Reply{}, err
		}
		seed = binary.LittleEndian.Uint64(b[:]) >> 1 // keep it readable as a signed number too
	}
	gs, err := s.guildSettings(ctx, req.Place.Guild)
	if err != nil {
		return Reply{}, err
	}
	if d := spec.ClockDays; d != nil {
		if *d < 0 || *d > maxClockDays {
			return Reply{}, refuseT(ul, "create_clock_days", "Max", maxClockDays)
		}
		gs.clockHours = *d * 24
	}
	if v := spec.VacationDays; v != nil && (*v < 0 || *v > 60) {
		return Reply{}, refuseT(ul, "create_vacation_days", "Max", 60)
	}
	row := &storage.Game{
		Kind: spec.Kind, Seats: seats, Seed: seed, Options: setup.Options, Status: storage.StatusLobby,
		Guild: req.Place.Guild, Channel: req.Place.Channel, Creator: req.User.ID,
		Players:       []storage.Player{{Seat: 0, UserID: req.User.ID, Name: cleanName(req.User.Name)}},
		ClockHours:    gs.clockHours,
		ReminderHours: gs.reminderHours,
	}
	for i := 0; i < spec.Bots; i++ {
		row.Players = append(row.Players, aiSeatPlayer(len(row.Players), spec.Level))
	}
	nameAISeats(row)
	id, err := s.store.CreateGame(ctx, row)
	if err != nil {
		return Reply{}, err
	}
	row.ID = id
	if v := spec.VacationDays; v != nil {
		if err := s.store.SetSetting(ctx, "game", strconv.FormatInt(id, 10), vacationCapKey, strconv.Itoa(*v)); err != nil {
			return Reply{}, err
		}
	}
	lobby := s.lobbyOf(row, kit)
	lobby.Invited = dedupe(spec.Invited, req.User.ID)
	sl := s.ServerLanguage(ctx, req.Place.Guild)
	lobby.Lang = sl
	text := T(sl, "create_opened", "Name", cleanName(req.User.Name), "Game", info.Name, "ID", id,
		"Players", playersIn(sl, seats), "Start", upperFirst(startTextIn(sl, info, seats)))
	// A one-seat game (solo), or one whose other seats are all AI, starts at once.
	if len(row.Players) == seats {
		return s.Start(ctx, Request{User: req.User, Place: req.Place, Game: id})
	}
	return Reply{Text: text, Game: id, Lobby: &lobby}, nil
}

func startTextIn(lang string, info rules.Info, seats int) string {
	switch {
	case seats <= info.MinSeats:
		return T(lang, "start_when_full", "Players", playersIn(lang, seats))
	case info.MinSeats <= 1: // the creator alone may already start it
		return T(lang, "start_when_full_or_solo", "Players", playersIn(lang, seats))
	}
	return T(lang, "start_when_full_or_min", "Players", playersIn(lang, seats), "Min", info.MinSeats)
}

// players counts players in words: "1 player", "4 players".
func playersIn(lang string, n int) string { return T(lang, "players", "Count", n) }

// botsRefusal explains how many AI players a table of seats can take: every seat but one.
func botsRefusal(lang string, info rules.Info, seats, bots int) string {
	if seats <= 1 {
		return T(lang, "bots_solo", "Seats", seats, "Game", info.Name)
	}
	text := T(lang, "bots_room", "Seats", seats, "AI", T(lang, "ai_players", "Count", seats-1))
	if bots > 0 && bots+1 <= info.MaxSeats {
		text += " " + T(lang, "bots_choose", "Bots", bots, "Players", bots+1)
	}
	return text
}

func dedupe(ids []string, skip string) []string {
	var out []string
	seen := map[string]bool{skip: true}
	for _, id := range ids {
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func (s *Service) lobbyOf(row *storage.Game, kit Kit) Lobby {
	info := kit.Game.Info()
	return Lobby{Lang: s.threadLang(row), Game: row.ID, Kind: row.Kind, Name: info.Name, Seats: row.Seats, Min: info.MinSeats,
		Players: roster(s.threadLang(row), row, nil), Creator: row.Creator, Started: row.Status != storage.StatusLobby,
		Closed: row.Status == storage.StatusAborted, Channel: row.Channel, Message: row.Lobby, Thread: row.Thread}
}

// rosterEntry names a seat where the table is set up, the one place that says what the game
// calls the seat and, for an AI, that it is one and its level, in lang: "alice plays Rainbow",
// "Ada plays Xeno · AI, normal", "Ada · AI, normal" (st nil, or a game without seat names).
// Every later text names the seat by its name alone (seatLabel).
func rosterEntry(lang string, row *storage.Game, st rules.State, p storage.Player) string {
	entry := p.Name
	if st != nil {
		if own := rules.SeatNameIn(st, rules.Seat(p.Seat), lang); own != "" {
			entry = T(lang, "roster_plays", "Name", p.Name, "Seat", own)
		}
	}
	if level := aiLevelOf(p.UserID); level != "" {
		entry = T(lang, "roster_ai", "Name", entry, "AI", aiLevelText(lang, level))
	}
	return entry
}

// aiLevelText is "AI, normal" in lang; a level without a word of its own is shown as stored.
func aiLevelText(lang, level string) string {
	word := level
	if HasText("ai_level_" + level) {
		word = T(lang, "ai_level_"+level)
	}
	return T(lang, "ai_level", "Level", word)
}

// TurnOrderer is implemented by games whose turn order is not the seat order (Ausonia draws
// its first player): TurnOrder is every seat in the order they move.
type TurnOrderer interface {
	TurnOrder() []rules.Seat
}

// roster lists every seat with rosterEntry, in turn order when the game tells one (the start post
// listed alice, House III, first while Noor moved first), else in seat order.
func roster(lang string, row *storage.Game, st rules.State) []string {
	ps := append([]storage.Player{}, row.Players...)
	sort.Slice(ps, func(i, j int) bool { return ps[i].Seat < ps[j].Seat })
	if to, ok := st.(TurnOrderer); ok {
		at := map[int]int{}
		for i, seat := range to.TurnOrder() {
			at[int(seat)] = i
		}
		if len(at) == len(ps) {
			sort.SliceStable(ps, func(i, j int) bool { return at[ps[i].Seat] < at[ps[j].Seat] })
		}
	}
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = rosterEntry(lang, row, st, p)
	}
	return out
}

// JoinRoster joins roster entries on one line: with ", ", or "; " when an entry holds a comma
// itself (an AI's "Ada · AI, normal"), so that entries stay apart.
func JoinRoster(entries []string) string {
	sep := ", "
	if slices.ContainsFunc(entries, func(e string) bool { return strings.Contains(e, ",") }) {
		sep = "; "
	}
	return strings.Join(entries, sep)
}

// rosterLines is the roster as the start post's list, a line a seat.
func rosterLines(lang string, row *storage.Game, st rules.State) string {
	var lines []string
	for _, e := range roster(lang, row, st) {
		lines = append(lines, T(lang, "roster_line", "Entry", e))
	}
	return strings.Join(lines, "\n")
}

// AttachThread records the thread (and lobby message) the adapter opened for a game.
func (s *Service) AttachThread(ctx context.Context, id int64, thread, lobbyMessage string) error {
	t, err := s.load(ctx, id)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	t.row.Thread, t.row.Lobby = thread, lobbyMessage
	if err := s.store.UpdateGame(ctx, t.row); err != nil {
		_ = s.reload(ctx, t)
		return err
	}
	return nil
}

// Join seats the user in a lobby; a full lobby starts.
func (s *Service) Join(ctx context.Context, req Request) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	row := t.row
	if row.Status != storage.StatusLobby {
		t.mu.Unlock()
		return Reply{}, refuseT(ul, "join_started", "Game", gameTitle(t))
	}
	if len(seatsOf(row, req.User.ID)) > 0 {
		t.mu.Unlock()
		return Reply{}, refuseT(ul, "join_already", "Game", gameTitle(t))
	}
	if len(row.Players) >= row.Seats {
		t.mu.Unlock()
		return Reply{}, refuseT(ul, "join_full", "Game", gameTitle(t), "Count", row.Seats)
	}
	row.Players = append(row.Players, storage.Player{Seat: len(row.Players), UserID: req.User.ID, Name: cleanName(req.User.Name)})
	nameAISeats(row) // an AI named as the newcomer takes another name
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		t.mu.Unlock()
		return Reply{}, conflictText(ul, err)
	}
	full := len(row.Players) == row.Seats
	lobby := s.lobbyOf(row, t.kit)
	t.mu.Unlock()
	if full {
		return s.Start(ctx, Request{User: User{ID: row.Creator, Name: row.Players[0].Name}, Place: req.Place, Game: row.ID})
	}
	return Reply{Text: T(lobby.Lang, "join_joined", "Name", cleanName(req.User.Name), "Game", gameTitle(t), "Taken", len(lobby.Players), "Count", row.Seats),
		Game: row.ID, Lobby: &lobby}, nil
}

// Leave takes the user out of a lobby. When the last player leaves, the lobby closes.
func (s *Service) Leave(ctx context.Context, req Request) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	row := t.row
	if row.Status != storage.StatusLobby {
		return Reply{}, refuseT(ul, "leave_started", "Game", gameTitle(t))
	}
	if len(seatsOf(row, req.User.ID)) == 0 {
		return Reply{}, refuseT(ul, "leave_not_in", "Game", gameTitle(t))
	}
	var kept []storage.Player
	for _, p := range row.Players {
		if p.UserID != req.User.ID {
			p.Seat = len(kept)
			kept = append(kept, p)
		}
	}
	row.Players = kept
	if humansIn(kept) == 0 {
		row.Status = storage.StatusAborted
	} else if row.Creator == req.User.ID {
		row.Creator = firstHuman(kept) // someone must be able to press Start
	}
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		return Reply{}, conflictText(ul, err)
	}
	lobby := s.lobbyOf(row, t.kit)
	if humansIn(kept) == 0 {
		return Reply{Text: T(lobby.Lang, "leave_closed", "Name", cleanName(req.User.Name), "Game", gameTitle(t)), Game: row.ID, Lobby: &lobby}, nil
	}
	return Reply{Text: T(lobby.Lang, "leave_left", "Name", cleanName(req.User.Name), "Game", gameTitle(t)), Game: row.ID, Lobby: &lobby}, nil
}

// Start begins a lobby's game with the players seated so far (creator or admin only, unless the
// lobby is full).
func (s *Service) Start(ctx context.Context, req Request) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	row := t.row
	info := t.kit.Game.Info()
	if row.Status != storage.StatusLobby {
		return Reply{}, refuseT(ul, "start_started", "Game", gameTitle(t))
	}
	if req.User.ID != row.Creator && !req.User.Admin {
		return Reply{}, refuseT(ul, "start_not_creator", "Game", gameTitle(t), "Count", row.Seats)
	}
	if len(row.Players) < info.MinSeats {
		return Reply{}, refuseT(ul, "start_too_few", "Game", info.Name, "Players", playersIn(ul, info.MinSeats),
			"Joined", T(ul, "has_joined", "Count", len(row.Players)))
	}
	setup := rules.Setup{Seats: len(row.Players), Seed: row.Seed, Options: row.Options}
	setup, err = info.ValidateSetup(setup)
	if err != nil {
		return Reply{}, setupRefusal(ul, err)
	}
	st, err := t.kit.Game.New(setup)
	if err != nil {
		return Reply{}, fmt.Errorf("game %d: new: %w", row.ID, err)
	}
	snap, err := st.Encode()
	if err != nil {
		return Reply{}, err
	}
	row.Seats, row.Snapshot, row.Status = len(row.Players), snap, storage.StatusRunning
	sl := s.threadLang(row)
	begins := T(sl, "start_begins", "Game", gameTitle(t), "Players", rosterLines(sl, row, st))
	solo := ""
	if len(row.Players) == 1 && t.kit.Usual.Solo != nil {
		solo = fallback(t.kit.Usual.Solo(setup.Options))
		begins = T(sl, "start_begins_solo", "Game", gameTitle(t), "Name", playerName(row, 0), "Solo", solo)
	}
	f, notices := s.post(t, st, 0, flow{}, begins)
	pt := s.gameTimes(ctx, row)
	notices = s.quietPosts(pt, row, st, &f, s.now(), notices)
	s.setClocks(pt, row, st, &f)
	row.Flow = f.encode()
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		return Reply{}, conflictText(ul, err)
	}
	if err := s.store.Enqueue(ctx, notices...); err != nil {
		return Reply{}, err
	}
	t.state = st
	if err := s.autoplay(ctx, t); err != nil {
		s.log.Error("autoplay after start", "game", row.ID, "err", err)
	}
	lobby := s.lobbyOf(row, t.kit)
	if solo != "" {
		return Reply{Text: T(sl, "start_started_solo", "Game", gameTitle(t), "Solo", solo), Game: row.ID, Lobby: &lobby}, nil
	}
	return Reply{Text: T(sl, "start_has_started", "Game", gameTitle(t)), Game: row.ID, Lobby: &lobby}, nil
}

// Abort ends a game without a result (its creator or a server admin).
func (s *Service) Abort(ctx context.Context, req Request) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	row := t.row
	if row.Status == storage.StatusFinished || row.Status == storage.StatusAborted {
		return Reply{}, refuseT(ul, "abort_over", "Game", gameTitle(t))
	}
	if req.User.ID != row.Creator && !req.User.Admin {
		return Reply{}, refuseT(ul, "abort_not_allowed", "Game", gameTitle(t))
	}
	row.Status = storage.StatusAborted
	row.Deadline, row.RemindAt = nil, nil
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		return Reply{}, conflictText(ul, err)
	}
	s.log.Info("audit: game aborted", "game", row.ID, "guild", row.Guild, "user", req.User.ID, "name", req.User.Name, "admin", req.User.Admin)
	text := T(s.threadLang(row), "abort_aborted", "Game", gameTitle(t), "Name", cleanName(req.User.Name))
	if err := s.store.Enqueue(ctx, s.plainNotice(row, text)); err != nil {
		return Reply{}, err
	}
	return Reply{Text: text, Game: row.ID}, nil
}

func conflictText(lang string, err error) error {
	if errors.Is(err, storage.ErrConflict) {
		return refuseT(lang, "conflict")
	}
	return err
}

// sortedKeys is used where output must be stable.
func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// setupRefusal is a refusal of ValidateSetup (the rules' own words) in lang.
func setupRefusal(lang string, err error) error {
	text, ok := illegalText(lang, err)
	if !ok {
		text = fallback(err.Error())
	}
	return refuse("%s.", upperFirst(text))
}
