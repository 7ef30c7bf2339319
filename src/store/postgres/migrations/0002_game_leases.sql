-- Which node runs each live game (as src/store/migrations/0008_game_leases.sql): held until
-- expires_ms unless renewed; token grows by one with each new holder, and an append fenced
-- with an older token fails.
CREATE TABLE game_leases (
  game BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  node TEXT NOT NULL,
  token BIGINT NOT NULL,
  expires_ms BIGINT NOT NULL
);
