-- golf schema v4: every match has a stable id (a UUID), so records kept by several
-- scorekeepers can be exported, merged and compared (CLI.md `golf export`, `golf import`).
-- Matches recorded before get a random version-4 UUID here.
ALTER TABLE matches ADD COLUMN uuid TEXT;
UPDATE matches SET uuid = lower(
    hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
    || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-'
    || hex(randomblob(6))
) WHERE uuid IS NULL;
CREATE UNIQUE INDEX matches_by_uuid ON matches (uuid);
