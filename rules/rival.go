package rules

import "github.com/boardbot/boardbot/rules/msg"

// SoloRival is a State of a solo game whose rival keeps a score of its own (Ausonia's
// Aspirant): wherever the player's score is told, the rival's is told beside it, or "Scores:
// alice 3" would hide that the rival won with 64.
type SoloRival interface {
	// Rival names the rival and gives its score; ok is false where there is none (a game with
	// more than one player).
	Rival() (name *msg.Message, score int, ok bool)
}
