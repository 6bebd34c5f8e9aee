package bot

import (
	"context"
	"errors"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// Suggest answers autocomplete: moves that extend what was typed, complete ones first, at most
// limit.
func (s *Service) Suggest(ctx context.Context, req Request, typed string, limit int) ([]Suggestion, error) {
	if len(typed) > maxText {
		return nil, nil
	}
	t, err := s.resolve(ctx, req)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	seat, err := s.actingSeat(t, req.User)
	if err != nil {
		return nil, err
	}
	fields := strings.Fields(typed)
	prefix := ""
	if len(fields) > 0 && !strings.HasSuffix(typed, " ") {
		prefix, fields = fields[len(fields)-1], fields[:len(fields)-1]
	}
	fixed, err := forcedPrefix(t.state, seat, fields)
	if err != nil {
		return nil, nil // nothing fits what was typed; an empty list says so
	}
	next, complete, err := t.state.Choices(seat, fixed)
	if err != nil {
		return nil, nil
	}
	var done, open []Suggestion
	if complete && prefix == "" && len(fixed) > 0 {
		done = append(done, Suggestion{Value: fixed.String(), Label: fixed.String(), Complete: true})
	}
	var frontier []rules.Move
	labels := map[string]string{}
	for _, c := range next {
		if prefix != "" && !strings.HasPrefix(strings.ToLower(c.Token), strings.ToLower(prefix)) {
			continue
		}
		m := append(append(rules.Move{}, fixed...), c.Token)
		labels[m.String()] = c.Label
		frontier = append(frontier, m)
	}
	// Walk breadth first so whole moves come before prefixes, within a small budget of tree nodes.
	budget := 400
	for depth := 0; depth < 6 && len(frontier) > 0 && budget > 0; depth++ {
		var deeper []rules.Move
		for _, m := range frontier {
			budget--
			chosen := labels[m.String()] // the label of the choice made, before forced ones follow it
			if full, err := rules.Forced(t.state, seat, m); err == nil {
				m = full
			}
			nx, isComplete, err := t.state.Choices(seat, m)
			if err != nil {
				continue
			}
			label := m.String()
			if chosen != "" {
				label += " — " + chosen
			}
			if isComplete {
				done = append(done, Suggestion{Value: m.String(), Label: label, Complete: true})
			}
			if len(nx) == 0 {
				continue
			}
			if len(done)+len(frontier) >= limit || budget <= 0 {
				if !isComplete {
					open = append(open, Suggestion{Value: m.String(), Label: label})
				}
				continue
			}
			for _, c := range nx {
				d := append(append(rules.Move{}, m...), c.Token)
				labels[d.String()] = c.Label
				deeper = append(deeper, d)
			}
		}
		frontier = deeper
	}
	// What the walk had no budget left to open is still told whole or partial truly.
	for _, m := range frontier {
		if limit > 0 && len(done)+len(open) >= limit {
			break
		}
		if full, err := rules.Forced(t.state, seat, m); err == nil {
			m = full
		}
		label := m.String()
		if l := labels[m.String()]; l != "" {
			label += " — " + l
		}
		_, isComplete, err := t.state.Choices(seat, m)
		if err != nil {
			continue
		}
		sg := Suggestion{Value: m.String(), Label: label, Complete: isComplete}
		if isComplete {
			done = append(done, sg)
		} else {
			open = append(open, sg)
		}
	}
	out := append(done, open...)
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// forcedPrefix canonicalises typed tokens as a prefix (not necessarily complete).
func forcedPrefix(st rules.State, seat rules.Seat, toks []string) (rules.Move, error) {
	out := rules.Move{}
	for _, tok := range toks {
		next, _, err := st.Choices(seat, out)
		if err != nil {
			return nil, err
		}
		found := ""
		for _, c := range next {
			if strings.EqualFold(c.Token, tok) {
				found = c.Token
				break
			}
		}
		if found == "" {
			return nil, errors.New("no match")
		}
		out = append(out, found)
	}
	return out, nil
}

// Step is one node of the move picker: what may come next after a partial move.
type Step struct {
	Seq      int64 // moves played so far: a picker opened earlier is out of date when it differs
	Partial  rules.Move
	Next     []rules.Choice
	Complete bool
	Prompt   string
}

// Tree walks the user's choice tree for the button picker; forced choices are taken at once.
func (s *Service) Tree(ctx context.Context, req Request, partial rules.Move) (Step, error) {
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Step{}, err
	}
	defer t.mu.Unlock()
	seat, err := s.actingSeat(t, req.User)
	if err != nil {
		return Step{}, err
	}
	m, err := rules.Forced(t.state, seat, partial)
	if err != nil {
		if reason, ok := AsRefusal(err); ok {
			return Step{}, refuse("%s", reason)
		}
		return Step{}, err
	}
	next, complete, err := t.state.Choices(seat, m)
	if err != nil {
		return Step{}, err
	}
	p, _ := rules.PromptFor(t.state, seat)
	return Step{Seq: t.seq, Partial: m, Next: next, Complete: complete, Prompt: p.Text}, nil
}
