// SqliteStore's moderation (migrations/0011_moderation.sql): blocks, roles, reports,
// restrictions and the log; the rest of the class is in sqlite_store.cpp.
#include <sqlite3.h>

#include <functional>

#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

namespace {

using sqlite_parts::failed;
using sqlite_parts::nowMs;
using sqlite_parts::Step;

// The user's name; nullopt for an unknown id.
Result<std::optional<std::string>> userName(SqliteConnection& db, int64_t user) {
  auto stmt = db.prepare("SELECT name FROM users WHERE id = ?1");
  if (!stmt) return std::unexpected(stmt.error());
  stmt->bind(1, user);
  switch (stmt->step()) {
    case Step::Row:
      return std::optional<std::string>{stmt->columnBytes(0)};
    case Step::Done:
      return std::optional<std::string>{};
    default:
      return std::unexpected(db.error("reading a user's name"));
  }
}

// Runs one statement; the number of rows it changed.
Result<int64_t> change(SqliteConnection& db, const char* sql,
                       const std::function<void(SqliteStatement&)>& bind, std::string_view doing) {
  auto stmt = db.prepare(sql);
  if (!stmt) return std::unexpected(stmt.error());
  bind(*stmt);
  if (!stmt->run()) return std::unexpected(db.error(doing));
  return stmt->changes();
}

// Annulment (migrations/0011_moderation.sql): each player's rating in each category the game
// changed loses that change, one game fewer is counted, and the game's history points go.
Result<ModerationOutcome> annul(SqliteConnection& db, int64_t game, int64_t atMs) {
  auto state = db.prepare("SELECT status, annulled_ms FROM games WHERE id = ?1");
  if (!state) return std::unexpected(state.error());
  state->bind(1, game);
  const Step found = state->step();
  if (found == Step::Error) return std::unexpected(db.error("reading a game to annul"));
  if (found == Step::Done) return ModerationOutcome::UnknownTarget;
  const std::string status = state->columnBytes(0);
  if (!state->columnIsNull(1)) return ModerationOutcome::NothingToDo;
  if (status != "finished" && status != "cancelled") return ModerationOutcome::GameNotOver;

  auto points = db.prepare(
      "SELECT h.user_id, h.category, h.rating - coalesce(("
      "  SELECT p.rating FROM rating_history p WHERE p.user_id = h.user_id"
      "  AND p.category = h.category AND (p.at_ms < h.at_ms OR (p.at_ms = h.at_ms AND"
      "  p.game_id < h.game_id)) ORDER BY p.at_ms DESC, p.game_id DESC LIMIT 1), ?2), h.at_ms "
      "FROM rating_history h WHERE h.game_id = ?1");
  if (!points) return std::unexpected(points.error());
  points->bind(1, game).bind(2, CategoryRating{}.rating);
  struct Change {
    int64_t user;
    std::string category;
    double delta;
    int64_t atMs;
  };
  std::vector<Change> changes;
  Step step;
  while ((step = points->step()) == Step::Row) {
    changes.push_back({points->columnInt(0), points->columnBytes(1), points->columnDouble(2),
                       points->columnInt(3)});
  }
  if (step == Step::Error) return std::unexpected(db.error("reading an annulled game's ratings"));
  for (const Change& c : changes) {
    auto undone = change(
        db,
        "UPDATE ratings SET rating = rating - ?3, games = max(games - 1, 0), updated_ms = ?4 "
        "WHERE user_id = ?1 AND category = ?2",
        [&](SqliteStatement& s) {
          s.bind(1, c.user).bindText(2, c.category).bind(3, c.delta).bind(4, atMs);
        },
        "taking back an annulled game's rating");
    if (!undone) return std::unexpected(undone.error());
    // The later points of the graph move with the rating, so that the last point is the
    // rating again and a later annulment finds the right point before its game.
    auto shifted = change(
        db,
        "UPDATE rating_history SET rating = rating - ?3 WHERE user_id = ?1 AND category = ?2 "
        "AND (at_ms > ?4 OR (at_ms = ?4 AND game_id > ?5))",
        [&](SqliteStatement& s) {
          s.bind(1, c.user).bindText(2, c.category).bind(3, c.delta).bind(4, c.atMs).bind(5, game);
        },
        "moving the later ratings of an annulled game's players");
    if (!shifted) return std::unexpected(shifted.error());
  }
  auto cleared = change(
      db, "DELETE FROM rating_history WHERE game_id = ?1",
      [&](SqliteStatement& s) { s.bind(1, game); }, "deleting an annulled game's ratings");
  if (!cleared) return std::unexpected(cleared.error());
  auto marked = change(
      db, "UPDATE games SET annulled_ms = ?2, rated = 0 WHERE id = ?1",
      [&](SqliteStatement& s) { s.bind(1, game).bind(2, atMs); }, "annulling a game");
  if (!marked) return std::unexpected(marked.error());
  return ModerationOutcome::Done;
}

// The login sessions of `user`, deleted; their token hashes.
Result<std::vector<std::string>> endSessions(SqliteConnection& db, int64_t user) {
  auto stmt = db.prepare("DELETE FROM sessions WHERE user_id = ?1 RETURNING token_hash");
  if (!stmt) return std::unexpected(stmt.error());
  stmt->bind(1, user);
  std::vector<std::string> ended;
  Step step;
  while ((step = stmt->step()) == Step::Row) ended.push_back(stmt->columnBytes(0));
  if (step == Step::Error) return std::unexpected(db.error("ending a banned user's sessions"));
  return ended;
}

// The action's effect, before it is logged; the outcome says whether to log it.
Result<ModerationOutcome> applyEffect(SqliteConnection& db, ModerationAction& a,
                                      std::vector<std::string>& endedSessions) {
  using enum ModerationKind;
  if (a.kind == Annul) return annul(db, a.gameId, a.atMs);
  if (a.kind == Resolve) {
    auto resolved = change(
        db,
        "UPDATE reports SET resolved_ms = ?2, resolved_by = ?3, resolved_by_name = ?4, "
        "resolution = ?5 WHERE id = ?1 AND resolved_ms IS NULL",
        [&](SqliteStatement& s) {
          s.bind(1, a.reportId).bind(2, a.atMs).bind(3, a.moderator.id);
          s.bindText(4, a.moderator.name).bindText(5, a.reason);
        },
        "resolving a report");
    if (!resolved) return std::unexpected(resolved.error());
    if (*resolved == 1) return ModerationOutcome::Done;
    auto exists = db.prepare("SELECT 1 FROM reports WHERE id = ?1");
    if (!exists) return std::unexpected(exists.error());
    exists->bind(1, a.reportId);
    return exists->step() == Step::Row ? ModerationOutcome::NothingToDo
                                       : ModerationOutcome::UnknownTarget;
  }
  auto user = userName(db, a.user.id);
  if (!user) return std::unexpected(user.error());
  if (!*user) return ModerationOutcome::UnknownTarget;
  a.user.name = **user;
  Result<int64_t> changed = 0;
  switch (a.kind) {
    case Grant:
    case Revoke:
      changed = change(
          db,
          a.kind == Grant ? "INSERT INTO user_roles (user_id, role) VALUES (?1, ?2) ON CONFLICT "
                            "DO NOTHING"
                          : "DELETE FROM user_roles WHERE user_id = ?1 AND role = ?2",
          [&](SqliteStatement& s) { s.bind(1, a.user.id).bindText(2, nameIn(kRoles, a.role)); },
          "changing a role");
      break;
    case Mute:
    case Ban:
      changed = change(
          db,
          "INSERT INTO restrictions (user_id, kind, until_ms, reason, since_ms) "
          "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (user_id, kind) DO UPDATE SET "
          "until_ms = excluded.until_ms, reason = excluded.reason, since_ms = excluded.since_ms",
          [&](SqliteStatement& s) {
            s.bind(1, a.user.id).bindText(2, a.kind == Mute ? "mute" : "ban").bind(3, a.untilMs);
            s.bindText(4, a.reason).bind(5, a.atMs);
          },
          "restricting a user");
      if (changed && a.kind == Ban) {
        auto ended = endSessions(db, a.user.id);
        if (!ended) return std::unexpected(ended.error());
        endedSessions = std::move(*ended);
      }
      break;
    case Unmute:
    case Unban:
      changed = change(
          db, "DELETE FROM restrictions WHERE user_id = ?1 AND kind = ?2",
          [&](SqliteStatement& s) {
            s.bind(1, a.user.id).bindText(2, a.kind == Unmute ? "mute" : "ban");
          },
          "lifting a restriction");
      break;
    default:
      break;
  }
  if (!changed) return std::unexpected(changed.error());
  return *changed > 0 ? ModerationOutcome::Done : ModerationOutcome::NothingToDo;
}

Result<void> log(SqliteConnection& db, const ModerationAction& a) {
  auto logged = change(
      db,
      "INSERT INTO moderation_log (moderator_id, moderator_name, action, user_id, user_name, "
      "game_id, report_id, role, reason, until_ms, at_ms) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
      [&](SqliteStatement& s) {
        s.bind(1, a.moderator.id).bindText(2, a.moderator.name);
        s.bindText(3, nameIn(kModerationKinds, a.kind)).bind(4, a.user.id).bindText(5, a.user.name);
        s.bind(6, a.gameId).bind(7, a.reportId).bindText(8, nameIn(kRoles, a.role));
        s.bindText(9, a.reason).bind(10, a.untilMs).bind(11, a.atMs);
      },
      "logging a moderation action");
  if (!logged) return std::unexpected(logged.error());
  return {};
}

Report reportAt(const SqliteStatement& row) {
  Report r;
  r.id = row.columnInt(0);
  r.reporter = {row.columnInt(1), row.columnBytes(2)};
  r.user = {row.columnInt(3), row.columnBytes(4)};
  r.gameId = row.columnIsNull(5) ? 0 : row.columnInt(5);
  r.reason = parseIn(kReportReasons, row.columnBytes(6)).value_or(ReportReason::Other);
  r.text = row.columnBytes(7);
  r.createdMs = row.columnInt(8);
  r.resolvedMs = row.columnIsNull(9) ? 0 : row.columnInt(9);
  r.resolvedBy = {row.columnIsNull(10) ? 0 : row.columnInt(10), row.columnBytes(11)};
  r.resolution = row.columnBytes(12);
  return r;
}

}  // namespace

