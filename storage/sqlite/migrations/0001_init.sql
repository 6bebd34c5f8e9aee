-- 0001: the first schema. Times are UTC unix nanoseconds; seeds are the uint64 bits stored as a
-- signed integer; options are a JSON object of strings. STRICT tables make SQLite refuse a value
-- of the wrong type instead of storing it and failing on read.

CREATE TABLE games (
    id             INTEGER PRIMARY KEY,
    kind           TEXT    NOT NULL,
    seats          INTEGER NOT NULL,
    seed           INTEGER NOT NULL,
    options        TEXT    NOT NULL DEFAULT '{}',
    status         TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'aborted')),
    guild          TEXT    NOT NULL DEFAULT '',
    channel        TEXT    NOT NULL DEFAULT '',
    thread         TEXT    NOT NULL DEFAULT '',
    lobby          TEXT    NOT NULL DEFAULT '',
    creator        TEXT    NOT NULL DEFAULT '',
    snapshot       BLOB    NOT NULL DEFAULT x'',
    version        INTEGER NOT NULL CHECK (version >= 1),
    result         BLOB,
    clock_hours    INTEGER NOT NULL DEFAULT 0,
    reminder_hours INTEGER NOT NULL DEFAULT 0,
    deadline       INTEGER,
    remind_at      INTEGER,
    prompt_message TEXT    NOT NULL DEFAULT '',
    created        INTEGER NOT NULL,
    updated        INTEGER NOT NULL
) STRICT;

-- One game per thread; lobby games have no thread yet.
CREATE UNIQUE INDEX games_thread ON games (thread) WHERE thread <> '';
CREATE INDEX games_guild ON games (guild);
CREATE INDEX games_deadline ON games (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX games_remind_at ON games (remind_at) WHERE remind_at IS NOT NULL;

CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    user_id TEXT    NOT NULL,
    name    TEXT    NOT NULL DEFAULT '',
    late    INTEGER NOT NULL DEFAULT 0 CHECK (late IN (0, 1)),
    robot   INTEGER NOT NULL DEFAULT 0 CHECK (robot IN (0, 1)),
    PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;

CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE moves (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL CHECK (seq >= 1),
    seat           INTEGER NOT NULL,
    notation       TEXT    NOT NULL,
    user_id        TEXT    NOT NULL DEFAULT '',
    interaction_id TEXT    NOT NULL DEFAULT '',
    at             INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT, WITHOUT ROWID;

CREATE UNIQUE INDEX moves_interaction ON moves (interaction_id) WHERE interaction_id <> '';

-- Keys already acted on. scope 'move' holds the interaction ids of moves (kept after an undo
-- removes the move, so a replayed interaction cannot apply it again); scope 'action' holds the
-- keys given to Remember.
CREATE TABLE idempotency (
    scope   TEXT    NOT NULL,
    key     TEXT    NOT NULL,
    created INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
) STRICT, WITHOUT ROWID;

CREATE TABLE settings (
    scope TEXT NOT NULL,
    id    TEXT NOT NULL,
    key   TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (scope, id, key)
) STRICT, WITHOUT ROWID;

CREATE TABLE outbox (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER REFERENCES games (id) ON DELETE CASCADE,
    kind     TEXT    NOT NULL,
    payload  BLOB    NOT NULL DEFAULT x'',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_try INTEGER NOT NULL,
    created  INTEGER NOT NULL
) STRICT;

CREATE INDEX outbox_next_try ON outbox (next_try, id);
