package rulestest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// Two properties of secrets that views alone do not show:
//
//   - Simultaneous choices stay secret until they close. When several seats are asked at once in
//     secret (no Prompt.Open), what one of them chooses must not show in anything the others or
//     the public see: the public view, the other seats' views, the public events, or what the
//     other seats are asked. The platform posts all of those, so a difference would tell the
//     table a choice before everyone has made theirs.
//   - Menus keep secrets. A seat's choice tree (tokens, labels, whether a path is complete) and
//     its refusals must not change when what it cannot see is re-dealt; otherwise autocomplete,
//     the picker or a refusal would answer a question the rules keep secret (which colours a
//     secret bag still holds).

// secretStep reports whether st asks several seats at once, at least one in secret, and returns
// the secret ones.
func secretStep(prompts []rules.Prompt) []rules.Seat {
	var seats, secret []rules.Seat
	for _, p := range prompts {
		if !slices.Contains(seats, p.Seat) {
			seats = append(seats, p.Seat)
		}
		if !p.Open && !slices.Contains(secret, p.Seat) {
			secret = append(secret, p.Seat)
		}
	}
	if len(seats) < 2 {
		return nil
	}
	return secret
}

// publicAfter is what everyone but seat s sees after s made a move with events evs.
func publicAfter(st rules.State, seats int, s rules.Seat, evs []rules.Event) []byte {
	var b bytes.Buffer
	for v := rules.Spectator; int(v) < seats; v++ {
		if v == s {
			continue
		}
		j, _ := json.Marshal(st.View(v))
		fmt.Fprintf(&b, "view %d: %s\n", v, j)
	}
	for _, e := range evs {
		for v := rules.Spectator; int(v) < seats; v++ {
			if v != s && (e.Public() || e.VisibleTo(v)) {
				fmt.Fprintf(&b, "event to %d: %s\n", v, e.English())
			}
		}
	}
	// Whether s is still asked is public (the thread says who it waits for); what it is asked is
	// its own business.
	for _, p := range st.Awaiting() {
		if p.Seat == s {
			fmt.Fprintf(&b, "awaits %d\n", p.Seat)
			continue
		}
		ans, _ := json.Marshal(p.Answers)
		fmt.Fprintf(&b, "awaits %d: %s | %s | %s\n", p.Seat, p.English(), p.Default.String(), ans)
	}
	return b.Bytes()
}

// checkSimultaneous applies up to limit of each secret seat's moves to copies of st and checks
// that the others see the same whatever the seat chose.
func checkSimultaneous(g rules.Game, st rules.State, seats int, prompts []rules.Prompt, limit int) error {
	for _, s := range secretStep(prompts) {
		moves, _, err := rules.Enumerate(st, s, limit)
		if err != nil {
			return fmt.Errorf("seat %d: %w", s, err)
		}
		var first []byte
		var firstMove rules.Move
		for _, m := range moves {
			cp, _, err := clone(g, st)
			if err != nil {
				return err
			}
			evs, err := cp.Apply(s, m)
			if err != nil {
				return fmt.Errorf("seat %d: %q refused: %v", s, m.String(), err)
			}
			out := publicAfter(cp, seats, s, evs)
			if first == nil {
				first, firstMove = out, m
				continue
			}
			if !bytes.Equal(first, out) {
				return fmt.Errorf("seats are asked at once in secret, but what seat %d chose shows to the others (%q against %q):\n%s",
					s, firstMove.String(), m.String(), firstDiff(first, out))
			}
		}
	}
	return nil
}

// firstDiff is the first differing line of two outputs, for messages.
func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < max(len(la), len(lb)); i++ {
		x, y := "", ""
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			at := 0
			for at < min(len(x), len(y)) && x[at] == y[at] {
				at++
			}
			return "  " + around(x, at) + "\n  " + around(y, at)
		}
	}
	return ""
}

// around clips a long line to the part near byte at, where it differs from another.
func around(s string, at int) string {
	from, to := max(0, at-120), min(len(s), at+200)
	out := s[from:to]
	if from > 0 {
		out = "..." + out
	}
	if to < len(s) {
		out += "..."
	}
	return out
}

// treeNodes bounds the choice-tree walk of checkBlindTree per seat.
const treeNodes = 300

// choiceTree writes seat s's choice tree breadth-first, up to treeNodes prefixes, with the
// refusals of a few moves that are not complete paths.
func choiceTree(st rules.State, s rules.Seat) string {
	var b strings.Builder
	queue := []rules.Move{nil}
	for n := 0; len(queue) > 0 && n < treeNodes; n++ {
		m := queue[0]
		queue = queue[1:]
		next, complete, err := st.Choices(s, m)
		fmt.Fprintf(&b, "%q complete=%v err=%v:", m.String(), complete, err)
		for _, c := range next {
			fmt.Fprintf(&b, " %s[%s]", c.Token, c.English())
			queue = append(queue, append(append(rules.Move{}, m...), c.Token))
		}
		b.WriteString("\n")
	}
	for _, m := range []rules.Move{{"zz-not-a-token"}, nil} {
		_, err := rules.Canonical(st, s, m)
		fmt.Fprintf(&b, "refuse %q: %v\n", m.String(), err)
	}
	return b.String()
}

// checkBlindTree compares each awaited seat's choice tree and prompt in st with those in a copy
// whose hidden information (for that seat) was re-dealt.
func checkBlindTree(st rules.State, prompts []rules.Prompt, scramble func(rules.State, rules.Seat, uint64) (rules.State, error), seed uint64) error {
	done := map[rules.Seat]bool{}
	for _, p := range prompts {
		if done[p.Seat] {
			continue
		}
		done[p.Seat] = true
		sc, err := scramble(st, p.Seat, seed)
		if err != nil {
			return fmt.Errorf("scramble: %w", err)
		}
		want, got := choiceTree(st, p.Seat), choiceTree(sc, p.Seat)
		if want != got {
			return fmt.Errorf("seat %d's choices change when only what it may not see is re-dealt (a menu or refusal tells a secret):\n%s",
				p.Seat, firstDiff([]byte(want), []byte(got)))
		}
		wp, _ := rules.PromptFor(st, p.Seat)
		gp, _ := rules.PromptFor(sc, p.Seat)
		if wp.English() != gp.English() {
			return fmt.Errorf("seat %d's prompt changes when only what it may not see is re-dealt: %q, %q", p.Seat, wp.English(), gp.English())
		}
	}
	return nil
}
