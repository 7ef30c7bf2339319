// Engine reviews on the real site (docs/protocol.md "Engine review"): a finished game reviewed
// once at a fixed budget, its progress pushed to whoever follows it, the result stored and
// served from the store to everyone later, in the SGF export too; the per-user limit; the
// wrong questions refused saying why; and a live bot's reply not held up by queued reviews.
#include <gtest/gtest.h>
#include <boost/json/serialize.hpp>

#include "sgf/game_record.h"
#include "site/analysis/review_sgf.h"
#include "site_bot_test_support.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

constexpr int kQuickPlayouts = 24;

json::object review(SiteClient& client, int64_t gameId, bool start) {
  return client.request(
      json::object{{"type", "engine_review"}, {"gameId", gameId}, {"start", start}});
}

class SiteEngineReview : public SiteFixture {
 protected:
  void configure(SiteOptions& options) override { options.reviewPlayouts = playouts_; }
  int64_t finished(SiteClient& black, SiteClient& white,
                   std::string_view moves = "B E5 W C3 B G3 W C7 B G7 W D5") {
    const int64_t game = startGame(black, white, liveTable());
    play(black, white, game, moves);
    EXPECT_EQ(verdict(command(white, game, "resign")), "ok");
    return game;
  }
  int playouts_ = kQuickPlayouts;
};

TEST_F(SiteEngineReview, AFinishedGameIsReviewedOnceFollowedLiveAndThenServedFromTheStore) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  auto carol = connect(registered("carol"));  // looks on
  const int64_t game = finished(*alice, *bob);
  EXPECT_EQ(get("/api/games/" + std::to_string(game) + "/sgf?review=1").status, 404);

  const json::object none = review(*carol, game, false);
  ASSERT_EQ(text(none, "type"), "engine_review") << json::serialize(none);
  EXPECT_EQ(text(none, "status"), "none");

  const json::object queued = review(*alice, game, true);
  ASSERT_EQ(text(queued, "type"), "engine_review") << json::serialize(queued);
  EXPECT_TRUE(text(queued, "status") == "queued" || text(queued, "status") == "running");
  EXPECT_EQ(integer(queued, "total"), 7);  // six moves: seven positions
  EXPECT_EQ(integer(queued, "playouts"), kQuickPlayouts);
  // Carol follows it from now on, as anyone who opens the game does.
  const json::object followed = review(*carol, game, false);
  EXPECT_NE(text(followed, "status"), "none") << json::serialize(followed);

  // Alice hears of every position in order, then of the whole review.
  int64_t expected = 0;
  for (;;) {
    auto pushed = alice->waitFor(
        [&](const json::object& m) {
          return text(m, "type") == "engine_review_progress" ||
                 (text(m, "type") == "engine_review" && !m.contains("id"));
        },
        std::chrono::seconds(60));
    ASSERT_TRUE(pushed);
    if (text(*pushed, "type") == "engine_review") {
      ASSERT_EQ(text(*pushed, "status"), "done") << json::serialize(*pushed);
      break;
    }
    const json::object& position = pushed->at("position").as_object();
    EXPECT_EQ(integer(position, "moveNumber"), expected++);
    EXPECT_EQ(integer(*pushed, "total"), 7);
  }
  EXPECT_EQ(expected, 7);
  auto carolDone = carol->waitFor(
      [](const json::object& m) { return text(m, "type") == "engine_review" && !m.contains("id"); },
      std::chrono::seconds(10));
  ASSERT_TRUE(carolDone);
  EXPECT_EQ(text(*carolDone, "status"), "done");

  // Stored: every position, Black first, the bot's move a point of the board.
  auto stored = store_->engineReviewOf(game, kQuickPlayouts).value();
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->positions.size(), 7u);
  for (size_t k = 0; k < stored->positions.size(); ++k) {
    const store::EngineReviewPosition& position = stored->positions[k];
    EXPECT_EQ(position.moveNumber, static_cast<int64_t>(k));
    EXPECT_EQ(position.blackToMove, k % 2 == 0) << k;
    EXPECT_GE(position.blackWinRate, 0.0);
    EXPECT_LE(position.blackWinRate, 1.0);
    EXPECT_FALSE(position.bestMove.empty()) << k;
  }
  // Empty board, 7.5 komi and no stone owned: the score is the komi.
  EXPECT_EQ(stored->positions[0].blackMargin, -7.5);

  // Bob asks later, even to start it: the stored review, not a second one.
  const json::object later = review(*bob, game, true);
  EXPECT_EQ(text(later, "status"), "done") << json::serialize(later);
  ASSERT_EQ(later.at("positions").as_array().size(), 7u);
  EXPECT_TRUE(later.at("turningPoints").is_array());
  EXPECT_EQ(later.at("positions").as_array()[3].at("bestMove"),
            json::value(stored->positions[3].bestMove));
  EXPECT_FALSE(bob->queued(
      [](const json::object& m) { return text(m, "type") == "engine_review_progress"; }));

  // The SGF export carries it, and reads back with the project's SGF reader.
  auto sgf = get("/api/games/" + std::to_string(game) + "/sgf?review=1");
  ASSERT_EQ(sgf.status, 200) << sgf.body;
  const std::string first = reviewComment(stored->positions[1], stored->positions[0].bestMove);
  EXPECT_NE(sgf.body.find("C[" + first + "]"), std::string::npos) << sgf.body;
  EXPECT_EQ(first.rfind("B win ", 0), 0u) << first;
  auto loaded = sgf::loadGame(sgf.body);
  ASSERT_TRUE(loaded) << loaded.error().toString();
  EXPECT_EQ(loaded->movesInFile, 6);
  EXPECT_EQ(loaded->game.moves().size(), 6u);
  // Without ?review=1 the record is as before.
  EXPECT_EQ(get("/api/games/" + std::to_string(game) + "/sgf").body.find("B win"),
            std::string::npos);
}

