package discord

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// fakePNG stands in for the Autumn Ash renderer: a small real PNG whose colour depends on the
// view, so different boards give different images.
func fakePNG(v any, _ render.Meta) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	h := sha256.Sum256(b)
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	img.Set(0, 0, color.RGBA{h[0], h[1], h[2], 255})
	var out bytes.Buffer
	err = png.Encode(&out, img)
	return out.Bytes(), err
}

type env struct {
	t     *testing.T
	fake  *fakeDiscord
	sess  *discordgo.Session
	store *sqlite.Store
	path  string
	svc   *bot.Service
	rest  *REST
	h     *Handler
	send  *Sender
	logs  *bytes.Buffer

	mu  sync.Mutex
	now time.Time
	n   int
}

func (e *env) clock() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.now
}

func (e *env) advance(d time.Duration) {
	e.mu.Lock()
	e.now = e.now.Add(d)
	e.mu.Unlock()
}

type lockedBuffer struct {
	mu sync.Mutex
	b  *bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func newEnv(t *testing.T) *env {
	t.Helper()
	return newKitEnv(t, []bot.Kit{{Game: autumnash.Game, PNG: fakePNG}}, 0)
}

// newKitEnv is an env with the given games; a seed other than 0 fixes every new game's seed.
func newKitEnv(t *testing.T, kits []bot.Kit, seed uint64, tune ...func(*bot.Options)) *env {
	t.Helper()
	e := &env{t: t, fake: newFakeDiscord(t), now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), logs: &bytes.Buffer{}}
	e.path = filepath.Join(t.TempDir(), "bot.db")
	st, err := sqlite.Open(e.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e.store = st
	log := slog.New(slog.NewTextHandler(&lockedBuffer{b: e.logs}, nil))
	opt := bot.Options{Now: e.clock, Logger: log, AutoForced: true, DefaultReminderHours: 24}
	if seed != 0 {
		opt.Seed = func() uint64 { return seed }
	}
	for _, f := range tune {
		f(&opt)
	}
	e.svc = bot.New(st, kits, opt)
	e.fake.SetNow(e.clock)
	// Discord's 3 s is checked by TestFakeEnforcesTheFirstAnswerDeadline and kept by the
	// handler's 2 s budget; the suites, on a machine shared by many test runs, allow 10 s of
	// real time so that a scheduling stall of the machine is not taken for the bot's.
	e.fake.AckDeadline = 10 * time.Second
	e.sess = e.fake.session()
	e.rest = NewREST(e.sess)
	e.rest.Backoff, e.rest.Log = time.Millisecond, log
	e.h = NewHandler(e.svc, e.rest, Options{Now: e.clock, Logger: log})
	e.send = NewSender(e.svc, e.rest, log)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("logs:\n%s", e.logs.String())
		}
	})
	return e
}

// connect opens the gateway: interactions then arrive over the websocket.
func (e *env) connect() context.CancelFunc {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- RunGateway(ctx, e.sess, e.h) }()
	select {
	case <-e.fake.Ready():
	case err := <-done:
		e.t.Fatalf("gateway: %v", err)
	case <-time.After(10 * time.Second):
		e.t.Fatal("gateway never became ready")
	}
	stop := func() {
		cancel()
		<-done
	}
	e.t.Cleanup(stop)
	return cancel
}

// snowflake makes an interaction id created at the fake clock's now.
func (e *env) snowflake() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.n++
	ms := e.now.UnixMilli() - 1420070400000
	return fmt.Sprint(uint64(ms)<<22 | uint64(e.n))
}

// load reads a recorded interaction from testdata.
func (e *env) load(name string) *discordgo.Interaction {
	e.t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".json"))
	if err != nil {
		e.t.Fatal(err)
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(b, &i); err != nil {
		e.t.Fatal(err)
	}
	i.ID = e.snowflake()
	i.Token = "tok-" + i.ID
	return &i
}

func as(i *discordgo.Interaction, user string) *discordgo.Interaction {
	i.Member.User = &discordgo.User{ID: "u-" + user, Username: user}
	i.Member.Nick = ""
	i.Member.Permissions = 0
	return i
}

// slash builds a slash command by user in channel.
func (e *env) slash(user, channel, name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	i := as(e.load("command"), user)
	i.ChannelID = channel
	i.Data = discordgo.ApplicationCommandInteractionData{ID: "cmd-" + name, Name: name, CommandType: discordgo.ChatApplicationCommand, Options: opts}
	return i
}

