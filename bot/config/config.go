// Package config loads boardbot's TOML configuration strictly: an unknown key is an error that
// names it, so a typo never silently falls back to a default. Secrets (the Discord token) are never
// in the file, only in environment variables the file names.
package config

import (
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// Config is every setting. config.example.toml documents each one; TestExampleIsDefault keeps
// the two in step.
type Config struct {
	Database Database `toml:"database"`
	Games    Games    `toml:"games"`
	Defaults Defaults `toml:"defaults"`
	Console  Console  `toml:"console"`
	Discord  Discord  `toml:"discord"`
	HTTP     HTTP     `toml:"http"`
	Metrics  Metrics  `toml:"metrics"`
	Outbox   Outbox   `toml:"outbox"`
	Log      Log      `toml:"log"`

	// environ is where Token looks; nil: the process environment.
	environ func(string) string
}

// Database is where games are stored.
type Database struct {
	Path string `toml:"path"` // SQLite file; created on first use
	// URL, when set, selects PostgreSQL instead: postgres://user@host:5432/dbname. The password
	// is not in it (secrets never are in the file) but in PGPASSWORD or ~/.pgpass.
	URL string `toml:"url"`
	// PostgreSQL only: connections each instance opens at most, the number of instances the
	// admin runs on the database (the pools must fit the server's max_connections together,
	// checked at start), and how long a move waits for a free connection before being told to
	// try again.
	MaxConnections  int `toml:"max_connections"`
	Instances       int `toml:"instances"`
	PoolWaitSeconds int `toml:"pool_wait_seconds"`
	// Backups is the folder for `boardbot backup`'s files (SQLite copies, PostgreSQL dumps) and
	// the automatic backups before a schema migration; "" = backups/ beside Path.
	Backups string `toml:"backups"`
}

// Games chooses which games are offered.
type Games struct {
	Enabled []string `toml:"enabled"` // game ids; empty = all
}

// Defaults apply to servers that have not set their own.
type Defaults struct {
	ReminderHours int  `toml:"reminder_hours"`
	ClockDays     int  `toml:"clock_days"`
	AutoForced    bool `toml:"auto_forced"`
}

// Console is the local terminal adapter.
type Console struct {
	Images string `toml:"images"` // folder the board images are written to
	// Database is the console's own SQLite file, so that trying games never touches the bot's
	// (database.path); --db overrides it.
	Database string `toml:"database"`
}

// Discord is the bot's application.
type Discord struct {
	TokenEnv      string `toml:"token_env"` // name of the environment variable holding the bot token
	ApplicationID string `toml:"application_id"`
	PublicKey     string `toml:"public_key"` // hex, for the HTTP interactions endpoint
	// APIURL is where REST calls go instead of https://discord.com: a proxy that shares one
	// rate-limit budget between several instances, or a test's stub. "" = Discord itself.
	APIURL string `toml:"api_url"`
	// ArchiveAfter is how long a finished game's thread stays open without a message before
	// Discord archives it, freeing one of the server's 1,000 active-thread slots. Discord knows
	// 1 hour, 1, 3 and 7 days; other values are rounded up to one of them. 0: never shortened
	// (the thread keeps its week, as a running game's does).
	ArchiveAfter Duration `toml:"archive_after"`
}

// Duration is a length of time written as Go writes one: "24h", "90m", "0".
type Duration time.Duration

// UnmarshalText reads a duration from the file or the environment.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(strings.TrimSpace(string(b)))
	if err != nil {
		return fmt.Errorf("%q is not a duration such as 24h, 90m or 0", string(b))
	}
	*d = Duration(v)
	return nil
}

// MarshalText writes it back as it reads best: "24h", not "24h0m0s".
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

