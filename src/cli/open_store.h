#pragma once

#include <memory>
#include <string>

#include "base/result.h"
#include "store/store.h"

namespace tengen::cli {

// Whether a --db value names a PostgreSQL database (postgres:// or postgresql://).
bool isPostgresUrl(const std::string& db);

// `--db`: a postgres:// or postgresql:// URL opens PostgresStore (several nodes on one
// database, docs/scaling.md); anything else is an SQLite file path, the single-node default.
Result<std::unique_ptr<store::Store>> openStore(const std::string& db);

// The --db value as it may appear in messages and logs: a URL's password replaced by "***".
std::string describeDb(const std::string& db);

}  // namespace tengen::cli
