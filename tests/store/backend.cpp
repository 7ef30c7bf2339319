#include "backend.h"

#include <ostream>

#include "store/postgres/postgres_store.h"
#include "store/sqlite_store.h"

namespace tengen::store::testing {

std::string backendName(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::Sqlite ? "Sqlite" : "Postgres";
}

void PrintTo(Backend backend, std::ostream* out) {
  *out << (backend == Backend::Sqlite ? "Sqlite" : "Postgres");
}

BackendStore::BackendStore(Backend backend) : backend_(backend) {
  if (backend_ == Backend::Postgres) {
    database_ = std::make_unique<test::PostgresDatabase>();
    if (!database_->ok()) {
      ADD_FAILURE() << database_->error();
      return;
    }
  }
  store_ = open();
}

BackendStore::~BackendStore() { store_.reset(); }

std::unique_ptr<Store> BackendStore::open() {
  if (backend_ == Backend::Sqlite) {
    auto store = SqliteStore::open(dir_.file("store.db"));
    if (store) return std::move(*store);
    ADD_FAILURE() << "opening SQLite: " << store.error().toString();
    return nullptr;
  }
  if (!database_ || !database_->ok()) return nullptr;
  auto store = PostgresStore::open(database_->url());
  if (store) return std::move(*store);
  ADD_FAILURE() << "opening PostgreSQL: " << store.error().toString();
  return nullptr;
}

std::string BackendStore::postgresUrl() const { return database_ ? database_->url() : ""; }

void BackendStore::reopen() {
  store_.reset();
  store_ = open();
}

GroupCommitWriter::Stats BackendStore::writerStats() const {
  if (auto* sqlite = dynamic_cast<SqliteStore*>(store_.get())) return sqlite->writerStats();
  if (auto* postgres = dynamic_cast<PostgresStore*>(store_.get())) {
    const auto stats = postgres->writerStats();
    return {stats.commits, stats.jobs, stats.largestBatch, stats.redone, stats.pipelined};
  }
  return {};
}

}  // namespace tengen::store::testing
