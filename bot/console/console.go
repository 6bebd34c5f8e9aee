// Package console is the terminal adapter: it reads the same commands Discord offers from a
// prompt, acting as any user (`as alice`), and writes every board image to a folder, printing its
// path. It needs no Discord and no network: the quickest way to play and to test.
package console

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/bot"
)

// Guild is the server id every console game lives in.
const Guild = "console"

// Console is one terminal session.
type Console struct {
	svc    *bot.Service
	out    io.Writer
	images string
	user   bot.User
	where  string // current channel
	quit   bool
	// langSafe is the user's language read before a command runs: what an apology for a
	// panic is written in, without touching the store again.
	langSafe string
}

// New makes a console writing to out and saving images under dir.
func New(svc *bot.Service, out io.Writer, dir string) *Console {
	return &Console{svc: svc, out: out, images: dir, user: bot.User{ID: "alice", Name: "alice", Admin: true}, where: "lobby"}
}

// MaxLine bounds one input line; a longer one is refused on its own and the session goes on.
const MaxLine = 64 << 10

// Run reads commands until end of input or "quit".
func (c *Console) Run(ctx context.Context, in io.Reader, interactive bool) error {
	rd := bufio.NewReaderSize(in, 4096)
	if interactive {
		fmt.Fprintln(c.out, c.t(ctx, "con_welcome"))
	}
	for !c.quit {
		if interactive {
			fmt.Fprintf(c.out, "%s@#%s> ", c.user.Name, c.where)
		}
		raw, size, err := readLine(rd, MaxLine)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if size > MaxLine {
			fmt.Fprintln(c.out, "  ✗ "+c.t(ctx, "con_line_too_long", "Size", size>>10, "Max", MaxLine>>10))
			continue
		}
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !interactive {
			fmt.Fprintf(c.out, "%s@#%s> %s\n", c.user.Name, c.where, line)
		}
		if err := c.Exec(ctx, line); err != nil {
			return err
		}
	}
	return nil
}

// readLine returns the next line without its end of line, and the line's length in bytes. A line
// longer than max is read to its end but not kept, so it costs no more than max of memory.
// io.EOF comes only when no line is left.
func readLine(rd *bufio.Reader, max int) (string, int, error) {
	var buf []byte
	n := 0
	for {
		chunk, err := rd.ReadSlice('\n')
		if n += len(chunk); n <= max+1 { // +1: room for the newline
			buf = append(buf, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if strings.HasSuffix(string(chunk), "\n") {
			n--
		}
		if err == io.EOF && n > 0 {
			err = nil // a last line without a newline
		}
		return strings.TrimRight(string(buf), "\r\n"), n, err
	}
}

// Exec runs one command line. User mistakes are printed with how to do it right; an internal
// failure (or a panic) is printed as an apology and the session goes on: nothing was changed.
func (c *Console) Exec(ctx context.Context, line string) (err error) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintln(c.out, "  ! "+bot.T(c.langSafe, "con_panic", "Err", fmt.Sprint(p)))
			err = nil
		}
	}()
	cmd, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	rest = strings.TrimSpace(rest)
	c.langSafe = c.lang(ctx)
	err = c.dispatch(ctx, strings.ToLower(cmd), rest)
	lang := c.lang(ctx) // the command may have changed it (set me language)
	if msg, ok := bot.RefusalIn(lang, err); ok {
		fmt.Fprintln(c.out, "  ✗ "+msg)
	} else if err != nil {
		fmt.Fprintln(c.out, "  ! "+bot.T(lang, "con_failed", "Err", err.Error()))
	}
	if err := c.flush(ctx); err != nil {
		fmt.Fprintln(c.out, "  ! "+bot.T(lang, "con_deliver_failed", "Err", err.Error()))
	}
	// The AI answers after the command's own reply, as the worker does on Discord.
	if n, err := c.svc.PlayAI(ctx); err != nil {
		fmt.Fprintln(c.out, "  ! "+bot.T(lang, "con_ai_failed", "Err", err.Error()))
	} else if n > 0 {
		if err := c.flush(ctx); err != nil {
			fmt.Fprintln(c.out, "  ! "+bot.T(lang, "con_deliver_failed", "Err", err.Error()))
		}
	}
	return nil
}

// lang is the language of what the console's user reads: their /settings me language (the
// terminal has no locale).
func (c *Console) lang(ctx context.Context) string { return c.svc.UserLanguage(ctx, c.req()) }

