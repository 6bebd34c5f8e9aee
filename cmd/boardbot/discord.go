package main

// The Discord sub-commands: run (gateway), serve (HTTP interactions endpoint), register and
// commands. Both serving modes share one handler, deliver the outbox and run the scheduler.

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/bot/discord"
	"github.com/boardbot/boardbot/bot/metrics"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/postgres"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// newSession makes the discordgo session; tests point it at a fake Discord.
var newSession = func(token string) (*discordgo.Session, error) { return discordgo.New("Bot " + token) }

// How often the outbox is delivered and the scheduler runs.
var (
	deliverEvery = 2 * time.Second
	tickEvery    = time.Minute
)

// serving is what run and serve share: the service, the REST API, the handler, the loops and
// the operations listener.
type serving struct {
	svc     *bot.Service
	sess    *discordgo.Session
	h       *discord.Handler
	log     *slog.Logger
	metrics *metrics.Metrics
	ready   *readiness
	stop    func()
}

// tokenCheckTimeout bounds asking Discord who the bot is at start.
const tokenCheckTimeout = 30 * time.Second

// gatewayReconnectFor is how long gateway mode tries to get its session back before it exits
// for its supervisor to restart it.
var gatewayReconnectFor = discord.DefaultReconnectFor

// startServing opens everything both modes need, checks the bot token with Discord (a refused
// token stops the start), binds the operations listener and logs the startup summary. mode is
// "run" or "serve"; public is serve's interactions address.
func startServing(ctx context.Context, c config.Config, stderr io.Writer, mode, public string) (*serving, error) {
	token, err := c.Token()
	if err != nil {
		return nil, err
	}
	kits, err := enabledKits(c.Games.Enabled)
	if err != nil {
		return nil, err
	}
	log := newLogger(c, stderr)
	schemaBefore := -1
	if c.Database.URL == "" {
		if v, err := sqlite.FileSchema(ctx, c.Database.Path); err == nil {
			schemaBefore = v
		}
	}
	st, err := openStore(c)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*serving, error) {
		st.Close()
		return nil, err
	}
	sess, err := newSession(token)
	if err != nil {
		return fail(err)
	}
	sess.LogLevel = discord.LogTo(log)
	m := metrics.New(st)
	m.Build(version, runtime.Version())
	ids := make([]string, len(kits))
	for i, k := range kits {
		ids[i] = k.Game.Info().ID
		kits[i].PNG = m.Timed(ids[i], k.PNG)
	}
	m.Games(ids)
	ready := &readiness{store: newStoreProbe(st), mode: mode, log: log}
	m.Ready(func() bool { return ready.failing() == "" })
	if sess.Client == nil {
		sess.Client = &http.Client{}
	}
	if c.Discord.APIURL != "" {
		sess.Client.Transport = discord.Redirect(c.Discord.APIURL, sess.Client.Transport)
	}
	sess.Client.Transport = tokenWatch{next: m.Transport(sess.Client.Transport, discord.Route), on: func(ok bool) {
		if was := ready.token.Swap(ok); was && !ok {
			log.Error("Discord refused the bot token (401): it was reset or revoked; nothing can be posted until the bot runs with the current one")
		}
		m.TokenAccepted(ok)
	}}
	svc := newService(st, kits, c, stderr, m)
	api := discord.NewREST(sess)
	api.Log, api.OnLimited = log, m.RateLimited
	// One budget for the bot token, shared through the database by every instance on it.
	api.Budget = discord.NewSharedBudget(st, discord.DefaultBudget, c.Database.Instances, log)
	// A send waits out rate limits for at most a third of the outbox lease: it ends long before
	// another instance may take the message over, so a message is never posted twice.
	api.MaxWait = min(20*time.Second, time.Duration(c.Outbox.LeaseSeconds)*time.Second/3)

	cctx, cancel := context.WithTimeout(ctx, tokenCheckTimeout)
	me, err := discord.CheckToken(cctx, sess)
	cancel()
	if err != nil {
		return fail(unreachableProxy(c.Discord.APIURL, err))
	}
	ready.token.Store(true)
	m.TokenAccepted(true)
	log.Info("Discord accepted the bot token", "bot", me.Username, "bot_id", me.ID)

	stopOps := func() {}
	if c.Metrics.Listen != "" {
		if stopOps, err = listenOps(c.Metrics.Listen, opsHandler(ready, m), log); err != nil {
			return fail(err)
		}
	}
	h := discord.NewHandler(svc, api, discord.Options{Logger: log, Acked: m.Acked, Answered: m.Answered})
	sender := newSender(c, svc, api, log)
	bctx, cancelBg := context.WithCancel(ctx)
	done, aiDone := make(chan struct{}), make(chan struct{})
	go func() {
		discord.Background(bctx, svc, m.Sender(sender), deliverEvery, tickEvery, log)
		close(done)
	}()
	go func() {
		svc.RunAI(bctx) // the AI's moves, off the request path
		close(aiDone)
	}()
	tokenDone := make(chan struct{})
	go func() {
		recheckToken(bctx, sess, tokenRecheck)
		close(tokenDone)
	}()
	summary(ctx, log, c, st, mode, public, schemaBefore, me)
	return &serving{svc: svc, sess: sess, h: h, log: log, metrics: m, ready: ready, stop: func() {
		cancelBg()
		<-done
		<-aiDone
		<-tokenDone
		h.Wait()
		stopOps()
		st.Close()
	}}, nil
}

