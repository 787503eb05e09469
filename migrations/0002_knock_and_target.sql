-- golf schema v2: a hole records whether it was ended by a knock (RULES.md §5), and a
-- match may be played to a points target (RULES.md §8). Existing rows: no knock, no target.
ALTER TABLE holes ADD COLUMN knocked INTEGER NOT NULL DEFAULT 0 CHECK (knocked IN (0, 1));
ALTER TABLE matches ADD COLUMN target INTEGER CHECK (target BETWEEN 1 AND 10000);
