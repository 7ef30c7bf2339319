-- Tournament rounds that run themselves (docs/protocol.md, "Tournaments"):
-- rounds_started: a round is paired first (its boards written, visible, still editable by a
--   director) and started later; rounds 1..rounds_started have their games opened. Rounds
--   paired before this migration had started at once.
-- runner: the node that runs the tournament (pairs, starts, opens games) while its node lease
--   (node_leases, 0009) is live; '' for nobody.
-- opening_ms: a board about to open its game says so before the game is created, so a restart
--   (or another node) finds that game instead of opening a second one.
ALTER TABLE tournaments ADD COLUMN rounds_started INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN runner TEXT NOT NULL DEFAULT '';
ALTER TABLE tournament_boards ADD COLUMN opening_ms INTEGER NOT NULL DEFAULT 0;
UPDATE tournaments SET rounds_started =
  (SELECT coalesce(max(round), 0) FROM tournament_boards WHERE tournament_id = tournaments.id);
-- A player's games in play, asked for on every page the player opens (tournamentGamesInPlay).
CREATE INDEX tournament_boards_by_black ON tournament_boards (black_user_id);
CREATE INDEX tournament_boards_by_white ON tournament_boards (white_user_id);
