-- As src/store/migrations/0009_node_leases.sql: a node's game leases live as long as its one
-- row here does, renewed by its beat alone; node '' holds nothing (a released lease).
CREATE TABLE node_leases (
  node TEXT PRIMARY KEY,
  expires_ms BIGINT NOT NULL
);
UPDATE game_leases SET node = '' WHERE expires_ms = 0;
INSERT INTO node_leases (node, expires_ms)
  SELECT node, max(expires_ms) FROM game_leases WHERE node <> '' GROUP BY node;
ALTER TABLE game_leases DROP COLUMN expires_ms;
CREATE INDEX game_leases_by_node ON game_leases (node);
