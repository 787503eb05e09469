-- golf schema v9: the scorekeeper's key of `golf serve` (CLI.md "Every phone at the table":
-- the key is kept), so a restart keeps every scorekeeper's link and QR code working. One per
-- database; `golf serve --new-key` replaces it, and every older link stops writing at once.
-- No command but `golf serve` reads it, and none prints it.
CREATE TABLE serve_key (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    key     TEXT    NOT NULL CHECK (length(key) = 32),
    made_at TEXT    NOT NULL
) STRICT;

-- The draft of the next hole is shared with the phones (CLI.md "The shared draft of the next
-- hole"): each player's phone sends their own grid, and says "I went out". ending: JSON
-- [seat, knocked] of whoever said they ended the hole, or NULL.
ALTER TABLE drafts ADD COLUMN ending TEXT;
