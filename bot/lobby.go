package bot

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

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
}

// Create opens a lobby in the request's channel with the creator in seat 0. The adapter then opens
// a thread and calls AttachThread.
func (s *Service) Create(ctx context.Context, req Request, spec CreateSpec) (Reply, error) {
	kit, ok := s.kits[spec.Kind]
	if !ok {
		return Reply{}, refuse("There is no game called %q. Choose one of: %s.", spec.Kind, strings.Join(s.ids, ", "))
	}
	if len(spec.Invited) > maxInvited {
		return Reply{}, refuse("Invite at most %d players at once.", maxInvited)
	}
	s.noteGuildLocale(ctx, req)
	if err := s.mayCreate(ctx, req); err != nil {
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
		return Reply{}, refuse("%s.", upperFirst(err.Error()))
	}
	if spec.Level == "" {
		spec.Level = DefaultAILevel
	}
	if spec.Bots > 0 && s.opt.NoAI {
		return Reply{}, refuse("This bot runs without the AI, so seats cannot be given to it.")
	}
	if spec.Bots != 0 && (spec.Bots < 0 || spec.Bots >= seats) {
		return Reply{}, refuse("%s", botsRefusal(info, seats, spec.Bots))
	}
	if err := checkBots(spec.Bots, seats, spec.Level); err != nil {
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
	id, err := s.store.CreateGame(ctx, row)
	if err != nil {
		return Reply{}, err
	}
	row.ID = id
	lobby := s.lobbyOf(row, kit)
	lobby.Invited = dedupe(spec.Invited, req.User.ID)
	text := fmt.Sprintf("%s opened a game of %s (#%d) for %s. Join with the button or /join. %s.",
		cleanName(req.User.Name), info.Name, id, players(seats), upperFirst(startText(info, seats)))
	// A one-seat game (solo), or one whose other seats are all AI, starts at once.
	if len(row.Players) == seats {
		return s.Start(ctx, Request{User: req.User, Place: req.Place, Game: id})
	}
	return Reply{Text: text, Game: id, Lobby: &lobby}, nil
}

func startText(info rules.Info, seats int) string {
	switch {
	case seats <= info.MinSeats:
		return fmt.Sprintf("it starts when %s have joined", players(seats))
	case info.MinSeats <= 1: // the creator alone may already start it
		return fmt.Sprintf("it starts when %s have joined, or sooner when its creator presses Start (alone, for a solo game)", players(seats))
	}
	return fmt.Sprintf("it starts when %s have joined, or sooner when its creator presses Start (%d players are enough)", players(seats), info.MinSeats)
}

// players counts players in words: "1 player", "4 players".
func players(n int) string {
	if n == 1 {
		return "1 player"
	}
	return strconv.Itoa(n) + " players"
}

// botsRefusal explains how many AI players a table of seats can take: every seat but one.
func botsRefusal(info rules.Info, seats, bots int) string {
	if seats <= 1 {
		return fmt.Sprintf("A %d-player game of %s has no seat for the AI: the only seat is yours. To play against the AI, choose players=2 and bots=1.", seats, info.Name)
	}
	text := fmt.Sprintf("A %d-player game has room for %s: one seat is yours.", seats, aiPlayers(seats-1))
	if bots > 0 && bots+1 <= info.MaxSeats {
		text += fmt.Sprintf(" For %d AI players, choose players=%d.", bots, bots+1)
	}
	return text
}

func hasJoined(n int) string {
	if n == 1 {
		return "only 1 has"
	}
	return fmt.Sprintf("%d have", n)
}

func aiPlayers(n int) string {
	if n == 1 {
		return "1 AI player"
	}
	return fmt.Sprintf("at most %d AI players", n)
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
	return strings.ToUpper(s[:1]) + s[1:]
}

func (s *Service) lobbyOf(row *storage.Game, kit Kit) Lobby {
	info := kit.Game.Info()
	return Lobby{Game: row.ID, Kind: row.Kind, Name: info.Name, Seats: row.Seats, Min: info.MinSeats,
		Players: names(row), Creator: row.Creator, Started: row.Status != storage.StatusLobby,
		Closed: row.Status == storage.StatusAborted, Channel: row.Channel, Message: row.Lobby, Thread: row.Thread}
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
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	row := t.row
	if row.Status != storage.StatusLobby {
		t.mu.Unlock()
		return Reply{}, refuse("%s has already started; you can watch it in its thread.", gameTitle(t))
	}
	if len(seatsOf(row, req.User.ID)) > 0 {
		t.mu.Unlock()
		return Reply{}, refuse("You are already in %s.", gameTitle(t))
	}
	if len(row.Players) >= row.Seats {
		t.mu.Unlock()
		return Reply{}, refuse("%s is full: all %d seats are taken.", gameTitle(t), row.Seats)
	}
	row.Players = append(row.Players, storage.Player{Seat: len(row.Players), UserID: req.User.ID, Name: cleanName(req.User.Name)})
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		t.mu.Unlock()
		return Reply{}, conflictText(err)
	}
	full := len(row.Players) == row.Seats
	lobby := s.lobbyOf(row, t.kit)
	t.mu.Unlock()
	if full {
		return s.Start(ctx, Request{User: User{ID: row.Creator, Name: row.Players[0].Name}, Place: req.Place, Game: row.ID})
	}
	return Reply{Text: fmt.Sprintf("%s joined %s: %d of %d seats are taken.", cleanName(req.User.Name), gameTitle(t), len(lobby.Players), row.Seats),
		Game: row.ID, Lobby: &lobby}, nil
}

