// Rounds paired first and started later, a director's edits of a pending round, boards
// claimed before their game is created and the node that runs a tournament
// (Store::startTournamentRound ... takeTournament, migrations/0012_tournament_rounds.sql), in a
// real SQLite file and a real PostgreSQL database, across a reopen.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "backend.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;

class TournamentRounds : public ::testing::TestWithParam<Backend> {
 protected:
  int64_t user(const std::string& name) {
    auto made = store_->createUser(User{0, name, "$argon2id$x", false, 1000});
    EXPECT_TRUE(made && *made) << name;
    return made && *made ? (*made)->id : 0;
  }
  int64_t tournament(int64_t director) {
    return store_
        ->createTournament(TournamentRow{0, "Cup", "running", "{\"rounds\":3}", director, 0})
        .value();
  }
  std::vector<TournamentBoard> boardsOf(int64_t id) {
    return store_->loadTournament(id).value()->boards;
  }

  BackendStore store_{GetParam()};
};
TENGEN_ON_BOTH_STORES(TournamentRounds);

TEST_P(TournamentRounds, APairedRoundIsEditedUntilItStartsAndStartsOnce) {
  const int64_t td = user("director");
  const int64_t a = user("alice"), b = user("bob"), c = user("carol"), d = user("dave");
  const int64_t id = tournament(td);
  ASSERT_TRUE(store_
                  ->createTournamentRound(
                      id, {{1, 1, a, b, 0, 6.5, 0, "", false}, {1, 2, c, d, 0, 6.5, 0, "", false}})
                  .value());
  EXPECT_EQ(store_->loadTournament(id).value()->row.roundsStarted, 0) << "paired, not started";

  // Colours swapped on board 1, boards re-paired, board 2 given two stones and half a point.
  ASSERT_TRUE(store_
                  ->editTournamentBoards(
                      id, {{1, 1, b, d, 0, 6.5, 0, "", false}, {1, 2, c, a, 2, 0.5, 0, "", false}})
                  .value());
  store_.reopen();
  const std::vector<TournamentBoard> edited{{1, 1, b, d, 0, 6.5, 0, "", false},
                                            {1, 2, c, a, 2, 0.5, 0, "", false}};
  EXPECT_EQ(boardsOf(id), edited);

  EXPECT_FALSE(store_->startTournamentRound(id, 2).value()) << "round 2 is not paired";
  EXPECT_TRUE(store_->startTournamentRound(id, 1).value());
  EXPECT_FALSE(store_->startTournamentRound(id, 1).value()) << "a round starts once";
  EXPECT_EQ(store_->loadTournament(id).value()->row.roundsStarted, 1);
  // Once started, the pairing stands.
  EXPECT_FALSE(store_->editTournamentBoards(id, {{1, 1, d, b, 0, 6.5, 0, "", false}}).value());
  EXPECT_EQ(boardsOf(id), edited);
}

TEST_P(TournamentRounds, EditsOfUnknownBoardsOrSeveralRoundsFailAndWriteNothing) {
  const int64_t td = user("director");
  const int64_t a = user("alice"), b = user("bob");
  const int64_t id = tournament(td);
  ASSERT_TRUE(store_->createTournamentRound(id, {{1, 1, a, b, 0, 6.5, 0, "", false}}).value());
  auto unknown = store_->editTournamentBoards(
      id, {{1, 1, b, a, 0, 6.5, 0, "", false}, {1, 7, a, b, 0, 6.5, 0, "", false}});
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("round 1 board 7 does not exist"), std::string::npos)
      << unknown.error().message;
  EXPECT_EQ(boardsOf(id).front().black, a) << "all or none: board 1 kept its colours";
  EXPECT_FALSE(store_->editTournamentBoards(
      id, {{1, 1, b, a, 0, 6.5, 0, "", false}, {2, 1, a, b, 0, 6.5, 0, "", false}}));
  EXPECT_FALSE(store_->editTournamentBoards(id + 50, {{1, 1, b, a, 0, 6.5, 0, "", false}}));
}

