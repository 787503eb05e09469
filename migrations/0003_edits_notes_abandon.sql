-- golf schema v3: a match can be abandoned (kept, marked, left out of results), a hole can
-- carry a note ("misdeal, redealt"), and the audit log records edits of a match (decks,
-- names, holes) besides amendments and undos. SQLite cannot change a CHECK constraint in
-- place, so the audit table is rebuilt with every row kept.
ALTER TABLE matches ADD COLUMN abandoned_at TEXT;
ALTER TABLE holes ADD COLUMN note TEXT;

CREATE TABLE audit_v3 (
    id       INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    at       TEXT    NOT NULL,
    action   TEXT    NOT NULL CHECK (action IN ('amend', 'undo', 'edit', 'abandon')),
    hole     INTEGER,
    playoff  INTEGER NOT NULL DEFAULT 0,
    detail   TEXT    NOT NULL                -- the replaced entry, or the edit, as JSON
) STRICT;
INSERT INTO audit_v3 (id, match_id, at, action, hole, playoff, detail)
    SELECT id, match_id, at, action, hole, playoff, detail FROM audit;
DROP TABLE audit;
ALTER TABLE audit_v3 RENAME TO audit;
CREATE INDEX audit_by_match ON audit (match_id);