// Leave takes the user out of a lobby. When the last player leaves, the lobby closes.
func (s *Service) Leave(ctx context.Context, req Request) (Reply, error) {
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	row := t.row
	if row.Status != storage.StatusLobby {
		return Reply{}, refuse("%s has started: to stop playing, use /resign.", gameTitle(t))
	}
	if len(seatsOf(row, req.User.ID)) == 0 {
		return Reply{}, refuse("You are not in %s.", gameTitle(t))
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
		return Reply{}, conflictText(err)
	}
	lobby := s.lobbyOf(row, t.kit)
	if humansIn(kept) == 0 {
		return Reply{Text: fmt.Sprintf("%s left, and as nobody is left in %s, it is closed.", cleanName(req.User.Name), gameTitle(t)), Game: row.ID, Lobby: &lobby}, nil
	}
	return Reply{Text: fmt.Sprintf("%s left %s.", cleanName(req.User.Name), gameTitle(t)), Game: row.ID, Lobby: &lobby}, nil
}

// Start begins a lobby's game with the players seated so far (creator or admin only, unless the
// lobby is full).
func (s *Service) Start(ctx context.Context, req Request) (Reply, error) {
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	row := t.row
	info := t.kit.Game.Info()
	if row.Status != storage.StatusLobby {
		return Reply{}, refuse("%s has already started.", gameTitle(t))
	}
	if req.User.ID != row.Creator && !req.User.Admin {
		return Reply{}, refuse("Only the player who created %s can start it before every seat is taken; it starts by itself when all %d are.", gameTitle(t), row.Seats)
	}
	if len(row.Players) < info.MinSeats {
		return Reply{}, refuse("%s needs at least %s, and %s joined so far. Ask someone to press Join, or create a game with bots=1 to play against the AI.",
			info.Name, players(info.MinSeats), hasJoined(len(row.Players)))
	}
	setup := rules.Setup{Seats: len(row.Players), Seed: row.Seed, Options: row.Options}
	setup, err = info.ValidateSetup(setup)
	if err != nil {
		return Reply{}, refuse("%s.", upperFirst(err.Error()))
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
	s.setClocks(row, st)
	begins := fmt.Sprintf("%s begins: %s.", gameTitle(t), joinNames(seatLabels(row, st)))
	solo := ""
	if len(row.Players) == 1 && t.kit.Usual.Solo != nil {
		solo = t.kit.Usual.Solo(setup.Options)
		begins = fmt.Sprintf("%s begins: %s plays solo, against %s.", gameTitle(t), playerName(row, 0), solo)
	}
	f, notices := s.post(t, st, 0, flow{}, begins)
	row.Flow = f.encode()
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		return Reply{}, conflictText(err)
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
		return Reply{Text: fmt.Sprintf("%s has started as a solo game: you play against %s.", gameTitle(t), solo), Game: row.ID, Lobby: &lobby}, nil
	}
	return Reply{Text: fmt.Sprintf("%s has started.", gameTitle(t)), Game: row.ID, Lobby: &lobby}, nil
}

// Abort ends a game without a result (its creator or a server admin).
func (s *Service) Abort(ctx context.Context, req Request) (Reply, error) {
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	row := t.row
	if row.Status == storage.StatusFinished || row.Status == storage.StatusAborted {
		return Reply{}, refuse("%s is already over.", gameTitle(t))
	}
	if req.User.ID != row.Creator && !req.User.Admin {
		return Reply{}, refuse("Only the creator of %s or a server admin can abort it.", gameTitle(t))
	}
	row.Status = storage.StatusAborted
	row.Deadline, row.RemindAt = nil, nil
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		return Reply{}, conflictText(err)
	}
	s.log.Info("audit: game aborted", "game", row.ID, "guild", row.Guild, "user", req.User.ID, "name", req.User.Name, "admin", req.User.Admin)
	text := fmt.Sprintf("%s was aborted by %s.", gameTitle(t), cleanName(req.User.Name))
	if err := s.store.Enqueue(ctx, s.plainNotice(row, text)); err != nil {
		return Reply{}, err
	}
	return Reply{Text: text, Game: row.ID}, nil
}

func conflictText(err error) error {
	if errors.Is(err, storage.ErrConflict) {
		return refuse("Someone else changed this game at the same moment; please try again.")
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
