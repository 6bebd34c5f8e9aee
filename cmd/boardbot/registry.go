package main

import (
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/bot"
	ascalionrender "github.com/boardbot/boardbot/render/ascalion"
	ascidiaerender "github.com/boardbot/boardbot/render/ascidiae"
	ausoniarender "github.com/boardbot/boardbot/render/ausonia"
	autumnashrender "github.com/boardbot/boardbot/render/autumnash"
	reefrender "github.com/boardbot/boardbot/render/reef"
	"github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/reef"
)

// allKits lists every game the binary offers, in menu order. Registration is explicit: adding a
// game is one line here.
func allKits() []bot.Kit {
	return []bot.Kit{
		{Game: autumnash.Game, PNG: autumnashrender.PNG, Image: autumnashrender.Image, Palette: autumnashrender.Palette(),
			Progress: autumnashrender.Progress, Usual: usual["autumn-ash"]},
		{Game: ascidiae.Game, PNG: ascidiaerender.PNG, Focus: ascidiaerender.Focus, Image: ascidiaerender.Image, Palette: ascidiaerender.Palette(),
			Progress: ascidiaerender.Progress, Usual: usual["ascidiae"]},
		{Game: ascalion.Game, PNG: ascalionrender.PNG, Focus: ascalionrender.Focus, Image: ascalionrender.Image, Palette: ascalionrender.Palette(),
			Progress: ascalionrender.Progress, Usual: usual["ascalion"]},
		{Game: reef.Game, PNG: reefrender.PNG, Focus: reefrender.Focus, Image: reefrender.Image, Palette: reefrender.Palette(),
			Progress: reefrender.Progress, Usual: usual["reef-encounter"]},
		{Game: ausonia.Game, PNG: ausoniarender.PNG, Focus: ausoniarender.Focus, Image: ausoniarender.Image, Palette: ausoniarender.Palette(),
			Progress: ausoniarender.Progress, Usual: usual["ausonia"]},
	}
}

// usual is each game's usual table: the lobby /create opens, and what a solo game is played
// against. The rulebooks name no "best" count, so: Autumn Ash is for 2 only; Ascalion's board is
// drawn for 4 (36 continent lands, 9 each at 4; the box has 4 player aids; 5-6 need the islands);
// Ascidiae, Reef Encounter and Ausonia (1-4 or 2-4) open for 2, the smallest table their
// multiplayer rules cover and the one a thread fills soonest. players=N opens any other.
var usual = map[string]bot.Usual{
	"autumn-ash":     {Seats: 2},
	"ascidiae":       {Seats: 2, Solo: ascidiaeSolo},
	"ascalion":       {Seats: 4},
	"reef-encounter": {Seats: 2},
	"ausonia":        {Seats: 2, Solo: ausoniaSolo},
}

// Ascidiae's solo game has no opponent: it is a race against the colonies and the turn limit
// (docs/rules/ascidiae.md, The end).
func ascidiaeSolo(map[string]string) string {
	return "the colonies themselves (claim two of the three in one turn, within 25 turns)"
}

// Ausonia's solo opponent is the Aspirant the options name.
func ausoniaSolo(opts map[string]string) string {
	info := ausonia.Game.Info()
	for _, o := range info.Options {
		if o.Key != ausonia.OptAspirant {
			continue
		}
		v := opts[o.Key]
		if v == "" {
			v = o.Default
		}
		for i, c := range o.Choices {
			if c.Value == v {
				name := c.LabelMsg.English()
				if rest, ok := strings.CutPrefix(name, "The "); ok {
					name = "the " + rest // mid-sentence
				}
				return fmt.Sprintf("%s (Aspirant level %d of %d), an automaton that takes the leftmost Offer Row card every turn", name, i+1, len(o.Choices))
			}
		}
	}
	return "the Aspirant, an automaton that takes the leftmost Offer Row card every turn"
}

// enabledKits keeps the games named in the config (all when none are named).
func enabledKits(enabled []string) ([]bot.Kit, error) {
	if len(enabled) == 0 {
		return allKits(), nil
	}
	var out []bot.Kit
	for _, id := range enabled {
		k, err := kitByID(id)
		if err != nil {
			return nil, fmt.Errorf("games.enabled: %w", err)
		}
		out = append(out, k)
	}
	return out, nil
}

// kitByID finds a game by its id; the refusal lists the ids there are.
func kitByID(id string) (bot.Kit, error) {
	var ids []string
	for _, k := range allKits() {
		if k.Game.Info().ID == id {
			return k, nil
		}
		ids = append(ids, k.Game.Info().ID)
	}
	return bot.Kit{}, fmt.Errorf("unknown game %q; the games are %s", id, strings.Join(ids, ", "))
}
