// SqliteStore's record of finished lessons (migrations/0004_lesson_progress.sql); the rest of
// the class is in sqlite_store.cpp.
#include <sqlite3.h>

#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

namespace {

using sqlite_parts::failed;
using sqlite_parts::nowMs;
using sqlite_parts::Step;

}  // namespace

Result<void> SqliteStore::recordLessonDone(int64_t user, const std::string& lesson) {
  return write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "INSERT INTO lesson_progress (user_id, lesson, done_ms) VALUES (?1, ?2, ?3) "
        "ON CONFLICT (user_id, lesson) DO NOTHING");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, user).bindText(2, lesson).bind(3, nowMs());
    if (stmt->run()) return AppendResult{};
    if (stmt->extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
      return failed("user " + std::to_string(user) + " does not exist");
    }
    return failed(db.error("recording a lesson").toString());
  });
}

Result<std::vector<std::string>> SqliteStore::lessonsDone(int64_t user) {
  return read([&](SqliteConnection& db) -> Result<std::vector<std::string>> {
    auto stmt = db.prepare(
        "SELECT lesson FROM lesson_progress WHERE user_id = ?1 ORDER BY done_ms, lesson");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, user);
    std::vector<std::string> lessons;
    Step step;
    while ((step = stmt->step()) == Step::Row) lessons.push_back(stmt->columnBytes(0));
    if (step == Step::Error) return std::unexpected(db.error("reading lesson progress"));
    return lessons;
  });
}

}  // namespace tengen::store
