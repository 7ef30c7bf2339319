#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "store/sqlite_store.h"

namespace tengen::store::testing {

// A fresh directory under the system temp dir, removed with everything in it on
// destruction: each test gets its own real SQLite files.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Opens (creating) path and fails the test on error.
std::unique_ptr<SqliteStore> openStore(const std::string& path, SqliteStoreOptions options = {});

// A game with default settings; its id.
int64_t newGame(Store& store);

}  // namespace tengen::store::testing
