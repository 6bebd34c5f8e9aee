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
		fmt.Fprintln(c.out, "boardbot console — type help for the commands, quit to leave.")
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
			fmt.Fprintf(c.out, "  ✗ That line is %d KiB long; a command fits in %d KiB, so it was skipped. Type the command again, shorter.\n", size>>10, MaxLine>>10)
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
			fmt.Fprintf(c.out, "  ! Sorry, something went wrong inside boardbot (%v); the game is unchanged.\n", p)
			err = nil
		}
	}()
	cmd, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	rest = strings.TrimSpace(rest)
	err = c.dispatch(ctx, strings.ToLower(cmd), rest)
	if msg, ok := bot.AsRefusal(err); ok {
		fmt.Fprintln(c.out, "  ✗ "+msg)
	} else if err != nil {
		fmt.Fprintf(c.out, "  ! Sorry, something went wrong inside boardbot: %v\n", err)
	}
	if err := c.flush(ctx); err != nil {
		fmt.Fprintf(c.out, "  ! Could not deliver messages: %v\n", err)
	}
	// The AI answers after the command's own reply, as the worker does on Discord.
	if n, err := c.svc.PlayAI(ctx); err != nil {
		fmt.Fprintf(c.out, "  ! The AI could not move: %v\n", err)
	} else if n > 0 {
		if err := c.flush(ctx); err != nil {
			fmt.Fprintf(c.out, "  ! Could not deliver messages: %v\n", err)
		}
	}
	return nil
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
		c.help(rest)
	case "quit", "exit":
		c.quit = true
	case "as":
		if rest == "" {
			return &bot.Refusal{Msg: "Say who you are: as <name>."}
		}
		c.user = bot.User{ID: rest, Name: rest, Admin: true}
		fmt.Fprintf(c.out, "  You are now %s.\n", rest)
	case "go":
		if rest == "" {
			return &bot.Refusal{Msg: "Say where to go: go lobby, or go game-<id>."}
		}
		c.where = strings.TrimPrefix(rest, "#")
	case "where":
		fmt.Fprintf(c.out, "  You are %s in #%s.\n", c.user.Name, c.where)
	case "games":
		c.listGames()
	case "rules":
		return c.rules(rest)
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
		return c.show(c.svc.Resign(ctx, c.req()))
	case "abort":
		return c.show(c.svc.Abort(ctx, c.req()))
	case "mine", "my":
		return c.mine(ctx)
	case "settings":
		return c.show(c.svc.ShowSettings(ctx, c.req()))
	case "set":
		return c.set(ctx, rest)
	case "export":
		return c.export(ctx, rest)
	default:
		return &bot.Refusal{Msg: fmt.Sprintf("Unknown command %q. Type help for the list.", cmd)}
	}
	return nil
}

const helpText = `Commands (the same as on Discord):
  as <name>                 act as this user (everyone is an admin here)
  games                     the games on offer, with their options
  rules <game>              a game's summary and move notation
  create <game> [players=N] [bots=N] [level=easy|normal|hard] [option=value ...]
                            open a lobby here; you take the first seat and enter its thread;
                            bots=N gives N seats to the AI (bots=1 players=2: you against it)
  join [id] | leave [id] | start [id]
                            lobby actions (id needed only outside the game's thread)
  move <notation>  (m)      play a move, e.g. "move b1 b2"; a unique prefix is enough
  choices [partial] (c)     what may come next (what Discord's autocomplete shows)
  board (b) | view (v)      the public board | your private view (images go to a file)
  history [n] (h)           the moves so far
  undo [no]                 ask to take back your last move, agree (undo) or refuse (undo no)
  resign | abort            give up | end the game without a result (creator or admin)
  mine                      your games and whose turn it is
  settings                  show settings;  set server <key> <value> | set me <key> <value>
  export [file]             the game record (prints it, or writes the file)
  go <channel> | where      move between #lobby and game threads (#game-<id>)
  quit`

func (c *Console) help(string) { fmt.Fprintln(c.out, helpText) }

func (c *Console) listGames() {
	for _, info := range c.svc.Games() {
		seats := fmt.Sprintf("%d-%d players", info.MinSeats, info.MaxSeats)
		if info.MinSeats == info.MaxSeats {
			seats = fmt.Sprintf("%d players", info.MinSeats)
		}
		fmt.Fprintf(c.out, "  %-16s %s (%s)\n", info.ID, info.Name, seats)
		for _, o := range info.Options {
			var vals []string
			for _, ch := range o.Choices {
				vals = append(vals, ch.Value)
			}
			fmt.Fprintf(c.out, "      %s=%s  (default %s)\n", o.Key, strings.Join(vals, "|"), o.Default)
		}
	}
}

