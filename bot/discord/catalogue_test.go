package discord

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
)

// The platform's catalogue (bot/locales) is checked here, beside bot/discord, because both
// packages speak from it: every language has every message and no other, each translation uses
// the arguments its English does, every message is used, and every call passes exactly the
// arguments its message takes.

var placeholderRE = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// catalogue reads one language's file: message id -> plural form ("other" for a plain message)
// -> text.
func catalogue(t *testing.T, lang string) map[string]map[string]string {
	t.Helper()
	raw := map[string]any{}
	if _, err := toml.DecodeFile(filepath.Join("..", "locales", lang+".toml"), &raw); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]string{}
	for id, v := range raw {
		switch v := v.(type) {
		case string:
			out[id] = map[string]string{"other": v}
		case map[string]any:
			out[id] = map[string]string{}
			for form, x := range v {
				s, ok := x.(string)
				if !ok {
					t.Errorf("%s.toml %s.%s is not text", lang, id, form)
				}
				out[id][form] = s
			}
		default:
			t.Errorf("%s.toml %s: neither a text nor plural forms", lang, id)
		}
	}
	return out
}

// args is the set of arguments a message's forms use.
func args(forms map[string]string) []string {
	set := map[string]bool{}
	for _, text := range forms {
		for _, m := range placeholderRE.FindAllStringSubmatch(text, -1) {
			set[m[1]] = true
		}
	}
	var out []string
	for a := range set {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

func TestCatalogueComplete(t *testing.T) {
	en := catalogue(t, bot.LangEnglish)
	if len(en) < 100 {
		t.Fatalf("the English catalogue has only %d messages", len(en))
	}
	for _, lang := range bot.Languages[1:] {
		tr := catalogue(t, lang)
		for id, forms := range en {
			got, ok := tr[id]
			if !ok {
				t.Errorf("%s: message %s is missing", lang, id)
				continue
			}
			if _, plural := forms["one"]; plural {
				if got["one"] == "" || got["other"] == "" {
					t.Errorf("%s: %s needs its one and other forms", lang, id)
				}
			} else if len(got) != 1 || got["other"] == "" {
				t.Errorf("%s: %s is a plain message in English, not plural forms", lang, id)
			}
			// A translation may leave out the count in its singular ("einem Tag"), nothing else.
			want, have := args(forms), args(got)
			for _, a := range want {
				if !slices.Contains(have, a) && a != "Count" {
					t.Errorf("%s: %s does not use argument %s", lang, id, a)
				}
			}
			for _, a := range have {
				if !slices.Contains(want, a) {
					t.Errorf("%s: %s uses argument %s, which English does not", lang, id, a)
				}
			}
		}
		for id := range tr {
			if _, ok := en[id]; !ok {
				t.Errorf("%s: message %s is not in English (unused)", lang, id)
			}
		}
	}
}

// call is one use of a message in the code: T(lang, "id", "Arg", v, ...), refuseT(...),
// bot.T(...).
type call struct {
	where string
	id    string
	args  []string
	fixed bool // the arguments are all literal names (else they are not checked)
}

// calls finds every use of a message with a literal id in the non-test Go files of dir.
func calls(t *testing.T, dir string) ([]call, map[string]bool) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []call
	literals := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					literals[s] = true
				}
			}
			ce, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name := ""
			switch fn := ce.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			}
			// T and refuseT take the language first; the lobby message's local T does not.
			first := 1
			switch {
			case name == "refuseT" || (name == "T" && len(ce.Args) >= 2 && !isStringLit(ce.Args[0])):
			case name == "T" && len(ce.Args) >= 1 && isStringLit(ce.Args[0]):
				first = 0
			default:
				return true
			}
			if len(ce.Args) <= first || !isStringLit(ce.Args[first]) {
				return true
			}
			id, _ := strconv.Unquote(ce.Args[first].(*ast.BasicLit).Value)
			c := call{where: fset.Position(ce.Pos()).String(), id: id, fixed: true}
			rest := ce.Args[first+1:]
			if len(rest)%2 != 0 || (len(rest) > 0 && ce.Ellipsis.IsValid()) {
				c.fixed = false
			}
			for i := 0; c.fixed && i < len(rest); i += 2 {
				if !isStringLit(rest[i]) {
					c.fixed = false
					break
				}
				a, _ := strconv.Unquote(rest[i].(*ast.BasicLit).Value)
				c.args = append(c.args, a)
			}
			out = append(out, c)
			return true
		})
	}
	return out, literals
}

func isStringLit(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Kind == token.STRING
}

