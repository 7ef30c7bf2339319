// Vacation banks (Store::vacationOf / saveVacation / vacationsUnderway,
// migrations/0007_vacations.sql) in a real SQLite file, across a reopen.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "temp_dir.h"

namespace tengen::store {
namespace {

using testing::openStore;
using testing::TempDir;

int64_t createUser(SqliteStore& store, const std::string& name) {
  auto user = store.createUser(User{0, name, "$argon2id$x", false, 1000});
  EXPECT_TRUE(user && *user) << name;
  return user && *user ? (*user)->id : 0;
}

TEST(Vacations, NoRowUntilTheFirstSaveThenTheLastSaveSurvivesAReopen) {
  TempDir dir;
  int64_t alice = 0;
  int64_t bob = 0;
  const Vacation away{864'000'000, 1'796'000'000'000, 1'796'000'000'000};
  const Vacation back{600'000'000, 1'796'264'000'000, std::nullopt};
  {
    auto store = openStore(dir.file("vacations.db"));
    alice = createUser(*store, "alice");
    bob = createUser(*store, "bob");
    EXPECT_EQ(store->vacationOf(alice).value(), std::nullopt);
    ASSERT_TRUE(store->saveVacation(alice, away));
    ASSERT_TRUE(store->saveVacation(bob, away));
    EXPECT_EQ(store->vacationOf(alice).value(), away);
    ASSERT_TRUE(store->saveVacation(bob, back));  // replaces the row: no second one
  }
  auto store = openStore(dir.file("vacations.db"));
  EXPECT_EQ(store->vacationOf(alice).value(), away);
  EXPECT_EQ(store->vacationOf(bob).value(), back);
  const std::vector<std::pair<int64_t, Vacation>> underway{{alice, away}};
  EXPECT_EQ(store->vacationsUnderway().value(), underway);
}

TEST(Vacations, AnUnknownUserIsAnErrorAndWritesNothing) {
  TempDir dir;
  auto store = openStore(dir.file("vacations.db"));
  auto saved = store->saveVacation(4242, Vacation{1, 2, 2});
  ASSERT_FALSE(saved);
  EXPECT_NE(saved.error().toString().find("does not exist"), std::string::npos)
      << saved.error().toString();
  EXPECT_TRUE(store->vacationsUnderway().value().empty());
}

}  // namespace
}  // namespace tengen::store
