-- As src/store/migrations/0016_engine_reviews.sql: engine reviews of finished games, one row
-- per game and budget, and the bot's view of each of its positions.
CREATE TABLE engine_reviews (
  game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  playouts BIGINT NOT NULL,
  created_ms BIGINT NOT NULL,
  PRIMARY KEY (game_id, playouts)
);
CREATE TABLE engine_review_positions (
  game_id BIGINT NOT NULL,
  playouts BIGINT NOT NULL,
  move_number BIGINT NOT NULL,
  black_win_rate DOUBLE PRECISION NOT NULL,
  black_margin DOUBLE PRECISION NOT NULL,
  black_to_move BOOLEAN NOT NULL,
  best_move TEXT NOT NULL,
  PRIMARY KEY (game_id, playouts, move_number),
  FOREIGN KEY (game_id, playouts) REFERENCES engine_reviews (game_id, playouts) ON DELETE CASCADE
);