TEST_P(TournamentRounds, ABoardIsClaimedOnceBeforeItsGameAndTheClaimSurvivesAReopen) {
  const int64_t td = user("director");
  const int64_t a = user("alice"), b = user("bob");
  const int64_t id = tournament(td);
  ASSERT_TRUE(store_->createTournamentRound(id, {{1, 1, a, b, 0, 6.5, 0, "", false}}).value());
  EXPECT_TRUE(store_->claimTournamentBoard(id, 1, 1, 5000).value());
  EXPECT_FALSE(store_->claimTournamentBoard(id, 1, 1, 6000).value()) << "claimed already";
  EXPECT_FALSE(store_->claimTournamentBoard(id, 1, 2, 6000).value()) << "no such board";
  store_.reopen();
  EXPECT_EQ(boardsOf(id).front().openingMs, 5000);
}

TEST_P(TournamentRounds, OneNodeRunsATournamentUntilItsNodeLeaseLapses) {
  const int64_t td = user("director");
  const int64_t id = tournament(td);
  constexpr int64_t kNow = 1'000'000;
  ASSERT_TRUE(store_->renewLeases("node-a", kNow, 10'000));
  ASSERT_TRUE(store_->renewLeases("node-b", kNow, 10'000));
  EXPECT_TRUE(store_->takeTournament(id, "node-a", kNow).value()) << "nobody ran it";
  EXPECT_TRUE(store_->takeTournament(id, "node-a", kNow + 1).value()) << "it runs it already";
  EXPECT_FALSE(store_->takeTournament(id, "node-b", kNow + 5000).value()) << "node-a is alive";
  store_.reopen();
  EXPECT_FALSE(store_->takeTournament(id, "node-b", kNow + 9999).value());
  // node-a stopped beating: its lease ran out at kNow + 10s; node-b beats on.
  ASSERT_TRUE(store_->renewLeases("node-b", kNow + 10'001, 10'000));
  EXPECT_TRUE(store_->takeTournament(id, "node-b", kNow + 10'001).value());
  EXPECT_FALSE(store_->takeTournament(id, "node-a", kNow + 10'002).value());
}

TEST_P(TournamentRounds, APlayersGamesInPlayAreTheirOpenedBoardsWithoutAResult) {
  const int64_t td = user("director");
  const int64_t a = user("alice"), b = user("bob"), c = user("carol"), d = user("dave");
  const int64_t id = tournament(td);
  for (const auto& [who, name] : {std::pair{a, "Alice A"}, std::pair{b, "Bob B"},
                                  std::pair{c, "Carol C"}, std::pair{d, "Dave D"}}) {
    ASSERT_TRUE(store_->saveTournamentEntrant(id, {who, name, "1k", "", "", true, false}));
  }
  ASSERT_TRUE(store_
                  ->createTournamentRound(
                      id, {{1, 1, a, b, 0, 6.5, 0, "", false}, {1, 2, c, d, 0, 6.5, 0, "", false}})
                  .value());
  EXPECT_TRUE(store_->tournamentGamesInPlay(a).value().empty()) << "no game opened yet";
  GameSettings g;
  g.blackUserId = a;
  g.whiteUserId = b;
  g.status = game::GameStatus::Playing;
  const int64_t game = store_->createGame(g).value();
  ASSERT_TRUE(store_->setTournamentBoardGame(id, 1, 1, game));
  store_.reopen();
  const std::vector<TournamentGameInPlay> expected{
      {id, "Cup", 1, 1, game, a, "Alice A", b, "Bob B"}};
  EXPECT_EQ(store_->tournamentGamesInPlay(a).value(), expected);
  EXPECT_EQ(store_->tournamentGamesInPlay(b).value(), expected);
  EXPECT_TRUE(store_->tournamentGamesInPlay(c).value().empty()) << "board 2 has no game";
  ASSERT_TRUE(store_->recordTournamentResult(id, 1, 1, "B+R", false).value());
  EXPECT_TRUE(store_->tournamentGamesInPlay(a).value().empty()) << "it has ended";
}

}  // namespace
}  // namespace tengen::store
