-- A node's game leases live as long as its one row here does (docs/scaling.md, "Leases and
-- fencing"): its beat renews this row alone, not one row per game, so the beat costs the same
-- at ten games and at ten thousand, and it never waits behind the writes of the games. A game's
-- lease is its holder and token; node '' is nobody (a released lease).
CREATE TABLE node_leases (
  node TEXT PRIMARY KEY,
  expires_ms INTEGER NOT NULL
) STRICT;
UPDATE game_leases SET node = '' WHERE expires_ms = 0;
INSERT INTO node_leases (node, expires_ms)
  SELECT node, max(expires_ms) FROM game_leases WHERE node <> '' GROUP BY node;
ALTER TABLE game_leases DROP COLUMN expires_ms;
CREATE INDEX game_leases_by_node ON game_leases (node);
