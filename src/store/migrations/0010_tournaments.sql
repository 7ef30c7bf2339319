-- Tournaments run by the site (docs/protocol.md, "Tournaments"): a head row with the
-- director's settings as the site encodes them, its directors, its entrants in the order they
-- registered (their player index in the pairing engine), and each round's boards with the game
-- each one opened and its result. A tournament's rows go with it; a user who played in one
-- cannot be deleted while it exists (guests cannot register).
CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  status TEXT NOT NULL,
  settings TEXT NOT NULL,
  created_by INTEGER NOT NULL REFERENCES users (id),
  created_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX tournaments_by_age ON tournaments (created_ms);

CREATE TABLE tournament_directors (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id),
  position INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, user_id)
) STRICT;

CREATE TABLE tournament_entrants (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  rank TEXT NOT NULL,
  club TEXT NOT NULL,
  country TEXT NOT NULL,
  checked_in INTEGER NOT NULL,
  withdrawn INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, user_id)
) STRICT;

CREATE TABLE tournament_boards (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  round INTEGER NOT NULL,
  board INTEGER NOT NULL,
  black_user_id INTEGER NOT NULL REFERENCES users (id),
  white_user_id INTEGER REFERENCES users (id),
  handicap INTEGER NOT NULL,
  komi REAL NOT NULL,
  game_id INTEGER REFERENCES games (id),
  result TEXT NOT NULL,
  by_decision INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, round, board)
) STRICT;
CREATE UNIQUE INDEX tournament_boards_by_game ON tournament_boards (game_id)
  WHERE game_id IS NOT NULL;