class SiteEngineReviewSlow : public SiteEngineReview {
 protected:
  // Reviews of about a second per position: they stay underway for the whole test.
  void SetUp() override {
    playouts_ = 30'000;
    SiteEngineReview::SetUp();
  }
};

TEST_F(SiteEngineReviewSlow, AUserMayHaveTwoReviewsUnderwayAndIsRefusedAThirdByCode) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t first = finished(*alice, *bob);
  const int64_t second = finished(*alice, *bob);
  const int64_t third = finished(*alice, *bob);
  EXPECT_EQ(text(review(*alice, first, true), "type"), "engine_review");
  EXPECT_EQ(text(review(*alice, second, true), "type"), "engine_review");
  const json::object refused = review(*alice, third, true);
  EXPECT_EQ(text(refused, "code"), "review_limit") << json::serialize(refused);
  EXPECT_NE(text(refused, "message").find("2 engine reviews"), std::string::npos);
  // Following one underway costs no place; another user may start the third.
  EXPECT_NE(text(review(*alice, first, true), "status"), "none");
  const json::object bobs = review(*bob, third, true);
  EXPECT_EQ(text(bobs, "type"), "engine_review") << json::serialize(bobs);
}

TEST_F(SiteEngineReview, WrongQuestionsAreRefusedSayingWhy) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t open = createTable(*alice, liveTable());
  EXPECT_EQ(text(review(*alice, open, true), "code"), "wrong_phase");
  EXPECT_EQ(text(review(*alice, open + 1000, true), "code"), "not_found");
  const int64_t playing = startGame(*alice, *bob, liveTable());
  play(*alice, *bob, playing, "B E5 W C3");
  const json::object during = review(*bob, playing, true);
  EXPECT_EQ(text(during, "code"), "wrong_phase");
  EXPECT_EQ(text(during, "message"), "only a finished game can be reviewed");
  const int64_t empty = startGame(*alice, *bob, liveTable());
  ASSERT_EQ(verdict(command(*alice, empty, "resign")), "ok");
  EXPECT_EQ(text(review(*bob, empty, true), "code"), "nothing_to_review");
  // A refusal gives the place back: three refusals, and a review may still be asked.
  const int64_t game = finished(*alice, *bob);
  auto anonymous = connectAnonymous();
  EXPECT_EQ(text(review(*anonymous, game, true), "code"), "not_logged_in");
  EXPECT_EQ(text(review(*anonymous, game, false), "status"), "none");
  const json::object typo =
      alice->request(json::object{{"type", "engine_review"}, {"gameId", game}, {"start", "yes"}});
  EXPECT_EQ(text(typo, "code"), "bad_request");
  EXPECT_EQ(text(typo, "message"), "start must be true or false");
  EXPECT_EQ(text(review(*bob, game, true), "type"), "engine_review");
}

// A bot game's reply is not held up by reviews queued and running: they run on their own
// idle-priority thread, never in the bots' pool (one thread here), where a queued review
// would have to finish before the bot could answer.
class SiteEngineReviewBeside : public BotSiteFixture {
 protected:
  std::vector<BotSpec> bots() override { return {quickBuiltin("Tengen Quick", 50)}; }
  void configure(SiteOptions& options) override {
    BotSiteFixture::configure(options);
    options.reviewPlayouts = 30'000;  // about a second per position: underway all test long
  }
};

TEST_F(SiteEngineReviewBeside, ABotGamesRepliesArriveWhileReviewsAreQueued) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  std::vector<int64_t> games;
  for (int i = 0; i < 2; ++i) {
    const int64_t game = startGame(*alice, *bob, liveTable());
    play(*alice, *bob, game, "B E5 W C3 B G3");
    ASSERT_EQ(verdict(command(*bob, game, "resign")), "ok");
    games.push_back(game);
  }
  for (int64_t game : games) {
    ASSERT_EQ(text(review(*alice, game, true), "type"), "engine_review");
  }
  const TestUser user = guest();
  auto human = connect(user);
  const int64_t botGame =
      challengeOk(*human, "Tengen Quick",
                  {{"size", 9}, {"rules", "chinese"}, {"komi", 7}, {"colour", "white"}});
  ASSERT_NE(botGame, 0);
  PlayedGame played =
      playAgainstBot(*this, *human, botGame, "white", 6, std::chrono::seconds(30), true);
  EXPECT_GE(played.botMoves, 4) << json::serialize(played.state);
  // And the reviews were still underway all along.
  const json::object still = review(*bob, games[1], false);
  EXPECT_TRUE(text(still, "status") == "queued" || text(still, "status") == "running")
      << json::serialize(still);
}

}  // namespace
}  // namespace tengen::site::test
