package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/render"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/record"
)

// replaySummary is what `replay --json` prints.
type replaySummary struct {
	Game     string    `json:"game"`
	Moves    int       `json:"moves"`
	Players  []string  `json:"players,omitempty"`
	Awaiting []awaited `json:"awaiting,omitempty"`
	// Result is the game's one result as the bot's thread stated it: the record's resignation,
	// timeout or takeovers count; its reason names the players.
	Result *replayResult `json:"result,omitempty"`
	// Aborted: the record ends with the game aborted, without a result.
	Aborted bool `json:"aborted,omitempty"`
	// Outcome is the thread's sentence for the result (or the abort), in English.
	Outcome  string `json:"outcome,omitempty"`
	PNGs     int    `json:"pngs,omitempty"`
	GIFBytes int    `json:"gif_bytes,omitempty"`
	GIFMs    int64  `json:"gif_ms,omitempty"`
	// RecapBytes is the size of the --recap picture.
	RecapBytes int `json:"recap_bytes,omitempty"`
	// Suggest is what --suggest asked of the AI for the awaited seats.
	Suggest []suggestion `json:"suggest,omitempty"`
}

// replayResult is a result as replay prints it: its reason in English with the players named.
type replayResult struct {
	Ranks     []int        `json:"ranks"`
	Scores    []int        `json:"scores,omitempty"`
	Reason    string       `json:"reason"`
	ReasonMsg *msg.Message `json:"reason_msg,omitempty"`
}

type awaited struct {
	Seat   rules.Seat `json:"seat"`
	Player string     `json:"player,omitempty"`
	Prompt string     `json:"prompt"`
}

