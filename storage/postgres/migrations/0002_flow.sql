-- 0002: what the game's thread has been told (the bot's turn flow), written with each move.
ALTER TABLE games ADD COLUMN flow BYTEA NOT NULL DEFAULT ''::bytea;
