package main

// Leaving: erasing one Discord server's data, or one user's, on request. Both are final (take a
// backup first if in doubt) and both ask for --yes: without it they only say what would go.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"regexp"

	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// discordID is a Discord id: a server's or a user's. Checked so that a typo or a name is refused
// rather than matching nothing (or the console's games, which have no server).
var discordID = regexp.MustCompile(`^[0-9]{1,20}$`)

// leaveCommand parses a leaving command's flags and its one id, and opens the store.
func leaveCommand(name, what string, args []string, stderr io.Writer) (c config.Config, id string, yes bool, st dbStore, err error) {
	// "delete-server 1000 --yes" is as natural as "--yes 1000": the flag moves before the id.
	var flags, rest []string
	for _, a := range args {
		if a == "--yes" || a == "-yes" {
			flags = append(flags, a)
		} else {
			rest = append(rest, a)
		}
	}
	args = append(flags, rest...)
	var y *bool
	c, fs, err := commandConfigArgs(name, args, stderr, func(fs *flag.FlagSet) {
		y = fs.Bool("yes", false, "really delete (without it: say what would be deleted, change nothing)")
	}, 1)
	if err != nil {
		return c, "", false, nil, err
	}
	id = fs.Arg(0)
	if !discordID.MatchString(id) {
		return c, "", false, nil, fmt.Errorf("%s: %q is not a Discord %s id (digits: in Discord, Developer Mode on, right-click, Copy ID)", name, id, what)
	}
	st, err = openLeaveStore(c)
	return c, id, *y, st, err
}

func openLeaveStore(c config.Config) (dbStore, error) {
	if c.Database.URL == "" {
		if err := sqlite.Exists(c.Database.Path); err != nil {
			return nil, err
		}
	}
	return openStore(c)
}

func cmdDeleteServer(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	_, guild, yes, st, err := leaveCommand("delete-server", "server", args, stderr)
	if err != nil {
		return exitErr(stderr, err)
	}
	defer st.Close()
	rows, err := st.Games(ctx, storage.GameFilter{Guild: guild})
	if err != nil {
		return exitErr(stderr, fmt.Errorf("delete-server: %w", err))
	}
	going := 0
	for _, r := range rows {
		if r.Status == storage.StatusLobby || r.Status == storage.StatusRunning {
			going++
		}
	}
	settings, err := st.Settings(ctx, "guild", guild)
	if err != nil {
		return exitErr(stderr, fmt.Errorf("delete-server: %w", err))
	}
	if !yes {
		fmt.Fprintf(stdout, "server %s: %d games (%d in a lobby or running) and %d server settings would be deleted, with their moves, seats and queued messages\n",
			guild, len(rows), going, len(settings))
		fmt.Fprintln(stdout, "nothing was deleted: run again with --yes (after removing the bot from that server, so no game goes on)")
		return 1
	}
	n, err := st.DeleteGuild(ctx, guild)
	if err != nil {
		return exitErr(stderr, fmt.Errorf("delete-server: %w", err))
	}
	slog.Info("audit: a server's data was deleted", "guild", guild, "games", n)
	fmt.Fprintf(stdout, "server %s: deleted %d games and the server's settings\n", guild, n)
	return 0
}

func cmdForgetUser(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c, user, yes, st, err := leaveCommand("forget-user", "user", args, stderr)
	if err != nil {
		return exitErr(stderr, err)
	}
	defer st.Close()
	kits, err := enabledKits(c.Games.Enabled)
	if err != nil {
		return exitErr(stderr, err)
	}
	svc := newService(st, kits, c, stderr, nil)
	going, err := svc.GoingGames(ctx, user)
	if err != nil {
		return exitErr(stderr, fmt.Errorf("forget-user: %w", err))
	}
	if len(going) > 0 {
		fmt.Fprintf(stderr, "boardbot: forget-user: the user still plays in %d game(s) in a lobby or running (", len(going))
		for i, g := range going {
			if i > 0 {
				fmt.Fprint(stderr, ", ")
			}
			fmt.Fprintf(stderr, "#%d %s", g.ID, g.Kind)
		}
		fmt.Fprintln(stderr, "): they resign or leave them first (/resign, /leave), or an admin aborts them (/abort)")
		return 1
	}
	rows, err := st.Games(ctx, storage.GameFilter{UserID: user})
	if err != nil {
		return exitErr(stderr, fmt.Errorf("forget-user: %w", err))
	}
	if !yes {
		fmt.Fprintf(stdout, "user %s: their settings would be deleted, and in %d games their seat would become a former player\n", user, len(rows))
		fmt.Fprintln(stdout, "nothing was changed: run again with --yes")
		return 1
	}
	n, err := svc.ForgetUser(ctx, user)
	if errors.Is(err, storage.ErrPlaying) {
		return exitErr(stderr, errors.New("forget-user: the user joined a game meanwhile: try again"))
	}
	if err != nil {
		return exitErr(stderr, fmt.Errorf("forget-user: %w", err))
	}
	fmt.Fprintf(stdout, "user %s: settings deleted; %d games now show a former player in their seat\n", user, n)
	return 0
}
