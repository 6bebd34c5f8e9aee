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
			Progress: autumnashrender.Progress},
		{Game: ascidiae.Game, PNG: ascidiaerender.PNG, Focus: ascidiaerender.Focus, Image: ascidiaerender.Image, Palette: ascidiaerender.Palette(),
			Progress: ascidiaerender.Progress},
		{Game: ascalion.Game, PNG: ascalionrender.PNG, Focus: ascalionrender.Focus, Image: ascalionrender.Image, Palette: ascalionrender.Palette(),
			Progress: ascalionrender.Progress},
		{Game: reef.Game, PNG: reefrender.PNG, Focus: reefrender.Focus, Image: reefrender.Image, Palette: reefrender.Palette(),
			Progress: reefrender.Progress},
		{Game: ausonia.Game, PNG: ausoniarender.PNG, Focus: ausoniarender.Focus, Image: ausoniarender.Image, Palette: ausoniarender.Palette(),
			Progress: ausoniarender.Progress},
	}
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
