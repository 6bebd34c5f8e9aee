package discordtest

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// spec is Discord's own OpenAPI 3.1 document (discord/discord-api-spec, MIT; see
// testdata/discord-api-spec/README.md for its commit).
//
//go:embed testdata/discord-api-spec/openapi.json
var spec []byte

var (
	specOnce   sync.Once
	specRouter routers.Router
	specErr    error
)

func loadSpec() (routers.Router, error) {
	specOnce.Do(func() {
		l := openapi3.NewLoader()
		doc, err := l.LoadFromData(spec)
		if err != nil {
			specErr = fmt.Errorf("loading Discord's OpenAPI spec: %w", err)
			return
		}
		specRouter, specErr = gorillamux.NewRouter(doc)
	})
	return specRouter, specErr
}

// SpecCheck says why a request breaks Discord's OpenAPI spec (its path, method, parameters and
// JSON body; a multipart body's payload_json is checked as the JSON body, as the spec models
// multipart bodies as the JSON fields plus files), or "". Authentication is not checked. A
// request on a path the spec does not have is refused.
func SpecCheck(rec Request) string {
	router, err := loadSpec()
	if err != nil {
		return err.Error()
	}
	var body []byte
	if len(rec.Raw) > 0 {
		body = fixtureBody(rec.Raw)
	}
	req, err := http.NewRequest(rec.Method, "https://discord.com/api/v10"+rec.Path, bytes.NewReader(body))
	if err != nil {
		return err.Error()
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	route, params, err := router.FindRoute(req)
	if err != nil {
		return fmt.Sprintf("no such route in Discord's spec: %v", err)
	}
	for k, v := range params {
		if strings.HasSuffix(k, "_id") && !snowflakeRe.MatchString(v) {
			params[k] = standIn(v)
		}
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
		msg := err.Error()
		if len(msg) > 2000 {
			msg = msg[:2000] + "…"
		}
		return "breaks Discord's OpenAPI spec: " + strings.TrimSpace(msg)
	}
	return ""
}

var snowflakeRe = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)

// standIn is a snowflake standing for a readable id of a test fixture ("c-games", "u-ann"): the
// suites name their channels and users in words, the spec wants snowflakes, and what the check
// is about is the bot's requests, not the fixtures' names.
func standIn(id string) string {
	return strconv.FormatUint(uint64(hash(id))+1, 10)
}

// fixtureBody replaces readable fixture ids in the body's id fields by stand-ins.
func fixtureBody(raw []byte) []byte {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return raw
	}
	var walk func(k string, v any) any
	walk = func(k string, v any) any {
		switch x := v.(type) {
		case map[string]any:
			for kk, y := range x {
				x[kk] = walk(kk, y)
			}
		case []any:
			for i, y := range x {
				x[i] = walk(k, y)
			}
		case string:
			if (k == "users" || k == "roles" || strings.HasSuffix(k, "_id")) && !snowflakeRe.MatchString(x) {
				return standIn(x)
			}
		}
		return v
	}
	out, err := json.Marshal(walk("", v))
	if err != nil {
		return raw
	}
	return out
}
