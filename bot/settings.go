package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Setting scopes.
const (
	ScopeGuild = "guild"
	ScopeUser  = "user"
)

// settingSpec describes one setting: who may change it and which values it takes.
type settingSpec struct {
	Scope, Key, Default string // what it is: the message setting_help_<scope>_<key>
	check               func(string) (string, error)
}

// valueErr says what a setting's value must be, as a message of the catalogue.
type valueErr struct {
	id   string
	args []any
}

func (e valueErr) Error() string { return T(LangEnglish, e.id, e.args...) }

func intRange(lo, hi int) func(string) (string, error) {
	return func(v string) (string, error) {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < lo || n > hi {
			return "", valueErr{"value_range", []any{"Lo", lo, "Hi", hi}}
		}
		return strconv.Itoa(n), nil
	}
}

func oneOf(vals ...string) func(string) (string, error) {
	return func(v string) (string, error) {
		v = strings.ToLower(strings.TrimSpace(v))
		if slices.Contains(vals, v) {
			return v, nil
		}
		return "", valueErr{"value_one_of", []any{"Values", strings.Join(vals, ", ")}}
	}
}

func channelList(v string) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" || strings.EqualFold(v, "all") {
		return "all", nil
	}
	var ids []string
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' }) {
		f = strings.Trim(f, "<#>")
		if f == "" || len(f) > 32 {
			return "", valueErr{"value_channels", nil}
		}
		ids = append(ids, f)
	}
	if len(ids) > 50 {
		return "", valueErr{"value_channels_max", []any{"Count", 50}}
	}
	return strings.Join(ids, ","), nil
}

// Settings every scope knows. Clock and reminder defaults apply to games created afterwards.
var settingSpecs = []settingSpec{
	{ScopeGuild, "reminder_hours", "", intRange(0, 720)},
	{ScopeGuild, "clock_days", "", intRange(0, maxClockDays)},
	{ScopeGuild, "channels", "all", channelList},
	{ScopeGuild, "creators", "everyone", oneOf("everyone", "admins")},
	{ScopeGuild, "language", langAuto, languageValue},
	{ScopeGuild, "timezone", "UTC", zoneValue},
	{ScopeGuild, "vacation_days", strconv.Itoa(defaultVacationDays), intRange(0, 366)},
	{ScopeGuild, "vacation_max_row", strconv.Itoa(defaultVacationMaxRow), intRange(1, 60)},
	{ScopeUser, "language", langAuto, languageValue},
	// A player's own time (bot/playertime.go). "dm" (on/off) was the first of these: it is
	// now a value of "hear", and setting it sets that.
	{ScopeUser, "timezone", "", zoneValue},
	{ScopeUser, "quiet", "off", quietValue},
	{ScopeUser, "hear", HearThread, hearValue},
	{ScopeUser, "digest_hour", strconv.Itoa(defaultDigestHour), hourValue},
}

func specFor(scope, key string) (settingSpec, bool) {
	for _, sp := range settingSpecs {
		if sp.Scope == scope && sp.Key == key {
			return sp, true
		}
	}
	return settingSpec{}, false
}

func keysOf(scope string) []string {
	var ks []string
	for _, sp := range settingSpecs {
		if sp.Scope == scope {
			ks = append(ks, sp.Key)
		}
	}
	return ks
}

// SettingKeys lists the keys of a scope (ScopeGuild or ScopeUser), in menu order.
func SettingKeys(scope string) []string { return keysOf(scope) }

