-- Which node runs each live game when several share one database (docs/scaling.md): held
-- until expires_ms unless renewed. token grows by one with each new holder; an append fenced
-- with an older token fails, so a node that lost a game (paused, cut off) cannot write into
-- it after another node took it over. A single node takes its games' leases too, harmlessly.
CREATE TABLE game_leases (
  game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  node TEXT NOT NULL,
  token INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL
) STRICT;
