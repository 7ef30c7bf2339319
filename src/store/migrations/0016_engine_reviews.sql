-- Engine reviews of finished games (docs/protocol.md, "Engine review"): one row per game and
-- budget (playouts per position), computed once and shown to everyone, and the bot's view of
-- each position: Black's win rate, the estimated score and the bot's move there. The rows go
-- with their game.
CREATE TABLE engine_reviews (
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  playouts INTEGER NOT NULL,
  created_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, playouts)
);
CREATE TABLE engine_review_positions (
  game_id INTEGER NOT NULL,
  playouts INTEGER NOT NULL,
  move_number INTEGER NOT NULL,
  black_win_rate REAL NOT NULL,
  black_margin REAL NOT NULL,
  black_to_move INTEGER NOT NULL,
  best_move TEXT NOT NULL,
  PRIMARY KEY (game_id, playouts, move_number),
  FOREIGN KEY (game_id, playouts) REFERENCES engine_reviews (game_id, playouts) ON DELETE CASCADE
);
