package discord

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The route a metric is labelled with has no id and no token, so the label has few values; and
// a 401 blames the bot token only on requests made with it.
func TestRouteAndBotTokenRequest(t *testing.T) {
	for _, tc := range []struct {
		method, url, route string
		bot                bool
	}{
		{"POST", "https://discord.com/api/v10/channels/123456789012345678/messages", "POST /channels/{id}/messages", true},
		{"PATCH", "https://discord.com/api/v10/channels/12345678901234567/messages/98765432109876543", "PATCH /channels/{id}/messages/{id}", true},
		{"PATCH", "https://discord.com/api/v10/webhooks/111111111111111111/aW50ZXJhY3Rpb24tdG9rZW4/messages/@original", "PATCH /webhooks/{id}/{token}/messages/@original", false},
		{"POST", "https://discord.com/api/v10/interactions/222222222222222222/aW50ZXJhY3Rpb24/callback", "POST /interactions/{id}/{token}/callback", false},
		{"GET", "https://discord.com/api/v10/users/@me", "GET /users/@me", true},
		{"POST", "https://discord.com/api/v10/users/@me/channels", "POST /users/@me/channels", true},
	} {
		req, _ := http.NewRequest(tc.method, tc.url, nil)
		req.Header.Set("Authorization", "Bot test-token")
		if got := Route(req); got != tc.route {
			t.Errorf("Route(%s %s) = %q, want %q", tc.method, tc.url, got, tc.route)
		}
		if got := BotTokenRequest(req); got != tc.bot {
			t.Errorf("BotTokenRequest(%s) = %v, want %v", tc.url, got, tc.bot)
		}
	}
}

// The token check tries again through a blip of Discord's (a 502), within its bound, and says
// a refused token in words at once.
func TestCheckTokenRetriesBlipsNotRefusals(t *testing.T) {
	defer func(old time.Duration) { tokenBackoff = old }(tokenBackoff)
	tokenBackoff = time.Millisecond
	for _, tc := range []struct {
		answers []int
		calls   int
		err     string
	}{
		{[]int{502, 502, 200}, 3, ""},
		{[]int{401}, 1, "Discord refused the bot token (401 Unauthorized)"},
		{[]int{502, 502, 502, 502, 502}, 4, "asking Discord who the bot is (GET /users/@me)"},
	} {
		var calls atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n := int(calls.Add(1)) - 1
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(tc.answers[n])
			if tc.answers[n] == 200 {
				io.WriteString(w, `{"id":"100000000000000001","username":"boardbot","bot":true}`)
				return
			}
			io.WriteString(w, `{"message":"no","code":0}`)
		}))
		s, _ := discordgo.New("Bot test-token")
		s.Client = &http.Client{Transport: Redirect(srv.URL, nil)}
		NewREST(s) // as run and serve: discordgo's own retries off
		u, err := CheckToken(context.Background(), s)
		srv.Close()
		switch {
		case tc.err == "" && (err != nil || u.Username != "boardbot"):
			t.Errorf("%v: %v %v", tc.answers, u, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%v: error %v, want %q", tc.answers, err, tc.err)
		}
		if int(calls.Load()) != tc.calls {
			t.Errorf("%v: %d requests, want %d", tc.answers, calls.Load(), tc.calls)
		}
	}
}
