package discordtest

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Refusal says why Discord would refuse a request body with 400 Invalid Form Body (or 50006
// for an empty message), or "" when it accepts it. The fake applies it to every request, so
// every suite checks what the bot sends against Discord's documented limits.
func Refusal(rec Request) string {
	p := strings.Split(strings.Trim(rec.Path, "/"), "/")
	switch {
	case rec.Method == "POST" && len(p) == 4 && p[0] == "interactions" && p[3] == "callback":
		return CallbackRefusal(rec.JSON, rec.Files)
	case rec.Method == "PATCH" && len(p) == 5 && p[0] == "webhooks":
		return messageRefusal(rec.JSON, rec.Files, false)
	case rec.Method == "POST" && len(p) == 3 && p[0] == "webhooks":
		return messageRefusal(rec.JSON, rec.Files, true)
	case rec.Method == "POST" && len(p) == 3 && p[0] == "channels" && p[2] == "messages":
		if why := FlagsRefusal(rec.JSON["flags"], createFlags); why != "" {
			return why
		}
		return messageRefusal(rec.JSON, rec.Files, true)
	case rec.Method == "PATCH" && len(p) == 4 && p[0] == "channels" && p[2] == "messages":
		if why := FlagsRefusal(rec.JSON["flags"], editFlags); why != "" {
			return why
		}
		return messageRefusal(rec.JSON, rec.Files, false)
	case rec.Method == "POST" && len(p) == 5 && p[0] == "channels" && p[4] == "threads":
		if n := runes(rec.JSON["name"]); n < 1 || n > 100 {
			return "thread name must be 1 to 100 characters"
		}
		switch rec.JSON["auto_archive_duration"] {
		case nil, float64(60), float64(1440), float64(4320), float64(10080):
		default:
			return "auto_archive_duration must be 60, 1440, 4320 or 10080"
		}
	}
	return ""
}

// slips are wording mistakes once found in the bot's texts, checked on every message content
// the suites send so they do not come back.
var slips = []struct {
	re  *regexp.Regexp
	why string
}{
	{regexp.MustCompile(`(?s)Game over.*Game over`), `"Game over" twice`},
	{regexp.MustCompile(`\.\)\.`), "two full stops around a bracket"},
	{regexp.MustCompile(`\b1 players\b`), `"1 players"`},
	{regexp.MustCompile(`(?i)your turn:.*your turn`), `"your turn" twice`},
}

// Slip names the first wording mistake in a request's message content, or "".
func Slip(rec Request) string {
	m := rec.JSON
	if d, ok := m["data"].(map[string]any); ok {
		m = d
	}
	c, _ := m["content"].(string)
	for _, s := range slips {
		if s.re.MatchString(c) {
			return s.why
		}
	}
	return ""
}

// ResponseFits says why a response type does not suit the interaction (of type kind, 0 when
// unknown): autocomplete takes only choices, and only a component's message can be updated.
func ResponseFits(kind int, body map[string]any) string {
	typ, _ := body["type"].(float64)
	ok := map[int][]float64{
		2: {4, 5},       // a command: a message, or a deferral
		3: {4, 5, 6, 7}, // a component: also an update of its message
		4: {8},          // autocomplete: choices
	}[kind]
	if ok == nil || slices.Contains(ok, typ) {
		return ""
	}
	return fmt.Sprintf("response type %v does not suit an interaction of type %d", typ, kind)
}

func runes(v any) int {
	s, _ := v.(string)
	return utf8.RuneCountInString(s)
}

// CallbackRefusal says why Discord refuses an interaction response body, or "".
func CallbackRefusal(body map[string]any, files []File) string {
	d, _ := body["data"].(map[string]any)
	switch typ := body["type"]; typ {
	case float64(1), float64(6):
		return ""
	case float64(5):
		if d == nil {
			return ""
		}
		return messageRefusal(d, nil, false)
	case float64(4), float64(7):
		if d == nil {
			return "data is required"
		}
		return messageRefusal(d, files, typ == float64(4))
	case float64(8):
		cs, ok := d["choices"].([]any)
		if !ok {
			return "data.choices is required"
		}
		if len(cs) > 25 {
			return "at most 25 choices"
		}
		for _, c := range cs {
			c, _ := c.(map[string]any)
			if n := runes(c["name"]); n < 1 || n > 100 {
				return "a choice's name must be 1 to 100 characters"
			}
			if n := runes(c["value"]); n > 100 {
				return "a choice's value must be at most 100 characters"
			}
		}
		return ""
	}
	return fmt.Sprintf("unknown response type %v", body["type"])
}

// messageRefusal checks a message body; create says it is a new message (not an edit).
func messageRefusal(m map[string]any, files []File, create bool) string {
	if c, ok := m["content"]; ok && c != nil {
		if _, isText := c.(string); !isText {
			return "content must be a string"
		}
		if runes(c) > 2000 {
			return "content must be at most 2000 characters"
		}
	}
	if am, ok := m["allowed_mentions"].(map[string]any); ok {
		parse, _ := am["parse"].([]any)
		users, _ := am["users"].([]any)
		if len(users) > 100 {
			return "allowed_mentions lists at most 100 users"
		}
		if len(users) > 0 && slices.Contains(parse, any("users")) {
			return "allowed_mentions cannot both parse users and list them"
		}
	}
	// Their size is the upload limit's, which the fake answers with a 413 (Fake.UploadLimit).
	if len(files) > maxAttachments {
		return "at most 10 attachments"
	}
	if why := attachmentsRefusal(m, files, create); why != "" {
		return why
	}
	rows, _ := m["components"].([]any)
	if create && runes(m["content"]) == 0 && len(rows) == 0 && len(files) == 0 {
		return "cannot send an empty message"
	}
	if len(rows) > 5 {
		return "at most 5 action rows"
	}
	ids := map[string]bool{}
	for _, r := range rows {
		r, _ := r.(map[string]any)
		cs, _ := r["components"].([]any)
		if r["type"] != float64(1) || len(cs) < 1 || len(cs) > 5 {
			return "an action row holds 1 to 5 components"
		}
		for _, c := range cs {
			c, _ := c.(map[string]any)
			id, _ := c["custom_id"].(string)
			if c["style"] != float64(5) || c["type"] != float64(2) {
				if n := runes(id); n < 1 || n > 100 {
					return "custom_id must be 1 to 100 characters"
				}
				if ids[id] {
					return "custom_id " + id + " appears twice in the message"
				}
				ids[id] = true
			}
			switch c["type"] {
			case float64(2):
				if st, _ := c["style"].(float64); st < 1 || st > 5 {
					return "a button needs a style from 1 to 5"
				}
				if runes(c["label"]) > 80 {
					return "a button's label must be at most 80 characters"
				}
				if runes(c["label"]) == 0 && c["emoji"] == nil {
					return "a button needs a label or an emoji"
				}
			case float64(3):
				if why := selectRefusal(c); why != "" {
					return why
				}
				if len(cs) > 1 {
					return "a select menu fills its action row alone"
				}
			default:
				return fmt.Sprintf("unexpected component type %v", c["type"])
			}
		}
	}
	return ""
}

func selectRefusal(c map[string]any) string {
	if runes(c["placeholder"]) > 150 {
		return "a placeholder must be at most 150 characters"
	}
	os, _ := c["options"].([]any)
	if len(os) < 1 || len(os) > 25 {
		return "a select menu has 1 to 25 options"
	}
	values := map[string]bool{}
	for _, o := range os {
		o, _ := o.(map[string]any)
		if n := runes(o["label"]); n < 1 || n > 100 {
			return "an option's label must be 1 to 100 characters"
		}
		v, _ := o["value"].(string)
		if n := runes(v); n < 1 || n > 100 {
			return "an option's value must be 1 to 100 characters"
		}
		if values[v] {
			return "option value " + v + " appears twice"
		}
		values[v] = true
		if d, ok := o["description"]; ok {
			if n := runes(d); n < 1 || n > 100 {
				return "an option's description, when present, must be 1 to 100 characters"
			}
		}
	}
	return ""
}

// dumpTexts appends every text a request shows players (content, labels, placeholders,
// choices) to the file named by BOARDBOT_TEXTS, to read them once as a player would:
//
//	BOARDBOT_TEXTS=/tmp/texts.txt go test ./bot/discord
func dumpTexts(rec Request) {
	name := os.Getenv("BOARDBOT_TEXTS")
	if name == "" || rec.JSON == nil {
		return
	}
	var lines []string
	var walk func(k string, v any)
	walk = func(k string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, y := range x {
				walk(k, y)
			}
		case []any:
			for _, y := range x {
				walk(k, y)
			}
		case string:
			switch k {
			case "content", "label", "placeholder", "name", "description":
				lines = append(lines, k+": "+strings.ReplaceAll(x, "\n", "\n    "))
			}
		}
	}
	walk("", rec.JSON)
	if len(lines) == 0 {
		return
	}
	dumpMu.Lock()
	defer dumpMu.Unlock()
	out, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	defer out.Close()
	fmt.Fprintf(out, "== %s %s\n%s\n", rec.Method, rec.Path, strings.Join(lines, "\n"))
}

