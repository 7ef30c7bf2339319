#include "store/sqlite_store.h"

#include <sqlite3.h>

#include <algorithm>

#include "store/migrations.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

namespace {

using sqlite_parts::failed;
using sqlite_parts::fenced;
using sqlite_parts::notOneAppend;
using sqlite_parts::seqConflict;
using sqlite_parts::nowMs;
using sqlite_parts::Step;

User readUser(const SqliteStatement& row) {
  return User{row.columnInt(0), row.columnBytes(1), row.columnBytes(2), row.columnInt(3) != 0,
              row.columnInt(4)};
}

constexpr const char* kUserColumns = "id, name, password_hash, guest, created_ms";

Result<std::optional<User>> findUser(SqliteConnection& db, std::string_view sql, auto&& bindKey) {
  auto stmt = db.prepare(sql);
  if (!stmt) return std::unexpected(stmt.error());
  bindKey(*stmt);
  switch (stmt->step()) {
    case Step::Row:
      return readUser(*stmt);
    case Step::Done:
      return std::nullopt;
    case Step::Error:
      break;
  }
  return std::unexpected(db.error("looking up a user"));
}

// The body of one command's append, run on the writer thread inside the batch transaction
// (under the job's own savepoint when the batch is run again because a job failed), so a
// failure at any event undoes the ones before it.
// Checking the last seq first (instead of relying on the primary key alone) also refuses
// gaps, so a log is always 1..n, and gives the writer the seq it is behind by.
AppendResult insertEvents(SqliteConnection& db, const std::vector<GameEvent>& events,
                          std::optional<int64_t> fence = std::nullopt) {
  if (auto bad = notOneAppend(events)) return *bad;
  const int64_t game = events.front().game;
  if (fence) {
    // Inside the writer's IMMEDIATE transaction: no lease can change before the commit.
    auto stmt = db.prepare("SELECT token FROM game_leases WHERE game = ?1");
    if (!stmt) return failed(stmt.error());
    stmt->bind(1, game);
    const Step step = stmt->step();
    if (step == Step::Error) return failed(db.error("reading the game's lease"));
    const int64_t token = step == Step::Row ? stmt->columnInt(0) : 0;
    if (token != *fence) return fenced(game, *fence, token);
  }
  int64_t last = 0;
  {
    auto stmt = db.prepare("SELECT seq FROM game_events WHERE game = ?1 ORDER BY seq DESC LIMIT 1");
    if (!stmt) return failed(stmt.error());
    stmt->bind(1, game);
    const Step step = stmt->step();
    if (step == Step::Error) return failed(db.error("reading the last seq"));
    if (step == Step::Row) last = stmt->columnInt(0);
  }
  const int64_t first = events.front().seq;
  if (first != last + 1) return seqConflict(game, first, last);
  for (const GameEvent& e : events) {
    // Borrowed from the connection's cache once per event: it resets when it goes.
    auto stmt = db.prepare(
        "INSERT INTO game_events (game, seq, type, payload, time_ms) VALUES (?1, ?2, ?3, ?4, ?5)");
    if (!stmt) return failed(stmt.error());
    stmt->bind(1, e.game)
        .bind(2, e.seq)
        .bindText(3, e.type)
        .bindBlob(4, e.payload)
        .bind(5, e.timeMs);
    if (stmt->run()) continue;
    if (stmt->extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
      return failed("game " + std::to_string(e.game) + " does not exist");
    }
    if (stmt->extendedCode() == SQLITE_CONSTRAINT_PRIMARYKEY) {
      // Cannot happen while every writer takes the write lock before its check (BEGIN
      // IMMEDIATE); the key is the backstop that keeps the log from forking regardless.
      return AppendResult{AppendStatus::Conflict, last, "seq " + std::to_string(e.seq) + " taken"};
    }
    return failed(db.error("appending an event"));
  }
  return AppendResult{};
}

}  // namespace

