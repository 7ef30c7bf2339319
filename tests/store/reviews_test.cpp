// Review boards and SGF uploads (Store::createReview … uploadTotalsOf, migrations/0015_reviews.sql)
// in a real SQLite file and a real PostgreSQL database.
#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "backend.h"
#include "store/postgres/postgres_store.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;

class ReviewsStore : public ::testing::TestWithParam<Backend> {
 protected:
  int64_t user(const std::string& name) {
    auto created = store_->createUser(User{0, name, "$argon2id$x", false, 1000});
    EXPECT_TRUE(created && *created) << name;
    return created && *created ? (*created)->id : 0;
  }

  BackendStore store_{GetParam()};
};
TENGEN_ON_BOTH_STORES(ReviewsStore);

TEST_P(ReviewsStore, AReviewKeepsItsTreeNodeAndControllersAcrossASave) {
  const int64_t teacher = user("teacher");
  const int64_t game = store_->createGame(GameSettings{}).value();
  // Bytes an SGF may carry, kept exactly (a NUL and a non-UTF-8 byte included).
  constexpr char kSgf[] = "(;GM[1]SZ[9];B[ee]C[a\0b\xff])";
  const std::string sgf(kSgf, sizeof kSgf - 1);  // the literal's bytes, its NUL included
  ASSERT_EQ(sgf.size(), 26u);
  ReviewRow row;
  row.ownerId = teacher;
  row.gameId = game;
  row.title = "Game 1";
  row.sgf = sgf;
  row.createdMs = 5000;
  const int64_t id = store_->createReview(row).value();
  ASSERT_GT(id, 0);

  auto loaded = store_->loadReview(id).value();
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->sgf, sgf);
  EXPECT_EQ(loaded->ownerName, "teacher");
  EXPECT_EQ(loaded->gameId, game);
  EXPECT_EQ(loaded->currentNode, 0);
  EXPECT_TRUE(loaded->controllers.empty());

  const int64_t student = user("student");
  ReviewRow changed = *loaded;
  changed.sgf = "(;GM[1]SZ[9];B[ee](;W[cc]TR[dd])(;W[gg]))";
  changed.currentNode = 2;
  changed.controllers = {student, teacher + 1000};
  changed.updatedMs = 9000;
  EXPECT_TRUE(store_->saveReview(changed).value());
  auto again = store_->loadReview(id).value();
  ASSERT_TRUE(again);
  EXPECT_EQ(again->sgf, changed.sgf);
  EXPECT_EQ(again->currentNode, 2);
  EXPECT_EQ(again->controllers, (std::vector<int64_t>{student, teacher + 1000}));
  EXPECT_EQ(again->updatedMs, 9000);
  EXPECT_EQ(again->createdMs, 5000);

  changed.id = id + 100;
  EXPECT_FALSE(store_->saveReview(changed).value());  // no such review
  EXPECT_EQ(store_->loadReview(id + 100).value(), std::nullopt);
}

TEST_P(ReviewsStore, ASaveOverAStaleVersionNeverReplacesANewerTree) {
  const int64_t teacher = user("teacher");
  ReviewRow row;
  row.ownerId = teacher;
  row.title = "9x9";
  row.sgf = "(;GM[1]SZ[9])";
  row.createdMs = 5000;
  row.updatedMs = 5000;
  const int64_t id = store_->createReview(row).value();
  const int64_t read = store_->loadReview(id).value()->updatedMs;

  // Node A saves over what it read; the version grows even when the clock says less.
  ReviewRow first = row;
  first.id = id;
  first.sgf = "(;GM[1]SZ[9];B[ee])";
  first.updatedMs = read - 100;
  const auto saved = store_->saveReviewOver(first, read).value();
  ASSERT_TRUE(saved);
  EXPECT_EQ(*saved, read + 1);
  // Node B read the same version before A's save: its tree is refused and A's stays.
  ReviewRow stale = first;
  stale.sgf = "(;GM[1]SZ[9];B[cc])";
  EXPECT_EQ(store_->saveReviewOver(stale, read).value(), std::nullopt);
  EXPECT_EQ(store_->loadReview(id).value()->sgf, first.sgf);
  // Over the version it now reads, B's save goes in.
  EXPECT_TRUE(store_->saveReviewOver(stale, *saved).value());
  EXPECT_EQ(store_->loadReview(id).value()->sgf, stale.sgf);
  stale.id = id + 100;
  EXPECT_EQ(store_->saveReviewOver(stale, *saved).value(), std::nullopt);  // no such review
}

