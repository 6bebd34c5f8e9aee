package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// Suggest answers autocomplete with at most limit entries. When everything that fits what was
// typed fits the list, it lists those whole moves; otherwise it first offers every kind of move
// (the next token, with how many whole moves start with it), then whole moves while there is
// room, and ends with how many more there are (see suggest).
func (s *Service) Suggest(ctx context.Context, req Request, typed string, limit int) ([]Suggestion, error) {
	if len(typed) > maxText {
		return nil, nil
	}
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	seat, err := s.actingSeat(ul, t, req.User)
	if err != nil {
		return nil, err
	}
	return suggestSteps(ul, t.kit.Game, t.state, seat, typed, limit, seatNamer(ul, t.row, t.state), t.row), nil
}

// suggestSteps is Suggest for a command of several steps: after the last comma it offers the
// rest of the turn, that is the suggestions for the position the earlier steps reach (played on
// a copy, as tryMove would play them), each keeping the typed steps before it. A step that
// reveals something (a card drawn, a random outcome) is not played ahead: the list then only
// offers to send the command so far, so autocomplete never shows what a move would reveal. row
// (nil: none) names the robot seats, whose answers the steps go on beside (turnMark.sameDecision).
func suggestSteps(lang string, g rules.Game, st rules.State, seat rules.Seat, typed string, limit int, name func(rules.Seat) string, row *storage.Game) []Suggestion {
	words := rules.WordsOf(g, lang)
	cut := strings.LastIndex(typed, ",")
	if cut < 0 {
		return suggestIn(lang, words, st, seat, typed, limit, name)
	}
	steps, err := rules.ParseSteps(typed[:cut])
	if err != nil {
		return suggestIn(lang, words, st, seat, typed[cut+1:], limit, name) // only commas before: nothing to play
	}
	sim, err := rules.Clone(g, st)
	if err != nil {
		return nil
	}
	begun := markOf(sim)
	if row != nil {
		begun = begun.withRobots(row)
	}
	done := rules.StepsString(steps)
	for i, step := range steps {
		for rest := step; len(rest) > 0; {
			if (i > 0 || len(rest) < len(step)) && !begun.sameDecision(sim, seat) {
				return nil // the turn is over before this step: nothing may follow
			}
			m, more, err := nextDecision(sim, seat, rest)
			if err != nil {
				return nil
			}
			evs, err := sim.Apply(seat, m)
			if err != nil {
				return nil
			}
			for _, e := range evs {
				if e.Reveals {
					if len(done) > MaxSuggestionLabel {
						return nil
					}
					return []Suggestion{{Value: done, Label: T(lang, "menu_after_reveal", "Move", spellSteps(words, steps)), Note: true}}
				}
			}
			rest = more
		}
	}
	if !begun.sameDecision(sim, seat) {
		return nil
	}
	lead := done + ", "
	var out []Suggestion
	for _, sg := range suggestIn(lang, words, sim, seat, typed[cut+1:], limit, name) {
		if sg.Note {
			sg.Value = strings.TrimSpace(typed)
		} else {
			sg.Value = lead + sg.Value
		}
		if len(sg.Value) <= MaxSuggestionLabel { // Discord's limit on a choice's value
			out = append(out, sg)
		}
	}
	return out
}

// MaxSuggestionLabel bounds a suggestion's label: Discord shows at most 100 characters, and a
// group's count must survive the cut.
const MaxSuggestionLabel = 100

// menuBudget bounds the choice-tree nodes one menu visits to count and find moves (a few
// milliseconds in every game; Ascalion's largest trees have tens of thousands of nodes).
const menuBudget = 6000

