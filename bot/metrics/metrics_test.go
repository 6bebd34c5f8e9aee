package metrics

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlite"
)

func scrape(t *testing.T, m *Metrics) string {
	t.Helper()
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// Every figure the endpoint promises shows, with the value the hooks and the store gave it.
func TestMetricsShowEveryFigure(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := New(st)
	ctx := context.Background()
	png := m.Timed("bids", func(v any, _ render.Meta) ([]byte, error) { return json.Marshal(v) })
	svc := bot.New(st, []bot.Kit{{Game: rulestest.Bids, PNG: png}}, bot.Options{Observer: m})

	// A game of bids: two players join, one move is refused, two are applied.
	lobby := bot.Place{Guild: "g", Channel: "c"}
	ann, bob := bot.User{ID: "ann", Name: "ann"}, bot.User{ID: "bob", Name: "bob"}
	rep, err := svc.Create(ctx, bot.Request{User: ann, Place: lobby}, bot.CreateSpec{Kind: "bids", Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.AttachThread(ctx, rep.Game, "th", "m"); err != nil {
		t.Fatal(err)
	}
	in := func(u bot.User) bot.Request { return bot.Request{User: u, Place: bot.Place{Guild: "g", Channel: "th"}} }
	if _, err := svc.Join(ctx, in(bob)); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Move(ctx, in(ann), "dance"); err == nil {
		t.Fatal("dance was accepted")
	}
	for _, u := range []bot.User{ann, bob} {
		if _, err := svc.Move(ctx, in(u), "bid pass"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.Board(ctx, in(ann)); err != nil { // draws one image
		t.Fatal(err)
	}
	m.Acked("command", 30*time.Millisecond)
	m.Acked("component", 2*time.Second)
	m.Answered("command", 4*time.Second)
	m.Delivered(3 * time.Second)
	m.AIThought("bids", 700*time.Millisecond)
	m.TokenAccepted(true)
	// Another lobby, for the games by state.
	if _, err := svc.Create(ctx, bot.Request{User: ann, Place: lobby}, bot.CreateSpec{Kind: "bids", Seats: 2, Seed: 2}); err != nil {
		t.Fatal(err)
	}

	// Discord answers 200, then 429, then nothing at all.
	codes := []int{200, 429}
	discord := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(codes[0])
		codes = codes[1:]
	}))
	client := &http.Client{Transport: m.Transport(nil, func(r *http.Request) string { return r.Method + " /channels/{id}/messages" })}
	for range 2 {
		resp, err := client.Get(discord.URL + "/channels/123/messages")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	discord.Close()
	if _, err := client.Get(discord.URL); err == nil {
		t.Fatal("a closed server answered")
	}
	if err := st.Enqueue(ctx, storage.OutboxMessage{Kind: "x"}); err != nil {
		t.Fatal(err)
	}
	stats, _ := st.Stats(ctx)

	text := scrape(t, m)
	for _, want := range []string{
		`boardbot_moves_applied_total{game="bids"} 2`,
		`boardbot_moves_refused_total{game="bids"} 1`,
		`boardbot_interaction_ack_seconds_bucket{type="command",le="0.05"} 1`,
		`boardbot_interaction_ack_seconds_count{type="component"} 1`,
		`boardbot_render_seconds_count{game="bids"} 1`,
		`boardbot_discord_responses_total{status="200"} 1`,
		`boardbot_discord_responses_total{status="429"} 1`,
		`boardbot_discord_responses_total{status="error"} 1`,
		`boardbot_active_games{game="bids"} 1`,
		`boardbot_outbox_backlog ` + strconv.Itoa(stats.Queued),
		`boardbot_outbox_oldest_seconds `,
		`boardbot_store_up 1`,
		`boardbot_interaction_answer_seconds_bucket{type="command",le="5"} 1`,
		`boardbot_interaction_answer_seconds_bucket{type="command",le="3"} 0`,
		`boardbot_outbox_delivery_seconds_bucket{le="5"} 1`,
		`boardbot_outbox_delivery_seconds_bucket{le="2"} 0`,
		`boardbot_ai_think_seconds_bucket{game="bids",le="1"} 1`,
		`boardbot_discord_request_seconds_count{route="GET /channels/{id}/messages",status="200"} 1`,
		`boardbot_discord_request_seconds_count{route="GET /channels/{id}/messages",status="429"} 1`,
		`boardbot_discord_request_seconds_count{route="GET /channels/{id}/messages",status="error"} 1`,
		`boardbot_discord_token_accepted 1`,
		`boardbot_games{state="running"} 1`,
		`boardbot_games{state="lobby"} 1`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if stats.Queued < 1 {
		t.Errorf("the store counts %d queued messages", stats.Queued)
	}
}

// Every series that can be known in advance is there before its first event, at 0: a rate has
// its baseline, and an alert on a gateway that never connected fires.
func TestMetricsStartAtZero(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "z.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := New(st)
	m.Games([]string{"reef"})
	text := scrape(t, m)
	if strings.Contains(text, "boardbot_gateway_connected") {
		t.Error("the gateway gauge shows before gateway mode asked for it (serve has no gateway)")
	}
	setGateway := m.Gateway()
	for _, want := range []string{
		`boardbot_moves_applied_total{game="reef"} 0`,
		`boardbot_moves_refused_total{game="reef"} 0`,
		`boardbot_render_seconds_count{game="reef"} 0`,
		`boardbot_ai_think_seconds_count{game="reef"} 0`,
		`boardbot_threads_refused_total{game="reef"} 0`,
		`boardbot_interaction_ack_seconds_count{type="component"} 0`,
		`boardbot_interaction_answer_seconds_count{type="command"} 0`,
		`boardbot_outbox_delivery_seconds_count 0`,
		`boardbot_discord_token_accepted 0`,
		`boardbot_gateway_connected 0`,
		`boardbot_games{state="running"} 0`,
		`boardbot_games{state="lobby"} 0`,
	} {
		if text := scrape(t, m); !strings.Contains(text, want) {
			t.Errorf("/metrics at start lacks %q", want)
		}
	}
	setGateway(true)
	if text := scrape(t, m); !strings.Contains(text, "boardbot_gateway_connected 1") {
		t.Error("the gateway gauge does not follow the connection")
	}
}

// A store that cannot answer shows as down, and the scrape still succeeds.
func TestMetricsStoreDown(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	m := New(st)
	st.Close()
	if text := scrape(t, m); !strings.Contains(text, "boardbot_store_up 0") {
		t.Errorf("a closed store does not show as down:\n%s", text)
	}
}

// diskFull is a store whose reads work while its readiness check finds the disk full.
type diskFull struct{ storage.Store }

func (diskFull) Ready(context.Context) error {
	return &storage.Unavailable{Part: storage.PartDisk, Reason: "disk full: 0 bytes free on /data"}
}

// #34: a store that answers reads but is not ready (a full disk, a held write lock) shows as
// down, as /readyz says, so BoardbotStoreDown fires; boardbot_ready mirrors /readyz.
func TestMetricsStoreUpFollowsReadiness(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := New(diskFull{st})
	ready := true
	m.Ready(func() bool { return ready })
	text := scrape(t, m)
	if !strings.Contains(text, "boardbot_store_up 0") || !strings.Contains(text, "boardbot_outbox_backlog 0") {
		t.Errorf("a full disk shows as down, with the figures still read:\n%s", text)
	}
	if !strings.Contains(text, "boardbot_ready 1") {
		t.Errorf("boardbot_ready follows the check:\n%s", text)
	}
	ready = false
	if text := scrape(t, m); !strings.Contains(text, "boardbot_ready 0") {
		t.Errorf("boardbot_ready follows the check:\n%s", text)
	}
}

func TestBuildInfo(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "b.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := New(st)
	m.Build("v1.2.3", "go1.26.8")
	m.Build("v9", "go9") // ignored: one build per process
	mfs, err := m.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != "boardbot_build_info" {
			continue
		}
		if len(mf.Metric) != 1 || mf.Metric[0].GetGauge().GetValue() != 1 {
			t.Fatalf("%v", mf)
		}
		for _, l := range mf.Metric[0].Label {
			if l.GetName() == "version" && l.GetValue() != "v1.2.3" {
				t.Fatalf("version %q", l.GetValue())
			}
		}
		return
	}
	t.Fatal("no boardbot_build_info")
}

// sendLog is an outbox sender that takes everything.
type sendLog struct{ sent []bot.Outgoing }

func (s *sendLog) Send(_ context.Context, o bot.Outgoing) error {
	s.sent = append(s.sent, o)
	return nil
}

// The AI's think time and the outbox's enqueue-to-post time are measured where they happen: a
// game against the AI plays its move and posts its notices through the timed sender.
func TestAIAndDeliveryTimes(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := New(st)
	ctx := context.Background()
	svc := bot.New(st, []bot.Kit{{Game: rulestest.Bids, PNG: func(v any, _ render.Meta) ([]byte, error) { return json.Marshal(v) }}},
		bot.Options{Observer: m, AIIterations: 20})
	ann := bot.User{ID: "ann", Name: "ann"}
	rep, err := svc.Create(ctx, bot.Request{User: ann, Place: bot.Place{Guild: "g", Channel: "c"}},
		bot.CreateSpec{Kind: "bids", Seats: 2, Seed: 1, Bots: 1, Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.AttachThread(ctx, rep.Game, "th", "m"); err != nil {
		t.Fatal(err)
	}
	if n, err := svc.PlayAI(ctx); n != 1 || err != nil {
		t.Fatalf("the AI played %d moves (%v)", n, err)
	}
	time.Sleep(20 * time.Millisecond) // the notices wait a little in the outbox
	var sent sendLog
	if _, err := svc.Deliver(ctx, m.Sender(&sent), 10); err != nil {
		t.Fatal(err)
	}
	if len(sent.sent) == 0 {
		t.Fatal("nothing was delivered")
	}
	text := scrape(t, m)
	for _, want := range []string{
		`boardbot_ai_think_seconds_count{game="bids"} 1`,
		`boardbot_outbox_delivery_seconds_count ` + strconv.Itoa(len(sent.sent)),
		`boardbot_outbox_delivery_seconds_bucket{le="0.5"} ` + strconv.Itoa(len(sent.sent)),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if strings.Contains(text, `boardbot_outbox_delivery_seconds_sum 0`+"\n") {
		t.Error("enqueue-to-post times of 0: the notices' enqueueing time did not reach the sender")
	}
}
