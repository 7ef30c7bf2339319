// PostgresStore's moderation (migrations/0005_moderation.sql, as SQLite's 0011): blocks,
// roles, reports, restrictions and the log; the rest of the class is in postgres_store.cpp.
#include "store/postgres/postgres_store.h"
#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

namespace {

using postgres_parts::failed;
using postgres_parts::noLimitIfNegative;
using postgres_parts::nowMs;

// Annulment (src/store/migrations/0011_moderation.sql says what it takes back).
Result<ModerationOutcome> annul(PgConnection& db, int64_t game, int64_t atMs) {
  // FOR UPDATE: a second moderator annulling the same game waits, then finds it annulled.
  PgRows state = db.query("SELECT status, annulled_ms FROM games WHERE id = $1 FOR UPDATE",
                          PgParams().add(game));
  if (!state.ok()) return std::unexpected(db.error(state, "reading a game to annul"));
  if (state.size() == 0) return ModerationOutcome::UnknownTarget;
  const std::string status = state.bytes(0, 0);
  if (!state.isNull(0, 1)) return ModerationOutcome::NothingToDo;
  if (status != "finished" && status != "cancelled") return ModerationOutcome::GameNotOver;
  PgRows points = db.query(
      "SELECT h.user_id, h.category, h.rating - coalesce(("
      "  SELECT p.rating FROM rating_history p WHERE p.user_id = h.user_id"
      "  AND p.category = h.category AND (p.at_ms, p.game_id) < (h.at_ms, h.game_id)"
      "  ORDER BY p.at_ms DESC, p.game_id DESC LIMIT 1), $2), h.at_ms "
      "FROM rating_history h WHERE h.game_id = $1 ORDER BY h.user_id, h.category",
      PgParams().add(game).add(CategoryRating{}.rating));
  if (!points.ok()) return std::unexpected(db.error(points, "reading an annulled game's ratings"));
  for (int i = 0; i < points.size(); ++i) {
    PgRows undone = db.query(
        "UPDATE ratings SET rating = rating - $3, games = greatest(games - 1, 0), "
        "updated_ms = $4 WHERE user_id = $1 AND category = $2",
        PgParams()
            .add(points.integer(i, 0))
            .addBytes(points.bytes(i, 1))
            .add(points.real(i, 2))
            .add(atMs));
    if (!undone.ok()) return std::unexpected(db.error(undone, "taking back an annulled rating"));
    // The later points move with the rating (as in SqliteStore's annul).
    PgRows shifted = db.query(
        "UPDATE rating_history SET rating = rating - $3 WHERE user_id = $1 AND category = $2 "
        "AND (at_ms, game_id) > ($4, $5)",
        PgParams()
            .add(points.integer(i, 0))
            .addBytes(points.bytes(i, 1))
            .add(points.real(i, 2))
            .add(points.integer(i, 3))
            .add(game));
    if (!shifted.ok()) return std::unexpected(db.error(shifted, "moving later ratings"));
  }
  PgRows cleared = db.query("DELETE FROM rating_history WHERE game_id = $1", PgParams().add(game));
  if (!cleared.ok()) return std::unexpected(db.error(cleared, "deleting an annulled rating"));
  PgRows marked = db.query("UPDATE games SET annulled_ms = $2, rated = FALSE WHERE id = $1",
                           PgParams().add(game).add(atMs));
  if (!marked.ok()) return std::unexpected(db.error(marked, "annulling a game"));
  return ModerationOutcome::Done;
}

Result<ModerationOutcome> applyEffect(PgConnection& db, ModerationAction& a,
                                      std::vector<std::string>& endedSessions) {
  using enum ModerationKind;
  if (a.kind == Annul) return annul(db, a.gameId, a.atMs);
  if (a.kind == Resolve) {
    PgRows resolved = db.query(
        "UPDATE reports SET resolved_ms = $2, resolved_by = $3, resolved_by_name = $4, "
        "resolution = $5 WHERE id = $1 AND resolved_ms IS NULL",
        PgParams()
            .add(a.reportId)
            .add(a.atMs)
            .add(a.moderator.id)
            .addBytes(a.moderator.name)
            .addBytes(a.reason));
    if (!resolved.ok()) return std::unexpected(db.error(resolved, "resolving a report"));
    if (resolved.affected() == 1) return ModerationOutcome::Done;
    PgRows exists = db.query("SELECT 1 FROM reports WHERE id = $1", PgParams().add(a.reportId));
    if (!exists.ok()) return std::unexpected(db.error(exists, "resolving a report"));
    return exists.size() > 0 ? ModerationOutcome::NothingToDo : ModerationOutcome::UnknownTarget;
  }
  PgRows user = db.query("SELECT name FROM users WHERE id = $1", PgParams().add(a.user.id));
  if (!user.ok()) return std::unexpected(db.error(user, "reading a user's name"));
  if (user.size() == 0) return ModerationOutcome::UnknownTarget;
  a.user.name = user.bytes(0, 0);
  int64_t changed = 0;
  if (a.kind == Grant || a.kind == Revoke) {
    PgRows rows = db.query(
        a.kind == Grant
            ? "INSERT INTO user_roles (user_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING"
            : "DELETE FROM user_roles WHERE user_id = $1 AND role = $2",
        PgParams().add(a.user.id).addText(nameIn(kRoles, a.role)));
    if (!rows.ok()) return std::unexpected(db.error(rows, "changing a role"));
    changed = rows.affected();
  } else if (a.kind == Mute || a.kind == Ban) {
    PgRows rows = db.query(
        "INSERT INTO restrictions (user_id, kind, until_ms, reason, since_ms) "
        "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, kind) DO UPDATE SET "
        "until_ms = excluded.until_ms, reason = excluded.reason, since_ms = excluded.since_ms",
        PgParams()
            .add(a.user.id)
            .addText(a.kind == Mute ? "mute" : "ban")
            .add(a.untilMs)
            .addBytes(a.reason)
            .add(a.atMs));
    if (!rows.ok()) return std::unexpected(db.error(rows, "restricting a user"));
    changed = rows.affected();
    if (a.kind == Ban) {
      PgRows ended = db.query("DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash",
                              PgParams().add(a.user.id));
      if (!ended.ok()) return std::unexpected(db.error(ended, "ending a banned user's sessions"));
      for (int i = 0; i < ended.size(); ++i) endedSessions.push_back(ended.bytes(i, 0));
    }
  } else if (a.kind == Unmute || a.kind == Unban) {
    PgRows rows = db.query("DELETE FROM restrictions WHERE user_id = $1 AND kind = $2",
                           PgParams().add(a.user.id).addText(a.kind == Unmute ? "mute" : "ban"));
    if (!rows.ok()) return std::unexpected(db.error(rows, "lifting a restriction"));
    changed = rows.affected();
  }
  return changed > 0 ? ModerationOutcome::Done : ModerationOutcome::NothingToDo;
}

Report reportAt(const PgRows& rows, int i) {
  Report r;
  r.id = rows.integer(i, 0);
  r.reporter = {rows.integer(i, 1), rows.bytes(i, 2)};
  r.user = {rows.integer(i, 3), rows.bytes(i, 4)};
  r.gameId = rows.isNull(i, 5) ? 0 : rows.integer(i, 5);
  r.reason = parseIn(kReportReasons, rows.bytes(i, 6)).value_or(ReportReason::Other);
  r.text = rows.bytes(i, 7);
  r.createdMs = rows.integer(i, 8);
  r.resolvedMs = rows.isNull(i, 9) ? 0 : rows.integer(i, 9);
  r.resolvedBy = {rows.isNull(i, 10) ? 0 : rows.integer(i, 10), rows.bytes(i, 11)};
  r.resolution = rows.bytes(i, 12);
  return r;
}

}  // namespace