// suggest is Suggest on a state: see Suggest. Labels show moves in words, the reader's words for
// tokens (rules.Words.Spell); values stay in tokens, which every language's /move reads.
func suggestIn(lang string, words *rules.Words, st rules.State, seat rules.Seat, typed string, limit int, name func(rules.Seat) string) []Suggestion {
	if limit <= 0 {
		limit = 25
	}
	fields := strings.Fields(typed)
	prefix := ""
	if len(fields) > 0 && !strings.HasSuffix(typed, " ") {
		prefix, fields = fields[len(fields)-1], fields[:len(fields)-1]
	}
	fixed, err := forcedPrefix(st, seat, fields)
	if err != nil {
		return nil // nothing fits what was typed; an empty list says so
	}
	next, complete, err := st.Choices(seat, fixed)
	if err != nil {
		return nil
	}
	var fitting []rules.Choice
	for _, c := range next {
		if prefix == "" || strings.HasPrefix(strings.ToLower(c.Token), strings.ToLower(prefix)) {
			fitting = append(fitting, c)
		}
	}
	self := complete && prefix == "" && len(fixed) > 0
	groups := explore(st, seat, fixed, fitting, limit)
	every := rules.GroupsEveryStep(st)
	// Grouping holds at every level: while everything that fits starts the same way and is too
	// much for one list, the list is that kind's own kinds ("root" gives the piles, a pile its
	// spaces, a space its facings), not its first whole moves. A game that groups at every step
	// goes down while the one kind holds several moves.
	for len(groups) == 1 && !self && (groups[0].count.AtLeast || groups[0].count.N > limit || every && groups[0].count.N > 1) {
		g := groups[0]
		nx, comp, err := st.Choices(seat, g.move)
		if err != nil || len(nx) == 0 || len(g.move) >= rules.MaxTreeDepth {
			break
		}
		fixed, self = g.move, comp
		groups = explore(st, seat, fixed, nx, limit)
	}
	total, atLeast := 0, false
	if self {
		total++
	}
	for _, g := range groups {
		total += g.count.N
		atLeast = atLeast || g.count.AtLeast
	}
	if mo, ok := st.(rules.MenuOrderer); ok {
		// The game's first token leads among equal gains (sortByGain is stable).
		if tok := mo.MenuFirst(seat, fixed); tok != "" {
			if i := slices.IndexFunc(groups, func(g group) bool { return g.choice.Token == tok }); i > 0 {
				first := groups[i]
				copy(groups[1:i+1], groups[:i])
				groups[0] = first
			}
		}
	}
	var out []Suggestion
	if self {
		g := rules.GainOf(st, seat, fixed)
		out = append(out, Suggestion{Value: fixed.String(), Label: withLabel(words.Spell(fixed).String(), "", gainText(lang, g, name), ""), Complete: true})
	}
	sortByGain(groups)
	if !atLeast && total <= limit && !worthGrouping(groups, total, limit, every) {
		// Everything fits: the whole moves themselves, those that gain most first.
		var all []wholeMove
		for _, g := range groups {
			all = append(all, g.whole...)
		}
		sort.SliceStable(all, func(i, j int) bool { return all[i].gain.Value() > all[j].gain.Value() })
		for _, w := range all {
			out = append(out, wholeSuggestion(lang, words, w, name))
		}
		return out
	}
	// First every kind of move (those whose best move gains most first), then the whole moves
	// that gain something, best first, while there is room, then how many more. Moves that gain
	// nothing never fill the page: which of them would come first says nothing to the player.
	// The footer counts only what no entry reaches: the moves of the kinds left off the page,
	// less those of them listed whole. A page that lists every kind needs no footer. The last
	// entry stays kept for it either way, so that pages read as before apart from the footer.
	room := limit - 1
	shown := map[string]bool{}
	var listed []rules.Move // the kinds listed: every move starting with one is reachable
	hidden := Count{}
	for _, g := range groups {
		if len(out) >= room {
			hidden.N += g.count.N
			hidden.AtLeast = hidden.AtLeast || g.count.AtLeast
			continue
		}
		listed = append(listed, g.move)
		if g.count.N == 1 && !g.count.AtLeast && len(g.whole) == 1 {
			w := g.whole[0]
			out = append(out, wholeSuggestion(lang, words, w, name))
			shown[w.move.String()] = true
			continue
		}
		out = append(out, groupSuggestion(lang, words, g, name))
	}
	best := bestWhole(groups, limit)
	if every && len(fixed) > 0 && hidden.N == 0 {
		// One piece's page in a game that groups at every step: its kinds, best first with
		// their gain, are the whole choice; its gaining moves again below them would be echoes.
		best = nil
	}
	for _, w := range best {
		if len(out) >= room {
			break
		}
		if shown[w.move.String()] {
			continue
		}
		shown[w.move.String()] = true
		out = append(out, wholeSuggestion(lang, words, w, name))
		if !startsWithAny(w.move, listed) {
			hidden.N-- // a move of a kind left off, reachable now as itself
		}
	}
	if hidden.N > 0 {
		value := strings.TrimSpace(typed)
		if value == "" {
			value = "?"
		}
		out = append(out, Suggestion{Value: value, Note: true,
			Label: T(lang, "menu_more", "Moves", hidden.words(lang, true))})
	}
	return out
}

