package discordtest

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/santhosh-tekuri/jsonschema/v6"
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

// compiled holds the JSON Schemas of the spec's request bodies and parameters, compiled once
// each: kin-openapi compiles a 2020-12 schema at every validation (tens of ms), which would make
// the fake slower than Discord's own rate limits. The spec's schemas are JSON Schema 2020-12,
// so its document is loaded as one resource and each schema is compiled at its JSON pointer.
var compiled struct {
	mu       sync.Mutex
	compiler *jsonschema.Compiler
	schemas  map[string]*jsonschema.Schema
	err      error
}

const specURL = "file:///discord-openapi.json"

// schemaAt compiles (once) the schema at a JSON pointer of the spec.
func schemaAt(ptr string) (*jsonschema.Schema, error) {
	compiled.mu.Lock()
	defer compiled.mu.Unlock()
	if compiled.compiler == nil && compiled.err == nil {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(spec))
		if err == nil {
			c := jsonschema.NewCompiler()
			c.DefaultDraft(jsonschema.Draft2020)
			err = c.AddResource(specURL, doc)
			compiled.compiler, compiled.schemas = c, map[string]*jsonschema.Schema{}
		}
		compiled.err = err
	}
	if compiled.err != nil {
		return nil, compiled.err
	}
	if sch, ok := compiled.schemas[ptr]; ok {
		return sch, nil
	}
	sch, err := compiled.compiler.Compile(specURL + "#" + ptr)
	if err != nil {
		return nil, err
	}
	compiled.schemas[ptr] = sch
	return sch, nil
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// SpecCheck says why a request breaks Discord's OpenAPI spec (its path and method, its path
// parameters and its JSON body; a multipart body's payload_json is checked as the JSON body, as
// the spec models multipart bodies as the JSON fields plus files), or "". Authentication and
// query parameters are not checked. A request on a path the spec does not have is refused.
func SpecCheck(rec Request) string {
	router, err := loadSpec()
	if err != nil {
		return err.Error()
	}
	req, err := http.NewRequest(rec.Method, "https://discord.com/api/v10"+rec.Path, nil)
	if err != nil {
		return err.Error()
	}
	route, params, err := router.FindRoute(req)
	if err != nil {
		return fmt.Sprintf("no such route in Discord's spec: %v", err)
	}
	op := "/paths/" + escapePointer(route.Path) + "/" + strings.ToLower(rec.Method)
	// Path parameters, declared on the path or on the operation.
	check := func(base string, ps openapi3.Parameters) string {
		for k, p := range ps {
			if p.Value == nil || p.Value.In != "path" {
				continue
			}
			v, ok := params[p.Value.Name]
			if !ok {
				continue
			}
			if strings.HasSuffix(p.Value.Name, "_id") && !snowflakeRe.MatchString(v) {
				v = standIn(v)
			}
			sch, err := schemaAt(fmt.Sprintf("%s/parameters/%d/schema", base, k))
			if err != nil {
				return "compiling the spec: " + err.Error()
			}
			if err := sch.Validate(v); err != nil {
				return fmt.Sprintf("breaks Discord's OpenAPI spec: path parameter %s: %v", p.Value.Name, err)
			}
		}
		return ""
	}
	if why := check("/paths/"+escapePointer(route.Path), route.PathItem.Parameters); why != "" {
		return why
	}
	if why := check(op, route.Operation.Parameters); why != "" {
		return why
	}
	rb := route.Operation.RequestBody
	if rb == nil || rb.Value == nil {
		return ""
	}
	if len(rec.Raw) == 0 {
		if rb.Value.Required {
			return "breaks Discord's OpenAPI spec: a request body is required"
		}
		return ""
	}
	if rb.Value.Content.Get("application/json") == nil {
		return "breaks Discord's OpenAPI spec: no JSON body on this route"
	}
	body, err := jsonschema.UnmarshalJSON(bytes.NewReader(fixtureBody(rec.Raw)))
	if err != nil {
		return "the body is not JSON: " + err.Error()
	}
	sch, err := schemaAt(op + "/requestBody/content/application~1json/schema")
	if err != nil {
		return "compiling the spec: " + err.Error()
	}
	if err := sch.Validate(body); err != nil {
		msg := err.Error()
		if len(msg) > 2000 {
			msg = msg[:2000] + "…"
		}
		return "breaks Discord's OpenAPI spec: " + msg
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
