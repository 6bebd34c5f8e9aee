package console

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/render/recap"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage/sqlite"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

func fakePNG(v any, _ render.Meta) ([]byte, error) {
	b, err := json.Marshal(v)
	return append([]byte("PNG"), b...), err
}

// fakeProgress charts the same value for two seats: enough for a recap picture to be drawn.
func fakeProgress(any, string) (recap.Progress, error) {
	return recap.Progress{Measure: "points", Values: []int{1, 2}}, nil
}

func newConsole(t *testing.T, out *bytes.Buffer) (*Console, *bot.Service, string) {
	dir := t.TempDir()
	st, err := sqlite.Open(filepath.Join(dir, "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	clock := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	svc := bot.New(st, []bot.Kit{{Game: rulestest.Bids, PNG: fakePNG, Progress: fakeProgress}}, bot.Options{Now: func() time.Time { return clock }})
	return New(svc, out, filepath.Join(dir, "img")), svc, dir
}

// The scripted session is compared with a golden transcript; -update rewrites it.
func TestSession(t *testing.T) {
	var out bytes.Buffer
	c, _, dir := newConsole(t, &out)
	in, err := os.Open("testdata/session.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := c.Run(context.Background(), in, false); err != nil {
		t.Fatal(err)
	}
	got := strings.ReplaceAll(out.String(), dir, "$TMP")
	if *update {
		os.WriteFile("testdata/session.golden", []byte(got), 0o644)
	}
	want, err := os.ReadFile("testdata/session.golden")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Fatalf("transcript differs from testdata/session.golden (go test -update to accept):\n%s", got)
	}
	for _, must := range []string{"Game over", "Unknown command \"frobnicate\"", "There is no game in this channel", "how you hear must be thread, dm, digest or none"} {
		if !strings.Contains(got, must) {
			t.Errorf("transcript lacks %q", must)
		}
	}
	if !regexp.MustCompile(`\[image\] \$TMP/img/bids-1-\d+\.png`).MatchString(got) {
		t.Error("no board image was written")
	}
	// The result post's recap is written beside the board, as a real PNG.
	m := regexp.MustCompile(`\[image\] \$TMP/img/(bids-1-recap\.png)`).FindStringSubmatch(got)
	if m == nil {
		t.Fatal("no recap image was written")
	}
	f, err := os.Open(filepath.Join(dir, "img", m[1]))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Fatalf("the recap is not a PNG: %v", err)
	}
}

// A game played in the console exports a record that replays to the stored final state.
func TestExportReplays(t *testing.T) {
	var out bytes.Buffer
	c, svc, dir := newConsole(t, &out)
	ctx := context.Background()
	for _, l := range []string{"create bids players=2 seed=9", "as bob", "join", "move bid pass", "as alice", "move bid pass"} {
		if err := c.Exec(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(dir, "game.txt")
	if err := c.Exec(ctx, "export "+file); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := record.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	st, err := record.Replay(rulestest.Bids, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	snap, _ := st.Encode()
	g, err := svc.Store().GameByThread(ctx, "game-1")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(snap, g.Snapshot) || len(rec.Moves) != 2 {
		t.Fatalf("record does not replay to the stored state (%d moves)", len(rec.Moves))
	}
}

// A line over the limit is refused on its own; the lines after it still run.
func TestOverlongLineIsSkipped(t *testing.T) {
	var out bytes.Buffer
	c, _, _ := newConsole(t, &out)
	in := "as ann\nmove " + strings.Repeat("x", 70<<10) + "\nas bob\nwhere\n"
	if err := c.Run(context.Background(), strings.NewReader(in), false); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"✗ That line is 70 KiB long; a command fits in 64 KiB, so it was skipped.", "You are bob in #lobby."} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%.300s", want, out.String())
		}
	}
}

func TestReadLine(t *testing.T) {
	const max = 8
	cases := []struct {
		in    string
		lines []string
		sizes []int
	}{
		{"ab\ncd", []string{"ab", "cd"}, []int{2, 2}},
		{"ab\r\n\n", []string{"ab", ""}, []int{3, 0}},
		{"12345678\n123456789\nok\n", []string{"12345678", "", "ok"}, []int{8, 9, 2}},
		{strings.Repeat("y", 5000) + "\nok", []string{"", "ok"}, []int{5000, 2}},
	}
	for _, c := range cases {
		rd := bufio.NewReaderSize(strings.NewReader(c.in), 16)
		for i := range c.lines {
			line, n, err := readLine(rd, max)
			if err != nil || n != c.sizes[i] || (n <= max && line != strings.TrimSuffix(c.lines[i], "\r")) {
				t.Fatalf("%q line %d: got %q %d %v, want %q %d", c.in, i, line, n, err, c.lines[i], c.sizes[i])
			}
		}
		if _, _, err := readLine(rd, max); err != io.EOF {
			t.Fatalf("%q: want io.EOF at the end, got %v", c.in, err)
		}
	}
}