Result<bool> SqliteStore::setBlock(int64_t blocker, int64_t blocked, bool on) {
  if (blocker == blocked) {
    return fail("a user cannot block themself", "block");
  }
  bool changed = false;
  auto ok = write([&](SqliteConnection& db) {
    changed = false;
    auto done = change(
        db,
        on ? "INSERT INTO blocks (blocker_id, blocked_id, created_ms) VALUES (?1, ?2, ?3) "
             "ON CONFLICT DO NOTHING"
           : "DELETE FROM blocks WHERE blocker_id = ?1 AND blocked_id = ?2",
        [&](SqliteStatement& s) { s.bind(1, blocker).bind(2, blocked).bind(3, nowMs()); },
        "saving a block");
    if (!done) {
      return failed("user " + std::to_string(blocker) + " or " + std::to_string(blocked) +
                    " does not exist (" + done.error().toString() + ")");
    }
    changed = *done > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return changed;
}

Result<std::vector<UserRef>> SqliteStore::blockedBy(int64_t blocker) {
  return read([&](SqliteConnection& db) -> Result<std::vector<UserRef>> {
    auto stmt = db.prepare(
        "SELECT u.id, u.name FROM blocks b JOIN users u ON u.id = b.blocked_id "
        "WHERE b.blocker_id = ?1 ORDER BY u.name");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, blocker);
    std::vector<UserRef> users;
    Step step;
    while ((step = stmt->step()) == Step::Row)
      users.push_back({stmt->columnInt(0), stmt->columnBytes(1)});
    if (step == Step::Error) return std::unexpected(db.error("reading blocks"));
    return users;
  });
}

Result<std::vector<std::pair<int64_t, int64_t>>> SqliteStore::allBlocks() {
  using Rows = std::vector<std::pair<int64_t, int64_t>>;
  return read([&](SqliteConnection& db) -> Result<Rows> {
    auto stmt = db.prepare("SELECT blocker_id, blocked_id FROM blocks");
    if (!stmt) return std::unexpected(stmt.error());
    Rows rows;
    Step step;
    while ((step = stmt->step()) == Step::Row)
      rows.emplace_back(stmt->columnInt(0), stmt->columnInt(1));
    if (step == Step::Error) return std::unexpected(db.error("reading blocks"));
    return rows;
  });
}

Result<std::vector<Role>> SqliteStore::rolesOf(int64_t user) {
  return read([&](SqliteConnection& db) -> Result<std::vector<Role>> {
    auto stmt = db.prepare("SELECT role FROM user_roles WHERE user_id = ?1 ORDER BY role");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, user);
    std::vector<Role> roles;
    Step step;
    while ((step = stmt->step()) == Step::Row) {
      if (auto role = parseIn(kRoles, stmt->columnBytes(0))) roles.push_back(*role);
    }
    if (step == Step::Error) return std::unexpected(db.error("reading roles"));
    return roles;
  });
}

