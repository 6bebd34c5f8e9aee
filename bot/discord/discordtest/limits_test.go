package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

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
		{"a silent post", post, `{"content":"x","flags":4096}`, ""},
		{"an ephemeral channel post", post, `{"content":"x","flags":64}`, "flags 64 may not be set"},
		{"a message made silent by an edit", "PATCH /channels/c/messages/m", `{"content":"x","flags":4096}`, "flags 4096 may not be set"},
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
		{"11 attachments", post, `{"content":""}`, "at most 10"},
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
		{"attachment: alt text of 1024", post, `{"content":"x","attachments":[{"id":"0","filename":"b.png","description":"` + strings.Repeat("é", 1024) + `"}]}`, ""},
		{"attachment: alt text of 1025", post, `{"content":"x","attachments":[{"id":"0","filename":"b.png","description":"` + long(1025) + `"}]}`, "1024"},
		{"attachment: alt text of 1025 in an answer", cb, `{"type":4,"data":{"content":"x","attachments":[{"id":"0","description":"` + long(1025) + `"}]}}`, "1024"},
		{"attachment: alt text of 1025 in an edit", edit, `{"attachments":[{"id":"0","description":"` + long(1025) + `"}]}`, "1024"},
		{"attachment: no such upload", post, `{"content":"x","attachments":[{"id":"1","filename":"b.png","description":"d"}]}`, "names no uploaded file"},
		{"attachment: no such upload in an answer", cb, `{"type":4,"data":{"content":"x","attachments":[{"id":"7"}]}}`, "names no uploaded file"},
		{"attachment: an edit keeps an old one", edit, `{"attachments":[{"id":"1234567890123456789"},{"id":"0","description":"d"}]}`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			method, path, _ := strings.Cut(c.req, " ")
			rec := Request{Method: method, Path: path}
			if c.name == "11 attachments" {
				rec.Files = make([]File, 11)
			}
			if strings.HasPrefix(c.name, "attachment:") {
				rec.Files = []File{{Field: "files[0]", Name: "b.png", ContentType: "image/png", Data: []byte("png")}}
			}
			if err := json.Unmarshal([]byte(c.body), &rec.JSON); err != nil {
				t.Fatal(err)
			}
			got := Refusal(rec)
			if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
				t.Fatalf("refusal %q, want %q", got, c.want)
			}
		})
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
		if got := Slip(Request{JSON: map[string]any{"content": text}}); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
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
		if got := ResponseFits(c.kind, map[string]any{"type": float64(c.typ)}); (got == "") != c.ok {
			t.Errorf("interaction %d answered with %d: %q", c.kind, c.typ, got)
		}
	}
}

// The global limit counts requests when they arrive, as Discord's edge does, over any second
// however it falls: requests that arrived and then waited for the fake are not counted as if they
// had arrived later, where they would crowd out requests that arrive then.
func TestGlobalLimitCountsArrivals(t *testing.T) {
	f := New(t)
	f.GlobalLimit = 5
	post := func(channel string) int {
		req, _ := http.NewRequest("POST", f.URL()+"/api/v10/channels/"+channel+"/messages", strings.NewReader(`{"content":"x"}`))
		req.Header.Set("Authorization", "Bot x")
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			return 0
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	start := time.Now()
	if post("c0") != 200 { // opens the second
		t.Fatal("the first post")
	}
	time.Sleep(time.Until(start.Add(900 * time.Millisecond)))
	f.mu.Lock() // the fake stalls; four posts arrive within the first second meanwhile
	var wg sync.WaitGroup
	for k := range 4 {
		wg.Go(func() {
			if code := post(fmt.Sprintf("b%d", k)); code != 200 {
				t.Errorf("a post within the budget of its second: %d", code)
			}
		})
	}
	time.Sleep(time.Until(start.Add(1200 * time.Millisecond)))
	f.mu.Unlock()
	wg.Wait()
	// A second after the stall began, the stalled posts are a second old by arrival, not by
	// when the fake got to them.
	time.Sleep(time.Until(start.Add(1970 * time.Millisecond)))
	for k := range 2 {
		if code := post(fmt.Sprintf("c%d", k+1)); code != 200 {
			t.Errorf("post %d of the next second: %d", k+1, code)
		}
	}
}
