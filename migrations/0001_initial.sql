-- golf schema v1: matches, their seats, holes, grids, penalties and the audit log.
-- Rules for migrations (src/store/schema.rs): never edit or remove a released file; add
-- a new numbered file; no backwards-incompatible changes to data already recorded.

-- Each distinct set of fully resolved rules, stored once; a match points at the set it
-- was started with, so editing a rules file later never changes a recorded match.
CREATE TABLE rule_sets (
    id   INTEGER PRIMARY KEY,
    json TEXT    NOT NULL UNIQUE
) STRICT;

CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,
    name          TEXT,
    rules_name    TEXT    NOT NULL,
    rule_set      INTEGER NOT NULL REFERENCES rule_sets (id),  -- resolved at `new`
    holes_planned INTEGER NOT NULL CHECK (holes_planned BETWEEN 1 AND 36),
    decks         INTEGER NOT NULL CHECK (decks BETWEEN 1 AND 8),
    tiebreak      TEXT    NOT NULL,          -- comma-separated methods, in order
    started_at    TEXT    NOT NULL,          -- RFC 3339, UTC
    finished_at   TEXT,
    result_json   TEXT                       -- the outcome as finished
) STRICT;

CREATE TABLE seats (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    player   TEXT    NOT NULL,               -- NFC
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, player)
) STRICT;
CREATE INDEX seats_by_player ON seats (player COLLATE NOCASE);

CREATE TABLE holes (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    number      INTEGER NOT NULL CHECK (number >= 1),
    playoff     INTEGER NOT NULL CHECK (playoff IN (0, 1)),
    out_seat    INTEGER,
    recorded_at TEXT    NOT NULL,
    UNIQUE (match_id, playoff, number),
    FOREIGN KEY (match_id, out_seat) REFERENCES seats (match_id, seat)
) STRICT;

CREATE TABLE grids (
    hole_id     INTEGER NOT NULL REFERENCES holes (id) ON DELETE CASCADE,
    match_id    INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    typed       TEXT    NOT NULL,            -- as typed
    grid        TEXT,                        -- normalised; NULL for an unchecked bare score
    score       INTEGER NOT NULL,
    adjustment  INTEGER NOT NULL DEFAULT 0,  -- going-out adjustment (RULES.md §5)
    explanation TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (hole_id, seat),
    FOREIGN KEY (match_id, seat) REFERENCES seats (match_id, seat)
) STRICT;

CREATE TABLE penalties (
    id           INTEGER PRIMARY KEY,
    match_id     INTEGER NOT NULL,
    seat         INTEGER NOT NULL,
    hole         INTEGER NOT NULL,
    kind         TEXT    NOT NULL CHECK (kind IN ('points', 'illegal-move', 'late')),
    points       INTEGER NOT NULL,
    disqualifies INTEGER NOT NULL CHECK (disqualifies IN (0, 1)),
    reason       TEXT    NOT NULL,
    recorded_at  TEXT    NOT NULL,
    FOREIGN KEY (match_id, seat) REFERENCES seats (match_id, seat)
) STRICT;

CREATE TABLE audit (
    id       INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    at       TEXT    NOT NULL,
    action   TEXT    NOT NULL CHECK (action IN ('amend', 'undo')),
    hole     INTEGER,
    playoff  INTEGER NOT NULL DEFAULT 0,
    detail   TEXT    NOT NULL                -- the replaced or withdrawn hole, as JSON
) STRICT;

CREATE INDEX holes_by_match ON holes (match_id, playoff, number);
CREATE INDEX grids_by_match ON grids (match_id);
CREATE INDEX penalties_by_match ON penalties (match_id);
CREATE INDEX audit_by_match ON audit (match_id);
CREATE INDEX matches_by_start ON matches (started_at, id);
