// SqliteStore's review boards and SGF uploads (migrations/0015_reviews.sql); the rest of the
// class is in sqlite_store.cpp.
#include <algorithm>

#include <sqlite3.h>

#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

using sqlite_parts::failed;
using sqlite_parts::nowMs;
using sqlite_parts::Step;

namespace {

constexpr const char* kReviewColumns =
    "r.id, r.owner_id, u.name, r.game_id, r.title, r.current_node, r.controllers, "
    "r.created_ms, r.updated_ms";

ReviewRow reviewAt(const SqliteStatement& row) {
  ReviewRow r;
  r.id = row.columnInt(0);
  r.ownerId = row.columnInt(1);
  r.ownerName = row.columnBytes(2);
  r.gameId = row.columnIsNull(3) ? 0 : row.columnInt(3);
  r.title = row.columnBytes(4);
  r.currentNode = row.columnInt(5);
  r.controllers = parseControllers(row.columnBytes(6));
  r.createdMs = row.columnInt(7);
  r.updatedMs = row.columnInt(8);
  return r;
}

UploadRow uploadAt(const SqliteStatement& row) {
  UploadRow u;
  u.id = row.columnInt(0);
  u.ownerId = row.columnInt(1);
  u.name = row.columnBytes(2);
  u.black = row.columnBytes(3);
  u.white = row.columnBytes(4);
  u.sizeBytes = row.columnInt(5);
  u.createdMs = row.columnInt(6);
  return u;
}

}  // namespace

Result<int64_t> SqliteStore::createReview(ReviewRow row) {
  int64_t id = 0;
  const int64_t created = row.createdMs != 0 ? row.createdMs : nowMs();
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "INSERT INTO reviews (owner_id, game_id, title, sgf, current_node, controllers, "
        "created_ms, updated_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, row.ownerId).bindIdOrNull(2, row.gameId).bindBlob(3, row.title);
    stmt->bindBlob(4, row.sgf).bind(5, row.currentNode);
    stmt->bindText(6, controllersText(row.controllers)).bind(7, created);
    if (!stmt->run()) {
      if (stmt->extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
        return failed("the review's owner or game does not exist");
      }
      return failed(db.error("saving a review").toString());
    }
    id = stmt->lastInsertRowid();
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<bool> SqliteStore::saveReview(const ReviewRow& row) {
  bool changed = false;
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "UPDATE reviews SET sgf = ?2, current_node = ?3, controllers = ?4, updated_ms = ?5 "
        "WHERE id = ?1");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, row.id).bindBlob(2, row.sgf).bind(3, row.currentNode);
    stmt->bindText(4, controllersText(row.controllers));
    stmt->bind(5, row.updatedMs != 0 ? row.updatedMs : nowMs());
    if (!stmt->run()) return failed(db.error("saving a review").toString());
    changed = stmt->changes() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return changed;
}

Result<std::optional<int64_t>> SqliteStore::saveReviewOver(const ReviewRow& row,
                                                           int64_t readVersion) {
  const int64_t version = std::max(row.updatedMs != 0 ? row.updatedMs : nowMs(), readVersion + 1);
  bool changed = false;
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "UPDATE reviews SET sgf = ?2, current_node = ?3, controllers = ?4, updated_ms = ?5 "
        "WHERE id = ?1 AND updated_ms = ?6");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, row.id).bindBlob(2, row.sgf).bind(3, row.currentNode);
    stmt->bindText(4, controllersText(row.controllers));
    stmt->bind(5, version).bind(6, readVersion);
    if (!stmt->run()) return failed(db.error("saving a review").toString());
    changed = stmt->changes() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return changed ? std::optional<int64_t>(version) : std::nullopt;
}

Result<std::optional<ReviewRow>> SqliteStore::loadReview(int64_t id) {
  return read([&](SqliteConnection& db) -> Result<std::optional<ReviewRow>> {
    auto stmt = db.prepare(std::string("SELECT ") + kReviewColumns +
                           ", r.sgf FROM reviews r JOIN users u ON u.id = r.owner_id "
                           "WHERE r.id = ?1");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, id);
    Step step = stmt->step();
    if (step == Step::Error) return std::unexpected(db.error("reading a review"));
    if (step != Step::Row) return std::optional<ReviewRow>{};
    ReviewRow row = reviewAt(*stmt);
    row.sgf = stmt->columnBytes(9);
    return std::optional<ReviewRow>{std::move(row)};
  });
}

namespace {

Result<std::vector<ReviewRow>> listReviews(SqliteConnection& db, const char* where, int64_t key,
                                           int limit) {
  auto stmt = db.prepare(std::string("SELECT ") + kReviewColumns +
                         " FROM reviews r JOIN users u ON u.id = r.owner_id WHERE " + where +
                         " = ?1 ORDER BY r.id DESC LIMIT ?2");
  if (!stmt) return std::unexpected(stmt.error());
  stmt->bind(1, key).bind(2, int64_t{limit});
  std::vector<ReviewRow> rows;
  Step step;
  while ((step = stmt->step()) == Step::Row) rows.push_back(reviewAt(*stmt));
  if (step == Step::Error) return std::unexpected(db.error("listing reviews"));
  return rows;
}

}  // namespace

