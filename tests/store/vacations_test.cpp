// Vacation banks (Store::vacationOf / saveVacation / vacationsUnderway,
// migrations/0007_vacations.sql) in a real SQLite file and a real
// PostgreSQL database, across a reopen.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "backend.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;

class Vacations : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};
};
TENGEN_ON_BOTH_STORES(Vacations);

int64_t createUser(Store& store, const std::string& name) {
  auto user = store.createUser(User{0, name, "$argon2id$x", false, 1000});
  EXPECT_TRUE(user && *user) << name;
  return user && *user ? (*user)->id : 0;
}

TEST_P(Vacations, NoRowUntilTheFirstSaveThenTheLastSaveSurvivesAReopen) {
  const Vacation away{864'000'000, 1'796'000'000'000, 1'796'000'000'000};
  const Vacation back{600'000'000, 1'796'264'000'000, std::nullopt};
  const int64_t alice = createUser(*store_, "alice");
  const int64_t bob = createUser(*store_, "bob");
  EXPECT_EQ(store_->vacationOf(alice).value(), std::nullopt);
  ASSERT_TRUE(store_->saveVacation(alice, away));
  ASSERT_TRUE(store_->saveVacation(bob, away));
  EXPECT_EQ(store_->vacationOf(alice).value(), away);
  ASSERT_TRUE(store_->saveVacation(bob, back));  // replaces the row: no second one
  store_.reopen();
  EXPECT_EQ(store_->vacationOf(alice).value(), away);
  EXPECT_EQ(store_->vacationOf(bob).value(), back);
  const std::vector<std::pair<int64_t, Vacation>> underway{{alice, away}};
  EXPECT_EQ(store_->vacationsUnderway().value(), underway);
}

TEST_P(Vacations, AnUnknownUserIsAnErrorAndWritesNothing) {
  auto saved = store_->saveVacation(4242, Vacation{1, 2, 2});
  ASSERT_FALSE(saved);
  EXPECT_NE(saved.error().toString().find("does not exist"), std::string::npos)
      << saved.error().toString();
  EXPECT_TRUE(store_->vacationsUnderway().value().empty());
}

}  // namespace
}  // namespace tengen::store
