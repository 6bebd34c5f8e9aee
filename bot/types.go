package bot

import (
	"time"

	"errors"
	"fmt"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// User is who acts. Admin is true for server administrators (Discord's Manage Server), who may
// abort games and change server settings.
type User struct {
	ID    string
	Name  string
	Admin bool
}

// Place is where the action comes from: the server and the channel (a thread is a channel too).
type Place struct {
	Guild   string
	Channel string
}

// Request is one user action: who, where, and an optional interaction id that makes a repeated
// delivery of the same action apply once.
type Request struct {
	User        User
	Place       Place
	Interaction string
	// Game names the game explicitly (lobby buttons carry it); 0 means "the game of this thread".
	Game int64
	// Seq, when set, is how many moves the game had when the user chose (a button on a turn
	// post): a move is refused once the game has moved on, even if it would still be legal.
	Seq *int64
	// Locale and GuildLocale are Discord's locales of the user and of the server (an
	// interaction's locale and guild_locale; "" when unknown): they choose the language of the
	// reply and, with the settings, of the server's threads (bot/locale.go).
	Locale, GuildLocale string
}

// Image is a rendered picture: a PNG board, or a GIF replay (the name's extension says which).
type Image struct {
	Name string
	PNG  []byte // the file's bytes, whatever its format
	Alt  string
}

// Reply is what the asker sees. Private replies are ephemeral on Discord.
type Reply struct {
	Text    string
	Private bool
	Image   *Image
	Game    int64 // the game concerned, if any
	// Lobby is set when the reply shows a lobby, so an adapter can draw its buttons.
	Lobby *Lobby
	// Public, when set, is what the thread was told of the act while Text is the actor's own
	// private line about it: an adapter that settles a public question (an undo request's
	// buttons) writes Public there.
	Public string
	// Confirm, when set, asks the actor to confirm an act before anything changes: the adapter
	// offers a way to confirm and one to cancel (ConfirmResign).
	Confirm string
	// More is set when the player who moved is still awaited (the same turn goes on): Image is
	// then their own view, and an adapter may offer the next step at once.
	More bool
}

// Lobby describes a game waiting for players.
type Lobby struct {
	// Lang is the language of its server, which the lobby message speaks.
	Lang    string
	Game    int64
	Kind    string
	Name    string
	Seats   int // wanted
	Min     int
	Players []string // the roster by seat: names, an AI with its level ("Ada · AI, normal")
	Creator string   // user id
	Started bool
	Closed  bool     // everyone left: the lobby is gone
	Invited []string // user ids to ping once
	// Where the lobby lives: its channel, its message and the game's thread.
	Channel, Message, Thread string
}

// Refusal is a user mistake: the adapter shows Msg privately; nothing changed.
type Refusal struct {
	Msg string
	// id and args, when set, say which message Msg is, so that a caller who knows the asker's
	// language can say it again in that language.
	id   string
	args []any
}

func (r *Refusal) Error() string { return r.Msg }

func refuse(format string, a ...any) error { return &Refusal{Msg: fmt.Sprintf(format, a...)} }

// AsRefusal reports whether err is a refusal to show the user, and its message.
func AsRefusal(err error) (string, bool) {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Msg, true
	}
	if reason, ok := rules.IsIllegal(err); ok {
		return reason, true
	}
	// Nothing could be saved (a full or read-only disk, a database out of connections): the store
	// logged the cause once; the player gets a short answer rather than an apology.
	if u, ok := storage.AsUnavailable(err); ok {
		return u.Answer(), true
	}
	return "", false
}

// RefusalIn is AsRefusal with the store's own answer (nothing could be saved) in lang: the
// other refusals are in the asker's language already.
func RefusalIn(lang string, err error) (string, bool) {
	var r *Refusal
	if !errors.As(err, &r) {
		if _, illegal := rules.IsIllegal(err); !illegal {
			if u, ok := storage.AsUnavailable(err); ok {
				if u.Part == storage.PartDisk {
					return T(lang, "unavailable_disk"), true
				}
				return T(lang, "unavailable_busy"), true
			}
		}
	}
	return AsRefusal(err)
}

// Suggestion is one autocomplete entry: a move (complete or a prefix) and its label.
type Suggestion struct {
	Value    string
	Label    string
	Complete bool
	Moves    int  // a kind of move: how many whole moves start with Value
	Note     bool // not a move: how many more moves the list leaves out
}

// GameSummary is one line of "my games".
type GameSummary struct {
	ID       int64
	Kind     string
	Name     string
	Status   string
	Guild    string
	Channel  string
	Thread   string
	YourTurn bool
	Awaiting []string // names of awaited players
	// Deadline is when the awaited players' clock runs out (their awake time counted); nil
	// without a clock.
	Deadline *time.Time
}
