#include "temp_dir.h"
#include "support/typed_settings.h"

#include <gtest/gtest.h>
#include <stdlib.h>

namespace tengen::store::testing {

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "tengen_store_XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::unique_ptr<SqliteStore> openStore(const std::string& path, SqliteStoreOptions options) {
  auto store = SqliteStore::open(path, options);
  if (!store) {
    ADD_FAILURE() << "open " << path << ": " << store.error().toString();
    return nullptr;
  }
  return std::move(*store);
}

int64_t newGame(Store& store) {
  GameSettings settings;
  settings.rules = rulesOf("tromp-taylor suicide=forbidden");
  settings.colourChoice = game::ColourChoice::Nigiri;
  auto id = store.createGame(settings);
  if (!id) {
    ADD_FAILURE() << "createGame: " << id.error().toString();
    return 0;
  }
  return *id;
}

}  // namespace tengen::store::testing
