#include "store/postgres/postgres_store.h"

#include <algorithm>

#include "store/postgres/pg_migrations.h"
#include "store/postgres/postgres_store_events.h"
#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

namespace {

using postgres_parts::failed;
using postgres_parts::insertEvents;
using postgres_parts::nowMs;

// The key that makes names unique regardless of ASCII case, as SQLite's COLLATE NOCASE does:
// other bytes (UTF-8 included) are compared as they are.
std::string nameKey(std::string_view name) {
  std::string key(name);
  for (char& c : key) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return key;
}

constexpr std::string_view kUserColumns = "id, name, password_hash, guest, created_ms";

Result<std::optional<User>> findUser(PgConnection& db, std::string_view where,
                                     const PgParams& key) {
  PgRows rows = db.query(
      "SELECT " + std::string(kUserColumns) + " FROM users WHERE " + std::string(where), key);
  if (!rows.ok()) return std::unexpected(db.error(rows, "looking up a user"));
  if (rows.size() == 0) return std::nullopt;
  return User{rows.integer(0, 0), rows.bytes(0, 1), rows.bytes(0, 2), rows.integer(0, 3) != 0,
              rows.integer(0, 4)};
}

}  // namespace

Result<std::unique_ptr<PostgresStore>> PostgresStore::open(const std::string& conninfo,
                                                           PostgresStoreOptions options) {
  auto connection = PgConnection::open(conninfo);
  if (!connection) return std::unexpected(connection.error());
  if (auto version = migratePg(**connection); !version) return std::unexpected(version.error());
  auto writer = std::make_unique<PgGroupCommitWriter>(std::move(*connection), options.maxBatch);
  auto readers = std::make_unique<ConnectionPool<PgConnection>>(
      [conninfo] { return PgConnection::open(conninfo); }, std::max(1, options.readConnections));
  return std::unique_ptr<PostgresStore>(new PostgresStore(std::move(writer), std::move(readers)));
}

PostgresStore::PostgresStore(std::unique_ptr<PgGroupCommitWriter> writer,
                             std::unique_ptr<ConnectionPool<PgConnection>> readers)
    : writer_(std::move(writer)), readers_(std::move(readers)) {}

PostgresStore::~PostgresStore() {
  // Drain the queue first: its callbacks may still read.
  writer_->stop();
  readers_.reset();
  writer_.reset();
}

Result<void> PostgresStore::write(PgGroupCommitWriter::Apply apply) {
  AppendResult result = writer_->submitAndWait(std::move(apply));
  if (result.status == AppendStatus::Failed) return fail(result.message);
  return {};
}

Result<std::optional<User>> PostgresStore::createUser(User user) {
  if (user.createdMs == 0) user.createdMs = nowMs();
  bool taken = false;
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "INSERT INTO users (name, name_key, password_hash, guest, created_ms) "
        "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING RETURNING id",
        PgParams()
            .addBytes(user.name)
            .addBytes(nameKey(user.name))
            .addBytes(user.passwordHash)
            .add(user.guest)
            .add(user.createdMs));
    if (!rows.ok()) return failed(db, rows, "creating a user");
    taken = rows.size() == 0;
    if (!taken) user.id = rows.integer(0, 0);
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  if (taken) return std::nullopt;
  return user;
}

Result<std::optional<User>> PostgresStore::findUserByName(const std::string& name) {
  return read([&](PgConnection& db) {
    return findUser(db, "name_key = $1", PgParams().addBytes(nameKey(name)));
  });
}

Result<std::optional<User>> PostgresStore::findUserById(int64_t id) {
  return read([&](PgConnection& db) { return findUser(db, "id = $1", PgParams().add(id)); });
}