// The console speaks its user's language: after `set me language en-XA`, what it writes itself
// (help, the games' list, refusals, its frames around posts) is pseudo-localized; left are
// commands, names, notation and numbers.
func TestConsoleInTheUsersLanguage(t *testing.T) {
	var out bytes.Buffer
	c, _, _ := newConsole(t, &out)
	ctx := context.Background()
	if err := c.Exec(ctx, "set me language "+bot.LangPseudo); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	for _, line := range []string{"help", "games", "rules bids", "rules", "frobnicate", "as", "go", "where", "mine",
		"create", "create bids x", "create bids players=x", "create bids seed=x", "create bids bots=x", "set me",
		"set us language en", "choices"} {
		if err := c.Exec(ctx, line); err != nil {
			t.Fatal(err)
		}
	}
	// Commands and their arguments, the user, the game (a test game whose texts are English),
	// and the channel are no translation's business.
	keep := regexp.MustCompile(`<[^>]*>|\[[a-z0-9=|. ]+\]|#[a-z0-9-]+|\b(as|games|rules|create|players|bots|level|easy|normal|hard|option|value|join|leave|start|id|move|notation|choices|partial|board|view|history|undo|no|yes|resign|abort|mine|settings|set|server|me|key|export|file|go|channel|where|quit|help|lobby|game|seed|alice|frobnicate|bids|Bids|us|[mcbvh])\b|"move b1 b2"|x\b`)
	bids := regexp.MustCompile(`\n  bids [^\n]*\n( {6}[^\n]*\n)*`)
	text := bids.ReplaceAllString(out.String(), "\n") // the test game's own line and options
	info := rulestest.Bids.Info()                     // a game without messages: English texts
	text = strings.NewReplacer(info.SummaryMsg.English(), "", info.NotationMsg.English(), "").Replace(text)
	for _, l := range strings.Split(text, "\n") {
		rest := keep.ReplaceAllString(l, " ")
		if w := regexp.MustCompile(`[A-Za-z]{2,}`).FindString(rest); w != "" {
			t.Errorf("not pseudo-localized (%q): %s", w, l)
		}
	}
	if !strings.Contains(out.String(), "[") {
		t.Fatalf("nothing written:\n%s", out.String())
	}
}

// resign asks how to confirm and changes nothing; "resign no" keeps playing; "resign yes" ends
// the game, with the resigner's own line and the thread's result.
func TestResignConfirm(t *testing.T) {
	var out bytes.Buffer
	c, svc, _ := newConsole(t, &out)
	ctx := context.Background()
	for _, line := range []string{"create bids players=2 seed=5", "as bob", "join"} {
		if err := c.Exec(ctx, line); err != nil {
			t.Fatal(err)
		}
	}
	running := func() bool {
		sum, err := svc.MyGames(ctx, bot.User{ID: "bob", Name: "bob"})
		return err == nil && len(sum) == 1 && sum[0].Status == "running"
	}
	out.Reset()
	if err := c.Exec(ctx, "resign"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "(only you) Do you really want to resign from Bids #1? The game ends here and you lose.") ||
		!strings.Contains(got, "Type “resign yes” to confirm or “resign no” to keep playing.") || !running() {
		t.Fatalf("resign asks:\n%s", got)
	}
	out.Reset()
	if err := c.Exec(ctx, "resign no"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "You did not resign: the game goes on.") || !running() {
		t.Fatalf("resign no:\n%s", got)
	}
	out.Reset()
	if err := c.Exec(ctx, "resign yes"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "(only you) You resigned from Bids #1.") || !strings.Contains(got, "Game over: alice wins (bob resigned).") || running() {
		t.Fatalf("resign yes:\n%s", got)
	}
}

// A German confirms with "resign ja" and keeps playing with "resign nein", as the question says:
// before, it named "resign yes" and took "ja" for a new question.
func TestResignConfirmInTheReadersWords(t *testing.T) {
	var out bytes.Buffer
	c, svc, _ := newConsole(t, &out)
	ctx := context.Background()
	for _, line := range []string{"create bids players=2 seed=5", "as bob", "join", "set me language de"} {
		if err := c.Exec(ctx, line); err != nil {
			t.Fatal(err)
		}
	}
	running := func() bool {
		sum, err := svc.MyGames(ctx, bot.User{ID: "bob", Name: "bob"})
		return err == nil && len(sum) == 1 && sum[0].Status == "running"
	}
	out.Reset()
	if err := c.Exec(ctx, "resign"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "„resign ja“") || !strings.Contains(got, "„resign nein“") || !running() {
		t.Fatalf("resign asks:\n%s", got)
	}
	out.Reset()
	if err := c.Exec(ctx, "resign Nein"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "Du hast nicht aufgegeben") || !running() {
		t.Fatalf("resign nein:\n%s", got)
	}
	out.Reset()
	if err := c.Exec(ctx, "resign ja"); err != nil {
		t.Fatal(err)
	}
	if running() {
		t.Fatalf("resign ja did not resign:\n%s", out.String())
	}
}