// tokenRecheck is how often the bot asks Discord who it is (GET /users/@me, one request, outside
// any route's rate limit that posts use), so that a token revoked while nothing is posted (a
// quiet `serve`) shows in /readyz and boardbot_discord_token_accepted within this time instead
// of at the next post. The answer goes through tokenWatch like any other request.
var tokenRecheck = 30 * time.Second

// recheckToken asks Discord for the bot's own user every `every` until ctx ends. Failures other
// than a 401 (an outage) are not the token's: tokenWatch only marks a 401 and a success.
func recheckToken(ctx context.Context, sess *discordgo.Session, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		rctx, cancel := context.WithTimeout(ctx, min(every, 10*time.Second))
		_, _ = sess.User("@me", discordgo.WithContext(rctx))
		cancel()
	}
}

// unreachableProxy names discord.api_url when it is what did not answer: the request's own error
// names discord.com, the URL asked for, while the connection went to the proxy.
func unreachableProxy(api string, err error) error {
	var oe *net.OpError
	if api == "" || !errors.As(err, &oe) {
		return err
	}
	return fmt.Errorf("discord.api_url %s does not answer (%v): start the proxy there, or fix discord.api_url (empty: Discord itself)", api, oe)
}

// summary is the one line an admin reads to know what started: the build, the mode, the store
// and its schema (with the migrations this start applied), the open games, the bot's user and
// the listeners.
func summary(ctx context.Context, log *slog.Logger, c config.Config, st storage.Store, mode, public string, schemaBefore int, me *discordgo.User) {
	attrs := []any{"version", version, "mode", mode}
	if c.Database.URL != "" {
		migrations := "unknown"
		if m, ok := st.(interface{ Migrated() (int, int) }); ok {
			migrations = migrationsDone(m.Migrated())
		}
		attrs = append(attrs, "store", "postgres", "schema", postgres.SchemaVersion(), "migrations", migrations)
	} else {
		now := sqlite.SchemaVersion()
		migrations := migrationsDone(max(schemaBefore, 0), now)
		attrs = append(attrs, "store", "sqlite", "db", c.Database.Path, "schema", now, "migrations", migrations)
	}
	qctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	games, err := metrics.OpenGames(qctx, st)
	cancel()
	if err == nil {
		attrs = append(attrs, "games_lobby", games[storage.StatusLobby], "games_running", games[storage.StatusRunning])
	}
	attrs = append(attrs, "bot", me.Username, "bot_id", me.ID)
	if public != "" {
		attrs = append(attrs, "listen", public)
	}
	ops := c.Metrics.Listen
	if ops == "" {
		ops = "none"
	}
	attrs = append(attrs, "ops_listen", ops)
	log.Info("boardbot started", attrs...)
}

