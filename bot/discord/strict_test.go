package discord

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// refusal says why Discord would refuse a request body with 400 Invalid Form Body (or 50006
// for an empty message), or "" when it accepts it. The fake applies it to every request, so
// every suite checks what the bot sends against Discord's documented limits.
func refusal(rec recorded) string {
	p := strings.Split(strings.Trim(rec.Path, "/"), "/")
	switch {
	case rec.Method == "POST" && len(p) == 4 && p[0] == "interactions" && p[3] == "callback":
		return callbackRefusal(rec.JSON, rec.Files)
	case rec.Method == "PATCH" && len(p) == 5 && p[0] == "webhooks":
		return messageRefusal(rec.JSON, rec.Files, false)
	case rec.Method == "POST" && len(p) == 3 && p[0] == "webhooks":
		return messageRefusal(rec.JSON, rec.Files, true)
	case rec.Method == "POST" && len(p) == 3 && p[0] == "channels" && p[2] == "messages":
		return messageRefusal(rec.JSON, rec.Files, true)
	case rec.Method == "PATCH" && len(p) == 4 && p[0] == "channels" && p[2] == "messages":
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

// slip names the first wording mistake in a request's message content, or "".
func slip(rec recorded) string {
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

// responseFits says why a response type does not suit the interaction (of type kind, 0 when
// unknown): autocomplete takes only choices, and only a component's message can be updated.
func responseFits(kind int, body map[string]any) string {
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

func callbackRefusal(body map[string]any, files []recordedFile) string {
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
func messageRefusal(m map[string]any, files []recordedFile, create bool) string {
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
	size := 0
	for _, f := range files {
		size += len(f.Data)
	}
	if len(files) > 10 || size > 10<<20 {
		return "at most 10 attachments and 10 MiB"
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

func TestFakeRefusesWhatDiscordRefuses(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	buttons := func(n int, idLen int) string {
		var bs []string
		for k := range n {
			bs = append(bs, fmt.Sprintf(`{"type":2,"style":1,"label":"b","custom_id":"%s%d"}`, long(idLen-1), k%10))
		}
		return `{"type":1,"components":[` + strings.Join(bs, ",") + `]}`
	}
	opts := func(n int, extra string) string {
		var os []string
		for k := range n {
			os = append(os, fmt.Sprintf(`{"label":"l","value":"v%d"%s}`, k, extra))
		}
		return `{"type":1,"components":[{"type":3,"custom_id":"s","options":[` + strings.Join(os, ",") + `]}]}`
	}
	choices := func(n int) string {
		var cs []string
		for k := range n {
			cs = append(cs, fmt.Sprintf(`{"name":"n","value":"v%d"}`, k))
		}
		return "[" + strings.Join(cs, ",") + "]"
	}
	const cb, post, edit = "POST /interactions/1/tok/callback", "POST /channels/c/messages", "PATCH /webhooks/1/tok/messages/@original"
	cases := []struct {
		name, req, body, want string
	}{
		{"autocomplete without choices", cb, `{"type":8,"data":{}}`, "choices is required"},
		{"autocomplete with no match", cb, `{"type":8,"data":{"choices":[]}}`, ""},
		{"25 choices", cb, `{"type":8,"data":{"choices":` + choices(25) + `}}`, ""},
		{"26 choices", cb, `{"type":8,"data":{"choices":` + choices(26) + `}}`, "at most 25"},
		{"choice name too long", cb, `{"type":8,"data":{"choices":[{"name":"` + long(101) + `","value":"v"}]}}`, "name"},
		{"2000 characters", post, `{"content":"` + strings.Repeat("é", 2000) + `"}`, ""},
		{"2001 characters", post, `{"content":"` + long(2001) + `"}`, "2000"},
		{"2001 characters in an answer", cb, `{"type":4,"data":{"content":"` + long(2001) + `"}}`, "2000"},
		{"empty message", post, `{"content":""}`, "empty"},
		{"mentions listed", post, `{"content":"x","allowed_mentions":{"parse":[],"users":["1"]}}`, ""},
		{"mentions parsed and listed", post, `{"content":"x","allowed_mentions":{"parse":["users"],"users":["1"]}}`, "parse users"},
		{"an image over 10 MiB", post, `{"content":""}`, "10 MiB"},
		{"an edit may leave the content", edit, `{"components":[]}`, ""},
		{"custom_id of 100", post, `{"content":"x","components":[` + buttons(1, 100) + `]}`, ""},
		{"custom_id of 101", post, `{"content":"x","components":[` + buttons(1, 101) + `]}`, "custom_id"},
		{"same custom_id twice", post, `{"content":"x","components":[` + buttons(1, 5) + `,` + buttons(1, 5) + `]}`, "twice"},
		{"6 buttons in a row", post, `{"content":"x","components":[` + buttons(6, 5) + `]}`, "1 to 5"},
		{"6 rows", post, `{"content":"x","components":[` + strings.Repeat(`{"type":1,"components":[]},`, 5) + `{"type":1,"components":[]}]}`, "5 action rows"},
		{"button label of 81", post, `{"content":"x","components":[{"type":1,"components":[{"type":2,"style":1,"label":"` + long(81) + `","custom_id":"a"}]}]}`, "label"},
		{"select with 25 options", post, `{"content":"x","components":[` + opts(25, "") + `]}`, ""},
		{"select with 26 options", post, `{"content":"x","components":[` + opts(26, "") + `]}`, "1 to 25 options"},
		{"empty option description", post, `{"content":"x","components":[` + opts(1, `,"description":""`) + `]}`, "description"},
		{"option description", post, `{"content":"x","components":[` + opts(1, `,"description":"d"`) + `]}`, ""},
		{"button without a style", post, `{"content":"x","components":[{"type":1,"components":[{"type":2,"label":"b","custom_id":"a"}]}]}`, "style"},
		{"archived after 2 days", "POST /channels/c/messages/m/threads", `{"name":"t","auto_archive_duration":2880}`, "auto_archive"},
		{"archived after a week", "POST /channels/c/messages/m/threads", `{"name":"t","auto_archive_duration":10080}`, ""},
		{"thread name of 101", "POST /channels/c/messages/m/threads", `{"name":"` + long(101) + `"}`, "thread name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			method, path, _ := strings.Cut(c.req, " ")
			rec := recorded{Method: method, Path: path}
			if c.name == "an image over 10 MiB" {
				rec.Files = []recordedFile{{Data: make([]byte, 10<<20+1)}}
			}
			if err := json.Unmarshal([]byte(c.body), &rec.JSON); err != nil {
				t.Fatal(err)
			}
			got := refusal(rec)
			if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
				t.Fatalf("refusal %q, want %q", got, c.want)
			}
		})
	}
}

// Both transports send an answer's wire form: an empty autocomplete keeps its choices.
func TestEmptyAutocompleteKeepsChoices(t *testing.T) {
	b, err := json.Marshal((&Answer{Type: 8}).wire())
	if err != nil || string(b) != `{"type":8,"data":{"choices":[]}}` {
		t.Fatalf("%s %v", b, err)
	}
}

func TestSlipsAreFound(t *testing.T) {
	cases := map[string]string{
		"Game over. House I wins.\nGame over: ann wins (House I wins).": `"Game over" twice`,
		"Game over: bob wins (Xeno wins.). Scores: ann 0, bob 22.":      "two full stops around a bracket",
		"(An earlier position: the game has moved on since.)":           "",
		"or earlier (from 1 players) when":                              `"1 players"`,
		"Your turn: House I, your turn (round 3)":                       `"your turn" twice`,
		"Game over: bob wins (Xeno wins). Scores: ann 0, bob 22.":       "",
		"from 11 players": "",
	}
	for text, want := range cases {
		if got := slip(recorded{JSON: map[string]any{"content": text}}); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}

// The fake knows what Discord knows: a response is given once, its token lives 15 minutes,
// and only a message that exists, in its own channel, can be edited.
func TestFakeKnowsTokensAndMessages(t *testing.T) {
	e := newEnv(t)
	code := func(err error) int {
		var re *discordgo.RESTError
		if !errors.As(err, &re) || re.Message == nil {
			return 0
		}
		return re.Message.Code
	}
	i := e.slash("ann", "c-games", "rules", opt("game", "autumn-ash"))
	if err := e.rest.EditOriginal(i, Message{Content: "x"}); code(err) != 10015 {
		t.Fatalf("an edit before the response: %v", err)
	}
	if err := e.rest.Respond(i, say("x", true)); err != nil {
		t.Fatal(err)
	}
	if err := e.rest.Respond(i, say("x", true)); code(err) != 40060 {
		t.Fatalf("a second response: %v", err)
	}
	if err := e.rest.EditOriginal(i, Message{Content: "y"}); err != nil {
		t.Fatal(err)
	}
	e.advance(15 * time.Minute)
	if err := e.rest.Followup(i, Message{Content: "z"}); code(err) != 50027 {
		t.Fatalf("a follow-up after 15 minutes: %v", err)
	}
	id, err := e.rest.Send("c-games", Message{Content: "m"})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.rest.Edit("c-games", id, Message{Content: "m2"}); err != nil {
		t.Fatal(err)
	}
	if err := e.rest.Edit("c-other", id, Message{Content: "m2"}); code(err) != 10008 {
		t.Fatalf("an edit in another channel: %v", err)
	}
	if err := e.rest.Edit("c-games", "404", Message{Content: "m2"}); code(err) != 10008 {
		t.Fatalf("an edit of a message never sent: %v", err)
	}
	if _, err := e.rest.StartThread("c-games", "404", "t"); code(err) != 10008 {
		t.Fatalf("a thread from a message never sent: %v", err)
	}
	if _, err := e.rest.StartThread("c-games", id, "t"); err != nil {
		t.Fatal(err)
	}
}

func TestResponseTypeSuitsTheInteraction(t *testing.T) {
	cases := []struct {
		kind, typ int
		ok        bool
	}{
		{2, 4, true}, {2, 5, true}, {2, 7, false}, {2, 6, false}, {2, 8, false},
		{3, 4, true}, {3, 6, true}, {3, 7, true}, {3, 8, false},
		{4, 8, true}, {4, 4, false}, {4, 5, false},
		{0, 7, true}, // an interaction the fake did not dispatch
	}
	for _, c := range cases {
		if got := responseFits(c.kind, map[string]any{"type": float64(c.typ)}); (got == "") != c.ok {
			t.Errorf("interaction %d answered with %d: %q", c.kind, c.typ, got)
		}
	}
}
