-- As src/store/migrations/0013_conditional_moves.sql: each player's conditional moves in a
-- correspondence game, the tree as BYTEA (0001_initial.sql says why).
CREATE TABLE conditional_moves (
  game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  move_number BIGINT NOT NULL,
  tree BYTEA NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
