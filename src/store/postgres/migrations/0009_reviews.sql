-- As src/store/migrations/0015_reviews.sql: review boards (the tree as SGF bytes) and the SGF
-- files of players' libraries; text the site passes through is BYTEA (0001_initial.sql says
-- why).
CREATE TABLE reviews (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  game_id BIGINT REFERENCES games (id) ON DELETE SET NULL,
  title BYTEA NOT NULL,
  sgf BYTEA NOT NULL,
  current_node BIGINT NOT NULL DEFAULT 0,
  controllers TEXT NOT NULL DEFAULT '',
  created_ms BIGINT NOT NULL,
  updated_ms BIGINT NOT NULL
);
CREATE INDEX reviews_by_game ON reviews (game_id, id);
CREATE INDEX reviews_by_owner ON reviews (owner_id, id);

CREATE TABLE sgf_uploads (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name BYTEA NOT NULL,
  black BYTEA NOT NULL,
  white BYTEA NOT NULL,
  size_bytes BIGINT NOT NULL,
  sgf BYTEA NOT NULL,
  created_ms BIGINT NOT NULL
);
CREATE INDEX sgf_uploads_by_owner ON sgf_uploads (owner_id, id);
