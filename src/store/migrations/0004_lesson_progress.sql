-- The lessons of the "Learn to play" track each registered account has finished
-- (docs/lessons.md). Guests keep theirs in the browser. A user's rows go with the user.
CREATE TABLE lesson_progress (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  lesson TEXT NOT NULL,
  done_ms INTEGER NOT NULL,
  PRIMARY KEY (user_id, lesson)
) WITHOUT ROWID;
