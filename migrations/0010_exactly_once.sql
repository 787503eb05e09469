-- golf schema v10: exactly once, and exactly what was seen (CLI.md "Exactly once").
--
-- idempotency: every POST under /api/ of `golf serve` may carry an Idempotency-Key
-- (draft-ietf-httpapi-idempotency-key-header). The key is kept per credential ("who": the
-- scorekeeper's or a table's key, the director's, a player's token), with a hash of the
-- request (route, who, body) and the answer given (status and body), in the same
-- transaction as the write it answered: a repeat gets the kept answer and writes nothing.
-- Kept at least 24 hours (rows older than two days are removed by later writes).
CREATE TABLE idempotency (
    who     TEXT    NOT NULL,
    key     TEXT    NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    request TEXT    NOT NULL,
    status  INTEGER NOT NULL CHECK (status BETWEEN 100 AND 599),
    body    TEXT    NOT NULL,
    made_at TEXT    NOT NULL,
    PRIMARY KEY (who, key)
) STRICT;
CREATE INDEX idempotency_by_age ON idempotency (made_at);

-- The shared draft's revision: raised by every change to a match's draft (a grid put or
-- taken back, who ended the hole, the draft cleared when its hole is recorded), never
-- reset, so a recording "from the draft" names the revision its writer saw and is refused
-- when the draft has changed since. Kept apart from the draft row, which recording removes.
CREATE TABLE draft_revisions (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    revision INTEGER NOT NULL CHECK (revision >= 0)
) STRICT;

-- The seats whose grids in the draft were typed at the computer (`golf hole`'s prompt), as
-- JSON [seat, ...]; the others came from the players' phones. NULL: none.
ALTER TABLE drafts ADD COLUMN computer TEXT;
