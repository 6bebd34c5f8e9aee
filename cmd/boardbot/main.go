// Command boardbot runs the board-game bot and its tools. Each sub-command is a function from its
// arguments to an exit code; main only wires them.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/bot/console"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/postgres"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// stdin is the console's input; tests replace it.
var stdin io.Reader = os.Stdin

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

type command struct {
	name, usage, help string
	run               func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"console", "console [--config FILE] [--db PATH] [--images DIR]", "play in the terminal, without Discord, on the embedded SQLite store", cmdConsole},
		{"replay", "replay FILE [--json] [--png DIR] [--gif OUT] [--recap OUT] [--suggest LEVEL]", "rebuild a game from its record; exits non-zero on an illegal line; --suggest prints the AI's move for the awaited seats", cmdReplay},
		{"selfplay", "selfplay --game G --games N --seed S [--seats K] [--option k=v ...] [--render]", "random legal playouts to the end, with figures as JSON", cmdSelfplay},
		{"arena", "arena --game G --seats K --games N --players ai:hard,random,... [--seed S] [--option k=v ...] [--json]", "AI strength: games between kinds of players, wins with 95% confidence intervals, think time", cmdArena},
		{"run", "run [--config FILE]", "connect to Discord's gateway and serve the bot (token from the environment); /livez, /readyz and /metrics on metrics.listen", cmdRun},
		{"serve", "serve [--config FILE] [--listen ADDR]", "serve Discord's HTTP interactions endpoint (signatures verified); /livez, /readyz and /metrics on metrics.listen", cmdServe},
		{"health", "health [--config FILE] [--url URL]", "probe the running bot's /readyz on metrics.listen: exit 0 when ready, 1 when not (Docker's HEALTHCHECK)", cmdHealth},
		{"register", "register [--config FILE] [--guild ID] [--clear]", "register the slash commands with Discord (globally, or in one server at once); --clear removes them", cmdRegister},
		{"commands", "commands --json", "print the exact slash-command schema", cmdCommands},
		{"games", "games [--json]", "the registered games with their seats and options", cmdGames},
		{"fsck", "fsck [--config FILE] [--db PATH]", "replay every stored game and report any disagreement with its snapshot; writes nothing (read-only, never migrates)", cmdFsck},
		{"migrate", "migrate [--config FILE] [--db PATH] [--force]", "bring the database schema up to date (also done at every start); refused while the bot runs", cmdMigrate},
		{"migrate-db", "migrate-db --from FILE --to postgres://...", "copy a SQLite installation into an empty PostgreSQL database and fsck the copy", cmdMigrateDB},
		{"backup", "backup [--config FILE] [--db PATH] [--to FILE] [--keep N]", "a consistent copy of the database while the bot runs (SQLite: VACUUM INTO, integrity-checked; PostgreSQL: pg_dump)", cmdBackup},
		{"restore", "restore [--config FILE] [--db PATH] [--force] FILE", "check a backup, then put it in place of the stopped bot's SQLite database (the old file is kept aside) and fsck it; --force takes a backup with fewer games", cmdRestore},
		{"delete-server", "delete-server [--config FILE] [--db PATH] [--yes] SERVER_ID", "delete every game and setting of one Discord server (without --yes: say what would go)", cmdDeleteServer},
		{"forget-user", "forget-user [--config FILE] [--db PATH] [--yes] USER_ID", "erase one user's data as /settings forget does (finished games keep a former player)", cmdForgetUser},
		{"config", "config check [--config FILE] | config keys", "validate and print the configuration in force (secrets masked), and check what a start checks (token, database folder, ports); list every key with its environment variable", cmdConfig},
		{"version", "version", "print the version (also --version)", cmdVersion},
	}
}

// envHelp is the line every command's --help ends with.
const envHelp = `Environment: BOARDBOT_CONFIG names the configuration file (else ./boardbot.toml, else the
defaults); BOARDBOT_<SECTION>_<KEY> sets any key (boardbot config keys lists them) and
<VARIABLE>_FILE reads one from a file; the bot token is in BOARDBOT_TOKEN (discord.token_env).`

