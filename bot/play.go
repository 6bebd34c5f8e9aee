package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// Robot and auto are the user ids recorded for moves the bot makes itself.
const (
	RobotUser = "robot" // a seat replaced by the random player
	AutoUser  = "auto"  // a seat's only legal move, played for it
)

// Move plays typed notation for the user's awaited seat: one decision, or a whole turn of them
// separated by commas ("flow, 1 black, 2, colonize g2"), played as moveSteps says.
func (s *Service) Move(ctx context.Context, req Request, text string) (Reply, error) {
	if len(text) > maxText {
		return Reply{}, refuseT(s.UserLanguage(ctx, req), "move_too_long")
	}
	steps, err := rules.ParseSteps(text)
	if err != nil {
		return Reply{}, err
	}
	return s.moveSteps(ctx, req, steps)
}

// MoveTokens plays a move given as tokens (typed, or a path from the button picker).
func (s *Service) MoveTokens(ctx context.Context, req Request, m rules.Move) (Reply, error) {
	return s.moveSteps(ctx, req, []rules.Move{m})
}

func (s *Service) moveSteps(ctx context.Context, req Request, steps []rules.Move) (Reply, error) {
	for _, m := range steps {
		if len(m) > rules.MaxTreeDepth {
			return Reply{}, refuseT(s.UserLanguage(ctx, req), "move_too_many_parts")
		}
	}
	for attempt := 0; ; attempt++ {
		rep, err := s.tryMove(ctx, req, steps)
		if errors.Is(err, storage.ErrConflict) && attempt < 3 {
			continue // another writer moved first: reload and check the move again
		}
		if errors.Is(err, storage.ErrDuplicate) || (err != nil && s.alreadyApplied(ctx, rep.Game, req.Interaction)) {
			return Reply{Text: T(s.UserLanguage(ctx, req), "already_done"), Private: true, Game: rep.Game}, nil
		}
		return rep, err
	}
}

