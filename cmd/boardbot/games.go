package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

func cmdGames(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var infos []rules.Info
	for _, k := range allKits() {
		infos = append(infos, k.Game.Info())
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(infos); err != nil {
			fmt.Fprintln(stderr, "boardbot:", err)
			return 1
		}
		return 0
	}
	for _, info := range infos {
		fmt.Fprintf(stdout, "%-16s %-16s %d-%d players\n", info.ID, info.Name, info.MinSeats, info.MaxSeats)
		for _, o := range info.Options {
			var vals []string
			for _, c := range o.Choices {
				vals = append(vals, c.Value)
			}
			fmt.Fprintf(stdout, "    --option %s=%s (default %s)\n", o.Key, strings.Join(vals, "|"), o.Default)
		}
	}
	return 0
}
