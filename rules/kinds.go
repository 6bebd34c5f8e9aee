package rules

// Event kinds the platform reads for where an event may be told (Event.Kind).
const (
	// KindReply marks a private line meant only for the mover's reply to their move ("Nothing is
	// left to play: your turn ends here", "You pass with … unused"): it speaks to the mover about
	// the moment, so the history never tells it.
	KindReply = "reply"
	// KindOwn marks a private event told to its owner in the second person ("You drew …"): the
	// history tells it to its owner only, even once the game is over, since to anyone else "You"
	// would read as themselves. The public event beside it tells the others what they may know.
	KindOwn = "own"
)