// tryMove plays the steps of one command in order, each exactly as if it were sent alone, and
// each step's spaces may hold several decisions where the first is a whole move nothing can
// follow ("1 black" in Ascidiae). A command whose steps reveal nothing is all-or-nothing: it is
// first played on a copy, and a refused step refuses it whole. Otherwise decisions are committed
// one by one: a step may reveal hidden information (a card drawn), so none can be taken back, and
// a refused step ends the command with the earlier ones played, as its reply says. A decision is
// only played while it is the one the player saw when typing: the same seats awaited and the
// same turn of the game as when the command began (see sameDecision); nothing is played past.
// The thread hears of the command once, as of a single move: the steps of one turn post nothing
// (bot/flow.go), and the seats that move automatically move after the last step.
func (s *Service) tryMove(ctx context.Context, req Request, steps []rules.Move) (_ Reply, err error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	defer func() {
		if _, refused := AsRefusal(err); refused {
			s.opt.Observer.MoveRefused(t.kit.Game.Info().ID)
		}
	}()
	seat, err := s.actingSeat(ul, t, req.User)
	if err != nil {
		return Reply{Game: t.row.ID}, err
	}
	if req.Seq != nil && *req.Seq != t.seq {
		return Reply{Game: t.row.ID}, refuseT(ul, "move_stale")
	}
	if f := readFlow(t.row); req.Seq == nil && slices.Contains(f.Unshown, int(seat)) {
		// The seat's last turn ended without it (its only move played for it, or its time ran
		// out), and no answer has shown it the turn it is in now: a command that would end this
		// turn at once was most likely typed for the one that is over ("buy …", then "pass").
		// It is refused once, with the question now asked; sent again, it is played.
		ends := endsTurnAtOnce(t, seat, steps, rules.WordsOf(t.kit.Game, ul))
		f.Unshown = slices.DeleteFunc(f.Unshown, func(q int) bool { return q == int(seat) })
		if ends {
			t.row.Flow = f.encode()
			if err := s.store.UpdateGame(ctx, t.row); err != nil {
				_ = s.reload(ctx, t)
				return Reply{Game: t.row.ID}, err
			}
			p, _ := rules.PromptFor(t.state, seat)
			return Reply{Game: t.row.ID}, refuseT(ul, "move_turn_ended", "Move", rules.StepsString(steps), "Prompt", promptText(ul, p, seatNamer(ul, t.row, t.state)))
		}
	}
	begun := markOf(t.state).withRobots(t.row)
	postedBefore := readFlow(t.row).Post
	if len(steps) > 1 {
		// A command none of whose steps reveals anything is checked whole first, on a copy: if
		// a step is refused, none is played (a Reef cube is not spent for a turn that cannot be
		// finished). Where a step played before the refused one reveals something (a card
		// drawn), the steps are played one by one as below: refusing the whole would let the
		// player look and change their mind.
		if cp, err := rules.Clone(t.kit.Game, t.state); err == nil {
			dry := s.runSteps(ul, t, cp, seat, steps, begun, func(m rules.Move, _ string) ([]rules.Event, error) {
				return cp.Apply(seat, m)
			})
			revealed := slices.ContainsFunc(dry.evs, func(e rules.Event) bool { return e.Reveals })
			if dry.err == nil && dry.refusal == "" && dry.refused != "" && !revealed {
				return Reply{Game: t.row.ID}, s.refusedMove(ctx, ul, t, req.User, dry.refused+" "+T(ul, "steps_none_played"))
			}
		}
	}
	run := s.runSteps(ul, t, t.state, seat, steps, begun, func(m rules.Move, interaction string) ([]rules.Event, error) {
		return s.commit(ctx, t, seat, m, req.User.ID, interaction)
	}, req.Interaction)
	if run.refusal != "" {
		return Reply{Game: t.row.ID}, s.refusedMove(ctx, ul, t, req.User, run.refusal)
	}
	if run.err != nil {
		return Reply{Game: t.row.ID}, run.err
	}
	played, echo, evs, stop, passed := run.played, run.echo, run.evs, run.stop, run.passed
	if len(played) == 0 && len(stop) == 0 {
		// Every word typed was a decision the rules had taken already: nothing is left to play.
		return Reply{Text: T(ul, "presumed_only", "Move", spellSteps(rules.WordsOf(t.kit.Game, ul), passed)), Private: true, Game: t.row.ID}, nil
	}
	if len(stop) > 0 {
		stop = append(stop, T(ul, "steps_rest_not_played"))
	}
	if err := s.autoplay(ctx, t); err != nil {
		s.log.Error("autoplay", "game", t.row.ID, "err", err)
	}
	// The reply says what the command caused that the mover would not read in the thread: the
	// events only they may see, and the public ones too while a step inside a turn posts nothing.
	// Once the thread tells the public events (a post now, an edit of a post asking several
	// seats, or the post held for the AI's reply), the reply leaves them out: told once.
	f := readFlow(t.row)
	threadTells := f.Post != postedBefore || f.Shared || f.Held != 0 || t.row.Status != storage.StatusRunning
	var lines []string
	lines = append(lines, T(ul, "you_played", "Move", rules.StepsString(echo)))
	if len(passed) > 0 {
		// Words the player typed for a decision the rules took alone: said, so that they do not
		// seem dropped ("flow, 1, black" when "1" was the only ability).
		lines = append(lines, T(ul, "presumed_passed", "Move", spellSteps(rules.WordsOf(t.kit.Game, ul), passed)))
	}
	name := seatNamer(ul, t.row, t.state)
	for _, e := range evs {
		if e.VisibleTo(seat) && !(threadTells && e.Public()) {
			lines = append(lines, eventText(ul, e, name))
		}
	}
	lines = append(lines, stop...)
	rep := Reply{Text: strings.Join(lines, "\n"), Private: true, Game: t.row.ID}
	// While the same turn goes on the thread is not posted to, so the mover sees the board here,
	// with what comes next.
	if p, ok := rules.PromptFor(t.state, seat); ok && t.row.Status == storage.StatusRunning && readFlow(t.row).Post < t.seq {
		img, err := s.render(t.kit, t.row, t.state, seat, t.seq, ul)
		if err != nil {
			s.log.Error("render after a move", "game", t.row.ID, "err", err)
		}
		rep.Image, rep.More = altIn(img, ul, t.kit), true
		rep.Text += "\n" + T(ul, "turn_goes_on", "Prompt", promptText(ul, p, name))
	}
	return rep, nil
}

// endsTurnAtOnce reports whether the first decision of a command, played now, would end seat's
// turn (or the game); false when it would be refused, which the command's own play then says.
func endsTurnAtOnce(t *table, seat rules.Seat, steps []rules.Move, words *rules.Words) bool {
	if len(steps) == 0 || len(steps[0]) == 0 {
		return false
	}
	cp, err := rules.Clone(t.kit.Game, t.state)
	if err != nil {
		return false
	}
	m, _, err := nextDecision(cp, seat, rules.Unalias(cp, seat, steps[0], words))
	if err != nil {
		return false
	}
	if _, err := cp.Apply(seat, m); err != nil {
		return false
	}
	return !markOf(t.state).sameDecision(cp, seat)
}

