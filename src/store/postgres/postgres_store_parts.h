#pragma once

// What the files of PostgresStore (postgres_store*.cpp) share. Included by those files only.

#include <optional>
#include <string>
#include <string_view>

#include "store/postgres/pg_connection.h"
#include "store/store_parts.h"

namespace tengen::store::postgres_parts {

using parts::failed;
using parts::fenced;
using parts::notOneAppend;
using parts::nowMs;
using parts::seqConflict;

// A failed statement as a write job's result, saying what we were doing.
inline AppendResult failed(const PgConnection& db, const PgRows& rows, std::string_view doing) {
  return failed(db.error(rows, doing));
}

// A LIMIT parameter: NULL, which PostgreSQL takes as no limit, for a negative one (as SQLite
// takes "LIMIT -1").
inline std::optional<int64_t> noLimitIfNegative(int limit) {
  return limit < 0 ? std::nullopt : std::optional<int64_t>(limit);
}

}  // namespace tengen::store::postgres_parts
