-- golf schema v5: tournaments (RULES.md §13): several rounds, players seated at tables, each
-- table an ordinary match; and a disqualification given at once (Official §6.3: cheating),
-- which needs a new penalty kind — SQLite cannot change a CHECK in place, so the penalties
-- table is rebuilt with every row kept.
CREATE TABLE tournaments (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL UNIQUE,
    rule_set   INTEGER NOT NULL REFERENCES rule_sets (id),
    rounds     INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 20),
    table_size INTEGER NOT NULL CHECK (table_size BETWEEN 2 AND 16),
    seating    TEXT    NOT NULL CHECK (seating IN ('random', 'swiss')),
    seed       INTEGER NOT NULL,
    holes      INTEGER NOT NULL CHECK (holes BETWEEN 1 AND 36),
    created_at TEXT    NOT NULL
) STRICT;

CREATE TABLE tournament_players (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    position        INTEGER NOT NULL,
    player          TEXT    NOT NULL,
    disqualified_at TEXT,
    reason          TEXT,
    PRIMARY KEY (tournament_id, position),
    UNIQUE (tournament_id, player)
) STRICT;

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    number        INTEGER NOT NULL CHECK (number >= 1),
    match_id      INTEGER NOT NULL UNIQUE REFERENCES matches (id),
    PRIMARY KEY (tournament_id, round, number)
) STRICT;

CREATE TABLE penalties_v5 (
    id           INTEGER PRIMARY KEY,
    match_id     INTEGER NOT NULL,
    seat         INTEGER NOT NULL,
    hole         INTEGER NOT NULL,
    kind         TEXT    NOT NULL CHECK (kind IN ('points', 'illegal-move', 'late', 'disqualify')),
    points       INTEGER NOT NULL,
    disqualifies INTEGER NOT NULL CHECK (disqualifies IN (0, 1)),
    reason       TEXT    NOT NULL,
    recorded_at  TEXT    NOT NULL,
    FOREIGN KEY (match_id, seat) REFERENCES seats (match_id, seat)
) STRICT;
INSERT INTO penalties_v5 SELECT id, match_id, seat, hole, kind, points, disqualifies, reason, recorded_at FROM penalties;
DROP TABLE penalties;
ALTER TABLE penalties_v5 RENAME TO penalties;
CREATE INDEX penalties_by_match ON penalties (match_id);