// stepRun is what runSteps played of a command: the decisions (echo as the player typed them),
// their events, the words passed over as already decided, and why it stopped early (stop; refused
// is the refusal of the step that stopped it). refusal is set instead when the first decision was
// refused (nothing played), err when it could not be stored.
type stepRun struct {
	played, echo, passed []rules.Move
	evs                  []rules.Event
	stop                 []string
	refused, refusal     string
	err                  error
}

// runSteps plays the steps of one command on st for seat, each decision through apply (a commit,
// or a move on a copy to check the command whole first); id is the command's interaction.
func (s *Service) runSteps(ul string, t *table, st rules.State, seat rules.Seat, steps []rules.Move, begun turnMark, apply func(m rules.Move, interaction string) ([]rules.Event, error), id ...string) stepRun {
	var refused string
	var before []byte    // the position before the last decision played, for superfluous closers
	var befores [][]byte // the positions before each decision played (closesEarlier)
	var played []rules.Move
	var echo []rules.Move // played, in the player's words where they typed them
	var evs []rules.Event
	var stop []string // why the command ended before its last step
	words := rules.WordsOf(t.kit.Game, ul)
	// The decisions the rules took for the seat by themselves since its last one: a player who
	// types the whole turn types them too, and those words are passed over, as done already.
	presumed := rules.Presumed(st, seat)
	var passed []rules.Move
	inRun := false // the last words were passed over as the rules' decisions
run:
	for i := 0; i < len(steps); i++ {
		step := steps[i]
		rest := step
		for len(rest) > 0 {
			if n, j := presumedAt(rest, presumed, words); n > 0 && ((inRun && j == 0) || !fitsNow(st, seat, rest[0], words)) {
				// A word that fits the decision now awaited is meant for it, not for one the rules
				// took before (issue #38: "flow, 1, white" where basica's lone ability 1 activated
				// before habilis asks for its own): a run of the rules' decisions is passed over
				// only from a word that fits nothing now, and then goes on in their order ("flow,
				// 1 black black 1, white" where the 2nd black would also fit the colour asked).
				passed, presumed, rest, inRun = append(passed, presumed[j]), presumed[j+1:], rest[n:], true
				continue
			}
			inRun = false
			// The player's words for tokens ("noir") become tokens against the decision now
			// awaited; a refusal still quotes the step as typed.
			rest = rules.Unalias(st, seat, rest, words)
			if len(played) > 0 && !begun.sameDecision(st, seat) {
				if len(rest) == len(step) && onlyClosers(t.kit.Game, befores, st, seat, played[len(played)-1], steps[i:], words) {
					// Closing words of decisions the rules closed or took out of the player's hands
					// ("city parthenion, done" when the city ended the phase; "attack orphir, skip,
					// done" when the allies are asked next): nothing they would do is lost, so they
					// are passed over without a word.
					break run
				}
				why := T(ul, "step_why_turn")
				if st.Result() != nil {
					why = T(ul, "step_why_over")
				}
				stop = []string{stepStopped(ul, i, steps, step[len(step)-len(rest):], why)}
				break run
			}
			m, more, err := nextDecision(st, seat, rest)
			if err != nil {
				// A player named where the game's own name for the seat is written ("offer
				// tess …" for "offer blue …"): tried only when the words as typed are refused, so a
				// name never hides a token.
				if named, ok := namesAsSeats(t.row, st, rest); ok {
					named = rules.Unalias(st, seat, named, words)
					if nm, nmore, nerr := nextDecision(st, seat, named); nerr == nil {
						rest, m, more, err = named, nm, nmore, nil
					}
				}
			}
			if err == nil && len(more) > 0 && !splitFits(t.kit.Game, st, seat, m, more, words) && !splitPresumed(t.kit.Game, st, seat, m, more, words) {
				// A space split a whole move from words that do not start the decision after it
				// ("buy a8 r" where the payment is certain): they belong to this move, so the step
				// is refused as one move, before anything of it is played.
				if whole, cerr := rules.Canonical(st, seat, rest); cerr != nil {
					err = cerr
				} else {
					m, more = whole, nil
				}
			}
			if err != nil && len(rest) == len(step) && i+1 < len(steps) {
				// A step that only begins a move, the next one ending it ("a1 queen, a1 b2 queen":
				// a leaf enters, then moves): the comma stood where a space belongs.
				joined := rules.Unalias(st, seat, slices.Concat(rest, steps[i+1]), words)
				if jm, jmore, jerr := nextDecision(st, seat, joined); jerr == nil {
					steps = slices.Concat(steps[:i:i], []rules.Move{slices.Concat(step, steps[i+1])}, steps[i+2:])
					step, rest, m, more, err = steps[i], joined, jm, jmore, nil
				} else if _, perr := forcedPrefix(st, seat, rest); perr == nil {
					next := rules.Unalias(st, seat, slices.Concat(rest, steps[i+1][:min(1, len(steps[i+1]))]), words)
					if _, cerr := forcedPrefix(st, seat, next); cerr == nil && len(next) > len(rest) {
						// The next step goes on with this move ("a6 pawn, a6 a5 qeen"): what is wrong
						// is in it, and the refusal says that rather than how moves are written.
						steps = slices.Concat(steps[:i:i], []rules.Move{slices.Concat(step, steps[i+1])}, steps[i+2:])
						step, rest, err = steps[i], joined, jerr
					} else if len(steps[i+1]) > 0 && fitsNow(st, seat, steps[i+1][0], words) {
						// The next step reads as the rest of this move ("a1 queen, a1 b1 queen")
						// but the rules refuse it (the queen entered at A1 has no legal move): that
						// refusal is the real reason, not the comma.
						steps = slices.Concat(steps[:i:i], []rules.Move{slices.Concat(step, steps[i+1])}, steps[i+2:])
						step, rest, err = steps[i], joined, jerr
					} else {
						err = joinHint(ul, words, err)
					}
				}
			}
			if err != nil && len(played) > 0 && superfluous(t.kit.Game, before, seat, rest) {
				// The closing word of a part of the turn the rules closed by themselves ("done"
				// after a larva play that ended with its last polyp): what the player meant has
				// happened, so the word is passed over, not refused.
				rest = nil
				continue
			}
			if err != nil {
				if aerr := rules.Ambiguous(st, seat, rest, words); aerr != nil {
					err = aerr // a prefix of the player's words that names several tokens
				}
				reason, _ := illegalTextIn(ul, words, err)
				reason = ensureStop(renderSeatsIn(ul, reason, seatNamer(ul, t.row, st)))
				if len(played) == 0 {
					if len(steps) > 1 {
						reason = stepRefused(ul, i, steps, step[len(step)-len(rest):], reason) + " " + T(ul, "steps_none_played")
					}
					return stepRun{refusal: reason}
				}
				stop = []string{stepRefused(ul, i, steps, step[len(step)-len(rest):], reason)}
				refused = stop[0]
				break run
			}
			interaction := ""
			if len(id) > 0 {
				interaction = id[0]
			}
			if interaction != "" && len(played) > 0 {
				interaction = fmt.Sprintf("%s#%d", interaction, len(played)+1) // one id per stored move
			}
			if len(more) > 0 || i < len(steps)-1 {
				// Only a decision with more typed after it may need the position before it
				// (superfluous): a lone move, the usual request, encodes nothing extra.
				before, _ = st.Encode()
				befores = append(befores, before)
			}
			e, err := apply(m, interaction)
			if err != nil {
				if len(played) == 0 {
					return stepRun{err: err}
				}
				s.log.Error("a later step of a move", "game", t.row.ID, "err", err)
				stop = []string{stepStopped(ul, i, steps, step[len(step)-len(rest):], T(ul, "step_why_failed"))}
				break run
			}
			echo = append(echo, asTyped(m, step[len(step)-len(rest):][:len(rest)-len(more)], words))
			played, evs, rest = append(played, m), append(evs, e...), more
			presumed = rules.Presumed(st, seat)
		}
	}
	return stepRun{played: played, echo: echo, passed: passed, evs: evs, stop: stop, refused: refused}
}

