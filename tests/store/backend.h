#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "store/group_commit_writer.h"
#include "store/store.h"
#include "support/postgres_database.h"
#include "temp_dir.h"

namespace tengen::store::testing {

// The two Store implementations one suite runs against: a real SQLite file and a real
// PostgreSQL database (support/postgres_database.h).
enum class Backend { Sqlite, Postgres };

// "Sqlite" / "Postgres", for the names of parameterised tests and their messages.
std::string backendName(const ::testing::TestParamInfo<Backend>& info);
void PrintTo(Backend backend, std::ostream* out);

// A store of one backend on fresh, empty storage: a new file in a temp directory, or a new
// database dropped again at the end. A failure to set it up fails the test.
class BackendStore {
 public:
  explicit BackendStore(Backend backend);
  ~BackendStore();
  BackendStore(const BackendStore&) = delete;
  BackendStore& operator=(const BackendStore&) = delete;

  Store& operator*() const { return *store_; }
  Store* operator->() const { return store_.get(); }
  Store* get() const { return store_.get(); }
  // Closes the store (completing its queued appends) and opens the same storage again.
  void reopen();
  // Closes the store for good.
  void close() { store_.reset(); }
  // Postgres: the URL of the test's database, for a second store on it (a second node).
  std::string postgresUrl() const;
  // The writer's batches so far: both stores share the group commit writer.
  GroupCommitWriter::Stats writerStats() const;

 private:
  std::unique_ptr<Store> open();

  Backend backend_;
  TempDir dir_;
  std::unique_ptr<test::PostgresDatabase> database_;  // Postgres: the test's own database
  std::unique_ptr<Store> store_;
};

// Runs a TEST_P suite on both backends.
#define TENGEN_ON_BOTH_STORES(suite)                                                       \
  INSTANTIATE_TEST_SUITE_P(Backends, suite,                                                \
                           ::testing::Values(::tengen::store::testing::Backend::Sqlite,    \
                                             ::tengen::store::testing::Backend::Postgres), \
                           ::tengen::store::testing::backendName)

}  // namespace tengen::store::testing
