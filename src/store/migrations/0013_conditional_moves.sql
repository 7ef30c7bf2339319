-- Conditional moves of correspondence games (docs/protocol.md, "Conditional moves"): each
-- player's plan in a game, as the tree's JSON, and the number of moves the game had when it was
-- planned. The row goes with its game or its user.
CREATE TABLE conditional_moves (
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  move_number INTEGER NOT NULL,
  tree BLOB NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
