-- As src/store/migrations/0017_lobby_chat.sql: the lobby's chat, its latest lines kept.
CREATE TABLE lobby_chat (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text BYTEA NOT NULL,
  created_ms BIGINT NOT NULL
);
