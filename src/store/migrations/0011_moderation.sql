-- Moderation (docs/protocol.md, "Moderation"; store/moderation_rows.h): who blocks whom, the
-- moderators, players' reports, the mutes and bans in force, and the log of every action.
-- Blocks, roles, reports and restrictions go with their user (a pruned guest leaves nothing
-- behind); the log keeps ids and names as they were and refers to no row, so no deletion can
-- rewrite what a moderator did.
CREATE TABLE blocks (
  blocker_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_ms INTEGER NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE user_roles (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('moderator')),
  PRIMARY KEY (user_id, role)
) STRICT, WITHOUT ROWID;

-- resolved_ms is NULL while the report waits in the queue.
CREATE TABLE reports (
  id INTEGER PRIMARY KEY,
  reporter_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  game_id INTEGER REFERENCES games (id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  text TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  resolved_ms INTEGER,
  resolved_by INTEGER,
  resolved_by_name TEXT NOT NULL DEFAULT '',
  resolution TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX reports_queue ON reports (resolved_ms, created_ms);
CREATE INDEX reports_by_reporter ON reports (reporter_id, created_ms);

-- One mute and one ban at most per user; until_ms 0 lasts until lifted.
CREATE TABLE restrictions (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('mute', 'ban')),
  until_ms INTEGER NOT NULL,
  reason TEXT NOT NULL,
  since_ms INTEGER NOT NULL,
  PRIMARY KEY (user_id, kind)
) STRICT, WITHOUT ROWID;

-- moderator_id 0 is the command line (tengen admin).
CREATE TABLE moderation_log (
  id INTEGER PRIMARY KEY,
  moderator_id INTEGER NOT NULL,
  moderator_name TEXT NOT NULL,
  action TEXT NOT NULL,
  user_id INTEGER NOT NULL,
  user_name TEXT NOT NULL,
  game_id INTEGER NOT NULL,
  report_id INTEGER NOT NULL,
  role TEXT NOT NULL,
  reason TEXT NOT NULL,
  until_ms INTEGER NOT NULL,
  at_ms INTEGER NOT NULL
) STRICT;

-- An annulled game keeps its result but counts for no rating: annulling sets rated to 0 and
-- takes back, from each player's current rating in each category, what the game had changed
-- (its history point minus the point before it), counts one game fewer, deletes the point
-- and moves the later points by as much (the graph ends at the rating again). Later games are
-- not replayed: their changes were computed from ratings that included the annulled game.
ALTER TABLE games ADD COLUMN annulled_ms INTEGER;