Result<int64_t> SqliteStore::createReport(Report report) {
  int64_t id = 0;
  const int64_t created = report.createdMs != 0 ? report.createdMs : nowMs();
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "INSERT INTO reports (reporter_id, user_id, game_id, reason, text, created_ms) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, report.reporter.id).bind(2, report.user.id).bindIdOrNull(3, report.gameId);
    stmt->bindText(4, nameIn(kReportReasons, report.reason)).bindText(5, report.text);
    stmt->bind(6, created);
    if (!stmt->run()) {
      if (stmt->extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
        return failed("the reported user or game does not exist");
      }
      return failed(db.error("saving a report").toString());
    }
    id = stmt->lastInsertRowid();
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<int64_t> SqliteStore::reportsSince(int64_t reporter, int64_t sinceMs) {
  return read([&](SqliteConnection& db) -> Result<int64_t> {
    auto stmt =
        db.prepare("SELECT count(*) FROM reports WHERE reporter_id = ?1 AND created_ms >= ?2");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, reporter).bind(2, sinceMs);
    if (stmt->step() != Step::Row) return std::unexpected(db.error("counting reports"));
    return stmt->columnInt(0);
  });
}

Result<std::vector<Report>> SqliteStore::listReports(bool resolved, int limit) {
  return read([&](SqliteConnection& db) -> Result<std::vector<Report>> {
    auto stmt = db.prepare(
        resolved ? "SELECT r.id, r.reporter_id, a.name, r.user_id, b.name, r.game_id, r.reason, "
                   "r.text, r.created_ms, r.resolved_ms, r.resolved_by, r.resolved_by_name, "
                   "r.resolution FROM reports r JOIN users a ON a.id = r.reporter_id "
                   "JOIN users b ON b.id = r.user_id WHERE r.resolved_ms IS NOT NULL "
                   "ORDER BY r.resolved_ms DESC, r.id DESC LIMIT ?1"
                 : "SELECT r.id, r.reporter_id, a.name, r.user_id, b.name, r.game_id, r.reason, "
                   "r.text, r.created_ms, r.resolved_ms, r.resolved_by, r.resolved_by_name, "
                   "r.resolution FROM reports r JOIN users a ON a.id = r.reporter_id "
                   "JOIN users b ON b.id = r.user_id WHERE r.resolved_ms IS NULL "
                   "ORDER BY r.created_ms, r.id LIMIT ?1");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, int64_t{limit});
    std::vector<Report> reports;
    Step step;
    while ((step = stmt->step()) == Step::Row) reports.push_back(reportAt(*stmt));
    if (step == Step::Error) return std::unexpected(db.error("reading reports"));
    return reports;
  });
}

