// Package config loads boardbot's TOML configuration strictly: an unknown key is an error that
// names it, so a typo never silently falls back to a default. Secrets (the Discord token) are never
// in the file, only in environment variables the file names.
package config

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"

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
}

// Database is where games are stored.
type Database struct {
	Path string `toml:"path"` // SQLite file; created on first use
	// URL, when set, selects PostgreSQL instead: postgres://user@host:5432/dbname. The password
	// is not in it (secrets never are in the file) but in PGPASSWORD or ~/.pgpass.
	URL string `toml:"url"`
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
}

// Discord is the bot's application.
type Discord struct {
	TokenEnv      string `toml:"token_env"` // name of the environment variable holding the bot token
	ApplicationID string `toml:"application_id"`
	PublicKey     string `toml:"public_key"` // hex, for the HTTP interactions endpoint
	// APIURL is where REST calls go instead of https://discord.com: a proxy that shares one
	// rate-limit budget between several instances, or a test's stub. "" = Discord itself.
	APIURL string `toml:"api_url"`
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

// Metrics is the Prometheus endpoint of `boardbot run` (`serve` has /metrics on its own listener).
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
		Database: Database{Path: "boardbot.db"},
		Defaults: Defaults{ReminderHours: 24, ClockDays: 0, AutoForced: true},
		Console:  Console{Images: "boardbot-images"},
		Discord:  Discord{TokenEnv: "BOARDBOT_TOKEN"},
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

// Parse reads configuration text over the defaults; name is used in messages.
func Parse(text, name string) (Config, error) {
	c := Default()
	md, err := toml.Decode(text, &c)
	if err != nil {
		return c, fmt.Errorf("config %s: %w", name, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		return c, fmt.Errorf("config %s: unknown key %s (see config.example.toml)", name, strings.Join(keys, ", "))
	}
	return c, c.Validate()
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
	if c.Discord.APIURL != "" {
		u, err := url.Parse(c.Discord.APIURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			errs = append(errs, errors.New("discord.api_url must look like http://proxy:8080 (no path), or be empty for Discord itself"))
		}
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
		errs = append(errs, errors.New("discord.token_env is empty"))
	}
	return errors.Join(errs...)
}

// Token reads the bot token from the environment variable the config names.
func (c Config) Token() (string, error) {
	t := strings.TrimSpace(os.Getenv(c.Discord.TokenEnv))
	if t == "" {
		return "", fmt.Errorf("set the bot token in the environment variable %s", c.Discord.TokenEnv)
	}
	return t, nil
}