// shutdownBound is how long the bot may take to stop after SIGTERM or SIGINT: the interactions
// in flight finish, the posts being sent are recorded, the outbox's other claims are released.
// Past it the process exits anyway (a post then unrecorded goes out again after the lease, under
// the same nonce, which Discord deduplicates). It fits compose's stop_grace_period of 30 s.
const shutdownBound = 25 * time.Second

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		time.Sleep(shutdownBound)
		fmt.Fprintf(os.Stderr, "boardbot: still stopping %s after the signal: exiting now\n", shutdownBound)
		os.Exit(1)
	}()
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		return cmdVersion(ctx, nil, stdout, stderr)
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		if wantsHelp(args[1:]) {
			// Help asked for is an answer, not an error: on stdout, exit 0. The flag package
			// prints the flags when it meets -h.
			fmt.Fprintf(stdout, "Usage: boardbot %s\n  %s\n\n", c.usage, c.help)
			c.run(ctx, []string{"-h"}, stdout, stdout)
			fmt.Fprintf(stdout, "\n%s\n", envHelp)
			return 0
		}
		return c.run(ctx, args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "boardbot: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "boardbot — asynchronous board games on Discord\n\nUsage:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  boardbot %s\n      %s\n", c.usage, c.help)
	}
}

func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "-h", "-help", "--help":
			return true
		case "--":
			return false
		}
	}
	return false
}

// parseInterleaved parses flags that may come before or after positional arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// commandConfig parses a command's flags (--config and --db, plus any extra adds) and loads the
// configuration (config.Find: --config, BOARDBOT_CONFIG, ./boardbot.toml, then the environment).
// A flag error is errUsage, for exit code 2; so is a positional argument, which once made
// `boardbot run gw.toml` run on the defaults.
func commandConfig(name string, args []string, stderr io.Writer, extra func(*flag.FlagSet)) (config.Config, *flag.FlagSet, error) {
	return commandConfigArgs(name, args, stderr, extra, 0)
}

// commandConfigArgs is commandConfig for a command that takes exactly npos positional arguments
// after its flags.
func commandConfigArgs(name string, args []string, stderr io.Writer, extra func(*flag.FlagSet), npos int) (config.Config, *flag.FlagSet, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "", "configuration file (TOML); defaults apply without one")
	db := fs.String("db", "", "SQLite database file (overrides the config)")
	if extra != nil {
		extra(fs)
	}
	if err := fs.Parse(args); err != nil {
		return config.Config{}, nil, errUsage
	}
	if fs.NArg() != npos {
		if npos == 0 {
			hint := ""
			if strings.HasSuffix(fs.Arg(0), ".toml") {
				hint = fmt.Sprintf(" (a configuration file goes after --config: boardbot %s --config %s)", name, fs.Arg(0))
			}
			fmt.Fprintf(stderr, "boardbot %s takes no argument %q%s\n", name, fs.Arg(0), hint)
		} else {
			fmt.Fprintf(stderr, "boardbot %s needs %d argument(s) after its flags; see boardbot %s --help\n", name, npos, name)
		}
		return config.Config{}, nil, errUsage
	}
	c, _, err := config.Find(*cfgPath, os.Environ())
	if err != nil {
		return c, fs, err
	}
	if *db != "" {
		c.Database.Path = *db
		if name == "console" {
			c.Console.Database = *db
		}
	}
	slog.SetDefault(newLogger(c, stderr))
	return c, fs, nil
}

var errUsage = errors.New("usage")

// exitErr prints err (unless it is a usage error, already explained by the flag package) and
// returns the exit code.
func exitErr(stderr io.Writer, err error) int {
	if errors.Is(err, errUsage) {
		return 2
	}
	fmt.Fprintln(stderr, "boardbot:", err)
	return 1
}

