package discord

import (
	"net/http"
	"net/url"
	"strings"
)

// Redirect sends the REST calls meant for discord.com to base (scheme and host; the path stays
// /api/v10/...), through next (nil: the default transport). It is how several instances share a
// Discord API proxy's rate-limit budget, and how tests reach a stub. The Host header stays
// discord.com, as proxies expect.
func Redirect(base string, next http.RoundTripper) http.RoundTripper {
	u, err := url.Parse(strings.TrimSuffix(base, "/"))
	if err != nil {
		return next
	}
	if next == nil {
		next = http.DefaultTransport
	}
	return redirect{to: u, next: next}
}

type redirect struct {
	to   *url.URL
	next http.RoundTripper
}

func (r redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != "discord.com" {
		return r.next.RoundTrip(req)
	}
	out := req.Clone(req.Context())
	u := *req.URL
	u.Scheme, u.Host = r.to.Scheme, r.to.Host
	out.URL = &u
	out.Host = "discord.com"
	return r.next.RoundTrip(out)
}
