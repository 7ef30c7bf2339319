#include "cli/open_store.h"

#include <regex>

#include "store/postgres/postgres_store.h"
#include "store/sqlite_store.h"

namespace tengen::cli {

bool isPostgresUrl(const std::string& db) {
  return db.starts_with("postgres://") || db.starts_with("postgresql://");
}

Result<std::unique_ptr<store::Store>> openStore(const std::string& db) {
  if (isPostgresUrl(db)) {
    auto store = store::PostgresStore::open(db);
    if (!store) return std::unexpected(store.error());
    return std::unique_ptr<store::Store>(std::move(*store));
  }
  auto store = store::SqliteStore::open(db);
  if (!store) return std::unexpected(store.error());
  return std::unique_ptr<store::Store>(std::move(*store));
}

std::string describeDb(const std::string& db) {
  if (!isPostgresUrl(db)) return db;
  // scheme://user:password@host... -> scheme://user:***@host...
  static const std::regex password(R"(^(postgres(?:ql)?://[^:/@]*):[^@]*@)");
  std::string shown = std::regex_replace(db, password, "$1:***@");
  // ...and a password=... query parameter.
  static const std::regex parameter(R"(([?&]password=)[^&]*)");
  return std::regex_replace(shown, parameter, "$1***");
}

}  // namespace tengen::cli
