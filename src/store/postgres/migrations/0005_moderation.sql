-- As src/store/migrations/0011_moderation.sql: blocks, moderators, reports, mutes and bans in
-- force, the log of every action, and a game's annulment. Text the site passes through (report
-- text, reasons, names) is BYTEA, as in 0001_initial.sql; enumerations are TEXT.
CREATE TABLE blocks (
  blocker_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_ms BIGINT NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);

CREATE TABLE user_roles (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('moderator')),
  PRIMARY KEY (user_id, role)
);

CREATE TABLE reports (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reporter_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  game_id BIGINT REFERENCES games (id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  text BYTEA NOT NULL,
  created_ms BIGINT NOT NULL,
  resolved_ms BIGINT,
  resolved_by BIGINT,
  resolved_by_name BYTEA NOT NULL DEFAULT '',
  resolution BYTEA NOT NULL DEFAULT ''
);
CREATE INDEX reports_queue ON reports (resolved_ms, created_ms);
CREATE INDEX reports_by_reporter ON reports (reporter_id, created_ms);

CREATE TABLE restrictions (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('mute', 'ban')),
  until_ms BIGINT NOT NULL,
  reason BYTEA NOT NULL,
  since_ms BIGINT NOT NULL,
  PRIMARY KEY (user_id, kind)
);

CREATE TABLE moderation_log (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  moderator_id BIGINT NOT NULL,
  moderator_name BYTEA NOT NULL,
  action TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  user_name BYTEA NOT NULL,
  game_id BIGINT NOT NULL,
  report_id BIGINT NOT NULL,
  role TEXT NOT NULL,
  reason BYTEA NOT NULL,
  until_ms BIGINT NOT NULL,
  at_ms BIGINT NOT NULL
);

ALTER TABLE games ADD COLUMN annulled_ms BIGINT;