// SetSetting changes a server setting (admins only) or one of the user's own.
func (s *Service) SetSetting(ctx context.Context, req Request, scope, key, value string) (Reply, error) {
	s.noteGuildLocale(ctx, req)
	ul := s.UserLanguage(ctx, req)
	key = strings.ToLower(strings.TrimSpace(key))
	if scope == ScopeUser && key == "dm" {
		key = "hear" // the old key: on is a DM, off the thread (hearValue reads both)
	}
	sp, ok := specFor(scope, key)
	if !ok {
		return Reply{}, refuseT(ul, "setting_unknown", "Scope", scopeIn(ul, scope), "Key", key, "Keys", strings.Join(keysOf(scope), ", "))
	}
	id := req.User.ID
	if scope == ScopeGuild {
		if req.Place.Guild == "" {
			return Reply{}, refuseT(ul, "setting_no_server")
		}
		if !req.User.Admin {
			return Reply{}, refuseT(ul, "setting_admins")
		}
		id = req.Place.Guild
	}
	v, err := sp.check(value)
	if err != nil {
		what := err.Error()
		var ve valueErr
		if errors.As(err, &ve) {
			if strings.HasPrefix(ve.id, "value_timezone") {
				// A whole answer: what was wrong and what to type instead.
				return Reply{}, refuseT(ul, ve.id, ve.args...)
			}
			what = T(ul, ve.id, ve.args...)
		}
		return Reply{}, refuseT(ul, "setting_bad_value", "Key", T(ul, "setting_name_"+key), "What", what)
	}
	if err := s.store.SetSetting(ctx, scope, id, key, v); err != nil {
		return Reply{}, err
	}
	if scope == ScopeGuild {
		s.forgetLanguage(req.Place.Guild)
		// An audit line for every admin action, so a changed server can be explained later.
		s.log.Info("audit: server setting changed", "guild", req.Place.Guild, "user", req.User.ID, "name", req.User.Name, "key", key, "value", v)
	}
	if key == "language" {
		// The answer speaks the language just chosen: the reader's own, or the server's for a
		// reader who has none of their own and reads the server's (the console's admin).
		ul = s.UserLanguage(ctx, req)
	}
	text := T(ul, "setting_set", "Key", T(ul, "setting_name_"+key), "Value", settingValueIn(ul, key, v))
	if first, _, _ := strings.Cut(text, " "); !strings.Contains(first, "_") {
		// The sentence starts with the setting's name, lowercase in English ("time zone"):
		// capitalised, unless it is a key as one types it ("clock_days").
		text = upperFirst(text)
	}
	if key == "timezone" || key == "quiet" {
		// The player sees at once what it means: the time there now, and their next quiet hours.
		text += " " + s.timeCheck(ctx, req, ul)
	}
	return Reply{Text: text, Private: true}, nil
}

// scopeIn names a scope in the reader's words ("server", "personal"); an unknown one as given.
func scopeIn(lang, scope string) string {
	if HasText("setting_scope_" + scope) {
		return T(lang, "setting_scope_"+scope)
	}
	return scope
}

// settingValueIn is a setting's stored value in the reader's words: a language by its name, the
// words of a choice; numbers and channel ids as they are.
func settingValueIn(lang, key, v string) string {
	switch key {
	case "quiet":
		if v == "off" || v == "" {
			return T(lang, "setting_value_quiet_off")
		}
		var parts []string
		for _, r := range strings.Split(v, ",") {
			a, b, _ := strings.Cut(r, "-")
			parts = append(parts, T(lang, "setting_value_quiet_range", "From", a, "To", b))
		}
		return joinNames(lang, parts)
	case "hear":
		if id, ok := hearWords[v]; ok {
			return T(lang, id)
		}
	case "digest_hour":
		if h, err := strconv.Atoi(v); err == nil {
			return T(lang, "setting_value_hour", "Hour", fmt.Sprintf("%02d:00", h))
		}
	case "timezone":
		switch v {
		case "":
			return T(lang, "setting_value_zone_server")
		case "UTC":
			return T(lang, "setting_value_utc")
		}
		return v
	}
	switch {
	case v == langAuto || (key != "language" && HasText("setting_value_"+v)):
		return T(lang, "setting_value_"+v)
	case key == "language" && HasText("lang_name_"+v):
		return T(lang, "lang_name_"+v)
	}
	return v
}

