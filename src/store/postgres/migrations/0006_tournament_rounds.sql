-- As src/store/migrations/0012_tournament_rounds.sql: rounds paired before they start, the
-- node that runs each tournament, and each board's intent to open its game.
ALTER TABLE tournaments ADD COLUMN rounds_started INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN runner TEXT NOT NULL DEFAULT '';
ALTER TABLE tournament_boards ADD COLUMN opening_ms BIGINT NOT NULL DEFAULT 0;
UPDATE tournaments SET rounds_started =
  (SELECT coalesce(max(round), 0) FROM tournament_boards WHERE tournament_id = tournaments.id);
-- A player's games in play, asked for on every page the player opens (tournamentGamesInPlay).
CREATE INDEX tournament_boards_by_black ON tournament_boards (black_user_id);
CREATE INDEX tournament_boards_by_white ON tournament_boards (white_user_id);