Result<bool> PostgresStore::setBlock(int64_t blocker, int64_t blocked, bool on) {
  if (blocker == blocked) return fail("a user cannot block themself", "block");
  bool changed = false;
  auto ok = write([&](PgConnection& db) {
    changed = false;
    PgRows rows =
        db.query(on ? "INSERT INTO blocks (blocker_id, blocked_id, created_ms) VALUES ($1, $2, $3) "
                      "ON CONFLICT DO NOTHING"
                    : "DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2",
                 on ? PgParams().add(blocker).add(blocked).add(nowMs())
                    : PgParams().add(blocker).add(blocked));
    if (!rows.ok()) {
      if (rows.sqlstate() == pg_state::kForeignKeyViolation) {
        return failed("user " + std::to_string(blocker) + " or " + std::to_string(blocked) +
                      " does not exist");
      }
      return failed(db, rows, "saving a block");
    }
    changed = rows.affected() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return changed;
}

Result<std::vector<UserRef>> PostgresStore::blockedBy(int64_t blocker) {
  return read([&](PgConnection& db) -> Result<std::vector<UserRef>> {
    PgRows rows = db.query(
        "SELECT u.id, u.name FROM blocks b JOIN users u ON u.id = b.blocked_id "
        "WHERE b.blocker_id = $1 ORDER BY u.name_key",
        PgParams().add(blocker));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading blocks"));
    std::vector<UserRef> users;
    for (int i = 0; i < rows.size(); ++i) users.push_back({rows.integer(i, 0), rows.bytes(i, 1)});
    return users;
  });
}

Result<std::vector<std::pair<int64_t, int64_t>>> PostgresStore::allBlocks() {
  using Rows = std::vector<std::pair<int64_t, int64_t>>;
  return read([&](PgConnection& db) -> Result<Rows> {
    PgRows rows = db.query("SELECT blocker_id, blocked_id FROM blocks");
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading blocks"));
    Rows blocks;
    for (int i = 0; i < rows.size(); ++i)
      blocks.emplace_back(rows.integer(i, 0), rows.integer(i, 1));
    return blocks;
  });
}

Result<std::vector<Role>> PostgresStore::rolesOf(int64_t user) {
  return read([&](PgConnection& db) -> Result<std::vector<Role>> {
    PgRows rows = db.query("SELECT role FROM user_roles WHERE user_id = $1 ORDER BY role",
                           PgParams().add(user));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading roles"));
    std::vector<Role> roles;
    for (int i = 0; i < rows.size(); ++i) {
      if (auto role = parseIn(kRoles, rows.bytes(i, 0))) roles.push_back(*role);
    }
    return roles;
  });
}

Result<int64_t> PostgresStore::createReport(Report report) {
  int64_t id = 0;
  const int64_t created = report.createdMs != 0 ? report.createdMs : nowMs();
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "INSERT INTO reports (reporter_id, user_id, game_id, reason, text, created_ms) "
        "VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        PgParams()
            .add(report.reporter.id)
            .add(report.user.id)
            .addIdOrNull(report.gameId)
            .addText(nameIn(kReportReasons, report.reason))
            .addBytes(report.text)
            .add(created));
    if (!rows.ok()) {
      if (rows.sqlstate() == pg_state::kForeignKeyViolation) {
        return failed("the reported user or game does not exist");
      }
      return failed(db, rows, "saving a report");
    }
    id = rows.integer(0, 0);
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<int64_t> PostgresStore::reportsSince(int64_t reporter, int64_t sinceMs) {
  return read([&](PgConnection& db) -> Result<int64_t> {
    PgRows rows =
        db.query("SELECT count(*) FROM reports WHERE reporter_id = $1 AND created_ms >= $2",
                 PgParams().add(reporter).add(sinceMs));
    if (!rows.ok()) return std::unexpected(db.error(rows, "counting reports"));
    return rows.integer(0, 0);
  });
}

Result<std::vector<Report>> PostgresStore::listReports(bool resolved, int limit) {
  return read([&](PgConnection& db) -> Result<std::vector<Report>> {
    PgRows rows = db.query(
        resolved ? "SELECT r.id, r.reporter_id, a.name, r.user_id, b.name, r.game_id, r.reason, "
                   "r.text, r.created_ms, r.resolved_ms, r.resolved_by, r.resolved_by_name, "
                   "r.resolution FROM reports r JOIN users a ON a.id = r.reporter_id "
                   "JOIN users b ON b.id = r.user_id WHERE r.resolved_ms IS NOT NULL "
                   "ORDER BY r.resolved_ms DESC, r.id DESC LIMIT $1"
                 : "SELECT r.id, r.reporter_id, a.name, r.user_id, b.name, r.game_id, r.reason, "
                   "r.text, r.created_ms, r.resolved_ms, r.resolved_by, r.resolved_by_name, "
                   "r.resolution FROM reports r JOIN users a ON a.id = r.reporter_id "
                   "JOIN users b ON b.id = r.user_id WHERE r.resolved_ms IS NULL "
                   "ORDER BY r.created_ms, r.id LIMIT $1",
        PgParams().addOptional(noLimitIfNegative(limit)));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading reports"));
    std::vector<Report> reports;
    for (int i = 0; i < rows.size(); ++i) reports.push_back(reportAt(rows, i));
    return reports;
  });
}

Result<ModerationResult> PostgresStore::applyModeration(ModerationAction action) {
  if (action.atMs == 0) action.atMs = nowMs();
  ModerationResult result;
  auto ok = write([&](PgConnection& db) {
    result = {};
    ModerationAction a = action;
    auto outcome = applyEffect(db, a, result.endedSessions);
    if (!outcome) return failed(outcome.error());
    result.outcome = *outcome;
    if (*outcome != ModerationOutcome::Done) {
      result.endedSessions.clear();
      return AppendResult{};
    }
    PgRows logged = db.query(
        "INSERT INTO moderation_log (moderator_id, moderator_name, action, user_id, user_name, "
        "game_id, report_id, role, reason, until_ms, at_ms) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        PgParams()
            .add(a.moderator.id)
            .addBytes(a.moderator.name)
            .addText(nameIn(kModerationKinds, a.kind))
            .add(a.user.id)
            .addBytes(a.user.name)
            .add(a.gameId)
            .add(a.reportId)
            .addText(nameIn(kRoles, a.role))
            .addBytes(a.reason)
            .add(a.untilMs)
            .add(a.atMs));
    if (!logged.ok()) return failed(db, logged, "logging a moderation action");
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return result;
}

Result<std::vector<ModerationAction>> PostgresStore::moderationLog(int limit) {
  return read([&](PgConnection& db) -> Result<std::vector<ModerationAction>> {
    PgRows rows = db.query(
        "SELECT id, moderator_id, moderator_name, action, user_id, user_name, game_id, "
        "report_id, role, reason, until_ms, at_ms FROM moderation_log "
        "ORDER BY at_ms DESC, id DESC LIMIT $1",
        PgParams().addOptional(noLimitIfNegative(limit)));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading the moderation log"));
    std::vector<ModerationAction> actions;
    for (int i = 0; i < rows.size(); ++i) {
      ModerationAction& a = actions.emplace_back();
      a.id = rows.integer(i, 0);
      a.moderator = {rows.integer(i, 1), rows.bytes(i, 2)};
      a.kind = parseIn(kModerationKinds, rows.bytes(i, 3)).value_or(ModerationKind::Resolve);
      a.user = {rows.integer(i, 4), rows.bytes(i, 5)};
      a.gameId = rows.integer(i, 6);
      a.reportId = rows.integer(i, 7);
      a.role = parseIn(kRoles, rows.bytes(i, 8)).value_or(Role::Moderator);
      a.reason = rows.bytes(i, 9);
      a.untilMs = rows.integer(i, 10);
      a.atMs = rows.integer(i, 11);
    }
    return actions;
  });
}

Result<std::vector<RestrictionRow>> PostgresStore::restrictionsInForce(int64_t now) {
  return read([&](PgConnection& db) -> Result<std::vector<RestrictionRow>> {
    PgRows rows = db.query(
        "SELECT user_id, kind, until_ms, reason, since_ms FROM restrictions "
        "WHERE until_ms = 0 OR until_ms > $1 ORDER BY user_id, kind",
        PgParams().add(now));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading restrictions"));
    std::vector<RestrictionRow> restrictions;
    for (int i = 0; i < rows.size(); ++i) {
      restrictions.push_back({rows.integer(i, 0),
                              parseIn(kRestrictions, rows.bytes(i, 1)).value_or(Restriction::Mute),
                              rows.integer(i, 2), rows.bytes(i, 3), rows.integer(i, 4)});
    }
    return restrictions;
  });
}

Result<std::optional<RestrictionRow>> PostgresStore::restrictionOf(int64_t user, Restriction kind,
                                                                   int64_t now) {
  return read([&](PgConnection& db) -> Result<std::optional<RestrictionRow>> {
    PgRows rows = db.query(
        "SELECT until_ms, reason, since_ms FROM restrictions "
        "WHERE user_id = $1 AND kind = $2 AND (until_ms = 0 OR until_ms > $3)",
        PgParams().add(user).addText(nameIn(kRestrictions, kind)).add(now));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading a restriction"));
    if (rows.size() == 0) return std::optional<RestrictionRow>{};
    return std::optional<RestrictionRow>{
        RestrictionRow{user, kind, rows.integer(0, 0), rows.bytes(0, 1), rows.integer(0, 2)}};
  });
}

}  // namespace tengen::store