// stepStopped says that step i of steps, whose unplayed part is rest, was not played and why;
// a command of one step is named by its unplayed part alone.
func stepStopped(lang string, i int, steps []rules.Move, rest rules.Move, why string) string {
	if len(steps) == 1 {
		return T(lang, "step_stopped_rest", "Move", rest.String(), "Why", why)
	}
	return T(lang, "step_stopped", "Step", i+1, "Steps", len(steps), "Move", steps[i].String(), "Why", why)
}

// stepRefused says that step i of steps was refused, as stepStopped.
func stepRefused(lang string, i int, steps []rules.Move, rest rules.Move, reason string) string {
	if len(steps) == 1 {
		return T(lang, "step_refused_rest", "Move", rest.String(), "Reason", reason)
	}
	return T(lang, "step_refused", "Step", i+1, "Steps", len(steps), "Move", steps[i].String(), "Reason", reason)
}

// turnMark is what a player saw of the game when typing a command: the seats awaited and the
// game's turn number (rules.TurnCounter).
type turnMark struct {
	awaited []int
	turn    int
	// robots are the seats the bot plays (none: every seat counts as a person's).
	robots []int
	// part is the game's part of the turn (rules.PartCounter; 0 where it has none).
	part int
}

func markOf(st rules.State) turnMark {
	return turnMark{awaitedSeats(st), turnCount(st), nil, partCount(st)}
}