Result<std::vector<ReviewRow>> SqliteStore::reviewsOfGame(int64_t game, int limit) {
  return read([&](SqliteConnection& db) { return listReviews(db, "r.game_id", game, limit); });
}

Result<std::vector<ReviewRow>> SqliteStore::reviewsOfOwner(int64_t owner, int limit) {
  return read([&](SqliteConnection& db) { return listReviews(db, "r.owner_id", owner, limit); });
}

Result<int64_t> SqliteStore::countReviewsOf(int64_t owner) {
  return read([&](SqliteConnection& db) -> Result<int64_t> {
    auto stmt = db.prepare("SELECT count(*) FROM reviews WHERE owner_id = ?1");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, owner);
    if (stmt->step() != Step::Row) return std::unexpected(db.error("counting reviews"));
    return stmt->columnInt(0);
  });
}

Result<int64_t> SqliteStore::createUpload(UploadRow row) {
  int64_t id = 0;
  const int64_t created = row.createdMs != 0 ? row.createdMs : nowMs();
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "INSERT INTO sgf_uploads (owner_id, name, black, white, size_bytes, sgf, created_ms) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, row.ownerId).bindBlob(2, row.name).bindBlob(3, row.black);
    stmt->bindBlob(4, row.white).bind(5, static_cast<int64_t>(row.sgf.size()));
    stmt->bindBlob(6, row.sgf).bind(7, created);
    if (!stmt->run()) {
      if (stmt->extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
        return failed("the upload's owner does not exist");
      }
      return failed(db.error("saving an upload").toString());
    }
    id = stmt->lastInsertRowid();
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<int64_t> SqliteStore::createUploadWithin(UploadRow row, int64_t maxCount, int64_t maxBytes) {
  int64_t id = 0;
  const int64_t created = row.createdMs != 0 ? row.createdMs : nowMs();
  // One statement on the one writer: the totals it checks are those it adds to.
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "INSERT INTO sgf_uploads (owner_id, name, black, white, size_bytes, sgf, created_ms) "
        "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE "
        "(SELECT count(*) FROM sgf_uploads WHERE owner_id = ?1) < ?8 AND "
        "(SELECT coalesce(sum(size_bytes), 0) FROM sgf_uploads WHERE owner_id = ?1) + ?5 <= ?9");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, row.ownerId).bindBlob(2, row.name).bindBlob(3, row.black);
    stmt->bindBlob(4, row.white).bind(5, static_cast<int64_t>(row.sgf.size()));
    stmt->bindBlob(6, row.sgf).bind(7, created).bind(8, maxCount).bind(9, maxBytes);
    if (!stmt->run()) {
      if (stmt->extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
        return failed("the upload's owner does not exist");
      }
      return failed(db.error("saving an upload").toString());
    }
    id = stmt->changes() > 0 ? stmt->lastInsertRowid() : 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<std::vector<UploadRow>> SqliteStore::uploadsOf(int64_t owner, int limit) {
  return read([&](SqliteConnection& db) -> Result<std::vector<UploadRow>> {
    auto stmt = db.prepare(
        "SELECT id, owner_id, name, black, white, size_bytes, created_ms FROM sgf_uploads "
        "WHERE owner_id = ?1 ORDER BY id DESC LIMIT ?2");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, owner).bind(2, int64_t{limit});
    std::vector<UploadRow> rows;
    Step step;
    while ((step = stmt->step()) == Step::Row) rows.push_back(uploadAt(*stmt));
    if (step == Step::Error) return std::unexpected(db.error("listing uploads"));
    return rows;
  });
}

Result<std::optional<UploadRow>> SqliteStore::loadUpload(int64_t id) {
  return read([&](SqliteConnection& db) -> Result<std::optional<UploadRow>> {
    auto stmt = db.prepare(
        "SELECT id, owner_id, name, black, white, size_bytes, created_ms, sgf FROM sgf_uploads "
        "WHERE id = ?1");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, id);
    Step step = stmt->step();
    if (step == Step::Error) return std::unexpected(db.error("reading an upload"));
    if (step != Step::Row) return std::optional<UploadRow>{};
    UploadRow row = uploadAt(*stmt);
    row.sgf = stmt->columnBytes(7);
    return std::optional<UploadRow>{std::move(row)};
  });
}

Result<bool> SqliteStore::deleteUpload(int64_t id, int64_t owner) {
  bool deleted = false;
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare("DELETE FROM sgf_uploads WHERE id = ?1 AND owner_id = ?2");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, id).bind(2, owner);
    if (!stmt->run()) return failed(db.error("deleting an upload").toString());
    deleted = stmt->changes() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return deleted;
}

Result<std::pair<int64_t, int64_t>> SqliteStore::uploadTotalsOf(int64_t owner) {
  return read([&](SqliteConnection& db) -> Result<std::pair<int64_t, int64_t>> {
    auto stmt = db.prepare(
        "SELECT count(*), coalesce(sum(size_bytes), 0) FROM sgf_uploads WHERE owner_id = ?1");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, owner);
    if (stmt->step() != Step::Row) return std::unexpected(db.error("counting uploads"));
    return std::pair<int64_t, int64_t>{stmt->columnInt(0), stmt->columnInt(1)};
  });
}

}  // namespace tengen::store
