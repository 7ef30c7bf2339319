-- Whether a game's players allow score estimates while it is played (docs/protocol.md, "Score
-- estimate"): 1 when the table's owner allowed them; games from before never did.
ALTER TABLE games ADD COLUMN estimates INTEGER NOT NULL DEFAULT 0;
