-- 0002: the games row keeps the length of its move log and the seat of its last move, so loading
-- a game needs the row and its snapshot only; outbox messages can be claimed by one sender for a
-- while (a lease), so several senders never send one message twice.

ALTER TABLE games ADD COLUMN move_count INTEGER NOT NULL DEFAULT 0 CHECK (move_count >= 0);
ALTER TABLE games ADD COLUMN last_seat INTEGER NOT NULL DEFAULT -1 CHECK (last_seat >= -1);

UPDATE games SET
    move_count = COALESCE((SELECT MAX(seq) FROM moves WHERE game_id = games.id), 0),
    last_seat  = COALESCE((SELECT seat FROM moves WHERE game_id = games.id ORDER BY seq DESC LIMIT 1), -1);

-- claim_until NULL: nobody holds the message.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN claim_until INTEGER;
