-- Review boards and SGF uploads (docs/protocol.md, "Reviews"): a review's tree as SGF text,
-- the node its followers are on and the users its owner handed control to (ids, "3,17"); an
-- upload is a player's SGF file in their library. Both go with their owner; a review keeps
-- its SGF when its game goes.
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  game_id INTEGER REFERENCES games (id) ON DELETE SET NULL,
  title BLOB NOT NULL,
  sgf BLOB NOT NULL,
  current_node INTEGER NOT NULL DEFAULT 0,
  controllers TEXT NOT NULL DEFAULT '',
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL
);
CREATE INDEX reviews_by_game ON reviews (game_id, id);
CREATE INDEX reviews_by_owner ON reviews (owner_id, id);

CREATE TABLE sgf_uploads (
  id INTEGER PRIMARY KEY,
  owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name BLOB NOT NULL,
  black BLOB NOT NULL,
  white BLOB NOT NULL,
  size_bytes INTEGER NOT NULL,
  sgf BLOB NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE INDEX sgf_uploads_by_owner ON sgf_uploads (owner_id, id);
