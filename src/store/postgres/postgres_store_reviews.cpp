// PostgresStore's review boards and SGF uploads (postgres/migrations/0009_reviews.sql); the
// rest of the class is in postgres_store.cpp.
#include "store/postgres/postgres_store.h"

#include <algorithm>

#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

using postgres_parts::failed;
using postgres_parts::nowMs;

namespace {

constexpr const char* kReviewColumns =
    "r.id, r.owner_id, u.name, r.game_id, r.title, r.current_node, r.controllers, "
    "r.created_ms, r.updated_ms";

ReviewRow reviewAt(const PgRows& rows, int i) {
  ReviewRow r;
  r.id = rows.integer(i, 0);
  r.ownerId = rows.integer(i, 1);
  r.ownerName = rows.bytes(i, 2);
  r.gameId = rows.isNull(i, 3) ? 0 : rows.integer(i, 3);
  r.title = rows.bytes(i, 4);
  r.currentNode = rows.integer(i, 5);
  r.controllers = parseControllers(rows.bytes(i, 6));
  r.createdMs = rows.integer(i, 7);
  r.updatedMs = rows.integer(i, 8);
  return r;
}

UploadRow uploadAt(const PgRows& rows, int i) {
  UploadRow u;
  u.id = rows.integer(i, 0);
  u.ownerId = rows.integer(i, 1);
  u.name = rows.bytes(i, 2);
  u.black = rows.bytes(i, 3);
  u.white = rows.bytes(i, 4);
  u.sizeBytes = rows.integer(i, 5);
  u.createdMs = rows.integer(i, 6);
  return u;
}

Result<std::vector<ReviewRow>> listReviews(PgConnection& db, const char* where, int64_t key,
                                           int limit) {
  PgRows rows = db.query(std::string("SELECT ") + kReviewColumns +
                             " FROM reviews r JOIN users u ON u.id = r.owner_id WHERE " + where +
                             " = $1 ORDER BY r.id DESC LIMIT $2",
                         PgParams().add(key).add(int64_t{limit}));
  if (!rows.ok()) return std::unexpected(db.error(rows, "listing reviews"));
  std::vector<ReviewRow> list;
  for (int i = 0; i < rows.size(); ++i) list.push_back(reviewAt(rows, i));
  return list;
}

}  // namespace

Result<int64_t> PostgresStore::createReview(ReviewRow row) {
  int64_t id = 0;
  const int64_t created = row.createdMs != 0 ? row.createdMs : nowMs();
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "INSERT INTO reviews (owner_id, game_id, title, sgf, current_node, controllers, "
        "created_ms, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
        PgParams()
            .add(row.ownerId)
            .addIdOrNull(row.gameId)
            .addBytes(row.title)
            .addBytes(row.sgf)
            .add(row.currentNode)
            .addText(controllersText(row.controllers))
            .add(created));
    if (!rows.ok()) {
      if (rows.sqlstate() == pg_state::kForeignKeyViolation) {
        return failed("the review's owner or game does not exist");
      }
      return failed(db, rows, "saving a review");
    }
    id = rows.integer(0, 0);
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<bool> PostgresStore::saveReview(const ReviewRow& row) {
  bool changed = false;
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "UPDATE reviews SET sgf = $2, current_node = $3, controllers = $4, updated_ms = $5 "
        "WHERE id = $1",
        PgParams()
            .add(row.id)
            .addBytes(row.sgf)
            .add(row.currentNode)
            .addText(controllersText(row.controllers))
            .add(row.updatedMs != 0 ? row.updatedMs : nowMs()));
    if (!rows.ok()) return failed(db, rows, "saving a review");
    changed = rows.affected() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return changed;
}

Result<std::optional<int64_t>> PostgresStore::saveReviewOver(const ReviewRow& row,
                                                             int64_t readVersion) {
  const int64_t version = std::max(row.updatedMs != 0 ? row.updatedMs : nowMs(), readVersion + 1);
  bool changed = false;
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "UPDATE reviews SET sgf = $2, current_node = $3, controllers = $4, updated_ms = $5 "
        "WHERE id = $1 AND updated_ms = $6",
        PgParams()
            .add(row.id)
            .addBytes(row.sgf)
            .add(row.currentNode)
            .addText(controllersText(row.controllers))
            .add(version)
            .add(readVersion));
    if (!rows.ok()) return failed(db, rows, "saving a review");
    changed = rows.affected() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return changed ? std::optional<int64_t>(version) : std::nullopt;
}

Result<std::optional<ReviewRow>> PostgresStore::loadReview(int64_t id) {
  return read([&](PgConnection& db) -> Result<std::optional<ReviewRow>> {
    PgRows rows = db.query(std::string("SELECT ") + kReviewColumns +
                               ", r.sgf FROM reviews r JOIN users u ON u.id = r.owner_id "
                               "WHERE r.id = $1",
                           PgParams().add(id));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading a review"));
    if (rows.size() == 0) return std::optional<ReviewRow>{};
    ReviewRow row = reviewAt(rows, 0);
    row.sgf = rows.bytes(0, 9);
    return std::optional<ReviewRow>{std::move(row)};
  });
}

Result<std::vector<ReviewRow>> PostgresStore::reviewsOfGame(int64_t game, int limit) {
  return read([&](PgConnection& db) { return listReviews(db, "r.game_id", game, limit); });
}

