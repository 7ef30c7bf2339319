-- PostgresStore's first schema: what SQLite's migrations 0001..0007 (src/store/migrations)
-- built up, in one step, since no PostgreSQL database predates it. Versions count apart from
-- SQLite's from here on; a change to the schema adds a migration to both folders.
--
-- Text the Store interface passes as bytes (names, hashes, rules, results, event types and
-- payloads, categories, lessons) is BYTEA, so that any bytes come back exactly as written, as
-- they do from SQLite; PostgreSQL's TEXT would refuse NUL and invalid UTF-8.

CREATE TABLE users (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name BYTEA NOT NULL,
  -- The name with ASCII letters lowered, written by the store: "Alice" and "alice" would be
  -- two players nobody can tell apart in the lobby (SQLite's COLLATE NOCASE).
  name_key BYTEA NOT NULL UNIQUE,
  password_hash BYTEA NOT NULL,
  guest BOOLEAN NOT NULL,
  created_ms BIGINT NOT NULL
);
CREATE INDEX users_by_guest_age ON users (guest, created_ms);

-- Only a hash of each session token is kept, so a copy of the database logs nobody in.
CREATE TABLE sessions (
  token_hash BYTEA PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_ms BIGINT NOT NULL
);
CREATE INDEX sessions_by_expiry ON sessions (expires_ms);
CREATE INDEX sessions_by_user ON sessions (user_id);

-- A game is these settings plus its event log; the board is never stored, it is a fold of
-- the log through go::Game. NULL seats are open. `rated` says whether the table asked for a
-- rated game and, once it has ended, whether it was rated.
CREATE TABLE games (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  size INTEGER NOT NULL,
  rules BYTEA NOT NULL,
  komi DOUBLE PRECISION NOT NULL,
  handicap INTEGER NOT NULL,
  free_handicap BOOLEAN NOT NULL,
  time_control BYTEA NOT NULL,
  black_user_id BIGINT REFERENCES users (id),
  white_user_id BIGINT REFERENCES users (id),
  colour_choice BYTEA NOT NULL,
  owner_user_id BIGINT REFERENCES users (id),
  created_ms BIGINT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'playing', 'finished', 'cancelled')),
  result BYTEA NOT NULL,
  rated BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX games_by_status ON games (status, id);
CREATE INDEX games_by_black ON games (black_user_id);
CREATE INDEX games_by_white ON games (white_user_id);
CREATE INDEX games_by_owner ON games (owner_user_id);

-- The primary key (game, seq) is what makes a second writer of move 57 fail instead of
-- forking the game; loading a game is a range scan of it.
CREATE TABLE game_events (
  game BIGINT NOT NULL REFERENCES games (id),
  seq BIGINT NOT NULL CHECK (seq >= 1),
  type BYTEA NOT NULL,
  payload BYTEA NOT NULL,
  time_ms BIGINT NOT NULL,
  PRIMARY KEY (game, seq)
);

-- The lessons of the "Learn to play" track each registered account has finished.
CREATE TABLE lesson_progress (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  lesson BYTEA NOT NULL,
  done_ms BIGINT NOT NULL,
  PRIMARY KEY (user_id, lesson)
);

-- Glicko-2 ratings per category, and the rating after each rated game for the profile's
-- graph; written in the transaction that ends the game, so a game is rated exactly once.
CREATE TABLE ratings (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category BYTEA NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  games BIGINT NOT NULL,
  updated_ms BIGINT NOT NULL,
  PRIMARY KEY (user_id, category)
);
CREATE TABLE rating_history (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category BYTEA NOT NULL,
  game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  at_ms BIGINT NOT NULL,
  PRIMARY KEY (user_id, category, game_id)
);

-- The last time a server on this database was known alive (docs/protocol.md, "Clocks").
CREATE TABLE server_alive (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  at_ms BIGINT NOT NULL
);

-- Vacation banks (docs/protocol.md, "Vacation"): NULL since_ms when not on vacation.
CREATE TABLE vacations (
  user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  bank_ms BIGINT NOT NULL,
  as_of_ms BIGINT NOT NULL,
  since_ms BIGINT
);
CREATE INDEX vacations_underway ON vacations (since_ms) WHERE since_ms IS NOT NULL;
