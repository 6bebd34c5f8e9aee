package discordtest

import (
	"encoding/json"
	"strings"
	"testing"
)

// The spec check accepts what Discord accepts and names what it refuses.
func TestSpecCheck(t *testing.T) {
	cases := []struct {
		name, method, path, body, want string
	}{
		{"a post", "POST", "/channels/123/messages", `{"content":"hi","allowed_mentions":{"parse":[]},"nonce":"n1","enforce_nonce":true}`, ""},
		{"a post with a board replacing the files", "PATCH", "/channels/123/messages/456", `{"content":"hi","attachments":[{"id":"0","filename":"board.png"}]}`, ""},
		{"a nonce that is not a string or number", "POST", "/channels/123/messages", `{"content":"hi","nonce":{"x":1}}`, "nonce"},
		{"a callback", "POST", "/interactions/123/tok/callback", `{"type":4,"data":{"content":"x","flags":64}}`, ""},
		{"a callback of an unknown type", "POST", "/interactions/123/tok/callback", `{"type":99}`, "spec"},
		{"a thread", "POST", "/channels/123/messages/456/threads", `{"name":"t","auto_archive_duration":10080}`, ""},
		{"an unknown route", "POST", "/channels/123/nothing", `{}`, "no such route"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := Request{Method: c.method, Path: c.path, Raw: []byte(c.body)}
			if err := json.Unmarshal(rec.Raw, &rec.JSON); err != nil {
				t.Fatal(err)
			}
			got := SpecCheck(rec)
			if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}
