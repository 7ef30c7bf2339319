#pragma once

// A database of its own for one test, on the PostgreSQL server ctest's "postgres" fixture
// starts (scripts/postgres.sh), which the TENGEN_TEST_POSTGRES environment variable
// names. Created empty, dropped at the end with whatever connections are still open to it.

#include <string>

namespace tengen::test {

class PostgresDatabase {
 public:
  // On failure (no server, or TENGEN_TEST_POSTGRES unset because the test was started outside
  // ctest) ok() is false and error() says why; the test should fail with it.
  PostgresDatabase();
  ~PostgresDatabase();
  PostgresDatabase(const PostgresDatabase&) = delete;
  PostgresDatabase& operator=(const PostgresDatabase&) = delete;

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  // A postgresql:// URL of this database, for PostgresStore::open or `tengen serve --db`.
  std::string url() const;

 private:
  std::string name_;
  std::string error_;
};

}  // namespace tengen::test