// migrationsDone says what a start did to the schema: created it, moved it from one version to
// another, or nothing.
func migrationsDone(from, to int) string {
	switch {
	case from == 0 && to > 0:
		return fmt.Sprintf("created at %d", to)
	case from != to:
		return fmt.Sprintf("%d -> %d", from, to)
	}
	return "none"
}

func cmdRun(ctx context.Context, args []string, _, stderr io.Writer) int {
	c, _, err := commandConfig("run", args, stderr, nil)
	if err != nil {
		return exitErr(stderr, err)
	}
	s, err := startServing(ctx, c, stderr, "run", "")
	if err != nil {
		return exitErr(stderr, err)
	}
	defer s.stop()
	setGateway := s.metrics.Gateway()
	s.log.Info("connecting to the Discord gateway")
	err = discord.ServeGateway(ctx, s.sess, s.h, discord.GatewayOptions{ReconnectFor: gatewayReconnectFor, Log: s.log, OnState: func(up bool) {
		s.ready.gateway.Store(up)
		setGateway(up)
		if up {
			s.log.Info("connected to the Discord gateway")
		}
	}})
	if err != nil {
		// Exit non-zero, so that systemd or Docker restart the bot (with the token an admin set
		// meanwhile, or once Discord is back).
		var refused *discord.GatewayRefused
		if errors.As(err, &refused) && refused.TokenRefused() {
			s.ready.token.Store(false)
			s.metrics.TokenAccepted(false)
		}
		s.log.Error("the Discord gateway session cannot go on: exiting", "err", err)
		return exitErr(stderr, fmt.Errorf("gateway: %w", err))
	}
	s.log.Info("stopped")
	return 0
}

func cmdServe(ctx context.Context, args []string, _, stderr io.Writer) int {
	var listen *string
	c, _, err := commandConfig("serve", args, stderr, func(fs *flag.FlagSet) {
		listen = fs.String("listen", "", "address to listen on (overrides http.listen)")
	})
	if err != nil {
		return exitErr(stderr, err)
	}
	if *listen != "" {
		if err := config.CheckListen("--listen", *listen); err != nil {
			return exitErr(stderr, err)
		}
		c.HTTP.Listen = *listen
		if err := c.Validate(); err != nil {
			return exitErr(stderr, err)
		}
	}
	key, err := publicKey(c.Discord.PublicKey)
	if err != nil {
		return exitErr(stderr, err)
	}
	// The public port is tried before anything starts: a taken one used to be reported after
	// "boardbot started" and "serving Discord interactions".
	if err := canBind(c.HTTP.Listen); err != nil {
		return exitErr(stderr, fmt.Errorf("http.listen %s: %w", c.HTTP.Listen, err))
	}
	s, err := startServing(ctx, c, stderr, "serve", c.HTTP.Listen)
	if err != nil {
		return exitErr(stderr, err)
	}
	defer s.stop()
	s.ready.key.Store(true)
	s.log.Info("serving Discord interactions", "listen", c.HTTP.Listen)
	if err := discord.ListenAndServe(ctx, c.HTTP.Listen, discord.HTTPHandler(s.h, key, s.ready.healthz), s.h, s.log); err != nil {
		return exitErr(stderr, err)
	}
	return 0
}

func publicKey(h string) (ed25519.PublicKey, error) {
	if h == "" {
		return nil, errors.New("discord.public_key is empty: copy it from the application's General Information page")
	}
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, errors.New("discord.public_key must be the 64 hex digits shown on the application's General Information page")
	}
	return ed25519.PublicKey(b), nil
}