Result<void> PostgresStore::createSession(const Session& session) {
  return write([&](PgConnection& db) {
    PgRows rows =
        db.query("INSERT INTO sessions (token_hash, user_id, expires_ms) VALUES ($1, $2, $3)",
                 PgParams().addBytes(session.tokenHash).add(session.userId).add(session.expiresMs));
    if (rows.ok()) return AppendResult{};
    if (rows.sqlstate() == pg_state::kForeignKeyViolation) {
      return failed("user " + std::to_string(session.userId) + " does not exist");
    }
    return failed(db, rows, "creating a session");
  });
}

Result<std::optional<Session>> PostgresStore::findSession(const std::string& tokenHash,
                                                          int64_t now) {
  return read([&](PgConnection& db) -> Result<std::optional<Session>> {
    PgRows rows = db.query(
        "SELECT token_hash, user_id, expires_ms FROM sessions "
        "WHERE token_hash = $1 AND expires_ms > $2",
        PgParams().addBytes(tokenHash).add(now));
    if (!rows.ok()) return std::unexpected(db.error(rows, "looking up a session"));
    if (rows.size() == 0) return std::nullopt;
    return Session{rows.bytes(0, 0), rows.integer(0, 1), rows.integer(0, 2)};
  });
}

Result<void> PostgresStore::deleteSession(const std::string& tokenHash) {
  return write([&](PgConnection& db) {
    PgRows rows =
        db.query("DELETE FROM sessions WHERE token_hash = $1", PgParams().addBytes(tokenHash));
    return rows.ok() ? AppendResult{} : failed(db, rows, "deleting a session");
  });
}

Result<int64_t> PostgresStore::deleteExpiredSessions(int64_t now) {
  int64_t deleted = 0;
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query("DELETE FROM sessions WHERE expires_ms <= $1", PgParams().add(now));
    if (!rows.ok()) return failed(db, rows, "deleting expired sessions");
    deleted = rows.affected();
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return deleted;
}

Result<int64_t> PostgresStore::deleteIdleGuests(int64_t createdBeforeMs, int64_t nowMs) {
  int64_t deleted = 0;
  auto ok = write([&](PgConnection& db) {
    // Their expired sessions go with them (ON DELETE CASCADE).
    PgRows rows = db.query(
        "DELETE FROM users WHERE guest AND created_ms < $1"
        " AND NOT EXISTS (SELECT 1 FROM games WHERE black_user_id = users.id)"
        " AND NOT EXISTS (SELECT 1 FROM games WHERE white_user_id = users.id)"
        " AND NOT EXISTS (SELECT 1 FROM games WHERE owner_user_id = users.id)"
        " AND NOT EXISTS (SELECT 1 FROM sessions WHERE user_id = users.id AND expires_ms > $2)",
        PgParams().add(createdBeforeMs).add(nowMs));
    if (!rows.ok()) return failed(db, rows, "deleting idle guests");
    deleted = rows.affected();
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return deleted;
}

void PostgresStore::appendEvents(std::vector<GameEvent> events,
                                 std::function<void(AppendResult)> done) {
  submitAppend(std::move(events), std::nullopt, std::move(done));
}

void PostgresStore::appendEventsFenced(std::vector<GameEvent> events, int64_t token,
                                       std::function<void(AppendResult)> done) {
  submitAppend(std::move(events), token, std::move(done));
}

void PostgresStore::submitAppend(std::vector<GameEvent> events, std::optional<int64_t> fence,
                                 std::function<void(AppendResult)> done) {
  auto pipelined = postgres_parts::pipelinedAppend(events, fence);
  auto apply = [events = std::move(events), fence](PgConnection& db) {
    return insertEvents(db, events, fence);
  };
  if (pipelined) {
    writer_->submit(std::move(*pipelined), std::move(apply), std::move(done));
  } else {
    writer_->submit(std::move(apply), std::move(done));
  }
}

AppendResult PostgresStore::appendEventsSync(std::vector<GameEvent> events) {
  return writer_->submitAndWait(
      [events = std::move(events)](PgConnection& db) { return insertEvents(db, events); });
}

}  // namespace tengen::store