func (d Duration) String() string {
	s := time.Duration(d).String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// Outbox is the delivery of thread posts and messages.
type Outbox struct {
	// LeaseSeconds is how long an instance holds the messages it claimed for sending; another
	// instance takes them over when the holder died. Longer than the slowest send.
	LeaseSeconds int `toml:"lease_seconds"`
}

// HTTP is the interactions endpoint of `boardbot serve`.
type HTTP struct {
	Listen string `toml:"listen"`
}

// Metrics is the operations listener of both modes: /livez, /readyz and /metrics.
type Metrics struct {
	Listen string `toml:"listen"` // "" = none
}

// Log is the logger.
type Log struct {
	Level  string `toml:"level"`  // debug, info, warn, error
	Format string `toml:"format"` // text or json
}

// Default is the configuration without a file.
func Default() Config {
	return Config{
		Database: Database{Path: "boardbot.db", MaxConnections: 10, Instances: 1, PoolWaitSeconds: 10},
		Defaults: Defaults{ReminderHours: 24, ClockDays: 0, AutoForced: true},
		Console:  Console{Images: "boardbot-images", Database: "boardbot-console.db"},
		Discord:  Discord{TokenEnv: "BOARDBOT_TOKEN", ArchiveAfter: Duration(24 * time.Hour)},
		HTTP:     HTTP{Listen: "127.0.0.1:8080"},
		Outbox:   Outbox{LeaseSeconds: 120},
		Log:      Log{Level: "info", Format: "text"},
	}
}

// Load reads a file over the defaults. A missing path argument ("") gives the defaults.
func Load(path string) (Config, error) {
	c := Default()
	if path == "" {
		return c, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return c, fmt.Errorf("config: %w", err)
	}
	return Parse(string(b), path)
}

// Parse reads configuration text over the defaults and validates it; name is used in messages.
func Parse(text, name string) (Config, error) {
	c, err := decode(text, name)
	if err != nil {
		return c, err
	}
	return c, c.Validate()
}

// decode reads configuration text over the defaults, refusing unknown keys.
func decode(text, name string) (Config, error) {
	c := Default()
	md, err := toml.Decode(text, &c)
	if err != nil {
		if strings.Contains(err.Error(), "destination has type slice") {
			// Go's word for a list: say what to write.
			return c, fmt.Errorf("config %s: %w (this key takes a list: write it in brackets, such as [\"autumn-ash\", \"reef-encounter\"])", name, err)
		}
		return c, fmt.Errorf("config %s: %w", name, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		hint := "see config.example.toml"
		for _, k := range keys {
			if k == "discord.token" || k == "token" {
				// The likeliest mistake of all; the file may be world-readable or committed.
				hint = "the bot token never goes in the file: set it in the environment variable BOARDBOT_TOKEN, or name a file holding it in BOARDBOT_TOKEN_FILE"
			}
		}
		return c, fmt.Errorf("config %s: unknown key %s (%s)", name, strings.Join(keys, ", "), hint)
	}
	return c, nil
}

// Validate checks values that TOML types cannot.
func (c Config) Validate() error {
	var errs []error
	if c.Database.Path == "" {
		errs = append(errs, errors.New("database.path is empty"))
	}
	if c.Database.URL != "" {
		u, err := url.Parse(c.Database.URL)
		switch {
		case err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql"):
			errs = append(errs, errors.New("database.url must look like postgres://user@host:5432/dbname"))
		case u.User != nil && func() bool { _, set := u.User.Password(); return set }():
			errs = append(errs, errors.New("database.url carries a password: remove it and set the PGPASSWORD environment variable (or ~/.pgpass) instead"))
		}
	}
	if strings.Contains(c.Database.URL, "pool_max_conns") {
		errs = append(errs, errors.New("database.url sets pool_max_conns: size the pool with database.max_connections instead"))
	}
	if n := c.Database.MaxConnections; n < 2 || n > 1000 {
		errs = append(errs, errors.New("database.max_connections must be 2 to 1000"))
	}
	if n := c.Database.Instances; n < 1 || n > 100 {
		errs = append(errs, errors.New("database.instances must be 1 to 100"))
	}
	if n := c.Database.PoolWaitSeconds; n < 1 || n > 120 {
		errs = append(errs, errors.New("database.pool_wait_seconds must be 1 to 120"))
	}
	if c.Discord.APIURL != "" {
		u, err := url.Parse(c.Discord.APIURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			errs = append(errs, errors.New("discord.api_url must look like http://proxy:8080 (no path), or be empty for Discord itself"))
		}
	}
	if a := time.Duration(c.Discord.ArchiveAfter); a != 0 && (a < time.Hour || a > 7*24*time.Hour) {
		errs = append(errs, fmt.Errorf("discord.archive_after %s must be 0 (never) or 1h to 168h: Discord archives a thread after 1 hour, 1, 3 or 7 days without a message", c.Discord.ArchiveAfter))
	}
	if c.Outbox.LeaseSeconds < 10 || c.Outbox.LeaseSeconds > 3600 {
		errs = append(errs, errors.New("outbox.lease_seconds must be 10 to 3600"))
	}
	if c.Defaults.ReminderHours < 0 || c.Defaults.ReminderHours > 720 {
		errs = append(errs, errors.New("defaults.reminder_hours must be 0 to 720"))
	}
	if c.Defaults.ClockDays < 0 || c.Defaults.ClockDays > 30 {
		errs = append(errs, errors.New("defaults.clock_days must be 0 to 30"))
	}
	switch c.Log.Level {
	case "debug", "info", "warn", "error":
	default:
		errs = append(errs, fmt.Errorf("log.level %q: use debug, info, warn or error", c.Log.Level))
	}
	switch c.Log.Format {
	case "text", "json":
	default:
		errs = append(errs, fmt.Errorf("log.format %q: use text or json", c.Log.Format))
	}
	if c.Discord.TokenEnv == "" {
		errs = append(errs, errors.New("discord.token_env is empty: name the environment variable that holds the bot token (the default is BOARDBOT_TOKEN), or remove the key"))
	}
	if c.Console.Database == "" {
		errs = append(errs, errors.New("console.database is empty"))
	}
	if err := checkListen("http.listen", c.HTTP.Listen, false); err != nil {
		errs = append(errs, err)
	}
	if err := checkListen("metrics.listen", c.Metrics.Listen, true); err != nil {
		errs = append(errs, err)
	}
	if sameListener(c.HTTP.Listen, c.Metrics.Listen) {
		errs = append(errs, fmt.Errorf("metrics.listen %q and http.listen %q are the same port: the operations listener (/livez, /readyz, /metrics) needs a port of its own, such as 127.0.0.1:8081", c.Metrics.Listen, c.HTTP.Listen))
	}
	if id := c.Discord.ApplicationID; id != "" && !snowflake(id) {
		errs = append(errs, fmt.Errorf("discord.application_id %q is not an application id: copy the number (17 to 20 digits) from the developer portal's General Information page", id))
	}
	if k := c.Discord.PublicKey; k != "" {
		if b, err := hex.DecodeString(k); err != nil || len(b) != 32 {
			errs = append(errs, errors.New("discord.public_key must be the 64 hex digits of the application's public key"))
		}
	}
	seen := map[string]bool{}
	for _, g := range c.Games.Enabled {
		if seen[g] {
			errs = append(errs, fmt.Errorf("games.enabled lists %q twice", g))
		}
		seen[g] = true
	}
	return errors.Join(errs...)
}

// checkListen refuses an address a listener could not use, at start rather than at the first
// request (a metrics listener that failed used to be logged and forgotten).
func checkListen(key, addr string, empty bool) error {
	if addr == "" {
		if empty {
			return nil
		}
		return fmt.Errorf("%s is empty", key)
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%s %q must be host:port, such as 127.0.0.1:8080 or :8080", key, addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("%s %q: the port must be a number from 0 to 65535", key, addr)
	}
	if host != "" && net.ParseIP(host) == nil && strings.ContainsAny(host, " /:@") {
		return fmt.Errorf("%s %q: %q is not a host name or address", key, addr, host)
	}
	return nil
}

// sameListener reports whether two listen addresses would ask for the same port: the same port
// number (not 0, which picks a free one) on hosts that are equal, or one of them every address.
func sameListener(a, b string) bool {
	ha, pa, err1 := net.SplitHostPort(a)
	hb, pb, err2 := net.SplitHostPort(b)
	if err1 != nil || err2 != nil || pa != pb || pa == "0" {
		return false
	}
	any := func(h string) bool { return h == "" || h == "0.0.0.0" || h == "::" }
	return ha == hb || any(ha) || any(hb)
}

// CheckListen refuses an address a listener could not use (serve's --listen), as Validate does
// for http.listen.
func CheckListen(key, addr string) error { return checkListen(key, addr, false) }

// snowflake reports whether s looks like a Discord id: digits only, 17 to 20 of them.
func snowflake(s string) bool {
	if len(s) < 17 || len(s) > 20 {
		return false
	}
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// Token reads the bot token from the environment variable the config names, or from the file
// that variable with _FILE after it names (a container secret).
func (c Config) Token() (string, error) {
	getenv := c.environ
	if getenv == nil {
		getenv = os.Getenv
	}
	v, _, err := lookup(c.Discord.TokenEnv, getenv)
	if err != nil {
		return "", err
	}
	if t := strings.TrimSpace(v); t != "" {
		// The portal shows the token alone; a "Bot " before it (copied from an example of the
		// Authorization header) would be sent as "Bot Bot …" and refused with a 401 that does
		// not say why.
		if p, _, ok := strings.Cut(t, " "); ok && (strings.EqualFold(p, "Bot") || strings.EqualFold(p, "Bearer")) {
			return "", fmt.Errorf("the bot token in %s starts with %q: set the token alone, as the developer portal's Bot page shows it (boardbot adds the \"Bot \" itself)", c.Discord.TokenEnv, p+" ")
		}
		if strings.ContainsAny(t, " \t\r\n") {
			return "", fmt.Errorf("the bot token in %s holds white space: set the token alone, as the developer portal's Bot page shows it", c.Discord.TokenEnv)
		}
		return t, nil
	}
	return "", fmt.Errorf("set the bot token in the environment variable %s (or name a file holding it in %s_FILE)", c.Discord.TokenEnv, c.Discord.TokenEnv)
}
