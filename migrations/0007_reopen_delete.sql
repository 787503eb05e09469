-- golf schema v7 (RULES.md §17): a finished match can be reopened to correct it, and any
-- match not seated by a tournament can be deleted (a test match, the README's example) and
-- restored.
--
-- matches.deleted_at: when the match was deleted; NULL while it is kept. Deleted matches are
-- left out of history, stats, head-to-head and ratings through one view, kept_matches: every
-- query over recorded results reads it rather than matches, so a later query cannot forget.
-- The audit log takes three new actions: 'reopen' (a finished match changed; the detail is
-- the result it replaced), 'delete' and 'restore'. SQLite cannot change a CHECK constraint
-- in place, so the audit table is rebuilt with every row kept.
ALTER TABLE matches ADD COLUMN deleted_at TEXT;

CREATE VIEW kept_matches AS SELECT * FROM matches WHERE deleted_at IS NULL;

CREATE TABLE audit_v7 (
    id       INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    at       TEXT    NOT NULL,
    action   TEXT    NOT NULL CHECK (action IN ('amend', 'undo', 'edit', 'abandon', 'reopen', 'delete', 'restore')),
    hole     INTEGER,
    playoff  INTEGER NOT NULL DEFAULT 0,
    detail   TEXT    NOT NULL                -- the replaced entry, result or edit, as JSON
) STRICT;
INSERT INTO audit_v7 (id, match_id, at, action, hole, playoff, detail)
    SELECT id, match_id, at, action, hole, playoff, detail FROM audit;
DROP TABLE audit;
ALTER TABLE audit_v7 RENAME TO audit;
CREATE INDEX audit_by_match ON audit (match_id);