// startsWithAny says whether m starts with one of the prefixes.
func startsWithAny(m rules.Move, prefixes []rules.Move) bool {
	for _, p := range prefixes {
		if len(p) <= len(m) && slices.Equal(m[:len(p)], p) {
			return true
		}
	}
	return false
}

// Count is a number of whole moves; AtLeast when the menu stopped counting.
type Count struct {
	N       int
	AtLeast bool
	// Options: the moves are one move and the options chosen after it (see OptionsAfter); a
	// menu says what the move does, not this count.
	Options bool
}

// Shown says whether a menu tells this count beside its kind of move.
func (c Count) Shown() bool { return !c.Options && (c.N > 1 || c.AtLeast) }

// Moves says the count in words: "1 move", "48 moves", "over 3000 moves".
func (c Count) Moves() string { return c.words(LangEnglish, false) }

// MovesIn is Moves in lang.
func (c Count) MovesIn(lang string) string { return c.words(lang, false) }

// words says the count, as "more" moves when more is set ("3 more moves").
func (c Count) words(lang string, more bool) string {
	id := "count_moves"
	if more {
		id = "count_more_moves"
	}
	if c.AtLeast {
		return T(lang, id+"_over", "Count", c.N)
	}
	return T(lang, id, "Count", c.N)
}

// group is one next token of a menu: the move it leads to (through forced tokens), how many
// whole moves start with it, the first of them found (shortest first), and what the best of
// those counted gains with the best of them (highest gain first, positive gains only).
type group struct {
	choice  rules.Choice
	move    rules.Move
	count   Count
	whole   []wholeMove
	best    rules.Gain
	gaining []wholeMove
	// options: the game says this kind is one move with options after it (Ausonia's pass, then
	// the hand cards to discard), so its menu entry says what it does and not how many moves
	// follow: "pass … (64 moves)" read as 64 ways to pass.
	options bool
}

// OptionsAfter is implemented by games in which a move may go on with options chosen after it:
// Options says whether the moves starting with m are such a move and its options.
type OptionsAfter interface {
	Options(seat rules.Seat, m rules.Move) bool
}

type wholeMove struct {
	move  rules.Move
	label rules.Choice // the last token chosen, for its label (forced tokens have nothing to say)
	gain  rules.Gain
}

// sortByGain puts the kinds whose best move gains most first, keeping the game's order
// otherwise (board order, the order of its rules).
func sortByGain(groups []group) {
	sort.SliceStable(groups, func(i, j int) bool { return groups[i].best.Value() > groups[j].best.Value() })
}

// bestWhole is the whole moves that gain something, of every kind, best first and the shortest
// of equal gains first, at most n. Of moves that end the same way (their last two tokens), say
// the same and gain the same, only the first is kept: Autumn Ash's bag by e4 d3 is one line, not
// one per corner a leaf could enter at before it.
func bestWhole(groups []group, n int) []wholeMove {
	var all []wholeMove
	for _, g := range groups {
		all = append(all, g.gaining...)
	}
	sort.SliceStable(all, func(i, j int) bool {
		if vi, vj := all[i].gain.Value(), all[j].gain.Value(); vi != vj {
			return vi > vj
		}
		return len(all[i].move) < len(all[j].move)
	})
	seen := map[string]bool{}
	out := all[:0]
	for _, w := range all {
		if len(out) == n {
			break
		}
		end := w.move[max(0, len(w.move)-2):]
		key := fmt.Sprint(w.gain.Value(), end, w.label.English())
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, w)
	}
	return out
}

// groupAbove is how many whole moves a list may hold before kinds of moves read better than
// the moves themselves: Reef's 24 setups are 4 kinds of 6, not 24 lines to compare.
const groupAbove = 12

// worthGrouping reports whether a list that would fit whole is better offered as its kinds: it
// is long (or the game groups at every step), and it has several kinds of which one at least
// holds several moves.
func worthGrouping(groups []group, total, limit int, every bool) bool {
	if (total <= groupAbove && !every) || len(groups) < 2 || len(groups) >= limit {
		return false
	}
	for _, g := range groups {
		if g.count.N > 1 {
			return true
		}
	}
	return false
}