Result<std::unique_ptr<SqliteStore>> SqliteStore::open(const std::string& path,
                                                       SqliteStoreOptions options) {
  // The writer and each reader open the path separately, so they must all reach one file.
  if (path.empty() || path == ":memory:" || path.starts_with("file:")) {
    return fail("the store needs a plain file path (not empty, :memory: or a URI)", path);
  }
  auto connection =
      SqliteConnection::open(path, SqliteConnection::Mode::ReadWrite, options.busyTimeoutMs);
  if (!connection) return std::unexpected(connection.error());
  if (auto version = migrate(**connection); !version) return std::unexpected(version.error());
  // The checkpointer below does this work off the commit path (see wal_checkpointer.h).
  if (auto off = (*connection)->exec("PRAGMA wal_autocheckpoint=0"); !off) {
    return std::unexpected(off.error());
  }
  auto checkpointer =
      WalCheckpointer::start(path, options.checkpointInterval, options.busyTimeoutMs);
  if (!checkpointer) return std::unexpected(checkpointer.error());
  auto writer = std::make_unique<GroupCommitWriter>(std::move(*connection), options.maxBatch);
  auto readers = std::make_unique<ReaderPool>(
      [path, timeout = options.busyTimeoutMs] {
        return SqliteConnection::open(path, SqliteConnection::Mode::ReadOnly, timeout);
      },
      std::max(1, options.readConnections));
  return std::unique_ptr<SqliteStore>(
      new SqliteStore(path, std::move(writer), std::move(readers), std::move(*checkpointer)));
}

SqliteStore::SqliteStore(std::string path, std::unique_ptr<GroupCommitWriter> writer,
                         std::unique_ptr<ReaderPool> readers,
                         std::unique_ptr<WalCheckpointer> checkpointer)
    : path_(std::move(path)),
      writer_(std::move(writer)),
      readers_(std::move(readers)),
      checkpointer_(std::move(checkpointer)) {}

SqliteStore::~SqliteStore() {
  // Drain the queue first (its callbacks may still read), then close the readers and the
  // checkpointer, so the writer's connection closes last and can checkpoint the WAL into the
  // main file.
  writer_->stop();
  readers_.reset();
  checkpointer_.reset();
  writer_.reset();
}

int SqliteStore::checkpointsCompleted() const { return checkpointer_->completed(); }

Result<void> SqliteStore::write(GroupCommitWriter::Apply apply) {
  AppendResult result = writer_->submitAndWait(std::move(apply));
  // The message already names the file when the file is the problem.
  if (result.status == AppendStatus::Failed) return fail(result.message);
  return {};
}

Result<std::optional<User>> SqliteStore::createUser(User user) {
  if (user.createdMs == 0) user.createdMs = nowMs();
  bool taken = false;
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "INSERT INTO users (name, password_hash, guest, created_ms) VALUES (?1, ?2, ?3, ?4) "
        "ON CONFLICT (name) DO NOTHING");
    if (!stmt) return failed(stmt.error());
    stmt->bindText(1, user.name).bindText(2, user.passwordHash);
    stmt->bind(3, int64_t{user.guest}).bind(4, user.createdMs);
    if (!stmt->run()) return failed(db.error("creating a user"));
    taken = stmt->changes() == 0;
    if (!taken) user.id = stmt->lastInsertRowid();
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  if (taken) return std::nullopt;
  return user;
}

Result<std::optional<User>> SqliteStore::findUserByName(const std::string& name) {
  return read([&](SqliteConnection& db) {
    return findUser(db, std::string("SELECT ") + kUserColumns + " FROM users WHERE name = ?1",
                    [&](SqliteStatement& s) { s.bindText(1, name); });
  });
}

Result<std::optional<User>> SqliteStore::findUserById(int64_t id) {
  return read([&](SqliteConnection& db) {
    return findUser(db, std::string("SELECT ") + kUserColumns + " FROM users WHERE id = ?1",
                    [&](SqliteStatement& s) { s.bind(1, id); });
  });
}

