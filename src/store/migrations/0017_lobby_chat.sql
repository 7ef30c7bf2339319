-- The lobby's chat (docs/protocol.md, "Lobby chat"): the lines a newcomer to the lobby reads
-- first. Only the latest few hundred are kept (the store prunes older ones as it appends), so
-- the table never grows without bound; the lines go with their writer's account.
CREATE TABLE lobby_chat (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  created_ms INTEGER NOT NULL
) STRICT;