// keepGaining adds w to the best-first list of at most keep gaining moves.
func keepGaining(list []wholeMove, w wholeMove, keep int) []wholeMove {
	i := sort.Search(len(list), func(i int) bool { return list[i].gain.Value() < w.gain.Value() })
	if i >= keep {
		return list
	}
	list = append(list, wholeMove{})
	copy(list[i+1:], list[i:])
	list[i] = w
	return list[:min(len(list), keep)]
}

// explore counts the whole moves under each of the next tokens after fixed, breadth first within
// an even share of menuBudget, keeping up to keep of them per token.
func explore(st rules.State, seat rules.Seat, fixed rules.Move, next []rules.Choice, keep int) []group {
	if len(next) == 0 {
		return nil
	}
	gainer, _ := st.(rules.Gainer)
	share := max(menuBudget/len(next), 50)
	out := make([]group, 0, len(next))
	for _, c := range next {
		start := append(append(rules.Move{}, fixed...), c.Token)
		g := group{choice: c, move: start}
		if full, err := rules.Forced(st, seat, start); err == nil {
			g.move = full
		}
		if oa, ok := st.(OptionsAfter); ok {
			g.options = oa.Options(seat, g.move)
		}
		type node struct {
			m     rules.Move
			label rules.Choice
		}
		frontier := []node{{g.move, c}}
		budget := share
		for len(frontier) > 0 {
			var deeper []node
			for _, n := range frontier {
				if budget == 0 {
					g.count.AtLeast = true
					break
				}
				budget--
				var nx []rules.Choice
				var complete bool
				var err error
				if len(g.whole) < keep {
					nx, complete, err = st.Choices(seat, n.m) // labels are wanted for moves kept
				} else {
					nx, complete, err = rules.ChoiceTokens(st, seat, n.m)
				}
				if err != nil {
					continue
				}
				if complete {
					g.count.N++
					w := wholeMove{move: n.m, label: n.label}
					if gainer != nil {
						w.gain = gainer.Gain(seat, n.m)
						if w.gain.Value() > g.best.Value() {
							g.best = w.gain
						}
					}
					if len(g.whole) < keep {
						g.whole = append(g.whole, w)
					}
					if v := w.gain.Value(); v > 0 && (len(g.gaining) < keep || v > g.gaining[len(g.gaining)-1].gain.Value()) {
						if w.label.English() == "" && w.label.Msg == nil {
							// A move found without labels (past keep): ask for its own.
							w.label = lastChoice(st, seat, n.m)
						}
						g.gaining = keepGaining(g.gaining, w, keep)
					}
				}
				if len(n.m) >= rules.MaxTreeDepth {
					continue
				}
				for _, d := range nx {
					deeper = append(deeper, node{append(append(rules.Move{}, n.m...), d.Token), d})
				}
			}
			if g.count.AtLeast {
				break
			}
			frontier = deeper
		}
		out = append(out, g)
	}
	return out
}

// lastChoice is the choice of m's last token with its label, as the tree gives it.
func lastChoice(st rules.State, seat rules.Seat, m rules.Move) rules.Choice {
	if len(m) == 0 {
		return rules.Choice{}
	}
	next, _, err := st.Choices(seat, m[:len(m)-1])
	if err != nil {
		return rules.Choice{Token: m[len(m)-1]}
	}
	for _, c := range next {
		if c.Token == m[len(m)-1] {
			return c
		}
	}
	return rules.Choice{Token: m[len(m)-1]}
}

func wholeSuggestion(lang string, words *rules.Words, w wholeMove, name func(rules.Seat) string) Suggestion {
	return Suggestion{Value: w.move.String(), Label: withLabel(words.Spell(w.move).String(), "", gainText(lang, w.gain, name), choiceLabel(lang, w.label, name)), Complete: true}
}

func groupSuggestion(lang string, words *rules.Words, g group, name func(rules.Seat) string) Suggestion {
	count := " (" + g.count.MovesIn(lang) + ")"
	if g.options {
		count = ""
	}
	return Suggestion{Value: g.move.String(), Label: withLabel(words.Spell(g.move).String()+" …", count, groupGainText(lang, g.best), choiceLabel(lang, g.choice, name)),
		Moves: g.count.N}
}