func partCount(st rules.State) int {
	if pc, ok := st.(rules.PartCounter); ok {
		return pc.PartCount()
	}
	return 0
}

// withRobots is mk knowing which seats of row the bot plays.
func (mk turnMark) withRobots(row *storage.Game) turnMark {
	for _, p := range row.Players {
		if p.Robot {
			mk.robots = append(mk.robots, p.Seat)
		}
	}
	return mk
}

// sameDecision reports whether the decision now awaited from seat is still part of the turn the
// player saw: the game runs, the same seats are awaited and no new turn has begun. A step typed
// for this turn must never land in the next one (say after a pass the rules force). A robot
// seat that the step made awaited beside the player (the AI whose offer was accepted, to put
// its goods) answers alongside: the player's next step goes on as if it had answered already,
// for an awaited seat may move before the others (Ascalion's "accept 3, put xandar iron"); what
// the robot then does is its own move, after the command, so nothing it reveals is seen first.
func (mk turnMark) sameDecision(st rules.State, seat rules.Seat) bool {
	if st.Result() != nil || !rules.IsAwaited(st, seat) || turnCount(st) != mk.turn || partCount(st) != mk.part {
		return false
	}
	person := func(q int) bool { return !slices.Contains(mk.robots, q) }
	now := awaitedSeats(st)
	return slices.Equal(slices.DeleteFunc(slices.Clone(now), func(q int) bool { return !person(q) && !slices.Contains(mk.awaited, q) }), mk.awaited)
}

// nextDecision takes the first decision off toks: the whole of toks as a move (a prefix whose
// rest is forced counts as the whole move), or else a whole move that nothing can follow, the
// rest being the next decision ("1 black" in Ascidiae is "1", then "black"). Only that case splits,
// so a slip inside a move that could go on (a discard list) is refused, never cut short.
func nextDecision(st rules.State, seat rules.Seat, toks rules.Move) (rules.Move, rules.Move, error) {
	canon, err := rules.Canonical(st, seat, toks)
	if err == nil {
		return canon, nil, nil
	}
	if forced, ferr := forcedCompletion(st, seat, toks); ferr == nil {
		return forced, nil, nil
	}
	for k := len(toks) - 1; k > 0; k-- {
		head, ferr := forcedCompletion(st, seat, toks[:k])
		if ferr != nil {
			continue
		}
		if len(head) != k {
			// The rules force a token where the player typed toks[k]: that token was meant for
			// this move and does not fit; it is no next decision ("grow w" where only grey can
			// grow must not play "grow g" and then "w").
			break
		}
		if next, _, cerr := st.Choices(seat, head); cerr == nil && len(next) == 0 {
			return head, toks[k:], nil
		}
		break // the longest whole move found can go on: splitting it would guess
	}
	return nil, nil, err
}

// splitFits reports whether rest, split by a space from the whole move m, starts the decision
// that follows m for the same seat in the same turn: m is played on a copy to find out.
func splitFits(g rules.Game, st rules.State, seat rules.Seat, m, rest rules.Move, words *rules.Words) bool {
	snap, err := st.Encode()
	if err != nil {
		return false
	}
	cp, err := g.Decode(snap)
	if err != nil {
		return false
	}
	mark := markOf(cp)
	if _, err := cp.Apply(seat, m); err != nil || !mark.sameDecision(cp, seat) {
		return false
	}
	_, _, err = cp.Choices(seat, rules.Unalias(cp, seat, rest, words)[:1])
	return err == nil
}

// asTyped is the decision m echoed in the player's words: a token written as a word of their
// language ("weiße") keeps their word, any other shows as the word their language has for it
// (rules.Words.Spell), or as m's token (a prefix shows whole). A move the rules completed or
// respelled is m spelt so, so the echo never hides what was played.
func asTyped(m, typed rules.Move, words *rules.Words) rules.Move {
	out := words.Spell(m)
	if len(typed) != len(m) {
		return out
	}
	for k, tok := range typed {
		if rules.Fold(tok) != rules.Fold(m[k]) && slices.Contains(words.Tokens(tok), m[k]) {
			out[k] = tok
		}
	}
	return out
}

// joinHint adds to err, the refusal of a step that only begins a move, that a move is written
// in one step: a refusal already in lang.
func joinHint(lang string, words *rules.Words, err error) error {
	reason, ok := illegalTextIn(lang, words, err)
	if !ok {
		return err
	}
	return &Refusal{Msg: ensureStop(reason) + " " + T(lang, "step_join_hint")}
}

