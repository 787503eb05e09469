-- golf schema v8: the draft of a hole being typed at the prompt (`golf hole` on a terminal),
-- kept when the prompt is stopped (Ctrl-C, or the input ending) so the next `golf hole` on
-- that match offers the grids back. A draft is not a record: nothing reads it but the
-- prompt, it holds one hole per match, and recording any hole of the match removes it.
--
-- entries: JSON [[seat, "as typed"], ...]; hole and playoff say which hole it was for, so a
-- draft left behind by a hole recorded otherwise is never offered for the next one.
CREATE TABLE drafts (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    hole     INTEGER NOT NULL,
    playoff  INTEGER NOT NULL DEFAULT 0,
    entries  TEXT    NOT NULL,
    saved_at TEXT    NOT NULL
) STRICT;
