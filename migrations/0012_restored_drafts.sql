-- golf schema v12: an undo of a hole puts the hole's grids back in the match's draft (CLI.md
-- "The phone knows its hole": undo puts the withdrawn hole's grids back in the draft). The
-- seats whose grids in the draft are the withdrawn hole's, put back by the undo, as JSON
-- [seat, ...]; NULL: none. They are said as such ("put back by the undo"), neither as sent
-- from a phone nor as typed at the computer; a grid sent or typed for that seat afterwards
-- is that seat's own again.
ALTER TABLE drafts ADD COLUMN restored TEXT;
