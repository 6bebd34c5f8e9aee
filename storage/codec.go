package storage

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Helpers every store shares, so that the stores agree on what they accept and how they encode it.

// Valid reports whether s is one of the four statuses.
func (s Status) Valid() bool {
	switch s {
	case StatusLobby, StatusRunning, StatusFinished, StatusAborted:
		return true
	}
	return false
}

// CheckPlayers refuses seats a table cannot hold, before anything is written.
func CheckPlayers(ps []Player) error {
	seen := make(map[int]bool, len(ps))
	for _, p := range ps {
		if p.Seat < 0 {
			return fmt.Errorf("player %q: negative seat %d", p.UserID, p.Seat)
		}
		if seen[p.Seat] {
			return fmt.Errorf("seat %d given twice", p.Seat)
		}
		seen[p.Seat] = true
	}
	return nil
}

// EncodeOptions gives a game's options as a JSON object; the same map always gives the same text
// (encoding/json sorts the keys).
func EncodeOptions(o map[string]string) (string, error) {
	if len(o) == 0 {
		return "{}", nil
	}
	b, err := json.Marshal(o)
	if err != nil {
		return "", fmt.Errorf("encode options: %w", err)
	}
	return string(b), nil
}

// DecodeOptions never returns a nil map, so callers can add options to a loaded game.
func DecodeOptions(s string) (map[string]string, error) {
	o := map[string]string{}
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		return nil, fmt.Errorf("decode options %q: %w", s, err)
	}
	if o == nil { // the text "null"
		o = map[string]string{}
	}
	return o, nil
}

// Migration is one numbered schema change of a store.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// LoadMigrations reads the files NNNN_what.sql in dir of fsys and checks they are numbered 1, 2,
// 3, ... with no gap or repeat, so a mistake in a new file fails every test instead of skipping
// a step.
func LoadMigrations(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var ms []Migration
	for _, e := range entries {
		name := e.Name()
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %s: name must be NNNN_what.sql", name)
		}
		body, err := fs.ReadFile(fsys, path.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", name, err)
		}
		ms = append(ms, Migration{Version: v, Name: name, SQL: string(body)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	for i, m := range ms {
		if m.Version != i+1 {
			return nil, fmt.Errorf("migration %s: expected number %d", m.Name, i+1)
		}
	}
	return ms, nil
}

// SortOutbox puts msgs in queue order: by NextTry, then by ID.
func SortOutbox(msgs []OutboxMessage) {
	slices.SortFunc(msgs, func(a, b OutboxMessage) int {
		return cmp.Or(a.NextTry.Compare(b.NextTry), cmp.Compare(a.ID, b.ID))
	})
}

// CheckRows loads every game of s and its log one by one and returns a line for each that does
// not load, so a store's Check reports every damaged row rather than stopping at the first.
func CheckRows(ctx context.Context, s Store) ([]string, error) {
	ids, err := s.GameIDs(ctx)
	if err != nil {
		return nil, err
	}
	var problems []string
	for _, id := range ids {
		if _, err := s.Game(ctx, id); err != nil {
			problems = append(problems, "row: "+err.Error())
			continue
		}
		if _, err := s.Moves(ctx, id); err != nil {
			problems = append(problems, "row: "+err.Error())
		}
	}
	return problems, nil
}

// PrepareOutbox checks msgs and fills in what a store decides when it queues them: a zero GameID
// becomes game (0: none), a zero NextTry and Created become now, a nil Payload an empty one.
func PrepareOutbox(msgs []OutboxMessage, game int64, now time.Time) ([]OutboxMessage, error) {
	out := make([]OutboxMessage, len(msgs))
	for i, m := range msgs {
		if m.Kind == "" {
			return nil, fmt.Errorf("outbox message %d: empty kind", i)
		}
		if m.GameID == 0 {
			m.GameID = game
		}
		if m.NextTry.IsZero() {
			m.NextTry = now
		}
		if m.Payload == nil {
			m.Payload = []byte{}
		}
		m.Created = now
		out[i] = m
	}
	return out, nil
}

// Prepare checks w before a store writes it, and returns it with what the store decides filled
// in: the move's time (now when zero), an empty snapshot for nil, and the outbox as PrepareOutbox
// leaves it.
func (w MoveWrite) Prepare(now time.Time) (MoveWrite, error) {
	if w.Status != "" && !w.Status.Valid() {
		return w, fmt.Errorf("unknown status %q", w.Status)
	}
	if w.Players != nil {
		if err := CheckPlayers(w.Players); err != nil {
			return w, err
		}
	}
	if w.Move.At.IsZero() {
		w.Move.At = now
	}
	if w.Snapshot == nil {
		w.Snapshot = []byte{}
	}
	msgs, err := PrepareOutbox(w.Outbox, w.GameID, now)
	w.Outbox = msgs
	return w, err
}
