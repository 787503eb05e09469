-- golf schema v11: the event night, run as a club runs it (CLI.md "Event night, run as a
-- club runs it"; RULES.md §13 "Coming late, leaving early", "Accepting the card").
--
-- accepts: each player's confirmation of their table's card, "my scores are right, up to
-- hole N" (one row per seat: the latest). A change to a hole or penalty at hole h clears
-- the accepts of hole h and later (the store does it with the change). `by` names who
-- pressed it: `player` (their own phone), `table` (the table's key), `director`, or
-- `terminal`. Who accepted what, and when, is also kept in the audit log ('accept').
CREATE TABLE accepts (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    hole        INTEGER NOT NULL CHECK (hole >= 1),
    accepted_at TEXT    NOT NULL,
    by          TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat)
) STRICT;

-- Players who come late or leave early: the round a player was first seated in (1 for
-- those entered at the start; a late entrant is charged for each round before it), and
-- the rounds played when they withdrew (NULL while they play on).
ALTER TABLE tournament_players ADD COLUMN joined_round INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tournament_players ADD COLUMN withdrew_after INTEGER;
ALTER TABLE tournament_players ADD COLUMN withdrew_at TEXT;

-- The clock of each round (`golf serve --tournament --clock MINUTES`): when the round was
-- seated (or the clock started) and how many minutes it has; kept so that a restart of the
-- server keeps the time left.
CREATE TABLE round_clocks (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    started_at    TEXT    NOT NULL,
    minutes       INTEGER NOT NULL CHECK (minutes BETWEEN 1 AND 1440),
    PRIMARY KEY (tournament_id, round)
) STRICT;

-- The audit log takes a new action, 'accept' (the detail names the player and who pressed
-- it); SQLite cannot change a CHECK constraint in place, so the table is rebuilt.
CREATE TABLE audit_v11 (
    id       INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    at       TEXT    NOT NULL,
    action   TEXT    NOT NULL CHECK (action IN ('amend', 'undo', 'edit', 'abandon', 'reopen', 'delete', 'restore', 'accept')),
    hole     INTEGER,
    playoff  INTEGER NOT NULL DEFAULT 0,
    detail   TEXT    NOT NULL
) STRICT;
INSERT INTO audit_v11 (id, match_id, at, action, hole, playoff, detail)
    SELECT id, match_id, at, action, hole, playoff, detail FROM audit;
DROP TABLE audit;
ALTER TABLE audit_v11 RENAME TO audit;
CREATE INDEX audit_by_match ON audit (match_id);