// splitPresumed reports whether rest, split by a space from the whole move m, starts with a
// decision the rules take by themselves once m is played ("spin b1 right white" where white is
// the only colour to spawn): then rest is passed over after m, not read as part of m.
func splitPresumed(g rules.Game, st rules.State, seat rules.Seat, m, rest rules.Move, words *rules.Words) bool {
	cp, err := rules.Clone(g, st)
	if err != nil {
		return false
	}
	if _, err := cp.Apply(seat, m); err != nil {
		return false
	}
	n, _ := presumedAt(rest, rules.Presumed(cp, seat), words)
	return n > 0
}

// fitsNow reports whether tok, typed or a word of the player's, is a token of seat's decision.
func fitsNow(st rules.State, seat rules.Seat, tok string, words *rules.Words) bool {
	next, _, err := st.Choices(seat, nil)
	if err != nil {
		return false
	}
	for _, c := range next {
		if rules.Fold(c.Token) == rules.Fold(tok) || slices.Contains(words.Tokens(tok), c.Token) {
			return true
		}
	}
	return false
}

// presumedAt finds the decision of presumed that rest starts with, typed as the token or a word
// of the player's for it (whole, not a prefix: only what equals the rules' choice is passed
// over): n is how many typed tokens it takes, j its index; n is 0 when none.
func presumedAt(rest rules.Move, presumed []rules.Move, words *rules.Words) (n, j int) {
	for j, p := range presumed {
		if len(p) == 0 || len(p) > len(rest) {
			continue
		}
		same := true
		for k, tok := range p {
			same = same && (rules.Fold(rest[k]) == rules.Fold(tok) || slices.Contains(words.Tokens(rest[k]), tok))
		}
		if same {
			return len(p), j
		}
	}
	return 0, 0
}

// superfluous reports whether step, refused now, is a single word that was a whole move just
// before the last decision played (in the position snap): the word that closes a part of the turn
// which that decision closed by itself.
func superfluous(g rules.Game, snap []byte, seat rules.Seat, step rules.Move) bool {
	if len(step) != 1 || snap == nil {
		return false
	}
	st, err := g.Decode(snap)
	if err != nil {
		return false
	}
	_, err = rules.Canonical(st, seat, step)
	return err == nil
}

// closesEarlier reports whether step, typed after decisions the rules have since closed, is a
// word that would have closed one of them (done, skip, end, in the player's words) in one of the
// positions snaps the command went through: played there it ends the seat's decision. A step
// that would have done something else is not such a word, and the player is told it was dropped.
func closesEarlier(g rules.Game, snaps [][]byte, seat rules.Seat, step rules.Move, words *rules.Words) bool {
	if len(step) != 1 {
		return false
	}
	for _, snap := range snaps {
		st, err := g.Decode(snap)
		if err != nil {
			continue
		}
		m, err := rules.Canonical(st, seat, rules.Unalias(st, seat, step, words))
		if err != nil {
			continue
		}
		mark := markOf(st)
		if _, err := st.Apply(seat, m); err == nil && !mark.sameDecision(st, seat) {
			return true
		}
	}
	return false
}

// namesAsSeats is toks with each word that is a player's name (or the first word of it, where
// no other player's name begins so) put as the game's own name of that seat in token form, for
// games that name seats themselves (rules.SeatNamer: Ascalion's colours); false when none is.
func namesAsSeats(row *storage.Game, st rules.State, toks rules.Move) (rules.Move, bool) {
	sn, ok := st.(rules.SeatNamer)
	if !ok || row == nil {
		return nil, false
	}
	seatOf := map[string]rules.Seat{}
	firsts := map[string]int{}
	for _, p := range row.Players {
		if f := strings.Fields(p.Name); len(f) > 1 {
			firsts[rules.Fold(f[0])]++
		}
	}
	for _, p := range row.Players {
		f := strings.Fields(p.Name)
		if len(f) == 0 {
			continue
		}
		tok := strings.ToLower(sn.SeatName(rules.Seat(p.Seat)))
		if strings.ContainsAny(tok, " \t") {
			continue // a seat name of several words is no token
		}
		seatOf[rules.Fold(p.Name)] = rules.Seat(p.Seat)
		if len(f) > 1 && firsts[rules.Fold(f[0])] == 1 {
			seatOf[rules.Fold(f[0])] = rules.Seat(p.Seat)
		}
	}
	out := slices.Clone(toks)
	changed := false
	for i, w := range toks {
		if q, ok := seatOf[rules.Fold(w)]; ok {
			out[i], changed = strings.ToLower(sn.SeatName(q)), true
		}
	}
	return out, changed
}