func newLogger(c config.Config, w io.Writer) *slog.Logger {
	var lvl slog.Level
	_ = lvl.UnmarshalText([]byte(c.Log.Level))
	opts := &slog.HandlerOptions{Level: lvl}
	if c.Log.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openService opens the store and builds the application with the enabled games.
func openService(c config.Config, logw io.Writer) (*bot.Service, dbStore, error) {
	kits, err := enabledKits(c.Games.Enabled)
	if err != nil {
		return nil, nil, err
	}
	st, err := openStore(c)
	if err != nil {
		return nil, nil, err
	}
	return newService(st, kits, c, logw, nil), st, nil
}

// newService builds the application on st; obs (nil: none) hears of moves for the metrics.
func newService(st storage.Store, kits []bot.Kit, c config.Config, logw io.Writer, obs bot.Observer) *bot.Service {
	return bot.New(st, kits, bot.Options{
		Logger:               newLogger(c, logw),
		DefaultReminderHours: c.Defaults.ReminderHours,
		DefaultClockHours:    c.Defaults.ClockDays * 24,
		AutoForced:           c.Defaults.AutoForced,
		Observer:             obs,
		DeliverLease:         time.Duration(c.Outbox.LeaseSeconds) * time.Second,
	})
}

// fsck runs the store's own check, then replays every game against its snapshot. It returns the
// problems found and how many games were replayed.
func fsck(ctx context.Context, svc *bot.Service, st dbStore) ([]string, int, error) {
	problems, err := st.Check(ctx)
	if err != nil {
		return nil, 0, err
	}
	rep, err := svc.Fsck(ctx)
	if err != nil {
		return nil, 0, err
	}
	return append(problems, rep.Problems...), rep.Checked, nil
}

func cmdConsole(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var images *string
	c, _, err := commandConfig("console", args, stderr, func(fs *flag.FlagSet) {
		images = fs.String("images", "", "folder for board images (overrides the config)")
	})
	if err != nil {
		return exitErr(stderr, err)
	}
	if *images != "" {
		c.Console.Images = *images
	}
	// The console plays on its own file (console.database), never on the bot's games, and
	// always on SQLite.
	c.Database.Path, c.Database.URL = c.Console.Database, ""
	svc, st, err := openService(c, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "boardbot:", err)
		return 1
	}
	defer st.Close()
	con := console.New(svc, stdout, c.Console.Images)
	interactive := false
	if f, ok := stdin.(*os.File); ok {
		interactive = console.Interactive(f)
	}
	if err := con.Run(ctx, stdin, interactive); err != nil {
		fmt.Fprintln(stderr, "boardbot:", err)
		return 1
	}
	return 0
}

func cmdFsck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c, _, err := commandConfig("fsck", args, stderr, nil)
	if err != nil {
		return exitErr(stderr, err)
	}
	kits, err := enabledKits(c.Games.Enabled)
	if err != nil {
		return exitErr(stderr, err)
	}
	// fsck writes nothing, ever: no migration, no backup, no lock file. A check that migrated
	// once cut an installation off from the binary it meant to roll back to.
	st, err := openStoreReadOnly(ctx, c)
	if err != nil && c.Database.URL == "" {
		if why := whyDenied(false, c.Database.Path, c.Database.Path+"-wal", c.Database.Path+"-shm"); why != nil {
			err = why
		}
	}
	if err != nil {
		if (errors.Is(err, sqlite.ErrSchema) || errors.Is(err, postgres.ErrSchema)) && c.Database.URL == "" {
			// What can be checked without this build's tables still is: SQLite's own check.
			if ierr := sqlite.Integrity(ctx, c.Database.Path); ierr != nil {
				fmt.Fprintln(stdout, "integrity:", ierr)
			} else {
				fmt.Fprintln(stdout, "integrity ok; the games were not replayed")
			}
		}
		return exitErr(stderr, err)
	}
	defer st.Close()
	problems, checked, err := fsck(ctx, newService(st, kits, c, stderr, nil), st)
	if err != nil {
		fmt.Fprintln(stderr, "boardbot: fsck:", err)
		return 1
	}
	for _, p := range problems {
		fmt.Fprintln(stdout, p)
	}
	fmt.Fprintf(stdout, "%d games replayed, %d problems\n", checked, len(problems))
	if len(problems) > 0 {
		return 1
	}
	return 0
}