Result<void> SqliteStore::createSession(const Session& session) {
  return write([&](SqliteConnection& db) {
    auto stmt =
        db.prepare("INSERT INTO sessions (token_hash, user_id, expires_ms) VALUES (?1, ?2, ?3)");
    if (!stmt) return failed(stmt.error());
    stmt->bindText(1, session.tokenHash).bind(2, session.userId).bind(3, session.expiresMs);
    if (stmt->run()) return AppendResult{};
    if (stmt->extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
      return failed("user " + std::to_string(session.userId) + " does not exist");
    }
    return failed(db.error("creating a session"));
  });
}

Result<std::optional<Session>> SqliteStore::findSession(const std::string& tokenHash, int64_t now) {
  return read([&](SqliteConnection& db) -> Result<std::optional<Session>> {
    auto stmt = db.prepare(
        "SELECT token_hash, user_id, expires_ms FROM sessions "
        "WHERE token_hash = ?1 AND expires_ms > ?2");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bindText(1, tokenHash).bind(2, now);
    switch (stmt->step()) {
      case Step::Row:
        return Session{stmt->columnBytes(0), stmt->columnInt(1), stmt->columnInt(2)};
      case Step::Done:
        return std::nullopt;
      case Step::Error:
        break;
    }
    return std::unexpected(db.error("looking up a session"));
  });
}

Result<void> SqliteStore::deleteSession(const std::string& tokenHash) {
  return write([&](SqliteConnection& db) {
    auto stmt = db.prepare("DELETE FROM sessions WHERE token_hash = ?1");
    if (!stmt) return failed(stmt.error());
    stmt->bindText(1, tokenHash);
    return stmt->run() ? AppendResult{} : failed(db.error("deleting a session"));
  });
}

Result<int64_t> SqliteStore::deleteExpiredSessions(int64_t now) {
  int64_t deleted = 0;
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare("DELETE FROM sessions WHERE expires_ms <= ?1");
    if (!stmt) return failed(stmt.error());
    stmt->bind(1, now);
    if (!stmt->run()) return failed(db.error("deleting expired sessions"));
    deleted = stmt->changes();
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return deleted;
}

Result<int64_t> SqliteStore::deleteIdleGuests(int64_t createdBeforeMs, int64_t nowMs) {
  int64_t deleted = 0;
  auto ok = write([&](SqliteConnection& db) {
    // Their expired sessions go with them (ON DELETE CASCADE).
    auto stmt = db.prepare(
        "DELETE FROM users WHERE guest = 1 AND created_ms < ?1"
        " AND NOT EXISTS (SELECT 1 FROM games WHERE black_user_id = users.id)"
        " AND NOT EXISTS (SELECT 1 FROM games WHERE white_user_id = users.id)"
        " AND NOT EXISTS (SELECT 1 FROM games WHERE owner_user_id = users.id)"
        " AND NOT EXISTS (SELECT 1 FROM sessions WHERE user_id = users.id AND expires_ms > ?2)");
    if (!stmt) return failed(stmt.error());
    stmt->bind(1, createdBeforeMs).bind(2, nowMs);
    if (!stmt->run()) return failed(db.error("deleting idle guests"));
    deleted = stmt->changes();
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return deleted;
}

void SqliteStore::appendEvents(std::vector<GameEvent> events,
                               std::function<void(AppendResult)> done) {
  writer_->submit(
      [events = std::move(events)](SqliteConnection& db) { return insertEvents(db, events); },
      std::move(done));
}

void SqliteStore::appendEventsFenced(std::vector<GameEvent> events, int64_t token,
                                     std::function<void(AppendResult)> done) {
  writer_->submit([events = std::move(events),
                   token](SqliteConnection& db) { return insertEvents(db, events, token); },
                  std::move(done));
}

AppendResult SqliteStore::appendEventsSync(std::vector<GameEvent> events) {
  return writer_->submitAndWait(
      [events = std::move(events)](SqliteConnection& db) { return insertEvents(db, events); });
}

}  // namespace tengen::store