// closingTokens are the tokens by which games end a decision without doing anything more.
var closingTokens = []string{"done", "skip", "end", "pass"}

// onlyClosers reports whether every step of rest, left unplayed after last once the decision
// was over, is one closing word: a token of closingTokens (typed as such or in the player's
// words), or a word that would have closed a decision the command went through (closesEarlier).
// A step repeating last ("done, done") was typed for the next decision and is told.
func onlyClosers(g rules.Game, snaps [][]byte, st rules.State, seat rules.Seat, last rules.Move, rest []rules.Move, words *rules.Words) bool {
	for _, step := range rest {
		if len(step) != 1 || closedByIt(st, seat, last, step, words) {
			return false
		}
		toks := []string{rules.Fold(step[0])}
		if words != nil {
			toks = append(toks, words.Tokens(step[0])...)
		}
		if !slices.ContainsFunc(toks, func(tok string) bool { return slices.Contains(closingTokens, tok) }) &&
			!closesEarlier(g, snaps, seat, step, words) {
			return false
		}
	}
	return len(rest) > 0
}

// closedByIt reports whether step is the word of last, the decision the player's own command
// played last: "done, done" typed the second for the next decision, which the player is told.
func closedByIt(st rules.State, seat rules.Seat, last, step rules.Move, words *rules.Words) bool {
	return slices.Equal(last, step) || slices.Equal(last, rules.Unalias(st, seat, step, words))
}

// alreadyApplied reports whether a move with this interaction id is in the game's log: Discord
// may deliver an interaction twice, and the second must not be refused as "not your turn".
func (s *Service) alreadyApplied(ctx context.Context, game int64, interaction string) bool {
	if interaction == "" || game == 0 {
		return false
	}
	found, err := s.store.HasMove(ctx, game, interaction)
	return err == nil && found
}

func ensureStop(s string) string {
	s = strings.TrimSpace(s)
	if s != "" && !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") {
		s += "."
	}
	return s
}

// forcedCompletion canonicalises a typed prefix and extends it through forced choices.
func forcedCompletion(st rules.State, seat rules.Seat, m rules.Move) (rules.Move, error) {
	out, err := forcedPrefix(st, seat, m)
	if err != nil {
		return nil, err
	}
	full, err := rules.Forced(st, seat, out)
	if err != nil {
		return nil, err
	}
	return full, rules.Check(st, seat, full)
}

// actingSeat picks the seat the user moves for: one they hold that is awaited now.
func (s *Service) actingSeat(lang string, t *table, u User) (rules.Seat, error) {
	switch t.row.Status {
	case storage.StatusLobby:
		return 0, refuseT(lang, "not_started", "Game", gameTitle(t))
	case storage.StatusFinished, storage.StatusAborted:
		return 0, refuseT(lang, "move_over", "Game", gameTitle(t))
	}
	held := seatsOf(t.row, u.ID)
	if len(held) == 0 {
		return 0, refuseT(lang, "move_not_playing", "Game", gameTitle(t))
	}
	for _, seat := range held {
		if rules.IsAwaited(t.state, seat) {
			return seat, nil
		}
	}
	var waiting []string
	for _, p := range t.state.Awaiting() {
		waiting = append(waiting, playerName(t.row, p.Seat))
	}
	return 0, refuseT(lang, "move_not_your_turn", "Names", joinNames(lang, waiting))
}

