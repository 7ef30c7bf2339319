// Moderation's storage (Store::setBlock, reports, applyModeration and the log;
// migrations/0011_moderation.sql, postgres/migrations/0005_moderation.sql) in a real SQLite
// file and a real PostgreSQL database: each action applied and logged together, or neither.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "backend.h"
#include "support/typed_settings.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;

class Moderation : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};
  int64_t alice_ = user("alice");
  int64_t bob_ = user("bob");
  int64_t mod_ = user("mo");

  int64_t user(const std::string& name) {
    auto created = store_->createUser(User{0, name, "$argon2id$x", false, 1000});
    EXPECT_TRUE(created && *created);
    return created && *created ? (*created)->id : 0;
  }
  ModerationAction action(ModerationKind kind, int64_t user, std::string reason = "why") {
    ModerationAction a;
    a.moderator = {mod_, "mo"};
    a.kind = kind;
    a.user.id = user;
    a.reason = std::move(reason);
    return a;
  }
  ModerationOutcome apply(const ModerationAction& a) {
    auto result = store_->applyModeration(a);
    EXPECT_TRUE(result) << (result ? "" : result.error().toString());
    return result ? result->outcome : ModerationOutcome::UnknownTarget;
  }
  double ratingIn(int64_t user, const std::string& category, int64_t* games = nullptr) {
    const std::vector<CategoryRating> ratings = store_->ratingsOf(user).value();
    for (const CategoryRating& r : ratings) {
      if (r.category != category) continue;
      if (games) *games = r.games;
      return r.rating;
    }
    return -1;
  }
  // A rated 9x9 game of alice (Black) and bob that Black won by `points` rating points.
  int64_t ratedGame(double points) {
    GameSettings settings;
    settings.size = 9;
    settings.blackUserId = alice_;
    settings.whiteUserId = bob_;
    settings.status = game::GameStatus::Playing;
    settings.rated = true;
    const int64_t id = store_->createGame(settings).value();
    RatedGame rating{
        alice_, bob_, {"overall"}, [points](const CategoryRating& b, const CategoryRating& w) {
          CategoryRating black = b, white = w;
          black.rating += points;
          white.rating -= points;
          return std::pair{black, white};
        }};
    EXPECT_TRUE(
        store_->finishGame(id, game::GameStatus::Finished, resultOf("B+R"), rating).value());
    return id;
  }
};

TENGEN_ON_BOTH_STORES(Moderation);

TEST_P(Moderation, ABlockIsSavedOnceListedByNameAndLifted) {
  EXPECT_TRUE(store_->setBlock(alice_, bob_, true).value());
  EXPECT_FALSE(store_->setBlock(alice_, bob_, true).value());  // already blocked
  EXPECT_TRUE(store_->setBlock(alice_, mod_, true).value());
  EXPECT_EQ(store_->blockedBy(alice_).value(), (std::vector<UserRef>{{bob_, "bob"}, {mod_, "mo"}}));
  EXPECT_TRUE(store_->blockedBy(bob_).value().empty());  // one way only
  EXPECT_EQ(store_->allBlocks().value().size(), 2u);
  EXPECT_TRUE(store_->setBlock(alice_, bob_, false).value());
  EXPECT_FALSE(store_->setBlock(alice_, bob_, false).value());
  store_.reopen();
  EXPECT_EQ(store_->blockedBy(alice_).value(), (std::vector<UserRef>{{mod_, "mo"}}));
}

TEST_P(Moderation, NobodyBlocksThemselfOrAnUnknownUser) {
  EXPECT_FALSE(store_->setBlock(alice_, alice_, true));
  EXPECT_FALSE(store_->setBlock(alice_, 9999, true));
  EXPECT_TRUE(store_->blockedBy(alice_).value().empty());
}

