-- golf schema v6: a smaller file and the indexes that history needs (issue 13).
--
-- grids: a WITHOUT ROWID table keyed by (hole_id, seat), so the key is the table and no
-- second index repeats it; `typed` only where it differs from the normalised `grid`
-- (NULL otherwise; read back as coalesce(typed, grid)); no `explanation` — the words of
-- an adjustment are written again from the hole when it is loaded (RULES.md §5), so only
-- its points are stored. The grids_by_match index goes with the old table: every query
-- reaches grids through their hole.
CREATE TABLE grids_v6 (
    hole_id    INTEGER NOT NULL REFERENCES holes (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    match_id   INTEGER NOT NULL,
    grid       TEXT,                          -- normalised; NULL for an unchecked bare score
    typed      TEXT,                          -- as typed, when it differs from grid
    score      INTEGER NOT NULL,
    adjustment INTEGER NOT NULL DEFAULT 0,    -- going-out and hole adjustments (RULES.md §5)
    PRIMARY KEY (hole_id, seat),
    FOREIGN KEY (match_id, seat) REFERENCES seats (match_id, seat)
) STRICT, WITHOUT ROWID;
INSERT INTO grids_v6 (hole_id, seat, match_id, grid, typed, score, adjustment)
    SELECT hole_id, seat, match_id, grid,
           CASE WHEN typed IS grid THEN NULL ELSE typed END, score, adjustment
    FROM grids;
DROP TABLE grids;
ALTER TABLE grids_v6 RENAME TO grids;

-- holes_by_match repeated the UNIQUE (match_id, playoff, number) index column for column.
DROP INDEX holes_by_match;

-- `history --player` starts from the player's seats (covering: no table lookup), and the
-- newest unfinished match is found without reading the finished ones.
DROP INDEX seats_by_player;
CREATE INDEX seats_by_player ON seats (player COLLATE NOCASE, match_id);
CREATE INDEX matches_unfinished ON matches (id) WHERE finished_at IS NULL AND abandoned_at IS NULL;
