package discord

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Calls meant for discord.com reach the configured base with their path and Discord's Host
// header; other hosts are left alone.
func TestRedirect(t *testing.T) {
	var got *http.Request
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r
		io.WriteString(w, "{}")
	}))
	defer srv.Close()
	c := &http.Client{Transport: Redirect(srv.URL+"/", nil)}
	resp, err := c.Get("https://discord.com/api/v10/channels/1/messages?limit=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got == nil || got.URL.Path != "/api/v10/channels/1/messages" || got.URL.RawQuery != "limit=1" || got.Host != "discord.com" {
		t.Fatalf("redirected request: %+v", got)
	}
	if _, err := Redirect(srv.URL, roundTripFunc(func(r *http.Request) (*http.Response, error) {
		if r.URL.Host != "example.com" {
			t.Errorf("another host was redirected to %s", r.URL.Host)
		}
		return &http.Response{StatusCode: 204, Body: http.NoBody}, nil
	})).RoundTrip(httptest.NewRequest("GET", "https://example.com/x", nil)); err != nil {
		t.Fatal(err)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