// t is message id in the user's language.
func (c *Console) t(ctx context.Context, id string, args ...any) string {
	return bot.T(c.lang(ctx), id, args...)
}

// refusal is a refusal in the user's language.
func (c *Console) refusal(ctx context.Context, id string, args ...any) error {
	return &bot.Refusal{Msg: c.t(ctx, id, args...)}
}

func (c *Console) req() bot.Request {
	return bot.Request{User: c.user, Place: bot.Place{Guild: Guild, Channel: c.where}}
}

// reqFor names a game explicitly when a number is given (lobby commands from the lobby channel).
func (c *Console) reqFor(arg string) bot.Request {
	r := c.req()
	if id, err := strconv.ParseInt(strings.TrimPrefix(arg, "#"), 10, 64); err == nil {
		r.Game = id
	}
	return r
}

func (c *Console) dispatch(ctx context.Context, cmd, rest string) error {
	switch cmd {
	case "help", "?":
		fmt.Fprintln(c.out, c.t(ctx, "con_help"))
	case "quit", "exit":
		c.quit = true
	case "as":
		if rest == "" {
			return c.refusal(ctx, "con_as_who")
		}
		c.user = bot.User{ID: rest, Name: rest, Admin: true}
		fmt.Fprintln(c.out, "  "+c.t(ctx, "con_now", "Name", rest))
	case "go":
		if rest == "" {
			return c.refusal(ctx, "con_go_where")
		}
		c.where = strings.TrimPrefix(rest, "#")
	case "where":
		fmt.Fprintln(c.out, "  "+c.t(ctx, "con_where", "Name", c.user.Name, "Channel", c.where))
	case "games":
		c.listGames(c.lang(ctx))
	case "rules":
		return c.rules(c.lang(ctx), rest)
	case "create":
		return c.create(ctx, rest)
	case "join":
		return c.show(c.svc.Join(ctx, c.reqFor(rest)))
	case "leave":
		return c.show(c.svc.Leave(ctx, c.reqFor(rest)))
	case "start":
		return c.show(c.svc.Start(ctx, c.reqFor(rest)))
	case "move", "m":
		return c.show(c.svc.Move(ctx, c.req(), rest))
	case "choices", "c":
		return c.choices(ctx, rest)
	case "board", "b":
		return c.show(c.svc.Board(ctx, c.req()))
	case "view", "v":
		return c.show(c.svc.View(ctx, c.req()))
	case "history", "h":
		n, _ := strconv.Atoi(rest)
		return c.show(c.svc.History(ctx, c.req(), n))
	case "undo":
		return c.show(c.svc.Undo(ctx, c.req(), rest))
	case "resign":
		// As on Discord: resign asks, "resign yes" does it, "resign no" keeps playing.
		switch bot.YesNo(c.lang(ctx), rest) { // "resign ja" as well as "resign yes"
		case "yes":
			return c.show(c.svc.Resign(ctx, c.req()))
		case "no":
			fmt.Fprintln(c.out, "  "+c.t(ctx, "resign_cancelled"))
			return nil
		}
		rep, err := c.svc.AskResign(ctx, c.req())
		if err == nil && rep.Confirm == bot.ConfirmResign {
			rep.Text += "\n" + c.t(ctx, "con_resign_confirm")
		}
		return c.show(rep, err)
	case "abort":
		return c.show(c.svc.Abort(ctx, c.req()))
	case "mine", "my":
		return c.mine(ctx)
	case "settings":
		return c.show(c.svc.ShowSettings(ctx, c.req()))
	case "set":
		return c.set(ctx, rest)
	case "vacation":
		f := strings.Fields(rest)
		f = append(f, "", "")
		return c.show(c.svc.Vacation(ctx, c.req(), f[0], f[1]))
	case "export":
		return c.export(ctx, rest)
	default:
		return c.refusal(ctx, "con_unknown", "Command", cmd)
	}
	return nil
}

func (c *Console) listGames(lang string) {
	for _, info := range c.svc.Games() {
		seats := bot.T(lang, "seats_range", "Min", info.MinSeats, "Max", info.MaxSeats)
		if info.MinSeats == info.MaxSeats {
			seats = bot.T(lang, "seats_exact", "Count", info.MinSeats)
		}
		fmt.Fprintf(c.out, "  %-16s %s (%s)\n", info.ID, info.Name, seats)
		for _, o := range info.Options {
			var vals []string
			for _, ch := range o.Choices {
				vals = append(vals, ch.Value)
			}
			fmt.Fprintln(c.out, "      "+bot.T(lang, "con_option", "Key", o.Key, "Values", strings.Join(vals, "|"), "Default", bot.OptionDefault(lang, o)))
		}
	}
}

