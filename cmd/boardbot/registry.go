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
		{Game: ascidiae.Game, PNG: ascidiaerender.PNG, Image: ascidiaerender.Image, Palette: ascidiaerender.Palette(),
			Progress: ascidiaerender.Progress},
		{Game: ascalion.Game, PNG: ascalionrender.PNG, Image: ascalionrender.Image, Palette: ascalionrender.Palette(),
			Progress: ascalionrender.Progress},
		{Game: reef.Game, PNG: reefrender.PNG, Image: reefrender.Image, Palette: reefrender.Palette(),
			Progress: reefrender.Progress},
		{Game: ausonia.Game, PNG: ausoniarender.PNG, Image: ausoniarender.Image, Palette: ausoniarender.Palette(),
			Progress: ausoniarender.Progress},
	}
}

// enabledKits keeps the games named in the config (all when none are named).
func enabledKits(enabled []string) ([]bot.Kit, error) {
	all := allKits()
	if len(enabled) == 0 {
		return all, nil
	}
	byID := map[string]bot.Kit{}
	var ids []string
	for _, k := range all {
		id := k.Game.Info().ID
		byID[id] = k
		ids = append(ids, id)
	}
	var out []bot.Kit
	for _, id := range enabled {
		k, ok := byID[id]
		if !ok {
			return nil, fmt.Errorf("games.enabled: no game %q; the games are %s", id, strings.Join(ids, ", "))
		}
		out = append(out, k)
	}
	return out, nil
}

func kitByID(id string) (bot.Kit, error) {
	ks, err := enabledKits([]string{id})
	if err != nil {
		return bot.Kit{}, err
	}
	return ks[0], nil
}
