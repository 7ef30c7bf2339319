-- Ratings (players-reference section 2; src/rating): whether a game is rated, each player's
-- Glicko-2 rating per category ("overall", "19x19", "live", "19x19-live", ...), and the
-- rating after each rated game for the profile's graph. A game's rating is applied in the
-- same transaction that marks the game finished, and only by the write that does so, so a
-- game is rated exactly once. Games stored before this are unrated.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ratings (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category TEXT NOT NULL,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  volatility REAL NOT NULL,
  games INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY (user_id, category)
) WITHOUT ROWID;

CREATE TABLE rating_history (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category TEXT NOT NULL,
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (user_id, category, game_id)
) WITHOUT ROWID;
