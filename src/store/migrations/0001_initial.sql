-- The first schema: accounts, sessions, game settings and the per-game event log.
-- STRICT tables make SQLite reject a value of the wrong type instead of storing it.

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  -- NOCASE: "Alice" and "alice" would be two players nobody can tell apart in the lobby.
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  guest INTEGER NOT NULL CHECK (guest IN (0, 1)),
  created_ms INTEGER NOT NULL
) STRICT;

-- Only a hash of each session token is kept, so a copy of the database logs nobody in.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_ms INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX sessions_by_expiry ON sessions (expires_ms);

-- A game is these settings plus its event log; the board is never stored, it is a fold of
-- the log through go::Game. NULL seats are open.
CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  size INTEGER NOT NULL,
  rules TEXT NOT NULL,
  komi REAL NOT NULL,
  handicap INTEGER NOT NULL,
  free_handicap INTEGER NOT NULL CHECK (free_handicap IN (0, 1)),
  time_control TEXT NOT NULL,
  black_user_id INTEGER REFERENCES users (id),
  white_user_id INTEGER REFERENCES users (id),
  colour_choice TEXT NOT NULL,
  owner_user_id INTEGER REFERENCES users (id),
  created_ms INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'playing', 'finished', 'cancelled')),
  result TEXT NOT NULL
) STRICT;
CREATE INDEX games_by_status ON games (status, id);

-- The primary key (game, seq) is what makes a second writer of move 57 fail instead of
-- forking the game. WITHOUT ROWID clusters a game's events, so loading one is a range scan.
-- The payload is a BLOB so that any bytes (NUL included) come back exactly as written.
CREATE TABLE game_events (
  game INTEGER NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  type TEXT NOT NULL,
  payload BLOB NOT NULL,
  time_ms INTEGER NOT NULL,
  PRIMARY KEY (game, seq)
) STRICT, WITHOUT ROWID;