// schema is the command schema for the games the config enables.
func schema(c config.Config) ([]*discordgo.ApplicationCommand, error) {
	kits, err := enabledKits(c.Games.Enabled)
	if err != nil {
		return nil, err
	}
	infos := make([]rules.Info, len(kits))
	for i, k := range kits {
		infos[i] = k.Game.Info()
	}
	return discord.Commands(infos), nil
}

func cmdRegister(_ context.Context, args []string, stdout, stderr io.Writer) int {
	var guild *string
	var clear *bool
	c, _, err := commandConfig("register", args, stderr, func(fs *flag.FlagSet) {
		guild = fs.String("guild", "", "register in this server only (appears at once; global commands can take up to an hour)")
		clear = fs.Bool("clear", false, "remove the bot's commands instead (globally, or from the --guild server): for uninstalling")
	})
	if err != nil {
		return exitErr(stderr, err)
	}
	if c.Discord.ApplicationID == "" {
		return exitErr(stderr, errors.New("discord.application_id is empty: copy it from the application's General Information page"))
	}
	if *guild != "" && !discordID.MatchString(*guild) {
		return exitErr(stderr, fmt.Errorf("register: --guild %q is not a server id (digits: in Discord, Developer Mode on, right-click the server, Copy Server ID)", *guild))
	}
	token, err := c.Token()
	if err != nil {
		return exitErr(stderr, err)
	}
	cmds, err := schema(c)
	if err != nil {
		return exitErr(stderr, err)
	}
	if *clear {
		// An empty list, not nil: discordgo sends nil as null, which Discord refuses.
		cmds = []*discordgo.ApplicationCommand{}
	}
	sess, err := newSession(token)
	if err != nil {
		return exitErr(stderr, err)
	}
	if c.Discord.APIURL != "" {
		// The same place as run and serve send to: a proxy or a test's stub.
		if sess.Client == nil {
			sess.Client = &http.Client{}
		}
		sess.Client.Transport = discord.Redirect(c.Discord.APIURL, sess.Client.Transport)
	}
	if err := discord.NewREST(sess).Overwrite(c.Discord.ApplicationID, *guild, cmds); err != nil {
		var re *discordgo.RESTError
		if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized {
			err = discord.ErrTokenRefused
		}
		if *clear {
			return exitErr(stderr, fmt.Errorf("register --clear: %w", err))
		}
		return exitErr(stderr, fmt.Errorf("register: %w", err))
	}
	where := "globally"
	if *guild != "" {
		where = "in server " + *guild
	}
	if *clear {
		fmt.Fprintf(stdout, "removed the bot's commands %s (Discord clients may show them for up to an hour)\n", where)
		return 0
	}
	fmt.Fprintf(stdout, "registered %d commands %s\n", len(cmds), where)
	return 0
}

func cmdCommands(_ context.Context, args []string, stdout, stderr io.Writer) int {
	var asJSON *bool
	c, _, err := commandConfig("commands", args, stderr, func(fs *flag.FlagSet) {
		asJSON = fs.Bool("json", false, "print the schema as the JSON sent to Discord")
	})
	if err != nil {
		return exitErr(stderr, err)
	}
	cmds, err := schema(c)
	if err != nil {
		return exitErr(stderr, err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(cmds); err != nil {
			return exitErr(stderr, err)
		}
		return 0
	}
	for _, cmd := range cmds {
		fmt.Fprintf(stdout, "/%-12s %s\n", cmd.Name, cmd.Description)
		for _, o := range cmd.Options {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand {
				fmt.Fprintf(stdout, "    %-14s %s\n", o.Name, o.Description)
			}
		}
	}
	return 0
}

// newSender is the outbox sender as the configuration sets it up.
func newSender(c config.Config, svc *bot.Service, api discord.API, log *slog.Logger) *discord.Sender {
	s := discord.NewSender(svc, api, log)
	s.ArchiveAfter = time.Duration(c.Discord.ArchiveAfter)
	return s
}