// openStoreReadOnly opens the configured store for a check: read-only connections, no
// migration, and a schema other than this build's refused with what to do.
func openStoreReadOnly(ctx context.Context, c config.Config) (dbStore, error) {
	if c.Database.URL == "" {
		if err := sqlite.Exists(c.Database.Path); err != nil {
			return nil, err
		}
		return sqlite.OpenReadOnly(ctx, c.Database.Path)
	}
	octx, cancel := context.WithTimeout(ctx, openTimeout)
	defer cancel()
	return postgres.OpenWith(octx, c.Database.URL, postgres.Options{MaxConns: 2, PoolWait: openTimeout, ReadOnly: true})
}

func cmdMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var force *bool
	c, _, err := commandConfig("migrate", args, stderr, func(fs *flag.FlagSet) {
		force = fs.Bool("force", false, "migrate PostgreSQL even while boardbot sessions are connected (a rolling upgrade's own risk)")
	})
	if err != nil {
		return exitErr(stderr, err)
	}
	where := c.Database.Path
	var from, to int
	if c.Database.URL != "" {
		where = "postgres"
		octx, cancel := context.WithTimeout(ctx, openTimeout)
		defer cancel()
		// A running instance reads the schema it started with: changing it underneath is for
		// the rolling upgrade an admin chose (--force), not for a command run in passing.
		running, err := postgres.RunningBots(octx, c.Database.URL)
		if err != nil {
			return exitErr(stderr, err)
		}
		if len(running) > 0 && !*force {
			return exitErr(stderr, fmt.Errorf("boardbot is running on this database (%s): stop every instance first, then migrate (or migrate anyway with --force)", strings.Join(running, "; ")))
		}
		from, to, err = postgres.Migrate(octx, c.Database.URL)
		if err != nil {
			fmt.Fprintln(stderr, "boardbot: migrate:", err)
			return 1
		}
	} else {
		if err := sqlite.Exists(c.Database.Path); err != nil {
			return exitErr(stderr, err)
		}
		unlock, err := stoppedBot(c.Database.Path, "migrate")
		if err != nil {
			return exitErr(stderr, err)
		}
		defer unlock()
		if err := autoBackup(ctx, c.Database.Path, backupsOf(c), slog.Default()); err != nil {
			return exitErr(stderr, err)
		}
		from, to, err = sqlite.Migrate(c.Database.Path)
		if err != nil {
			fmt.Fprintln(stderr, "boardbot: migrate:", err)
			return 1
		}
	}
	if from == to {
		fmt.Fprintf(stdout, "%s: schema %d is current\n", where, to)
	} else {
		fmt.Fprintf(stdout, "%s: schema %d -> %d\n", where, from, to)
	}
	return 0
}

// stoppedBot takes the SQLite database's lock alone for a command that must not run under a
// bot (restore, migrate, migrate-db), or says to stop the bot first. The lock file it may create
// is handed to the database's owner.
func stoppedBot(db, cmd string) (func(), error) {
	_, statErr := os.Stat(lockPath(db))
	unlock, err := lockFile(lockPath(db), true)
	if errors.Is(err, errLocked) {
		return nil, fmt.Errorf("a boardbot process is using %s: stop the bot first, then %s", db, cmd)
	}
	if err != nil {
		if why := whyDenied(true, lockPath(db)); why != nil {
			return nil, why
		}
		return nil, err
	}
	if statErr != nil {
		if err := handOver(lockPath(db), db, 0o600); err != nil {
			unlock()
			return nil, err
		}
	}
	return unlock, nil
}

func cmdVersion(_ context.Context, _ []string, stdout, _ io.Writer) int {
	v := version
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v += " (" + s.Value[:12] + ")"
			}
		}
		// The two stores number their migrations apart: name both, so an admin compares the
		// right one with the startup line's schema=.
		fmt.Fprintf(stdout, "boardbot %s, %s, schema %d (SQLite), %d (PostgreSQL)\n", v, bi.GoVersion, sqlite.SchemaVersion(), postgres.SchemaVersion())
		return 0
	}
	fmt.Fprintf(stdout, "boardbot %s\n", v)
	return 0
}

// optionFlag collects repeated --option key=value.
type optionFlag map[string]string

func (o optionFlag) String() string {
	var parts []string
	for k, v := range o {
		parts = append(parts, k+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func (o optionFlag) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return errors.New("use key=value")
	}
	o[k] = v
	return nil
}
