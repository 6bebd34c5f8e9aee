package postgres

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/storage"
)

// #34: while the server cannot be reached, a read (the first thing an interaction does) fails
// with an *storage.Unavailable, so the player is told "Nothing was saved", as on SQLite's full
// disk, instead of "I can't tell whether it was done". (No server needed: a port nobody
// listens on.)
func TestUnreachableServerReadSaysNothingWasSaved(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	pp, err := pgxpool.New(context.Background(), "postgres://boardbot@"+addr+"/boardbot?connect_timeout=2")
	if err != nil {
		t.Fatal(err)
	}
	defer pp.Close()
	p := &pool{Pool: pp, wait: 2 * time.Second}
	var n int
	for name, err := range map[string]error{
		"QueryRow": p.QueryRow(t.Context(), "SELECT 1").Scan(&n),
		"Exec":     func() error { _, err := p.Exec(t.Context(), "SELECT 1"); return err }(),
		"Query":    func() error { _, err := p.Query(t.Context(), "SELECT 1"); return err }(),
	} {
		u, ok := storage.AsUnavailable(err)
		if !ok || u.Part != storage.PartDatabase {
			t.Errorf("%s: %v, want an Unavailable of the database", name, err)
			continue
		}
		if msg, ok := bot.RefusalIn(bot.LangEnglish, err); !ok || msg[:len("Nothing was saved")] != "Nothing was saved" {
			t.Errorf("%s: the player reads %q", name, msg)
		}
	}
}
