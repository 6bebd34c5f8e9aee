package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/postgres"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// dbStore is what the binary needs of a store: the Store, and a check of its own for fsck.
type dbStore interface {
	storage.Store
	Check(ctx context.Context) ([]string, error)
}

// openTimeout bounds connecting to PostgreSQL and migrating it at start.
const openTimeout = 30 * time.Second

// openStore opens the configured store: PostgreSQL when database.url is set, else SQLite. A
// SQLite file is locked shared for as long as the store is open (restore needs it alone), backed
// up before a start migrates its schema, and the migration is logged.
func openStore(c config.Config) (dbStore, error) {
	if c.Database.URL == "" {
		return openSQLite(c.Database.Path, backupsOf(c))
	}
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	// The pool is sized by the configuration and checked against the server's connections:
	// refused when the instances' pools cannot fit, warned when only the free ones are short.
	return postgres.OpenWith(ctx, c.Database.URL, postgres.Options{
		MaxConns:  c.Database.MaxConnections,
		Instances: c.Database.Instances,
		PoolWait:  time.Duration(c.Database.PoolWaitSeconds) * time.Second,
		Check:     true,
	})
}

func openSQLite(path, backups string) (dbStore, error) {
	ctx := context.Background()
	// A read-only file or mount, or a full disk, is named before the lock file, the backup or
	// SQLite trip over it with less telling errors.
	if err := sqlite.CheckPlace(path); err != nil {
		return nil, err
	}
	unlock, err := lockFile(lockPath(path), false)
	if errors.Is(err, errLocked) {
		return nil, fmt.Errorf("%s is being restored, migrated or copied (boardbot restore, migrate or migrate-db holds it): try again when that has finished", path)
	}
	if err != nil {
		if why := whyDenied(true, lockPath(path)); why != nil {
			return nil, why
		}
		return nil, err
	}
	if err := autoBackup(ctx, path, backups, slog.Default()); err != nil {
		unlock()
		return nil, err
	}
	before, _ := sqlite.FileSchema(ctx, path)
	st, err := sqlite.Open(path)
	if err != nil {
		unlock()
		return nil, err
	}
	switch after := sqlite.SchemaVersion(); {
	case before == 0:
		slog.Info("database created", "db", path, "schema", after)
	case before != after:
		slog.Info("database schema migrated", "db", path, "from", before, "to", after)
	}
	return &lockedStore{Store: st, unlock: unlock}, nil
}

// lockedStore releases the database's lock when it closes.
type lockedStore struct {
	*sqlite.Store
	unlock func()
}

func (s *lockedStore) Close() error {
	err := s.Store.Close()
	s.unlock()
	return err
}

// cmdMigrateDB copies a SQLite installation into an empty PostgreSQL database and checks the copy
// as fsck would.
func cmdMigrateDB(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("migrate-db", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the SQLite file to copy")
	to := fs.String("to", "", "the PostgreSQL database to copy into (postgres://...; empty)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *from == "" || !postgres.IsURL(*to) {
		fmt.Fprintln(stderr, "boardbot: migrate-db needs --from <sqlite file> and --to postgres://user@host/dbname")
		return 2
	}
	if err := sqlite.Exists(*from); err != nil {
		fmt.Fprintln(stderr, "boardbot: migrate-db:", err)
		return 1
	}
	if u, err := url.Parse(*to); err == nil && u.User != nil {
		if _, set := u.User.Password(); set {
			// database.url refuses one; here it is only warned about, the copy being one run.
			fmt.Fprintln(stderr, "boardbot: migrate-db: warning: --to carries a password, which the process list and the shell's history show; set PGPASSWORD (or ~/.pgpass) instead, and leave it out of database.url")
		}
	}
	// Moves made while the copy runs would stay in SQLite only: the bot must be stopped, and
	// stays out (its start waits for the lock) until the copy is done.
	unlock, err := stoppedBot(*from, "copy it")
	if err != nil {
		fmt.Fprintln(stderr, "boardbot: migrate-db:", err)
		return 1
	}
	defer unlock()
	octx, cancel := context.WithTimeout(ctx, openTimeout)
	running, err := postgres.RunningBots(octx, *to)
	cancel()
	if err != nil {
		fmt.Fprintln(stderr, "boardbot: migrate-db:", err)
		return 1
	}
	if len(running) > 0 {
		fmt.Fprintf(stderr, "boardbot: migrate-db: boardbot is already running on the PostgreSQL database (%s): stop it; start it on PostgreSQL once the copy is done\n", strings.Join(running, "; "))
		return 1
	}
	if err := migrateDB(ctx, *from, *to, stdout); err != nil {
		fmt.Fprintln(stderr, "boardbot: migrate-db:", err)
		return 1
	}
	return 0
}

func migrateDB(ctx context.Context, from, to string, stdout io.Writer) error {
	src, err := sqlite.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	octx, cancel := context.WithTimeout(ctx, openTimeout)
	dst, err := postgres.Open(octx, to)
	cancel()
	if err != nil {
		return err
	}
	defer dst.Close()
	empty, err := dst.Empty(ctx)
	if err != nil {
		return err
	}
	if !empty {
		return errors.New("the PostgreSQL database already holds games or settings; copy into an empty one")
	}
	counted := &copyCounter{Copier: dst}
	if err := src.Export(ctx, counted); err != nil {
		return err
	}
	if err := dst.FinishCopy(ctx); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "copied %d games, %d moves, %d keys, %d settings, %d queued messages\n",
		counted.games, counted.moves, counted.keys, counted.settings, counted.outbox)

	// Verify the target as `boardbot fsck` would: its own check, then every game replayed
	// against its snapshot.
	kits, err := enabledKits(nil)
	if err != nil {
		return err
	}
	problems, checked, err := fsck(ctx, newService(dst, kits, config.Default(), io.Discard, nil), dst)
	if err != nil {
		return err
	}
	for _, p := range problems {
		fmt.Fprintln(stdout, p)
	}
	if len(problems) > 0 {
		return fmt.Errorf("the copy does not check out: %d problems (the SQLite file is untouched)", len(problems))
	}
	fmt.Fprintf(stdout, "fsck on the copy: %d games replayed, 0 problems\n", checked)
	return nil
}

// copyCounter counts what passes through to the Copier, for the summary.
type copyCounter struct {
	storage.Copier
	games, moves, keys, settings, outbox int
}

func (c *copyCounter) CopyGame(ctx context.Context, g *storage.Game, log []storage.Move) error {
	c.games++
	c.moves += len(log)
	return c.Copier.CopyGame(ctx, g, log)
}

func (c *copyCounter) CopyKeys(ctx context.Context, keys []storage.Key) error {
	c.keys += len(keys)
	return c.Copier.CopyKeys(ctx, keys)
}

func (c *copyCounter) CopySettings(ctx context.Context, s []storage.Setting) error {
	c.settings += len(s)
	return c.Copier.CopySettings(ctx, s)
}

func (c *copyCounter) CopyOutbox(ctx context.Context, msgs []storage.OutboxMessage) error {
	c.outbox += len(msgs)
	return c.Copier.CopyOutbox(ctx, msgs)
}