Result<std::vector<ReviewRow>> PostgresStore::reviewsOfOwner(int64_t owner, int limit) {
  return read([&](PgConnection& db) { return listReviews(db, "r.owner_id", owner, limit); });
}

Result<int64_t> PostgresStore::countReviewsOf(int64_t owner) {
  return read([&](PgConnection& db) -> Result<int64_t> {
    PgRows rows =
        db.query("SELECT count(*) FROM reviews WHERE owner_id = $1", PgParams().add(owner));
    if (!rows.ok()) return std::unexpected(db.error(rows, "counting reviews"));
    return rows.integer(0, 0);
  });
}

Result<int64_t> PostgresStore::createUpload(UploadRow row) {
  int64_t id = 0;
  const int64_t created = row.createdMs != 0 ? row.createdMs : nowMs();
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "INSERT INTO sgf_uploads (owner_id, name, black, white, size_bytes, sgf, created_ms) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        PgParams()
            .add(row.ownerId)
            .addBytes(row.name)
            .addBytes(row.black)
            .addBytes(row.white)
            .add(static_cast<int64_t>(row.sgf.size()))
            .addBytes(row.sgf)
            .add(created));
    if (!rows.ok()) {
      if (rows.sqlstate() == pg_state::kForeignKeyViolation) {
        return failed("the upload's owner does not exist");
      }
      return failed(db, rows, "saving an upload");
    }
    id = rows.integer(0, 0);
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<int64_t> PostgresStore::createUploadWithin(UploadRow row, int64_t maxCount,
                                                  int64_t maxBytes) {
  int64_t id = 0;
  bool noOwner = false;
  const int64_t created = row.createdMs != 0 ? row.createdMs : nowMs();
  auto ok = write([&](PgConnection& db) {
    // The owner's row locked first: another node's upload for the same owner waits here until
    // this transaction ends, so the totals checked below are those this insert adds to.
    PgRows owner =
        db.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", PgParams().add(row.ownerId));
    if (!owner.ok()) return failed(db, owner, "locking an upload's owner");
    if (owner.size() == 0) {
      noOwner = true;
      return AppendResult{};
    }
    PgRows rows = db.query(
        "INSERT INTO sgf_uploads (owner_id, name, black, white, size_bytes, sgf, created_ms) "
        "SELECT $1, $2, $3, $4, $5, $6, $7 WHERE "
        "(SELECT count(*) FROM sgf_uploads WHERE owner_id = $1) < $8 AND "
        "(SELECT coalesce(sum(size_bytes), 0) FROM sgf_uploads WHERE owner_id = $1) + $5 <= $9 "
        "RETURNING id",
        PgParams()
            .add(row.ownerId)
            .addBytes(row.name)
            .addBytes(row.black)
            .addBytes(row.white)
            .add(static_cast<int64_t>(row.sgf.size()))
            .addBytes(row.sgf)
            .add(created)
            .add(maxCount)
            .add(maxBytes));
    if (!rows.ok()) return failed(db, rows, "saving an upload");
    id = rows.size() > 0 ? rows.integer(0, 0) : 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  if (noOwner) return fail("the upload's owner does not exist");
  return id;
}

Result<std::vector<UploadRow>> PostgresStore::uploadsOf(int64_t owner, int limit) {
  return read([&](PgConnection& db) -> Result<std::vector<UploadRow>> {
    PgRows rows = db.query(
        "SELECT id, owner_id, name, black, white, size_bytes, created_ms FROM sgf_uploads "
        "WHERE owner_id = $1 ORDER BY id DESC LIMIT $2",
        PgParams().add(owner).add(int64_t{limit}));
    if (!rows.ok()) return std::unexpected(db.error(rows, "listing uploads"));
    std::vector<UploadRow> list;
    for (int i = 0; i < rows.size(); ++i) list.push_back(uploadAt(rows, i));
    return list;
  });
}

Result<std::optional<UploadRow>> PostgresStore::loadUpload(int64_t id) {
  return read([&](PgConnection& db) -> Result<std::optional<UploadRow>> {
    PgRows rows = db.query(
        "SELECT id, owner_id, name, black, white, size_bytes, created_ms, sgf FROM sgf_uploads "
        "WHERE id = $1",
        PgParams().add(id));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading an upload"));
    if (rows.size() == 0) return std::optional<UploadRow>{};
    UploadRow row = uploadAt(rows, 0);
    row.sgf = rows.bytes(0, 7);
    return std::optional<UploadRow>{std::move(row)};
  });
}

Result<bool> PostgresStore::deleteUpload(int64_t id, int64_t owner) {
  bool deleted = false;
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query("DELETE FROM sgf_uploads WHERE id = $1 AND owner_id = $2",
                           PgParams().add(id).add(owner));
    if (!rows.ok()) return failed(db, rows, "deleting an upload");
    deleted = rows.affected() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return deleted;
}

Result<std::pair<int64_t, int64_t>> PostgresStore::uploadTotalsOf(int64_t owner) {
  return read([&](PgConnection& db) -> Result<std::pair<int64_t, int64_t>> {
    PgRows rows = db.query(
        "SELECT count(*), coalesce(sum(size_bytes), 0)::BIGINT FROM sgf_uploads "
        "WHERE owner_id = $1",
        PgParams().add(owner));
    if (!rows.ok()) return std::unexpected(db.error(rows, "counting uploads"));
    return std::pair<int64_t, int64_t>{rows.integer(0, 0), rows.integer(0, 1)};
  });
}

}  // namespace tengen::store