// ShowSettings lists the server's and the user's settings with their values.
func (s *Service) ShowSettings(ctx context.Context, req Request) (Reply, error) {
	s.noteGuildLocale(ctx, req)
	ul := s.UserLanguage(ctx, req)
	var b strings.Builder
	show := func(scope, id, title string) error {
		vals, err := s.store.Settings(ctx, scope, id)
		if err != nil {
			return err
		}
		b.WriteString(title + "\n")
		for _, sp := range settingSpecs {
			if sp.Scope != scope {
				continue
			}
			v, ok := vals[sp.Key]
			if !ok && sp.Scope == ScopeUser && sp.Key == "hear" && vals["dm"] == "on" {
				v, ok = HearDM, true // set before "hear" existed
			}
			if !ok {
				v = s.defaultSetting(sp)
			}
			// The key as one types it, its value in words.
			fmt.Fprintf(&b, "  %s: %s (%s)\n", sp.Key, settingValueIn(ul, sp.Key, v), T(ul, "setting_help_"+sp.Scope+"_"+sp.Key))
		}
		return nil
	}
	if req.Place.Guild != "" {
		if err := show(ScopeGuild, req.Place.Guild, T(ul, "settings_server")); err != nil {
			return Reply{}, err
		}
	}
	if err := show(ScopeUser, req.User.ID, T(ul, "settings_yours")); err != nil {
		return Reply{}, err
	}
	return Reply{Text: strings.TrimRight(b.String(), "\n"), Private: true}, nil
}

func (s *Service) defaultSetting(sp settingSpec) string {
	switch sp.Key {
	case "reminder_hours":
		return strconv.Itoa(s.opt.DefaultReminderHours)
	case "clock_days":
		return strconv.Itoa(s.opt.DefaultClockHours / 24)
	}
	return sp.Default
}

type guildSettings struct {
	reminderHours, clockHours int
	channels                  []string // nil: all
	adminsOnly                bool
}

func (s *Service) guildSettings(ctx context.Context, guild string) (guildSettings, error) {
	gs := guildSettings{reminderHours: s.opt.DefaultReminderHours, clockHours: s.opt.DefaultClockHours}
	if guild == "" {
		return gs, nil
	}
	vals, err := s.store.Settings(ctx, ScopeGuild, guild)
	if err != nil {
		return gs, err
	}
	if v, ok := vals["reminder_hours"]; ok {
		gs.reminderHours, _ = strconv.Atoi(v)
	}
	if v, ok := vals["clock_days"]; ok {
		d, _ := strconv.Atoi(v)
		gs.clockHours = d * 24
	}
	if v, ok := vals["channels"]; ok && v != "all" && v != "" {
		gs.channels = strings.Split(v, ",")
		sort.Strings(gs.channels)
	}
	gs.adminsOnly = vals["creators"] == "admins"
	return gs, nil
}

func (s *Service) mayCreate(ctx context.Context, req Request, lang string) error {
	gs, err := s.guildSettings(ctx, req.Place.Guild)
	if err != nil {
		return err
	}
	if gs.adminsOnly && !req.User.Admin {
		return refuseT(lang, "create_admins_only")
	}
	if gs.channels != nil && !slices.Contains(gs.channels, req.Place.Channel) {
		return refuseT(lang, "create_channel")
	}
	return nil
}

// hearWords are the messages naming each way of hearing.
var hearWords = map[string]string{
	HearThread: "setting_value_hear_thread",
	HearDM:     "setting_value_hear_dm",
	HearDigest: "setting_value_hear_digest",
	HearNone:   "setting_value_hear_none",
}

// wantsDM: the player hears by direct message (hear=dm, or the old dm=on).
func (s *Service) wantsDM(ctx context.Context, user string) (bool, error) {
	vals, err := s.store.Settings(ctx, ScopeUser, user)
	if err != nil {
		return false, err
	}
	if h, ok := vals["hear"]; ok {
		return h == HearDM, nil
	}
	return vals["dm"] == "on", nil
}

// HearValues are the ways a player may hear of their games, in menu order.
var HearValues = []string{HearThread, HearDM, HearDigest, HearNone}

// HearWords names a way of hearing in the reader's words.
func HearWords(lang, v string) string { return T(lang, hearWords[v]) }
