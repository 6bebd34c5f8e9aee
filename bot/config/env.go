package config

import (
	"encoding"
	"errors"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// EnvPrefix starts every environment variable that sets a key: BOARDBOT_<SECTION>_<KEY>, in
// capitals, e.g. BOARDBOT_DISCORD_APPLICATION_ID for discord.application_id. A variable named
// like one with _FILE after it is read from that file instead (a container's secret), with the
// surrounding white space trimmed.
const EnvPrefix = "BOARDBOT_"

// ConfigEnv names the configuration file when --config is not given.
const ConfigEnv = "BOARDBOT_CONFIG"

// DefaultFile is read when neither --config nor BOARDBOT_CONFIG names a file and it exists in the
// working directory.
const DefaultFile = "boardbot.toml"

// Source says where the configuration came from, for the startup line and `config check`.
type Source struct {
	File string   // the file read, "" for none
	Why  string   // "--config", "BOARDBOT_CONFIG", "./boardbot.toml" or "defaults"
	Env  []string // the environment variables that set keys, sorted
}

// Find loads the configuration as every command does: the file given by --config (flag), else
// the one BOARDBOT_CONFIG names, else ./boardbot.toml when it exists, else the defaults; then
// the environment overrides keys; then everything is validated. environ is os.Environ() in the
// binary.
func Find(flag string, environ []string) (Config, Source, error) {
	vars := map[string]string{}
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	getenv := func(k string) string { return vars[k] }
	src := Source{Why: "defaults"}
	switch {
	case flag != "":
		src.File, src.Why = flag, "--config"
	case getenv(ConfigEnv) != "":
		src.File, src.Why = getenv(ConfigEnv), ConfigEnv
	default:
		if _, err := os.Stat(DefaultFile); err == nil {
			src.File, src.Why = DefaultFile, "./"+DefaultFile
		}
	}
	c := Default()
	if src.File != "" {
		if fi, err := os.Stat(src.File); err == nil && fi.IsDir() {
			// Docker makes a folder of a bind-mounted file that did not exist on the host.
			return c, src, fmt.Errorf("config (%s): %s is a folder, not a configuration file: name the file itself (with Docker, create the file on the host before mounting it, or the mount makes a folder)", src.Why, src.File)
		}
		b, err := os.ReadFile(src.File)
		if err != nil {
			return c, src, fmt.Errorf("config (%s): %w", src.Why, err)
		}
		if c, err = decode(string(b), src.File); err != nil {
			return c, src, err
		}
	}
	if bad := UnknownEnv(environ); len(bad) > 0 {
		return c, src, fmt.Errorf("%s: no such setting (the settings and their variables: boardbot config keys)", strings.Join(bad, ", "))
	}
	env, err := c.applyEnv(getenv)
	src.Env = env
	if err != nil {
		return c, src, err
	}
	c.environ = getenv
	return c, src, c.Validate()
}

// setting is one key of the configuration, reached by reflection so that a new key gets its
// environment variable without another list to keep.
type setting struct {
	key   string // "discord.application_id"
	env   string // "BOARDBOT_DISCORD_APPLICATION_ID"
	field reflect.Value
}

func (c *Config) settings() []setting {
	var out []setting
	v := reflect.ValueOf(c).Elem()
	t := v.Type()
	for i := range t.NumField() {
		sec := t.Field(i).Tag.Get("toml")
		if sec == "" {
			continue // not a section (environ)
		}
		sv := v.Field(i)
		for j := range sv.NumField() {
			key := sv.Type().Field(j).Tag.Get("toml")
			out = append(out, setting{
				key:   sec + "." + key,
				env:   EnvPrefix + strings.ToUpper(sec+"_"+key),
				field: sv.Field(j),
			})
		}
	}
	return out
}

// Keys lists every key with its environment variable, for help texts and the README.
func Keys() [][2]string {
	c := Default()
	var out [][2]string
	for _, s := range c.settings() {
		out = append(out, [2]string{s.key, s.env})
	}
	return out
}

// applyEnv sets keys from the environment and returns the variables used. A variable that looks
// like a key of a known section but names none is an error, so BOARDBOT_DISCORD_TOKEN (the token
// lives in discord.token_env's variable) does not pass silently.
func (c *Config) applyEnv(getenv func(string) string) ([]string, error) {
	var used []string
	var errs []error
	for _, s := range c.settings() {
		val, name, err := lookup(s.env, getenv)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if name == "" {
			continue
		}
		used = append(used, name)
		if err := setValue(s.field, val); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
		}
	}
	sort.Strings(used)
	return used, errors.Join(errs...)
}

