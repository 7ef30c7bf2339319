-- As src/store/migrations/0010_tournaments.sql: tournaments, their directors, entrants in the
-- order they registered, and each round's boards with their games and results. Text the site
-- passes through is BYTEA, as in 0001_initial.sql.
CREATE TABLE tournaments (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name BYTEA NOT NULL,
  status TEXT NOT NULL,
  settings BYTEA NOT NULL,
  created_by BIGINT NOT NULL REFERENCES users (id),
  created_ms BIGINT NOT NULL
);
CREATE INDEX tournaments_by_age ON tournaments (created_ms);

CREATE TABLE tournament_directors (
  tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  user_id BIGINT NOT NULL REFERENCES users (id),
  position INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_entrants (
  tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  user_id BIGINT NOT NULL REFERENCES users (id),
  position INTEGER NOT NULL,
  name BYTEA NOT NULL,
  rank BYTEA NOT NULL,
  club BYTEA NOT NULL,
  country BYTEA NOT NULL,
  checked_in BOOLEAN NOT NULL,
  withdrawn BOOLEAN NOT NULL,
  PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_boards (
  tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  round INTEGER NOT NULL,
  board INTEGER NOT NULL,
  black_user_id BIGINT NOT NULL REFERENCES users (id),
  white_user_id BIGINT REFERENCES users (id),
  handicap INTEGER NOT NULL,
  komi DOUBLE PRECISION NOT NULL,
  game_id BIGINT REFERENCES games (id),
  result BYTEA NOT NULL,
  by_decision BOOLEAN NOT NULL,
  PRIMARY KEY (tournament_id, round, board)
);
CREATE UNIQUE INDEX tournament_boards_by_game ON tournament_boards (game_id)
  WHERE game_id IS NOT NULL;
