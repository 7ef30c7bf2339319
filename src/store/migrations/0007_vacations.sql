-- Vacation days of correspondence players (docs/protocol.md, "Vacation"): each account's bank
-- as of a time, and since when it is on vacation (NULL when not). An account without a row has
-- never taken one: its bank is then derived from its creation time. A user's row goes with the
-- user.
CREATE TABLE vacations (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  bank_ms INTEGER NOT NULL,
  as_of_ms INTEGER NOT NULL,
  since_ms INTEGER
);
CREATE INDEX vacations_underway ON vacations (since_ms) WHERE since_ms IS NOT NULL;