func opt(name string, v any) *discordgo.ApplicationCommandInteractionDataOption {
	o := &discordgo.ApplicationCommandInteractionDataOption{Name: name, Value: v}
	switch v.(type) {
	case string:
		o.Type = discordgo.ApplicationCommandOptionString
	case float64:
		o.Type = discordgo.ApplicationCommandOptionInteger
	}
	return o
}

func (e *env) complete(user, channel, typed string) *discordgo.Interaction {
	i := as(e.load("autocomplete"), user)
	i.ChannelID = channel
	i.Data = discordgo.ApplicationCommandInteractionData{ID: "cmd-move", Name: "move", CommandType: discordgo.ChatApplicationCommand,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "move", Type: discordgo.ApplicationCommandOptionString, Value: typed, Focused: true}}}
	return i
}

// click builds a button press on message msg (channel, id, flags).
func (e *env) click(user, channel, customID string, msg *discordgo.Message) *discordgo.Interaction {
	i := as(e.load("button"), user)
	i.ChannelID = channel
	i.Data = discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}
	if msg != nil {
		i.Message = msg
	}
	return i
}

func (e *env) choose(user, channel, customID, value string) *discordgo.Interaction {
	i := as(e.load("select"), user)
	i.ChannelID = channel
	i.Data = discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.SelectMenuComponent, Values: []string{value}}
	return i
}

// do sends an interaction through the gateway and returns every request Discord received while
// the bot answered it (the callback, and the edits of deferred work).
func (e *env) do(i *discordgo.Interaction) []recorded {
	e.t.Helper()
	mark := e.fake.mark()
	i.AppPermissions = e.fake.AppPermissions(i.ChannelID) // what Discord tells the bot it may do there
	e.fake.dispatch("INTERACTION_CREATE", i)
	e.fake.waitFor(mark, func(r recorded) bool { return strings.HasPrefix(r.Path, "/interactions/"+i.ID+"/") })
	e.h.Wait()
	rs, _ := e.fake.since(mark)
	return rs
}

// callback is the interaction response among rs.
func callback(t *testing.T, rs []recorded, i *discordgo.Interaction) recorded {
	t.Helper()
	for _, r := range rs {
		if r.Path == "/interactions/"+i.ID+"/"+i.Token+"/callback" {
			return r
		}
	}
	t.Fatalf("no callback for %s in %+v", i.ID, rs)
	return recorded{}
}

// deliver runs the outbox and returns what Discord received.
func (e *env) deliver() []recorded {
	e.t.Helper()
	mark := e.fake.mark()
	for {
		n, err := e.svc.Deliver(context.Background(), e.send, 50)
		if err != nil {
			e.t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	rs, _ := e.fake.since(mark)
	return rs
}

// data is the callback's data object.
func data(r recorded) map[string]any {
	d, _ := r.JSON["data"].(map[string]any)
	return d
}

func typ(r recorded) int {
	f, _ := r.JSON["type"].(float64)
	return int(f)
}

func content(m map[string]any) string {
	s, _ := m["content"].(string)
	return s
}

func ephemeral(m map[string]any) bool {
	f, _ := m["flags"].(float64)
	return int(f)&64 != 0
}

// options lists a select menu's option values.
func options(m map[string]any) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case []any:
			for _, y := range x {
				walk(y)
			}
		case map[string]any:
			if os, ok := x["options"].([]any); ok {
				for _, o := range os {
					out = append(out, o.(map[string]any)["value"].(string))
				}
			}
			walk(x["components"])
		}
	}
	walk(m["components"])
	return out
}

func allowedUsers(m map[string]any) []string {
	am, ok := m["allowed_mentions"].(map[string]any)
	if !ok {
		return nil
	}
	var out []string
	us, _ := am["users"].([]any)
	for _, u := range us {
		out = append(out, u.(string))
	}
	return out
}

// noParse checks that a message lets nothing in its text ping anyone.
func noParse(t *testing.T, m map[string]any) {
	t.Helper()
	am, ok := m["allowed_mentions"].(map[string]any)
	if !ok {
		t.Fatalf("message without allowed_mentions: %v", m)
	}
	p, ok := am["parse"].([]any)
	if !ok || len(p) != 0 {
		t.Fatalf("allowed_mentions.parse must be empty: %v", am)
	}
}

func find(rs []recorded, method, prefix string) []recorded {
	var out []recorded
	for _, r := range rs {
		if r.Method == method && strings.HasPrefix(r.Path, prefix) {
			out = append(out, r)
		}
	}
	return out
}

var _ = io.Discard

func jsonRoundTrip(v any) (map[string]any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	err = json.Unmarshal(b, &out)
	return out, err
}