// Every message is used, every use names a message, and each call passes exactly the
// arguments its message takes (Count may only choose the plural form).
func TestCatalogueUsedWithItsArguments(t *testing.T) {
	en := catalogue(t, bot.LangEnglish)
	var all []call
	literals := map[string]bool{}
	for _, dir := range []string{"..", ".", "../console"} {
		cs, lits := calls(t, dir)
		all = append(all, cs...)
		for l := range lits {
			literals[l] = true
		}
	}
	used := map[string]bool{}
	for _, c := range all {
		forms, ok := en[c.id]
		if !ok {
			t.Errorf("%s: no message %s", c.where, c.id)
			continue
		}
		used[c.id] = true
		if !c.fixed {
			continue
		}
		want := args(forms)
		for _, a := range want {
			if !slices.Contains(c.args, a) {
				t.Errorf("%s: %s needs argument %s", c.where, c.id, a)
			}
		}
		for _, a := range c.args {
			if !slices.Contains(want, a) && a != "Count" {
				t.Errorf("%s: %s takes no argument %s", c.where, c.id, a)
			}
		}
	}
	// Messages whose ids the code composes: the command schema's, the settings' help, the
	// permission names, the AI levels and the "_over" counts.
	var walk func(opts []*discordgo.ApplicationCommandOption)
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			for id, forms := range en {
				if strings.HasPrefix(id, "cmd_") && forms["other"] == o.Description {
					used[id] = true
				}
				for _, ch := range o.Choices {
					if strings.HasPrefix(id, "cmd_") && forms["other"] == ch.Name && ch.NameLocalizations != nil {
						used[id] = true
					}
				}
			}
			walk(o.Options)
		}
	}
	for _, c := range Commands(allGames()) {
		used["cmd_"+c.Name] = true
		walk(c.Options)
	}
	for _, scope := range []string{bot.ScopeGuild, bot.ScopeUser} {
		used["setting_scope_"+scope] = true // "no such server setting" (bot.scopeIn)
		for _, k := range bot.SettingKeys(scope) {
			used["setting_help_"+scope+"_"+k] = true
			used["cmd_settings_key_"+k] = true
			used["setting_name_"+k] = true // a settings answer names the key (bot.settingValueIn)
		}
	}
	for _, v := range []string{"on", "off", "everyone", "admins", "all", "auto"} {
		used["setting_value_"+v] = true
	}
	for _, l := range bot.Languages {
		used["lang_name_"+l] = true
	}
	for _, v := range []string{"easy", "normal", "hard"} {
		used["cmd_create_level_"+v] = true
		used["ai_level_"+v] = true // the roster's "AI, normal" (bot.aiLevelText)
	}
	for id := range en {
		if literals[id] {
			used[id] = true
		}
	}
	for id := range en {
		if used[strings.TrimSuffix(id, "_over")] {
			used[id] = true
		}
	}
	for id := range en {
		if !used[id] {
			t.Errorf("message %s is never used", id)
		}
	}
}

// proseRE finds what reads as English words in a string literal: two words in a row, or a
// capitalized word (a button label such as "Back").
var proseRE = regexp.MustCompile(`[A-Za-z]{2,}[,.;:!?']? [A-Za-z]{2,}|^[A-Z][a-z]{2,}\b`)

// Literals of the platform's code that read as English and are no player's text, with why.
var englishAllowed = map[string]string{
	"the game's thread refuses posts: ": "an error's text, for the logs",
	"(%d earlier events not shown.)":    "parses digests queued by older versions",
	"your turn":                         "recognizes an engine's English prompt that already says so",
	"Seat %d":                           "a record file's seat without a player's name (boardbot replay)",
	"Values":                            "a message's argument name",
	"Count":                             "a message's argument name",
	"Seats":                             "a message's argument name (bot/results.go)",
	"Seat":                              "a message's argument name (bot/digest.go, the seat an event names)",
	"Content-Type":                      "an HTTP header",
	"Retry-After":                       "an HTTP header",
	"Authorization":                     "an HTTP header",
	"Bot ":                              "the bot token's HTTP scheme",
	"text/plain; charset=utf-8":         "a content type",
}

// Files whose English is for the bot's admin (logs, errors, the fsck report), not for players.
var adminFiles = map[string]bool{"fsck.go": true, "gateway.go": true, "ratelimit.go": true,
	"tznames.go": true} // the IANA time zone names, the same in every language

// Every player-facing text of the platform (bot, bot/discord, bot/console) comes from the
// catalogue: no string literal outside it reads as English words, apart from log lines, errors
// and the literals listed above. A button label, an apology or a console prompt written in
// English in the code fails here.
func TestNoEnglishOutsideTheCatalogue(t *testing.T) {
	// The calls whose text is for logs and errors, and those that take message ids and
	// argument names.
	logs := map[string]bool{"Warn": true, "Error": true, "Info": true, "Debug": true, "Errorf": true,
		"errors.New": true, "panic": true}
	ids := map[string]bool{"T": true, "refuseT": true, "t": true, "refusal": true, "text": true}
	var found []string
	for _, dir := range []string{"..", ".", "../console"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || adminFiles[filepath.Base(f)] {
				continue
			}
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			var stack []ast.Node
			ast.Inspect(file, func(n ast.Node) bool {
				if n == nil {
					stack = stack[:len(stack)-1]
					return true
				}
				stack = append(stack, n)
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || !proseRE.MatchString(s) || englishAllowed[s] != "" {
					return true
				}
				for i := len(stack) - 2; i >= 0; i-- {
					switch p := stack[i].(type) {
					case *ast.Field: // a struct tag
						return true
					case *ast.CompositeLit: // a message's arguments: valueErr{"id", []any{"Name", v}}
						if at, ok := p.Type.(*ast.ArrayType); ok {
							if id, ok := at.Elt.(*ast.Ident); ok && id.Name == "any" {
								return true
							}
						}
					case *ast.CallExpr:
						name, full := "", ""
						switch fn := p.Fun.(type) {
						case *ast.Ident:
							name, full = fn.Name, fn.Name
						case *ast.SelectorExpr:
							name = fn.Sel.Name
							if x, ok := fn.X.(*ast.Ident); ok {
								full = x.Name + "." + name
							}
						}
						if logs[name] || logs[full] || (ids[name] && i == len(stack)-2) {
							return true
						}
					}
				}
				found = append(found, fmt.Sprintf("%s: %q", fset.Position(lit.Pos()), s))
				return true
			})
		}
	}
	for _, f := range found {
		t.Errorf("English outside the catalogue: %s", f)
	}
}
