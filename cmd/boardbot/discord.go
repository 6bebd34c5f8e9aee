package main

// The Discord sub-commands. bot/discord is being written (issue 3); until it lands these say so
// plainly instead of pretending to work.

import (
	"context"
	"fmt"
	"io"
)

func notYet(name string, stderr io.Writer) int {
	fmt.Fprintf(stderr, "boardbot %s: the Discord adapter is not in this build yet; use boardbot console\n", name)
	return 1
}

func cmdRun(_ context.Context, _ []string, _, stderr io.Writer) int { return notYet("run", stderr) }
func cmdServe(_ context.Context, _ []string, _, stderr io.Writer) int {
	return notYet("serve", stderr)
}
func cmdRegister(_ context.Context, _ []string, _, stderr io.Writer) int {
	return notYet("register", stderr)
}
func cmdCommands(_ context.Context, _ []string, _, stderr io.Writer) int {
	return notYet("commands", stderr)
}