TEST_P(ReviewsStore, UploadsRacingForTheLastPlacesInALibraryNeverPassItsLimits) {
  const int64_t owner = user("collector");
  // Two writers, as two nodes have: on PostgreSQL a second store on the same database.
  std::unique_ptr<Store> second;
  if (GetParam() == Backend::Postgres) {
    auto opened = PostgresStore::open(store_.postgresUrl());
    ASSERT_TRUE(opened) << opened.error().toString();
    second = std::move(*opened);
  }
  Store* writers[] = {store_.get(), second ? second.get() : store_.get()};
  constexpr int kPlaces = 5;
  std::atomic<int> accepted = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int k = 0; k < 6; ++k) {
        UploadRow row{0, owner, "f" + std::to_string(t * 10 + k), "B", "W", 0, "(;GM[1])", 0};
        auto id = writers[t % 2]->createUploadWithin(row, kPlaces, 1'000'000);
        ASSERT_TRUE(id) << id.error().toString();
        if (*id > 0) ++accepted;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(accepted.load(), kPlaces);
  EXPECT_EQ(store_->uploadTotalsOf(owner).value().first, kPlaces);
  // The byte limit too: 8 bytes left of 48 take one more 8-byte file and refuse the next.
  const int64_t other = user("bytes");
  UploadRow row{0, other, "a", "B", "W", 0, std::string(40, 'x'), 0};
  EXPECT_GT(store_->createUploadWithin(row, 100, 48).value(), 0);
  row.sgf = std::string(8, 'y');
  EXPECT_GT(store_->createUploadWithin(row, 100, 48).value(), 0);
  EXPECT_EQ(store_->createUploadWithin(row, 100, 48).value(), 0);
  row.ownerId = other + 1000;  // nobody
  EXPECT_FALSE(store_->createUploadWithin(row, 100, 48));
}

TEST_P(ReviewsStore, ListsByGameAndOwnerAreNewestFirstWithoutTheirTrees) {
  const int64_t alice = user("alice");
  const int64_t bob = user("bob");
  const int64_t game = store_->createGame(GameSettings{}).value();
  const auto create = [&](int64_t owner, int64_t onGame, const char* title) {
    return store_->createReview(ReviewRow{0, owner, "", onGame, title, "(;)", 0, {}, 1, 1}).value();
  };
  const int64_t first = create(alice, game, "first");
  const int64_t second = create(bob, game, "second");
  const int64_t empty = create(alice, 0, "empty board");

  auto ofGame = store_->reviewsOfGame(game, 10).value();
  ASSERT_EQ(ofGame.size(), 2u);
  EXPECT_EQ(ofGame[0].id, second);
  EXPECT_EQ(ofGame[0].ownerName, "bob");
  EXPECT_EQ(ofGame[1].id, first);
  EXPECT_TRUE(ofGame[0].sgf.empty());
  auto ofAlice = store_->reviewsOfOwner(alice, 10).value();
  ASSERT_EQ(ofAlice.size(), 2u);
  EXPECT_EQ(ofAlice[0].id, empty);
  EXPECT_EQ(ofAlice[0].gameId, 0);
  EXPECT_EQ(ofAlice[0].title, "empty board");
  EXPECT_EQ(store_->reviewsOfOwner(alice, 1).value().size(), 1u);
  EXPECT_EQ(store_->countReviewsOf(alice).value(), 2);
  EXPECT_EQ(store_->countReviewsOf(bob).value(), 1);
}

TEST_P(ReviewsStore, AReviewOfAnOwnerOrGameThatDoesNotExistIsRefusedByName) {
  const int64_t alice = user("alice");
  auto noOwner = store_->createReview(ReviewRow{0, alice + 100, "", 0, "t", "(;)", 0, {}, 1, 1});
  ASSERT_FALSE(noOwner);
  EXPECT_NE(noOwner.error().toString().find("does not exist"), std::string::npos);
  auto noGame = store_->createReview(ReviewRow{0, alice, "", 999, "t", "(;)", 0, {}, 1, 1});
  ASSERT_FALSE(noGame);
  EXPECT_NE(noGame.error().toString().find("does not exist"), std::string::npos);
}

TEST_P(ReviewsStore, UploadsAreListedCountedAndDeletedOnlyByTheirOwner) {
  const int64_t alice = user("alice");
  const int64_t bob = user("bob");
  const std::string sgf = "(;GM[1]SZ[19]PB[Honinbo]PW[Gennan];B[pd])";
  UploadRow row{0, alice, "ear-reddening.sgf", "Honinbo", "Gennan", 0, sgf, 7000};
  const int64_t first = store_->createUpload(row).value();
  row.name = "second.sgf";
  const int64_t second = store_->createUpload(row).value();

  auto list = store_->uploadsOf(alice, 10).value();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].id, second);
  EXPECT_EQ(list[1].name, "ear-reddening.sgf");
  EXPECT_EQ(list[1].black, "Honinbo");
  EXPECT_EQ(list[1].sizeBytes, static_cast<int64_t>(sgf.size()));
  EXPECT_TRUE(list[1].sgf.empty());
  auto loaded = store_->loadUpload(first).value();
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->sgf, sgf);
  EXPECT_EQ(store_->uploadTotalsOf(alice).value(),
            (std::pair<int64_t, int64_t>{2, 2 * static_cast<int64_t>(sgf.size())}));

  EXPECT_FALSE(store_->deleteUpload(first, bob).value());  // not bob's
  EXPECT_TRUE(store_->deleteUpload(first, alice).value());
  EXPECT_FALSE(store_->deleteUpload(first, alice).value());  // already gone
  EXPECT_EQ(store_->loadUpload(first).value(), std::nullopt);
  EXPECT_EQ(store_->uploadTotalsOf(alice).value().first, 1);
  EXPECT_EQ(store_->uploadTotalsOf(bob).value(), (std::pair<int64_t, int64_t>{0, 0}));
}

}  // namespace
}  // namespace tengen::store
