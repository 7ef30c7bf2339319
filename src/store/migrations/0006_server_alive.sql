-- Fair clocks across restarts (docs/protocol.md, "Clocks"): the last time a server on this
-- database was known alive. A running server rewrites the one row every few seconds; the next
-- server reads it at start and charges each running clock up to it, not for the downtime.
CREATE TABLE server_alive (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  at_ms INTEGER NOT NULL
);
