package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// preflight checks what run and serve check at start, beyond the configuration's own values,
// without starting anything: the token is set, the database's place is usable, the listeners
// can bind. `config check` is a pre-flight: it must not say "valid" for a configuration that
// cannot start. problems stop a start; notes do not. What needs the network (Discord accepting
// the token, the PostgreSQL server) is left to the start itself.
func preflight(ctx context.Context, c config.Config) (problems, notes []string) {
	if _, err := c.Token(); err != nil {
		problems = append(problems, err.Error())
	}
	if c.Database.URL == "" {
		db := c.Database.Path
		fi, statErr := os.Stat(db)
		switch {
		case statErr == nil && fi.IsDir():
			problems = append(problems, fmt.Sprintf("database.path %s is a folder, not a database file: name a file in it, such as %s/boardbot.db", db, strings.TrimSuffix(db, "/")))
		default:
			if err := sqlite.CheckPlace(db); err != nil {
				problems = append(problems, fmt.Sprintf("database.path %s: %v", db, err))
			} else if os.IsNotExist(statErr) {
				notes = append(notes, fmt.Sprintf("database.path %s does not exist yet: the first start creates it", db))
			}
		}
	} else {
		notes = append(notes, "the PostgreSQL server is not contacted here: run and serve connect and check the connections at start")
	}
	// run binds metrics.listen; serve binds http.listen as well, and needs discord.public_key.
	for _, l := range []struct{ key, addr, probe, mode string }{
		{"metrics.listen", c.Metrics.Listen, "/livez", "run and serve"},
		{"http.listen", c.HTTP.Listen, "/healthz", "serve"},
	} {
		if l.addr == "" {
			continue
		}
		if l.key == "http.listen" && c.Discord.PublicKey == "" {
			// Without the public key this configuration cannot serve; gateway mode (run) never
			// binds http.listen, whose default may well be another program's port.
			continue
		}
		err := canBind(l.addr)
		switch {
		case err == nil:
		case isInUse(err) && answersLikeBoardbot(ctx, l.addr, l.probe):
			notes = append(notes, fmt.Sprintf("%s %s is in use by a running boardbot: fine when it is the one this configuration replaces; stop it before the new one starts", l.key, l.addr))
		case isInUse(err):
			problems = append(problems, fmt.Sprintf("%s %s is in use by another program (%s would fail): choose another port, or stop that program", l.key, l.addr, l.mode))
		default:
			problems = append(problems, fmt.Sprintf("%s %s cannot be listened on (%s would fail): %v", l.key, l.addr, l.mode, err))
		}
	}
	return problems, notes
}

// canBind listens on addr and closes at once.
func canBind(addr string) error {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return l.Close()
}

func isInUse(err error) bool { return strings.Contains(err.Error(), "address already in use") }

// answersLikeBoardbot asks addr's probe path whether a boardbot listens there: /livez answers
// "ok", /healthz "ready" or "not ready: …".
func answersLikeBoardbot(ctx context.Context, addr, path string) bool {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", "http://"+net.JoinHostPort(host, port)+path, nil)
	if err != nil {
		return false
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 256))
	body := strings.TrimSpace(string(b))
	return body == "ok" || body == "ready" || strings.HasPrefix(body, "not ready")
}