// lookup reads NAME, or the file NAME_FILE names; it returns which was used ("" for neither).
func lookup(name string, getenv func(string) string) (string, string, error) {
	if f := getenv(name + "_FILE"); f != "" {
		if getenv(name) != "" {
			return "", "", fmt.Errorf("both %s and %s_FILE are set: keep one", name, name)
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return "", "", fmt.Errorf("%s_FILE: %w", name, err)
		}
		return strings.TrimSpace(string(b)), name + "_FILE", nil
	}
	if v := getenv(name); v != "" {
		return v, name, nil
	}
	return "", "", nil
}

func setValue(f reflect.Value, val string) error {
	if u, ok := f.Addr().Interface().(encoding.TextUnmarshaler); ok {
		return u.UnmarshalText([]byte(val))
	}
	switch f.Kind() {
	case reflect.String:
		f.SetString(val)
	case reflect.Int:
		n, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil {
			return fmt.Errorf("%q is not a whole number", val)
		}
		f.SetInt(int64(n))
	case reflect.Bool:
		b, err := strconv.ParseBool(strings.TrimSpace(val))
		if err != nil {
			return fmt.Errorf("%q is not true or false", val)
		}
		f.SetBool(b)
	case reflect.Slice:
		var list []string
		for _, p := range strings.Split(val, ",") {
			if p = strings.TrimSpace(p); p != "" {
				list = append(list, p)
			}
		}
		f.Set(reflect.ValueOf(list))
	default:
		return fmt.Errorf("cannot be set from the environment")
	}
	return nil
}

// UnknownEnv lists BOARDBOT_ variables that look like settings (a known section) but name no key.
func UnknownEnv(environ []string) []string {
	c := Default()
	known := map[string]bool{}
	sections := map[string]bool{}
	for _, s := range c.settings() {
		known[s.env], known[s.env+"_FILE"] = true, true
		sec, _, _ := strings.Cut(strings.TrimPrefix(s.env, EnvPrefix), "_")
		sections[sec] = true
	}
	var out []string
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		rest, ok := strings.CutPrefix(name, EnvPrefix)
		if !ok || known[name] {
			continue
		}
		sec, _, _ := strings.Cut(rest, "_")
		if sections[sec] {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// Effective prints the configuration in force as TOML, with where it came from and whether the
// token is set (never the token itself), for `boardbot config check`.
func (c Config) Effective(src Source) string {
	var b strings.Builder
	from := src.Why
	if src.File != "" {
		from = src.File + " (" + src.Why + ")"
	}
	fmt.Fprintf(&b, "# configuration from %s", from)
	if len(src.Env) > 0 {
		fmt.Fprintf(&b, ", with %s from the environment", strings.Join(src.Env, ", "))
	}
	b.WriteString("\n")
	section := ""
	for _, s := range c.settings() {
		sec, key, _ := strings.Cut(s.key, ".")
		if sec != section {
			fmt.Fprintf(&b, "\n[%s]\n", sec)
			section = sec
		}
		fmt.Fprintf(&b, "%s = %s\n", key, tomlValue(s.field))
	}
	token := "not set"
	if t, err := c.Token(); err == nil && t != "" {
		token = fmt.Sprintf("set (%d characters, not shown)", len(t))
	}
	fmt.Fprintf(&b, "\n# the bot token (%s): %s\n", c.Discord.TokenEnv, token)
	return b.String()
}

func tomlValue(v reflect.Value) string {
	if m, ok := v.Interface().(encoding.TextMarshaler); ok {
		b, _ := m.MarshalText()
		return strconv.Quote(string(b))
	}
	switch v.Kind() {
	case reflect.String:
		return strconv.Quote(v.String())
	case reflect.Slice:
		var parts []string
		for i := range v.Len() {
			parts = append(parts, strconv.Quote(v.Index(i).String()))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	default:
		return fmt.Sprint(v.Interface())
	}
}
