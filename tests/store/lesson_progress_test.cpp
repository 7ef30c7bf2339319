// The record of finished lessons (Store::recordLessonDone / lessonsDone,
// migrations/0004_lesson_progress.sql) in a real SQLite file.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "backend.h"
#include "temp_dir.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;
using testing::openStore;
using testing::TempDir;

class LessonProgress : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};

  int64_t create(const std::string& name) {
    auto user = store_->createUser(User{0, name, "$argon2id$x", false, 1000});
    EXPECT_TRUE(user && *user) << name;
    return user && *user ? (*user)->id : 0;
  }
};

TENGEN_ON_BOTH_STORES(LessonProgress);

TEST_P(LessonProgress, KeepsEachUsersLessonsInTheOrderFinishedAndOnceEach) {
  const int64_t alice = create("alice");
  const int64_t bob = create("bob");
  ASSERT_TRUE(store_->recordLessonDone(alice, "stones"));
  ASSERT_TRUE(store_->recordLessonDone(alice, "capture"));
  ASSERT_TRUE(store_->recordLessonDone(alice, "stones"));
  ASSERT_TRUE(store_->recordLessonDone(bob, "ko"));
  const auto aliceDone = store_->lessonsDone(alice).value();
  ASSERT_EQ(aliceDone.size(), 2u);
  EXPECT_EQ(std::set<std::string>(aliceDone.begin(), aliceDone.end()),
            (std::set<std::string>{"stones", "capture"}));
  EXPECT_EQ(store_->lessonsDone(bob).value(), std::vector<std::string>{"ko"});
  EXPECT_TRUE(store_->lessonsDone(12345).value().empty());
}

TEST_P(LessonProgress, AnUnknownUserIsAnError) {
  auto recorded = store_->recordLessonDone(12345, "stones");
  ASSERT_FALSE(recorded);
  EXPECT_EQ(recorded.error().message, "user 12345 does not exist");
}

TEST_P(LessonProgress, SurvivesReopeningTheStore) {
  const int64_t alice = create("alice");
  ASSERT_TRUE(store_->recordLessonDone(alice, "seki"));
  store_.reopen();
  EXPECT_EQ(store_->lessonsDone(alice).value(), std::vector<std::string>{"seki"});
}

}  // namespace
}  // namespace tengen::store
