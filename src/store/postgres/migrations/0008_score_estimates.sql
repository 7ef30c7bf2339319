-- As src/store/migrations/0014_score_estimates.sql: whether a game's players allow score
-- estimates while it is played.
ALTER TABLE games ADD COLUMN estimates BOOLEAN NOT NULL DEFAULT FALSE;