func (c *Console) rules(lang, id string) error {
	k, ok := c.svc.FindKit(id)
	if !ok {
		return &bot.Refusal{Msg: bot.T(lang, "con_rules_name")}
	}
	info := k.Game.Info()
	fmt.Fprintln(c.out, bot.T(lang, "con_rules", "Game", info.Name, "Summary", bot.InfoSummary(lang, info), "Notation", bot.InfoNotation(lang, info)))
	return nil
}

func (c *Console) create(ctx context.Context, rest string) error {
	f := strings.Fields(rest)
	if len(f) == 0 {
		return c.refusal(ctx, "con_create_name")
	}
	spec := bot.CreateSpec{Kind: f[0], Options: map[string]string{}}
	for _, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return c.refusal(ctx, "con_option_form", "Text", kv)
		}
		switch k {
		case "players", "seats":
			n, err := strconv.Atoi(v)
			if err != nil {
				return c.refusal(ctx, "con_players_number")
			}
			spec.Seats = n
		case "seed":
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return c.refusal(ctx, "con_seed_number")
			}
			spec.Seed = n
		case "invite":
			spec.Invited = strings.Split(v, ",")
		case "bots":
			n, err := strconv.Atoi(v)
			if err != nil {
				return c.refusal(ctx, "con_bots_number")
			}
			spec.Bots = n
		case "level":
			spec.Level = v
		case "clock_days":
			n, err := strconv.Atoi(v)
			if err != nil {
				return c.refusal(ctx, "con_clock_number", "Key", k)
			}
			spec.ClockDays = &n
		case "vacation_days":
			n, err := strconv.Atoi(v)
			if err != nil {
				return c.refusal(ctx, "con_clock_number", "Key", k)
			}
			spec.VacationDays = &n
		default:
			spec.Options[k] = v
		}
	}
	rep, err := c.svc.Create(ctx, c.req(), spec)
	if err != nil {
		return err
	}
	thread := fmt.Sprintf("game-%d", rep.Game)
	if err := c.svc.AttachThread(ctx, rep.Game, thread, ""); err != nil {
		return err
	}
	if err := c.show(rep, nil); err != nil {
		return err
	}
	c.where = thread
	fmt.Fprintln(c.out, "  "+c.t(ctx, "con_in_thread", "Thread", thread))
	return nil
}

func (c *Console) choices(ctx context.Context, typed string) error {
	sg, err := c.svc.SuggestTyped(ctx, c.req(), typed, 25)
	if err != nil {
		return err
	}
	if len(sg) == 0 {
		// Say which word does not fit and why, as /move would (issue #40).
		if why := c.svc.WhyNothingFits(ctx, c.req(), typed); why != "" {
			fmt.Fprintln(c.out, "  "+c.t(ctx, "con_nothing_fits_why", "Why", why))
		} else {
			fmt.Fprintln(c.out, "  "+c.t(ctx, "con_nothing_fits"))
		}
	}
	for _, s := range sg {
		mark := "…"
		switch {
		case s.Note:
			mark = " "
		case s.Complete:
			mark = "✓"
		case s.Moves > 0:
			mark = "▸" // a kind of move; its label says how many start this way
		}
		fmt.Fprintf(c.out, "  %s %s\n", mark, s.Label)
	}
	return nil
}

func (c *Console) mine(ctx context.Context) error {
	gs, err := c.svc.MyGames(ctx, c.user)
	if err != nil {
		return err
	}
	lang := c.lang(ctx)
	if len(gs) == 0 {
		fmt.Fprintln(c.out, "  "+bot.T(lang, "con_no_games"))
	}
	for _, g := range gs {
		turn := ""
		if g.YourTurn {
			turn = " — " + bot.T(lang, "con_your_turn")
		} else if len(g.Awaiting) > 0 {
			turn = " — " + bot.T(lang, "dc_games_waiting", "Names", strings.Join(g.Awaiting, ", "))
		}
		if g.Deadline != nil {
			turn += " — " + c.svc.Readable(ctx, Guild, c.user.ID, bot.T(lang, "games_deadline", "When", bot.Stamp(*g.Deadline, "f")))
		}
		status := string(g.Status)
		if id, ok := statusMsgs[status]; ok {
			status = bot.T(lang, id)
		}
		fmt.Fprintln(c.out, "  "+bot.T(lang, "con_game_line", "ID", g.ID, "Game", g.Name, "Status", status, "Thread", g.Thread, "Turn", turn))
	}
	return nil
}