var dumpMu sync.Mutex

// attachmentsRefusal checks a body's attachments list: a description holds at most 1024
// characters, and on a new message every entry names an uploaded file by its index (files[n]);
// an edit may also name the message's own attachments, which the fake checks with its state.
func attachmentsRefusal(m map[string]any, files []File, create bool) string {
	list, _ := m["attachments"].([]any)
	for _, a := range list {
		a, _ := a.(map[string]any)
		if runes(a["description"]) > 1024 {
			return "an attachment's description must be at most 1024 characters"
		}
		if !create {
			continue
		}
		id := fmt.Sprint(a["id"])
		if !slices.ContainsFunc(files, func(f File) bool { return f.Field == "files["+id+"]" }) {
			return fmt.Sprintf("attachments: %s names no uploaded file", id)
		}
	}
	return ""
}

// Message flags a bot may set, as Discord documents them: on Create Message only
// SUPPRESS_EMBEDS (1<<2), SUPPRESS_NOTIFICATIONS (1<<12), IS_VOICE_MESSAGE (1<<13) and
// IS_COMPONENTS_V2 (1<<15); on Edit Message only SUPPRESS_EMBEDS and IS_COMPONENTS_V2.
const (
	FlagSuppressNotifications = 1 << 12
	createFlags               = 1<<2 | FlagSuppressNotifications | 1<<13 | 1<<15
	editFlags                 = 1<<2 | 1<<15
)

// FlagsRefusal says why Discord refuses a body's flags (v, as decoded from JSON; nil when
// absent), allowed being the bits it may set, or "".
func FlagsRefusal(v any, allowed int64) string {
	if v == nil {
		return ""
	}
	f, ok := v.(float64)
	if !ok || f != float64(int64(f)) || f < 0 {
		return "flags must be an integer"
	}
	if extra := int64(f) &^ allowed; extra != 0 {
		return fmt.Sprintf("flags %d may not be set on this message", extra)
	}
	return ""
}