func (c *Console) rules(id string) error {
	k, ok := c.svc.Kit(id)
	if !ok {
		return &bot.Refusal{Msg: "Name a game: rules <game>; see games for the list."}
	}
	info := k.Game.Info()
	fmt.Fprintf(c.out, "%s\n\n%s\n\nNotation: %s\n", info.Name, info.Summary, info.Notation)
	return nil
}

func (c *Console) create(ctx context.Context, rest string) error {
	f := strings.Fields(rest)
	if len(f) == 0 {
		return &bot.Refusal{Msg: "Name the game: create <game> [players=N] [option=value ...]; see games."}
	}
	spec := bot.CreateSpec{Kind: f[0], Options: map[string]string{}}
	for _, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return &bot.Refusal{Msg: fmt.Sprintf("%q should be option=value.", kv)}
		}
		switch k {
		case "players", "seats":
			n, err := strconv.Atoi(v)
			if err != nil {
				return &bot.Refusal{Msg: "players must be a number."}
			}
			spec.Seats = n
		case "seed":
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return &bot.Refusal{Msg: "seed must be a whole number."}
			}
			spec.Seed = n
		case "invite":
			spec.Invited = strings.Split(v, ",")
		case "bots":
			n, err := strconv.Atoi(v)
			if err != nil {
				return &bot.Refusal{Msg: "bots must be a number: how many seats the AI takes, e.g. bots=1."}
			}
			spec.Bots = n
		case "level":
			spec.Level = v
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
	fmt.Fprintf(c.out, "  You are now in #%s, the game's thread.\n", thread)
	return nil
}

func (c *Console) choices(ctx context.Context, typed string) error {
	sg, err := c.svc.Suggest(ctx, c.req(), typed, 25)
	if err != nil {
		return err
	}
	if len(sg) == 0 {
		fmt.Fprintln(c.out, "  Nothing fits what you typed.")
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
	if len(gs) == 0 {
		fmt.Fprintln(c.out, "  You have no games. create <game> opens one.")
	}
	for _, g := range gs {
		turn := ""
		if g.YourTurn {
			turn = " — your turn"
		} else if len(g.Awaiting) > 0 {
			turn = " — waiting for " + strings.Join(g.Awaiting, ", ")
		}
		fmt.Fprintf(c.out, "  #%d %s (%s) in #%s%s\n", g.ID, g.Name, g.Status, g.Thread, turn)
	}
	return nil
}

func (c *Console) set(ctx context.Context, rest string) error {
	f := strings.Fields(rest)
	if len(f) < 3 {
		return &bot.Refusal{Msg: "Use: set server <key> <value>, or set me <key> <value>."}
	}
	scope := map[string]string{"server": bot.ScopeGuild, "me": bot.ScopeUser}[f[0]]
	if scope == "" {
		return &bot.Refusal{Msg: "Say server or me: set server <key> <value>."}
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
		return &bot.Refusal{Msg: "Could not write " + file + ": " + err.Error()}
	}
	fmt.Fprintf(c.out, "  Record written to %s.\n", file)
	return nil
}

// show prints a reply (and saves its image).
func (c *Console) show(rep bot.Reply, err error) error {
	if err != nil {
		return err
	}
	prefix := "  "
	if rep.Private {
		prefix = "  (only you) "
	}
	if rep.Text != "" {
		fmt.Fprintln(c.out, indent(prefix, rep.Text))
	}
	if rep.Lobby != nil && !rep.Lobby.Started {
		fmt.Fprintf(c.out, "  Seats: %s (%d of %d)\n", strings.Join(rep.Lobby.Players, ", "), len(rep.Lobby.Players), rep.Lobby.Seats)
	}
	if rep.Image != nil {
		return c.saveImage(rep.Image)
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

func (c *Console) saveImage(img *bot.Image) error {
	if err := os.MkdirAll(c.images, 0o755); err != nil {
		return err
	}
	p := filepath.Join(c.images, img.Name)
	if err := os.WriteFile(p, img.PNG, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(c.out, "  [image] %s (%d KB)\n", p, (len(img.PNG)+1023)/1024)
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
		where = "DM to " + o.User
	case "status":
		if o.Stale {
			return nil // a later edit or post says it better
		}
		where += ", the last post now says" // the terminal cannot edit what it printed
	}
	text := o.Text
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
		if err := c.saveImage(img); err != nil {
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
