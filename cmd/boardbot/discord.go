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
	"net/http"
	"runtime"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/bot/discord"
	"github.com/boardbot/boardbot/bot/metrics"
	"github.com/boardbot/boardbot/rules"
)

// newSession makes the discordgo session; tests point it at a fake Discord.
var newSession = func(token string) (*discordgo.Session, error) { return discordgo.New("Bot " + token) }

// How often the outbox is delivered and the scheduler runs.
var (
	deliverEvery = 2 * time.Second
	tickEvery    = time.Minute
)

// serving is what run and serve share: the service, the REST API, the handler and the loops.
type serving struct {
	svc     *bot.Service
	sess    *discordgo.Session
	h       *discord.Handler
	log     *slog.Logger
	metrics *metrics.Metrics
	stop    func()
}

func startServing(ctx context.Context, c config.Config, stderr io.Writer) (*serving, error) {
	token, err := c.Token()
	if err != nil {
		return nil, err
	}
	kits, err := enabledKits(c.Games.Enabled)
	if err != nil {
		return nil, err
	}
	st, err := openStore(c)
	if err != nil {
		return nil, err
	}
	sess, err := newSession(token)
	if err != nil {
		st.Close()
		return nil, err
	}
	m := metrics.New(st)
	m.Build(version, runtime.Version())
	for i, k := range kits {
		kits[i].PNG = m.Timed(k.Game.Info().ID, k.PNG)
	}
	if sess.Client == nil {
		sess.Client = &http.Client{}
	}
	if c.Discord.APIURL != "" {
		sess.Client.Transport = discord.Redirect(c.Discord.APIURL, sess.Client.Transport)
	}
	sess.Client.Transport = m.Transport(sess.Client.Transport)
	svc := newService(st, kits, c, stderr, m)
	log := newLogger(c, stderr)
	api := discord.NewREST(sess)
	api.Log, api.OnLimited = log, m.RateLimited
	// One budget for the bot token, shared through the database by every instance on it.
	api.Budget = discord.NewSharedBudget(st, discord.DefaultBudget)
	// A send waits out rate limits for at most a third of the outbox lease: it ends long before
	// another instance may take the message over, so a message is never posted twice.
	api.MaxWait = min(20*time.Second, time.Duration(c.Outbox.LeaseSeconds)*time.Second/3)
	h := discord.NewHandler(svc, api, discord.Options{Logger: log, Acked: m.Acked})
	sender := newSender(c, svc, api, log)
	bctx, cancel := context.WithCancel(ctx)
	done, aiDone := make(chan struct{}), make(chan struct{})
	go func() {
		discord.Background(bctx, svc, sender, deliverEvery, tickEvery, log)
		close(done)
	}()
	go func() {
		svc.RunAI(bctx) // the AI's moves, off the request path
		close(aiDone)
	}()
	return &serving{svc: svc, sess: sess, h: h, log: log, metrics: m, stop: func() {
		cancel()
		<-done
		<-aiDone
		h.Wait()
		st.Close()
	}}, nil
}

func cmdRun(ctx context.Context, args []string, _, stderr io.Writer) int {
	c, _, err := commandConfig("run", args, stderr, nil)
	if err != nil {
		return exitErr(stderr, err)
	}
	s, err := startServing(ctx, c, stderr)
	if err != nil {
		return exitErr(stderr, err)
	}
	defer s.stop()
	if c.Metrics.Listen != "" {
		go serveMetrics(ctx, c.Metrics.Listen, s)
	}
	s.log.Info("connecting to the Discord gateway")
	if err := discord.RunGateway(ctx, s.sess, s.h); err != nil {
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
		c.HTTP.Listen = *listen
	}
	key, err := publicKey(c.Discord.PublicKey)
	if err != nil {
		return exitErr(stderr, err)
	}
	s, err := startServing(ctx, c, stderr)
	if err != nil {
		return exitErr(stderr, err)
	}
	defer s.stop()
	s.log.Info("serving Discord interactions", "listen", c.HTTP.Listen)
	if err := discord.ListenAndServe(ctx, c.HTTP.Listen, withMetrics(discord.HTTPHandler(s.h, key, s.svc.Healthy), s.metrics), s.h, s.log); err != nil {
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
	c, _, err := commandConfig("register", args, stderr, func(fs *flag.FlagSet) {
		guild = fs.String("guild", "", "register in this server only (appears at once; global commands can take up to an hour)")
	})
	if err != nil {
		return exitErr(stderr, err)
	}
	if c.Discord.ApplicationID == "" {
		return exitErr(stderr, errors.New("discord.application_id is empty: copy it from the application's General Information page"))
	}
	token, err := c.Token()
	if err != nil {
		return exitErr(stderr, err)
	}
	cmds, err := schema(c)
	if err != nil {
		return exitErr(stderr, err)
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
		return exitErr(stderr, fmt.Errorf("register: %w", err))
	}
	where := "globally"
	if *guild != "" {
		where = "in server " + *guild
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

// withMetrics serves /metrics beside the interactions endpoint.
func withMetrics(h http.Handler, m *metrics.Metrics) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	mux.Handle("/", h)
	return mux
}

// serveMetrics gives gateway mode, which has no HTTP endpoint of its own, one for /metrics, until
// ctx ends.
func serveMetrics(ctx context.Context, addr string, s *serving) {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", s.metrics.Handler())
	s.log.Info("serving metrics", "listen", addr)
	if err := discord.ListenAndServe(ctx, addr, mux, s.h, s.log); err != nil {
		s.log.Error("metrics endpoint", "err", err)
	}
}

// newSender is the outbox sender as the configuration sets it up.
func newSender(c config.Config, svc *bot.Service, api discord.API, log *slog.Logger) *discord.Sender {
	s := discord.NewSender(svc, api, log)
	s.ArchiveAfter = time.Duration(c.Discord.ArchiveAfter)
	return s
}