// commit applies a move to the table's state and writes it, its snapshot and its notices in one
// transaction. On any failure the table is reloaded, so memory never runs ahead of the store.
func (s *Service) commit(ctx context.Context, t *table, seat rules.Seat, m rules.Move, user, interaction string) ([]rules.Event, error) {
	mk := markOf(t.state) // to tell whether the move ended the seat's turn (see noteTyping)
	// The turn numbering before the move: kept in the flow, else read from the log once.
	var tw *turnWalker
	if m := readFlow(t.row).Numbered; m != nil || t.seq == 0 {
		tw = newTurnWalker()
		if m != nil {
			tw = m.walker()
		}
	} else if w, err := s.walkStored(ctx, t); err == nil {
		tw = w
	}
	tcBefore := turnCount(t.state)
	evs, err := t.state.Apply(seat, m)
	if err != nil {
		return nil, err
	}
	row := t.row
	snap, err := t.state.Encode()
	if err != nil {
		_ = s.reload(ctx, t)
		return nil, fmt.Errorf("game %d: encode: %w", row.ID, err)
	}
	w := storage.MoveWrite{GameID: row.ID, ExpectVersion: row.Version, Snapshot: snap, Status: storage.StatusRunning,
		Move: storage.Move{Seat: int(seat), Notation: m.String(), UserID: user, InteractionID: interaction, At: s.now()}}
	next := *row
	var result *rules.Result
	if res := t.state.Result(); res != nil {
		result = s.finalResult(row, res)
		b, _ := json.Marshal(result)
		w.Status, w.Result = storage.StatusFinished, b
	}
	if len(row.Players) > 0 && anyLate(row.Players) {
		w.Players = clearLate(row.Players)
	}
	f, notices := s.afterMove(t, t.state, t.seq+1, evs, seat, user)
	pt := s.gameTimes(ctx, row)
	notices = s.quietPosts(pt, row, t.state, &f, s.now(), notices)
	f.noteTyping(seat, user, !mk.sameDecision(t.state, seat))
	f.Numbered = nil
	if tw != nil {
		tw.stepMove(seat, evs, tcBefore, t.state)
		f.Numbered = tw.mark()
	}
	dms, err := s.privateNotices(ctx, t, evs, seat, user)
	if err != nil {
		_ = s.reload(ctx, t)
		return nil, err
	}
	if w.Status == storage.StatusRunning {
		dms = s.holdDMs(pt, &f, s.now(), dms)
		// The clocks, and when Tick next looks: a held flow is posted once the AI has had its
		// time (see aiHoldBound), a held ping when quiet hours end.
		s.setClocks(pt, &next, t.state, &f)
		w.Deadline, w.RemindAt = next.Deadline, next.RemindAt
	}
	w.Flow = f.encode()
	w.Outbox = append(w.Outbox, notices...)
	w.Outbox = append(w.Outbox, dms...)
	ver, err := s.store.AppendMove(ctx, w)
	if err != nil {
		if rerr := s.reload(ctx, t); rerr != nil {
			s.evict(row.ID)
		}
		return nil, err
	}
	row.Version, row.Snapshot, row.Status, row.Result = ver, snap, w.Status, w.Result
	row.Deadline, row.RemindAt, row.Flow = w.Deadline, w.RemindAt, w.Flow
	if w.Players != nil {
		row.Players = w.Players
	}
	t.seq++
	s.opt.Observer.MoveApplied(row.Kind)
	return evs, nil
}

func anyLate(ps []storage.Player) bool {
	for _, p := range ps {
		if p.Late {
			return true
		}
	}
	return false
}

func clearLate(ps []storage.Player) []storage.Player {
	out := append([]storage.Player{}, ps...)
	for i := range out {
		out[i].Late = false
	}
	return out
}

// finalResult puts seats that resigned or were replaced by the bot after everyone still
// playing, keeping the rules' order within each group (rankLeavers, as a replay of the record).
func (s *Service) finalResult(row *storage.Game, res *rules.Result) *rules.Result {
	return rankLeavers(res, leavers(row))
}

// autoplay makes the moves nobody needs to think about: seats played by the random player, and
// (when enabled) a seat's only legal move.
func (s *Service) autoplay(ctx context.Context, t *table) error {
	for i := 0; i < 10000; i++ {
		if t.state == nil || t.state.Result() != nil || t.row.Status != storage.StatusRunning {
			return nil
		}
		seat, m, user, ok := s.automatic(t)
		if !ok {
			return nil
		}
		if _, err := s.commit(ctx, t, seat, m, user, ""); err != nil {
			return err
		}
	}
	return errors.New("autoplay did not stop")
}

func (s *Service) automatic(t *table) (rules.Seat, rules.Move, string, bool) {
	for _, p := range t.state.Awaiting() {
		if isRobot(t.row, p.Seat) {
			if s.handToAI(t) {
				continue // the AI worker plays it after this request (bot/ai.go)
			}
			r := rand.New(rand.NewPCG(t.row.Seed, uint64(t.seq)))
			m, err := rules.RandomMove(t.state, p.Seat, r)
			if err == nil {
				return p.Seat, m, RobotUser, true
			}
		}
	}
	if !s.opt.AutoForced {
		return 0, nil, "", false
	}
	for _, p := range t.state.Awaiting() {
		moves, whole, err := rules.Enumerate(t.state, p.Seat, 2)
		if err == nil && whole && len(moves) == 1 {
			return p.Seat, moves[0], AutoUser, true
		}
	}
	return 0, nil, "", false
}

func isRobot(row *storage.Game, seat rules.Seat) bool {
	for _, p := range row.Players {
		if p.Seat == int(seat) {
			return p.Robot
		}
	}
	return false
}