Result<ModerationResult> SqliteStore::applyModeration(ModerationAction action) {
  if (action.atMs == 0) action.atMs = nowMs();
  ModerationResult result;
  auto ok = write([&](SqliteConnection& db) {
    result = {};
    ModerationAction applied = action;
    auto outcome = applyEffect(db, applied, result.endedSessions);
    if (!outcome) return failed(outcome.error());
    result.outcome = *outcome;
    if (*outcome != ModerationOutcome::Done) {
      result.endedSessions.clear();
      return AppendResult{};
    }
    if (auto logged = log(db, applied); !logged) return failed(logged.error());
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return result;
}

Result<std::vector<ModerationAction>> SqliteStore::moderationLog(int limit) {
  return read([&](SqliteConnection& db) -> Result<std::vector<ModerationAction>> {
    auto stmt = db.prepare(
        "SELECT id, moderator_id, moderator_name, action, user_id, user_name, game_id, "
        "report_id, role, reason, until_ms, at_ms FROM moderation_log "
        "ORDER BY at_ms DESC, id DESC LIMIT ?1");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, int64_t{limit});
    std::vector<ModerationAction> actions;
    Step step;
    while ((step = stmt->step()) == Step::Row) {
      ModerationAction& a = actions.emplace_back();
      a.id = stmt->columnInt(0);
      a.moderator = {stmt->columnInt(1), stmt->columnBytes(2)};
      a.kind = parseIn(kModerationKinds, stmt->columnBytes(3)).value_or(ModerationKind::Resolve);
      a.user = {stmt->columnInt(4), stmt->columnBytes(5)};
      a.gameId = stmt->columnInt(6);
      a.reportId = stmt->columnInt(7);
      a.role = parseIn(kRoles, stmt->columnBytes(8)).value_or(Role::Moderator);
      a.reason = stmt->columnBytes(9);
      a.untilMs = stmt->columnInt(10);
      a.atMs = stmt->columnInt(11);
    }
    if (step == Step::Error) return std::unexpected(db.error("reading the moderation log"));
    return actions;
  });
}

Result<std::vector<RestrictionRow>> SqliteStore::restrictionsInForce(int64_t now) {
  return read([&](SqliteConnection& db) -> Result<std::vector<RestrictionRow>> {
    auto stmt = db.prepare(
        "SELECT user_id, kind, until_ms, reason, since_ms FROM restrictions "
        "WHERE until_ms = 0 OR until_ms > ?1 ORDER BY user_id, kind");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, now);
    std::vector<RestrictionRow> rows;
    Step step;
    while ((step = stmt->step()) == Step::Row) {
      rows.push_back({stmt->columnInt(0),
                      parseIn(kRestrictions, stmt->columnBytes(1)).value_or(Restriction::Mute),
                      stmt->columnInt(2), stmt->columnBytes(3), stmt->columnInt(4)});
    }
    if (step == Step::Error) return std::unexpected(db.error("reading restrictions"));
    return rows;
  });
}

Result<std::optional<RestrictionRow>> SqliteStore::restrictionOf(int64_t user, Restriction kind,
                                                                 int64_t now) {
  return read([&](SqliteConnection& db) -> Result<std::optional<RestrictionRow>> {
    auto stmt = db.prepare(
        "SELECT until_ms, reason, since_ms FROM restrictions "
        "WHERE user_id = ?1 AND kind = ?2 AND (until_ms = 0 OR until_ms > ?3)");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, user).bindText(2, nameIn(kRestrictions, kind)).bind(3, now);
    const Step step = stmt->step();
    if (step == Step::Error) return std::unexpected(db.error("reading a restriction"));
    if (step == Step::Done) return std::optional<RestrictionRow>{};
    return std::optional<RestrictionRow>{
        RestrictionRow{user, kind, stmt->columnInt(0), stmt->columnBytes(1), stmt->columnInt(2)}};
  });
}

}  // namespace tengen::store
