#include "store/postgres/postgres_store_events.h"

#include <string>

#include "store/postgres/postgres_store_parts.h"

namespace tengen::store::postgres_parts {

namespace {

// The statement for `count` events, fenced or not. The checks and the inserts are one
// statement: the lease and the last seq are read in CTEs that the INSERT's condition and the
// result row both use, so the writer learns in one answer whether the events went in and, if
// not, why. It used to take a round trip for the lease, one for the last seq and one per event,
// and those round trips, not CPU, bounded how many moves a node could commit.
//   $1 game, $2 the last seq expected, $3 the lease token (fenced only), then four per event.
std::string appendStatement(size_t count, bool fenced) {
  std::string sql = "WITH ";
  if (fenced) {
    sql += "lease AS MATERIALIZED (SELECT token FROM game_leases WHERE game = $1 FOR SHARE), ";
  }
  sql +=
      "last AS MATERIALIZED (SELECT coalesce(max(seq), 0) AS seq FROM game_events "
      "WHERE game = $1), "
      "inserted AS (INSERT INTO game_events (game, seq, type, payload, time_ms) "
      "SELECT $1, v.seq, v.type, v.payload, v.time_ms FROM (VALUES ";
  int param = fenced ? 4 : 3;
  for (size_t i = 0; i < count; ++i) {
    if (i > 0) sql += ", ";
    sql += "($" + std::to_string(param) + "::int8, $" + std::to_string(param + 1) + "::bytea, $" +
           std::to_string(param + 2) + "::bytea, $" + std::to_string(param + 3) + "::int8)";
    param += 4;
  }
  sql += ") AS v (seq, type, payload, time_ms) WHERE (SELECT seq FROM last) = $2";
  if (fenced) sql += " AND coalesce((SELECT token FROM lease), 0) = $3";
  sql += " RETURNING 1) SELECT (SELECT seq FROM last), (SELECT count(*) FROM inserted)";
  if (fenced) sql += ", coalesce((SELECT token FROM lease), 0)";
  return sql;
}

// What the append's one result row says, or its error.
AppendResult readAppend(const PgRows& rows, int64_t game, int64_t first, size_t count,
                        std::optional<int64_t> fence, const PgConnection* db) {
  if (!rows.ok()) {
    if (rows.sqlstate() == pg_state::kForeignKeyViolation) {
      return failed("game " + std::to_string(game) + " does not exist");
    }
    if (rows.sqlstate() == pg_state::kUniqueViolation) {
      return AppendResult{AppendStatus::Conflict, first,
                          "game " + std::to_string(game) + ": seq " + std::to_string(first) +
                              " was taken by another writer"};
    }
    if (db) return failed(*db, rows, "appending events");
    return failed("appending events: " + rows.message());
  }
  const int64_t last = rows.integer(0, 0);
  const int64_t inserted = rows.integer(0, 1);
  if (fence) {
    const int64_t token = rows.integer(0, 2);
    if (token != *fence) return fenced(game, *fence, token);
  }
  if (first != last + 1) return seqConflict(game, first, last);
  if (inserted != static_cast<int64_t>(count)) {
    return failed("game " + std::to_string(game) + ": " + std::to_string(inserted) + " of " +
                  std::to_string(count) + " events were written");
  }
  return AppendResult{};
}

PgStatement appendCall(const std::vector<GameEvent>& events, std::optional<int64_t> fence) {
  PgStatement call{appendStatement(events.size(), fence.has_value()), {}};
  call.params.add(events.front().game).add(events.front().seq - 1);
  if (fence) call.params.add(*fence);
  for (const GameEvent& e : events) {
    call.params.add(e.seq).addBytes(e.type).addBytes(e.payload).add(e.timeMs);
  }
  return call;
}

}  // namespace

AppendResult insertEvents(PgConnection& db, const std::vector<GameEvent>& events,
                          std::optional<int64_t> fence) {
  if (auto bad = notOneAppend(events)) return *bad;
  const PgStatement call = appendCall(events, fence);
  const PgRows rows = db.query(call.sql, call.params);
  return readAppend(rows, events.front().game, events.front().seq, events.size(), fence, &db);
}

std::optional<PipelinedWrite<PgConnection>> pipelinedAppend(const std::vector<GameEvent>& events,
                                                            std::optional<int64_t> fence) {
  if (notOneAppend(events)) return std::nullopt;  // insertEvents says what is wrong
  const int64_t game = events.front().game;
  const int64_t first = events.front().seq;
  const size_t count = events.size();
  return PipelinedWrite<PgConnection>{appendCall(events, fence),
                                      [game, first, count, fence](const PgRows& rows) {
                                        return readAppend(rows, game, first, count, fence, nullptr);
                                      }};
}

}  // namespace tengen::store::postgres_parts