TEST_P(Moderation, TheModeratorRoleIsGrantedOnceAndRevokedAndBothAreLogged) {
  EXPECT_TRUE(store_->rolesOf(bob_).value().empty());
  EXPECT_EQ(apply(action(ModerationKind::Grant, bob_)), ModerationOutcome::Done);
  EXPECT_EQ(apply(action(ModerationKind::Grant, bob_)), ModerationOutcome::NothingToDo);
  EXPECT_EQ(store_->rolesOf(bob_).value(), std::vector<Role>{Role::Moderator});
  EXPECT_EQ(apply(action(ModerationKind::Grant, 9999)), ModerationOutcome::UnknownTarget);
  EXPECT_EQ(apply(action(ModerationKind::Revoke, bob_, "stepped down")), ModerationOutcome::Done);
  EXPECT_TRUE(store_->rolesOf(bob_).value().empty());
  const auto log = store_->moderationLog(10).value();
  ASSERT_EQ(log.size(), 2u);  // the refused and the idle ones left no line
  EXPECT_EQ(log[0].kind, ModerationKind::Revoke);
  EXPECT_EQ(log[0].user, (UserRef{bob_, "bob"}));
  EXPECT_EQ(log[0].moderator, (UserRef{mod_, "mo"}));
  EXPECT_EQ(log[0].reason, "stepped down");
  EXPECT_GT(log[0].atMs, 0);
  EXPECT_EQ(log[1].kind, ModerationKind::Grant);
}

TEST_P(Moderation, AMuteIsInForceUntilItsEndOrUntilLifted) {
  ModerationAction mute = action(ModerationKind::Mute, bob_, "insults");
  mute.atMs = 1'000'000;
  mute.untilMs = 2'000'000;
  EXPECT_EQ(apply(mute), ModerationOutcome::Done);
  const auto during = store_->restrictionOf(bob_, Restriction::Mute, 1'500'000).value();
  ASSERT_TRUE(during);
  EXPECT_EQ(*during, (RestrictionRow{bob_, Restriction::Mute, 2'000'000, "insults", 1'000'000}));
  EXPECT_FALSE(store_->restrictionOf(bob_, Restriction::Mute, 2'000'000).value());
  EXPECT_FALSE(store_->restrictionOf(bob_, Restriction::Ban, 1'500'000).value());
  EXPECT_EQ(store_->restrictionsInForce(1'500'000).value().size(), 1u);
  EXPECT_TRUE(store_->restrictionsInForce(2'000'001).value().empty());
  EXPECT_EQ(apply(action(ModerationKind::Unmute, bob_)), ModerationOutcome::Done);
  EXPECT_EQ(apply(action(ModerationKind::Unmute, bob_)), ModerationOutcome::NothingToDo);
  EXPECT_FALSE(store_->restrictionOf(bob_, Restriction::Mute, 1'500'000).value());
}

TEST_P(Moderation, ABanEndsEveryLoginSessionOfTheUserAndLastsUntilLifted) {
  ASSERT_TRUE(store_->createSession(Session{"hash-1", bob_, INT64_MAX / 2}));
  ASSERT_TRUE(store_->createSession(Session{"hash-2", bob_, INT64_MAX / 2}));
  ASSERT_TRUE(store_->createSession(Session{"hash-3", alice_, INT64_MAX / 2}));
  auto banned = store_->applyModeration(action(ModerationKind::Ban, bob_, "cheating"));
  ASSERT_TRUE(banned);
  EXPECT_EQ(banned->outcome, ModerationOutcome::Done);
  std::vector<std::string> ended = banned->endedSessions;
  std::sort(ended.begin(), ended.end());
  EXPECT_EQ(ended, (std::vector<std::string>{"hash-1", "hash-2"}));
  EXPECT_FALSE(store_->findSession("hash-1", 0).value());
  EXPECT_TRUE(store_->findSession("hash-3", 0).value());
  const auto ban = store_->restrictionOf(bob_, Restriction::Ban, INT64_MAX / 2).value();
  ASSERT_TRUE(ban);
  EXPECT_EQ(ban->untilMs, 0);
  EXPECT_EQ(ban->reason, "cheating");
  EXPECT_EQ(apply(action(ModerationKind::Unban, bob_)), ModerationOutcome::Done);
  EXPECT_FALSE(store_->restrictionOf(bob_, Restriction::Ban, 0).value());
}

