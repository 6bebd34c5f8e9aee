-- 0003: what the game's thread has been told (the bot's turn flow: the seats awaited in the last
-- post, the public events not yet posted), written with each move so a restart loses none.
ALTER TABLE games ADD COLUMN flow BLOB NOT NULL DEFAULT x'';
