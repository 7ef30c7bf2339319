#include "support/postgres_database.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>

#include "store/postgres/pg_connection.h"

namespace tengen::test {

namespace {

std::string serverUrl() {
  const char* url = std::getenv("TENGEN_TEST_POSTGRES");
  return url ? url : "";
}

Result<void> onServer(const std::string& sql) {
  auto admin = store::PgConnection::open(serverUrl());
  if (!admin) return std::unexpected(admin.error());
  return (*admin)->exec(sql);
}

}  // namespace

PostgresDatabase::PostgresDatabase() {
  if (serverUrl().empty()) {
    error_ =
        "TENGEN_TEST_POSTGRES is not set: run this test through ctest, whose postgres fixture "
        "starts the server (scripts/postgres.sh)";
    return;
  }
  static std::atomic<int> counter{0};
  name_ = "tengen_test_" + std::to_string(getpid()) + "_" + std::to_string(++counter);
  if (auto created = onServer("CREATE DATABASE " + name_); !created) {
    error_ = "creating " + name_ + ": " + created.error().toString();
  }
}

PostgresDatabase::~PostgresDatabase() {
  if (ok()) (void)onServer("DROP DATABASE " + name_ + " WITH (FORCE)");
}

// A later dbname in a URL's query overrides the path's.
std::string PostgresDatabase::url() const { return serverUrl() + "&dbname=" + name_; }

}  // namespace tengen::test