// spellSteps is a command of several steps in the words of a language (see rules.Words.Spell).
func spellSteps(words *rules.Words, steps []rules.Move) string {
	out := make([]rules.Move, len(steps))
	for i, m := range steps {
		out[i] = words.Spell(m)
	}
	return rules.StepsString(out)
}

// gainText says what a whole move gains, to start its label: "+15", "wins", or the game's own
// words; "" when it gains nothing.
func gainText(lang string, g rules.Gain, name func(rules.Seat) string) string {
	switch {
	case g.Wins:
		return T(lang, "gain_wins")
	case g.Msg != nil:
		return engineText(lang, g.Msg, name)
	case g.Points > 0:
		return T(lang, "gain_points", "Points", g.Points)
	case g.Points < 0:
		return T(lang, "gain_cost", "Points", -g.Points)
	}
	return ""
}

// groupGainText says what the best move of a kind gains ("up to +15", "can win"); "" when
// none of its moves counted gains points or wins.
func groupGainText(lang string, g rules.Gain) string {
	switch {
	case g.Wins:
		return T(lang, "gain_can_win")
	case g.Points > 0:
		return T(lang, "gain_up_to", "Points", g.Points)
	}
	return ""
}

// withLabel writes "move (count) — gain · label", cutting the label (never the move, the count
// or the gain) to keep within MaxSuggestionLabel characters: what a move gains comes first.
func withLabel(move, count, gain, label string) string {
	head := move + count
	if over := utf8.RuneCountInString(head) - MaxSuggestionLabel; over > 0 {
		// A move longer than the line (an Ascalion chain through ten lands) loses its start, not
		// its end: the end says whether it is whole (" …" marks a kind) and how many moves follow.
		r := []rune(move)
		move = "…" + string(r[min(len(r), over+1):])
		head = move + count
	}
	if label == "" || strings.EqualFold(label, lastToken(move)) {
		label = ""
	}
	if gain == "" && label == "" {
		return head
	}
	room := MaxSuggestionLabel - utf8.RuneCountInString(head) - utf8.RuneCountInString(" — ")
	if utf8.RuneCountInString(gain)+len(" · ")+utf8.RuneCountInString(label) > room {
		label = dropRepeat(label, move) // too long: first what the move's own words already say
	}
	if gain != "" {
		n := utf8.RuneCountInString(gain)
		switch {
		case n > room:
			return head
		case label == "" || room-n-3 < 4: // " · " takes 3
			return head + " — " + gain
		}
		return head + " — " + gain + " · " + shorten(label, room-n-3)
	}
	if room < 4 {
		return head
	}
	return head + " — " + shorten(label, room)
}

// dropRepeat drops from label what the move's own words say already: a first part that is its
// last word again ("… end — End · attack 6–4 · …"), or a first word that is its first or last
// ("acheter a8 r — Acheter « Gardien » en payant …", "e6 pawn e6 d5 — D5 via D6 …"). Only a
// label too long loses them.
func dropRepeat(label, move string) string {
	f := strings.Fields(strings.TrimSuffix(move, " …"))
	if len(f) == 0 {
		return label
	}
	for _, sep := range []string{" · ", " : ", ": "} {
		if i := strings.Index(label, sep); i > 0 && rules.Fold(label[:i]) == rules.Fold(f[len(f)-1]) {
			return label[i+len(sep):]
		}
	}
	if first, rest, ok := strings.Cut(label, " "); ok && len(f) > 1 && (rules.Fold(strings.TrimSuffix(first, ":")) == rules.Fold(f[0]) || rules.Fold(first) == rules.Fold(f[len(f)-1])) {
		// French puts a space before its colon: "Coloniser : fonder…" loses the colon too.
		return strings.TrimLeft(rest, ":· ")
	}
	return label
}

// shorten fits label into room characters by cutting whole words from its end, so what a label
// says first (what the move gains or costs) always stays; a first word longer than room is cut.
func shorten(label string, room int) string {
	r := []rune(label)
	if len(r) <= room {
		return label
	}
	keep := room - 1 // the ellipsis takes one
	cut := -1
	for i := keep; i > 0; i-- {
		if unicode.IsSpace(r[i]) {
			cut = i
			break
		}
	}
	if cut <= 0 {
		cut = keep
	}
	return strings.TrimRight(string(r[:cut]), " ,;:—-–·(") + "…"
}