// statusMsgs name a game's status in words.
var statusMsgs = map[string]string{"lobby": "con_status_lobby", "running": "con_status_running",
	"finished": "con_status_finished", "aborted": "con_status_aborted"}

func (c *Console) set(ctx context.Context, rest string) error {
	f := strings.Fields(rest)
	if len(f) < 3 {
		return c.refusal(ctx, "con_set_use")
	}
	scope := map[string]string{"server": bot.ScopeGuild, "me": bot.ScopeUser}[f[0]]
	if scope == "" {
		return c.refusal(ctx, "con_set_scope")
	}
	return c.show(c.svc.SetSetting(ctx, c.req(), scope, f[1], strings.Join(f[2:], " ")))
}

func (c *Console) export(ctx context.Context, file string) error {
	text, err := c.svc.ExportAny(ctx, c.req())
	if err != nil {
		return err
	}
	if file == "" {
		fmt.Fprint(c.out, text)
		return nil
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		return c.refusal(ctx, "con_write_failed", "File", file, "Err", err.Error())
	}
	fmt.Fprintln(c.out, "  "+c.t(ctx, "con_written", "File", file))
	return nil
}

// show prints a reply (and saves its image).
func (c *Console) show(rep bot.Reply, err error) error {
	if err != nil {
		return err
	}
	lang := c.lang(context.Background())
	prefix := "  "
	if rep.Private {
		prefix = "  " + bot.T(lang, "con_only_you") + " "
	}
	if rep.Text != "" {
		fmt.Fprintln(c.out, indent(prefix, c.svc.Readable(context.Background(), Guild, c.user.ID, rep.Text)))
	}
	if rep.Lobby != nil && !rep.Lobby.Started {
		fmt.Fprintln(c.out, "  "+bot.T(lang, "con_seats", "Players", bot.JoinRoster(rep.Lobby.Players), "Taken", len(rep.Lobby.Players), "Count", rep.Lobby.Seats))
	}
	if rep.Image != nil {
		return c.saveImage(lang, rep.Image)
	}
	return nil
}

func indent(prefix, text string) string {
	lines := strings.Split(text, "\n")
	for i := range lines {
		if i == 0 {
			lines[i] = prefix + lines[i]
		} else {
			lines[i] = "    " + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

func (c *Console) saveImage(lang string, img *bot.Image) error {
	if err := os.MkdirAll(c.images, 0o755); err != nil {
		return err
	}
	p := filepath.Join(c.images, img.Name)
	if err := os.WriteFile(p, img.PNG, 0o644); err != nil {
		return err
	}
	fmt.Fprintln(c.out, "  "+bot.T(lang, "con_image", "Path", p, "KB", (len(img.PNG)+1023)/1024))
	return nil
}

// flush delivers the outbox: what Discord would post in the threads, printed here.
func (c *Console) flush(ctx context.Context) error {
	for {
		n, err := c.svc.Deliver(ctx, sender{c}, 50)
		if err != nil || n == 0 {
			return err
		}
	}
}

type sender struct{ c *Console }

func (s sender) Send(_ context.Context, o bot.Outgoing) error {
	c := s.c
	where := "#" + o.Channel
	switch o.Kind {
	case "dm":
		where = bot.T(o.Lang, "con_dm_to", "User", o.User)
	case "status":
		if o.Stale {
			return nil // a later edit or post says it better
		}
		where = bot.T(o.Lang, "con_status_edit", "Where", where) // the terminal cannot edit what it printed
	}
	// The console's reader is its current user: times read in their zone.
	text := c.svc.Readable(context.Background(), Guild, c.user.ID, o.Text)
	if o.Silent {
		text = bot.T(o.Lang, "con_silent") + " " + text
	}
	if len(o.Mentions) > 0 {
		ms := append([]string{}, o.Mentions...)
		sort.Strings(ms)
		text = "@" + strings.Join(ms, " @") + "\n" + text
	}
	fmt.Fprintln(c.out, indent("  ["+where+"] ", text))
	for _, img := range []*bot.Image{o.Image, o.Focus, o.Recap} {
		if img == nil {
			continue
		}
		if err := c.saveImage(o.Lang, img); err != nil {
			return err
		}
	}
	return nil
}

// Interactive reports whether f is a terminal (so the console prints prompts).
func Interactive(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