func cmdReplay(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	pngDir := fs.String("png", "", "write the board after every move to this folder")
	gifOut := fs.String("gif", "", "write an animated GIF of the game to this file")
	recapOut := fs.String("recap", "", "write the recap picture (ranks, progress chart, numbers) to this PNG file")
	lang := fs.String("lang", bot.LangEnglish, "the language of the recap picture: en, de, es, fr")
	suggestLevel := fs.String("suggest", "", "print the move the AI of this level (easy, normal, hard) would play for each awaited seat")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "usage: boardbot replay FILE [--json] [--png DIR] [--gif OUT] [--recap OUT [--lang en|de|es|fr]] [--suggest LEVEL]")
		return 2
	}
	if !slices.Contains(bot.Languages, *lang) {
		fmt.Fprintf(stderr, "boardbot: --lang %q: one of %s\n", *lang, strings.Join(bot.Languages, ", "))
		return 2
	}
	f, err := os.Open(pos[0])
	if err != nil {
		fmt.Fprintln(stderr, "boardbot:", err)
		return 1
	}
	defer f.Close()
	rec, err := record.Parse(f)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", pos[0], err)
		return 1
	}
	kit, err := kitByID(rec.Game)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", pos[0], err)
		return 1
	}
	sum := replaySummary{Game: rec.Game, Moves: len(rec.Moves), Players: rec.Players}
	writePNG := func(i int, st rules.State) error {
		if *pngDir == "" || kit.PNG == nil {
			return nil
		}
		meta := render.Meta{Names: rec.Players}
		if i == len(rec.Moves) {
			// The last board states the result as the thread did (a resignation, a takeover).
			meta.Result, meta.Aborted = bot.RecordResult(rec, st)
		}
		b, err := kit.PNG(st.View(rules.Spectator), meta)
		if err != nil {
			return fmt.Errorf("render after move %d: %w", i, err)
		}
		sum.PNGs++
		return os.WriteFile(filepath.Join(*pngDir, fmt.Sprintf("%04d.png", i)), b, 0o644)
	}
	if *pngDir != "" {
		if err := os.MkdirAll(*pngDir, 0o755); err != nil {
			fmt.Fprintln(stderr, "boardbot:", err)
			return 1
		}
		setup, err := kit.Game.Info().ValidateSetup(rec.Setup)
		if err == nil {
			if st, err := kit.Game.New(setup); err == nil {
				_ = writePNG(0, st)
			}
		}
	}
	st, err := record.Replay(kit.Game, rec, func(i int, st rules.State, _ []rules.Event) error {
		return writePNG(i+1, st)
	})
	if err != nil {
		var me *record.MoveError
		if errors.As(err, &me) {
			fmt.Fprintf(stderr, "%s:%d: %v\n", pos[0], me.Line, me.Err)
		} else {
			fmt.Fprintf(stderr, "%s: %v\n", pos[0], err)
		}
		return 1
	}
	if *gifOut != "" {
		t0 := time.Now()
		b, err := bot.ReplayGIF(kit, rec)
		if err == nil {
			err = os.WriteFile(*gifOut, b, 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: gif: %v\n", pos[0], err)
			return 1
		}
		sum.GIFBytes, sum.GIFMs = len(b), time.Since(t0).Milliseconds()
	}
	if *recapOut != "" {
		// A record has no move times: the recap leaves out the game's length and longest turn.
		b, err := bot.RecapPNGIn(*lang, kit, rec, nil)
		if err == nil {
			err = os.WriteFile(*recapOut, b, 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: recap: %v\n", pos[0], err)
			return 1
		}
		sum.RecapBytes = len(b)
	}
	res, aborted := bot.RecordResult(rec, st)
	sum.Aborted = aborted
	sum.Outcome = bot.RecordOutcome(bot.LangEnglish, rec, st)
	if res != nil {
		sum.Result = &replayResult{Ranks: res.Ranks, Scores: res.Scores, ReasonMsg: res.ReasonMsg,
			Reason: bot.RecordReason(bot.LangEnglish, rec, st, res)}
	}
	if sum.Result == nil && !sum.Aborted {
		for _, p := range st.Awaiting() {
			a := awaited{Seat: p.Seat, Prompt: bot.RecordPrompt(bot.LangEnglish, rec, st, p)}
			if int(p.Seat) < len(rec.Players) {
				a.Player = rec.Players[p.Seat]
			}
			sum.Awaiting = append(sum.Awaiting, a)
		}
	}
	if *suggestLevel != "" {
		if sum.Result != nil || sum.Aborted {
			fmt.Fprintf(stderr, "%s: the game is over: nobody is awaited, so there is no move to suggest\n", pos[0])
			return 1
		}
		sum.Suggest, err = suggest(kit.Game, st, rec.Setup.Seed, len(rec.Moves), *suggestLevel, rec.Players)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", pos[0], err)
			return 1
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(sum)
		return 0
	}
	fmt.Fprintf(stdout, "%s: %d moves replayed.\n", rec.Game, sum.Moves)
	switch {
	case sum.Result != nil && len(sum.Result.Scores) > 0:
		fmt.Fprintf(stdout, "Finished: ranks %v, scores %v. %s\n", sum.Result.Ranks, sum.Result.Scores, sum.Outcome)
	case sum.Result != nil:
		fmt.Fprintf(stdout, "Finished: ranks %v. %s\n", sum.Result.Ranks, sum.Outcome)
	case sum.Aborted:
		fmt.Fprintln(stdout, sum.Outcome)
	}
	for _, a := range sum.Awaiting {
		fmt.Fprintf(stdout, "Awaiting seat %d %s: %s\n", a.Seat, a.Player, a.Prompt)
	}
	for _, s := range sum.Suggest {
		fmt.Fprintf(stdout, "The AI (%s) would play for seat %d %s: %s (%s), after %d ms.\n", s.Level, s.Seat, s.Player, s.Move, s.Label, s.ThinkMs)
	}
	if sum.RecapBytes > 0 {
		fmt.Fprintf(stdout, "Recap: %s (%d KB)\n", *recapOut, sum.RecapBytes/1024)
	}
	if sum.GIFBytes > 0 {
		fmt.Fprintf(stdout, "Replay GIF: %s (%d KB, %d ms)\n", *gifOut, sum.GIFBytes/1024, sum.GIFMs)
	}
	if sum.PNGs > 0 {
		fmt.Fprintf(stdout, "%d images in %s\n", sum.PNGs, *pngDir)
	}
	return 0
}