TEST_P(Moderation, ReportsWaitInTheQueueOldestFirstUntilResolvedOnce) {
  GameSettings settings;
  settings.size = 9;
  settings.status = game::GameStatus::Open;
  const int64_t game = store_->createGame(settings).value();
  Report first;
  first.reporter.id = alice_;
  first.user.id = bob_;
  first.gameId = game;
  first.reason = ReportReason::Insults;
  first.text = "called me names";
  first.createdMs = 5000;
  const int64_t firstId = store_->createReport(first).value();
  Report second = first;
  second.gameId = 0;
  second.reason = ReportReason::OffensiveName;
  second.text = "";
  second.createdMs = 6000;
  const int64_t secondId = store_->createReport(second).value();
  EXPECT_EQ(store_->reportsSince(alice_, 5000).value(), 2);
  EXPECT_EQ(store_->reportsSince(alice_, 5001).value(), 1);
  EXPECT_EQ(store_->reportsSince(bob_, 0).value(), 0);

  auto queue = store_->listReports(false, 10).value();
  ASSERT_EQ(queue.size(), 2u);
  EXPECT_EQ(queue[0].id, firstId);
  EXPECT_EQ(queue[0].reporter, (UserRef{alice_, "alice"}));
  EXPECT_EQ(queue[0].user, (UserRef{bob_, "bob"}));
  EXPECT_EQ(queue[0].gameId, game);
  EXPECT_EQ(queue[0].reason, ReportReason::Insults);
  EXPECT_EQ(queue[0].text, "called me names");
  EXPECT_EQ(queue[1].gameId, 0);
  EXPECT_EQ(queue[1].reason, ReportReason::OffensiveName);

  ModerationAction resolve = action(ModerationKind::Resolve, 0, "warned him");
  resolve.reportId = firstId;
  EXPECT_EQ(apply(resolve), ModerationOutcome::Done);
  EXPECT_EQ(apply(resolve), ModerationOutcome::NothingToDo);
  resolve.reportId = 9999;
  EXPECT_EQ(apply(resolve), ModerationOutcome::UnknownTarget);
  queue = store_->listReports(false, 10).value();
  ASSERT_EQ(queue.size(), 1u);
  EXPECT_EQ(queue[0].id, secondId);
  const auto resolved = store_->listReports(true, 10).value();
  ASSERT_EQ(resolved.size(), 1u);
  EXPECT_EQ(resolved[0].resolvedBy, (UserRef{mod_, "mo"}));
  EXPECT_EQ(resolved[0].resolution, "warned him");
  EXPECT_GT(resolved[0].resolvedMs, 0);

  Report unknown = first;
  unknown.user.id = 9999;
  EXPECT_FALSE(store_->createReport(unknown));
}

TEST_P(Moderation, AnnullingAGameTakesBackItsRatingChangeAndCountsItNoMore) {
  const int64_t first = ratedGame(10);  // alice 1510, bob 1490
  const int64_t second = ratedGame(7);  // alice 1517, bob 1483
  ModerationAction annul = action(ModerationKind::Annul, 0, "sandbagging");
  annul.gameId = first;
  EXPECT_EQ(apply(annul), ModerationOutcome::Done);
  int64_t games = 0;
  EXPECT_DOUBLE_EQ(ratingIn(alice_, "overall", &games), 1507);
  EXPECT_EQ(games, 1);
  EXPECT_DOUBLE_EQ(ratingIn(bob_, "overall"), 1493);
  const auto history = store_->ratingHistory(alice_, 10).value();
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0].gameId, second);
  EXPECT_DOUBLE_EQ(history[0].rating, 1507);  // the graph ends at the rating again
  EXPECT_FALSE(store_->loadGame(first).value()->settings.rated);
  EXPECT_EQ(apply(annul), ModerationOutcome::NothingToDo);  // not taken back twice
  EXPECT_DOUBLE_EQ(ratingIn(alice_, "overall"), 1507);

  annul.gameId = second;  // the last game: back to where both started
  EXPECT_EQ(apply(annul), ModerationOutcome::Done);
  EXPECT_DOUBLE_EQ(ratingIn(alice_, "overall", &games), 1500);
  EXPECT_EQ(games, 0);

  GameSettings settings;
  settings.size = 9;
  settings.status = game::GameStatus::Playing;
  annul.gameId = store_->createGame(settings).value();
  EXPECT_EQ(apply(annul), ModerationOutcome::GameNotOver);
  annul.gameId = 9999;
  EXPECT_EQ(apply(annul), ModerationOutcome::UnknownTarget);
  const auto log = store_->moderationLog(10).value();
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[0].gameId, second);
  EXPECT_EQ(log[1].gameId, first);
  EXPECT_EQ(log[1].reason, "sandbagging");
}

}  // namespace
}  // namespace tengen::store
