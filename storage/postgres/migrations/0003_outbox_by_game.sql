-- 0003: Claim looks for an earlier message of the same game before taking one.
CREATE INDEX outbox_game ON outbox (game_id, id);