func lastToken(move string) string {
	f := strings.Fields(strings.TrimSuffix(move, " …"))
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
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
	Spelt    string   // Partial in the asker's words for tokens, as they would type it
	Next     []Choice // labels with seats rendered as players
	Words    []string // for each of Next, the asker's word for its token ("" when none)
	Complete bool
	Lang     string // the language of its texts (the asker's)
	Prompt   string
	// Counts holds, for each of Next, how many whole moves start with it; Total counts the whole
	// moves from here (Partial itself included when Complete).
	Counts []Count
	Total  Count
	// Whole lists whole moves from here (Value holds the whole move) for a menu page that has
	// room after every one of Next: at most PickerPage-len(Next).
	Whole []Suggestion
}

// Choice is one option of a picker step: a token and its label as the asker reads it (the
// engine's label in the asker's language, seats named, its gain first).
type Choice struct {
	Token string
	Label string
}

// PickerPage is how many options one page of the picker holds (a select menu's limit).
const PickerPage = 25

// Tree walks the user's choice tree for the button picker; forced choices are taken at once.
func (s *Service) Tree(ctx context.Context, req Request, partial rules.Move) (Step, error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Step{}, err
	}
	defer t.mu.Unlock()
	seat, err := s.actingSeat(ul, t, req.User)
	if err != nil {
		return Step{}, err
	}
	name := seatNamer(ul, t.row, t.state)
	m, err := rules.Forced(t.state, seat, partial)
	if err != nil {
		if reason, ok := illegalText(ul, err); ok {
			return Step{}, refuse("%s", renderSeatsIn(ul, reason, name))
		}
		return Step{}, err
	}
	p, _ := rules.PromptFor(t.state, seat)
	step, err := treeStepIn(ul, rules.WordsOf(t.kit.Game, ul), t.state, seat, m, name)
	if err != nil {
		return Step{}, err
	}
	step.Seq, step.Prompt, step.Lang = t.seq, promptText(ul, p, name), ul
	return step, nil
}

// treeStep is one node of the picker on a state (see Tree), m already extended through forced
// tokens.
func treeStepIn(lang string, words *rules.Words, st rules.State, seat rules.Seat, m rules.Move, name func(rules.Seat) string) (Step, error) {
	next, complete, err := st.Choices(seat, m)
	if err != nil {
		return Step{}, err
	}
	step := Step{Partial: m, Complete: complete, Spelt: words.Spell(m).String()}
	groups := explore(st, seat, m, next, max(0, PickerPage-len(next)))
	if complete {
		step.Total.N++
	}
	room := max(0, PickerPage-len(next))
	sortByGain(groups)
	for _, g := range groups {
		c := Choice{Token: g.choice.Token, Label: choiceLabel(lang, g.choice, name)}
		// What the option gains comes first, as in the autocomplete: a token that ends the move
		// says its gain, a kind of moves what its best move gains.
		gain := groupGainText(lang, g.best)
		if g.count.N == 1 && !g.count.AtLeast && len(g.whole) == 1 && len(g.whole[0].move) == len(g.move) {
			gain = gainText(lang, g.whole[0].gain, name)
		}
		if gain != "" {
			if c.Label == "" || c.Label == c.Token {
				c.Label = gain
			} else {
				c.Label = gain + " · " + c.Label
			}
		}
		step.Next = append(step.Next, c)
		step.Words = append(step.Words, words.Word(c.Token))
		count := g.count
		count.Options = g.options // told by what it does, not how many follow
		step.Counts = append(step.Counts, count)
		step.Total.N += g.count.N
		step.Total.AtLeast = step.Total.AtLeast || g.count.AtLeast
	}
	// The spare room holds the whole moves that gain something, best first, never one that
	// choosing its first token already gives; moves that gain nothing never pad the page.
	given := map[string]bool{}
	for _, g := range groups {
		given[g.move.String()] = true
	}
	for _, w := range bestWhole(groups, len(groups)*PickerPage) {
		if len(step.Whole) == room {
			break
		}
		if given[w.move.String()] {
			continue // its token gives it
		}
		step.Whole = append(step.Whole, wholeSuggestion(lang, words, w, name))
	}
	return step, nil
}
