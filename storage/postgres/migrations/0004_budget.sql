-- 0004: request budgets shared by every instance on the database (Discord's global rate limit
-- is per bot token): how many units of a budget each short slot of time has used.
CREATE TABLE budget (
    name TEXT   NOT NULL,
    slot BIGINT NOT NULL,
    used INTEGER NOT NULL,
    PRIMARY KEY (name, slot)
);
