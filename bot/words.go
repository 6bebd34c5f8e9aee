package bot

import (
	"context"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// SuggestTyped is Suggest for text typed in the player's own words ("1 noir, pu"): the words of
// their language for tokens become the tokens first, decision by decision as /move reads them,
// and a last word begun in their language ("noi") becomes the one token it can start. What
// autocomplete then offers is spelt in tokens, which /move takes as well.
func (s *Service) SuggestTyped(ctx context.Context, req Request, typed string, limit int) ([]Suggestion, error) {
	if len(typed) <= maxText {
		typed = s.unaliasTyped(ctx, req, typed)
	}
	return s.Suggest(ctx, req, typed, limit)
}

// unaliasTyped rewrites typed into tokens where the asker's words name them; anything it cannot
// follow is left as typed, for Suggest to judge.
func (s *Service) unaliasTyped(ctx context.Context, req Request, typed string) string {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return typed
	}
	defer t.mu.Unlock()
	words := rules.WordsOf(t.kit.Game, ul)
	seat, err := s.actingSeat(ul, t, req.User)
	if err != nil {
		return typed
	}
	sim, err := rules.Clone(t.kit.Game, t.state)
	if err != nil {
		return typed
	}
	return unaliasText(sim, seat, typed, words)
}

// unaliasText is unaliasTyped on a copy of the game, sim, which it plays the steps before the
// last comma on, as /move would.
func unaliasText(sim rules.State, seat rules.Seat, typed string, words *rules.Words) string {
	segs := strings.Split(typed, ",")
	for i := 0; i < len(segs)-1; i++ {
		seg := segs[i]
		fields := strings.Fields(seg)
		out := append([]string{}, fields...)
		rest := rules.Move(fields)
		merged := false
		for len(rest) > 0 {
			rest = rules.Unalias(sim, seat, rest, words)
			copy(out[len(out)-len(rest):], rest)
			m, more, err := nextDecision(sim, seat, rest)
			if err != nil && len(rest) == len(fields) {
				if _, perr := forcedPrefix(sim, seat, rest); perr == nil {
					// A step that only begins a move ("a1 queen," where a leaf enters and then
					// moves) goes on in the next, as /move plays it: the comma is read as a space.
					segs = append(segs[:i:i], append([]string{respace(seg, out) + " " + strings.TrimLeft(segs[i+1], " \t")}, segs[i+2:]...)...)
					merged = true
					break
				}
			}
			if err != nil {
				break
			}
			if _, err := sim.Apply(seat, m); err != nil {
				break
			}
			rest = more
		}
		if merged {
			i-- // read the joined step again
			continue
		}
		if len(rest) > 0 {
			// A step that does not play: what follows cannot be read against the game.
			segs[i] = respace(seg, out)
			return strings.Join(segs, ",")
		}
		segs[i] = respace(seg, out)
	}
	last := segs[len(segs)-1]
	fields := strings.Fields(last)
	partial := ""
	if len(fields) > 0 && !strings.HasSuffix(last, " ") {
		partial, fields = fields[len(fields)-1], fields[:len(fields)-1]
	}
	whole := rules.Unalias(sim, seat, fields, words)
	out := append([]string{}, whole...)
	if partial != "" {
		if next, _, err := sim.Choices(seat, whole); err == nil {
			if toks := words.Prefixed(partial, next); len(toks) == 1 {
				partial = toks[0]
			}
		}
		out = append(out, partial)
	}
	text := strings.Join(out, " ")
	if partial == "" && len(out) > 0 && strings.HasSuffix(last, " ") {
		text += " "
	}
	segs[len(segs)-1] = lead(last) + text
	return strings.Join(segs, ",")
}

// respace writes fields with seg's leading space, so the commas of the text stay where typed.
func respace(seg string, fields []string) string { return lead(seg) + strings.Join(fields, " ") }

func lead(seg string) string { return seg[:len(seg)-len(strings.TrimLeft(seg, " \t"))] }

// WhyNothingFits is the engine's reason, in the asker's language, why what they typed starts no
// move ("purple" is a colour, not a size: ...), as /move would refuse it; "" when there is none
// to give. A list of choices that comes back empty says this rather than only that nothing fits.
func (s *Service) WhyNothingFits(ctx context.Context, req Request, typed string) string {
	if len(typed) > maxText || strings.Contains(typed, ",") {
		return "" // the steps of a turn: /move itself tells which one fails
	}
	typed = s.unaliasTyped(ctx, req, typed)
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return ""
	}
	defer t.mu.Unlock()
	seat, err := s.actingSeat(ul, t, req.User)
	if err != nil {
		return ""
	}
	toks := rules.Move(strings.Fields(typed))
	if len(toks) == 0 {
		return ""
	}
	if _, err := forcedPrefix(t.state, seat, toks); err == nil {
		return "" // the start of moves: the list has them
	}
	words := rules.WordsOf(t.kit.Game, ul)
	if _, err = rules.Canonical(t.state, seat, toks); err == nil {
		return ""
	}
	if aerr := rules.Ambiguous(t.state, seat, toks, words); aerr != nil {
		err = aerr
	}
	reason, ok := illegalTextIn(ul, words, err)
	if !ok {
		return ""
	}
	return ensureStop(renderSeatsIn(ul, reason, seatNamer(ul, t.row, t.state)))
}
