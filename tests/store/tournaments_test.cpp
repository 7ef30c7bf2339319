// Tournaments (Store::createTournament ... tournamentBoardOfGame,
// migrations/0010_tournaments.sql) in a real SQLite file and a real PostgreSQL database,
// across a reopen.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "backend.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;

class Tournaments : public ::testing::TestWithParam<Backend> {
 protected:
  int64_t user(const std::string& name) {
    auto made = store_->createUser(User{0, name, "$argon2id$x", false, 1000});
    EXPECT_TRUE(made && *made) << name;
    return made && *made ? (*made)->id : 0;
  }
  int64_t game(int64_t black, int64_t white) {
    GameSettings g;
    g.blackUserId = black;
    g.whiteUserId = white;
    g.status = game::GameStatus::Playing;
    return store_->createGame(g).value();
  }
  int64_t tournament(int64_t director, const std::string& name = "Spring Cup") {
    return store_
        ->createTournament(TournamentRow{0, name, "registering", "{\"rounds\":3}", director, 0})
        .value();
  }

  BackendStore store_{GetParam()};
};
TENGEN_ON_BOTH_STORES(Tournaments);

TEST_P(Tournaments, ARunningTournamentSurvivesAReopenWithEveryPart) {
  const int64_t td = user("director");
  const int64_t co = user("codirector");
  const int64_t a = user("alice");
  const int64_t b = user("bob");
  const int64_t c = user("carol");
  const int64_t id = tournament(td);
  ASSERT_TRUE(store_->addTournamentDirector(id, co));
  ASSERT_TRUE(store_->addTournamentDirector(id, co));  // twice: one entry
  ASSERT_TRUE(store_->saveTournamentEntrant(id, {b, "Bob B", "3k", "Almaty", "KZ", false, false}));
  ASSERT_TRUE(store_->saveTournamentEntrant(id, {a, "Alice A", "1d", "", "", false, false}));
  ASSERT_TRUE(store_->saveTournamentEntrant(id, {c, "Carol C", "5k", "", "", false, false}));
  // An update keeps the registration's place in the list.
  ASSERT_TRUE(store_->saveTournamentEntrant(id, {b, "Bob B", "2k", "Almaty", "KZ", true, false}));
  ASSERT_TRUE(store_->updateTournamentStatus(id, "running"));
  const int64_t g1 = game(a, b);
  const std::vector<TournamentBoard> round1{{1, 1, a, b, 0, 6.5, 0, "", false},
                                            {1, 2, c, 0, 0, 0, 0, "", false}};
  ASSERT_TRUE(store_->createTournamentRound(id, round1).value());
  ASSERT_TRUE(store_->setTournamentBoardGame(id, 1, 1, g1));
  EXPECT_TRUE(store_->recordTournamentResult(id, 1, 1, "W+R", false).value());

  store_.reopen();
  auto loaded = store_->loadTournament(id).value();
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->row.name, "Spring Cup");
  EXPECT_EQ(loaded->row.status, "running");
  EXPECT_EQ(loaded->row.settings, "{\"rounds\":3}");
  EXPECT_EQ(loaded->row.createdBy, td);
  EXPECT_GT(loaded->row.createdMs, 0);
  EXPECT_EQ(loaded->directors, (std::vector<int64_t>{td, co}));
  const std::vector<TournamentEntrant> entrants{{b, "Bob B", "2k", "Almaty", "KZ", true, false},
                                                {a, "Alice A", "1d", "", "", false, false},
                                                {c, "Carol C", "5k", "", "", false, false}};
  EXPECT_EQ(loaded->entrants, entrants);
  const std::vector<TournamentBoard> boards{{1, 1, a, b, 0, 6.5, g1, "W+R", false},
                                            {1, 2, c, 0, 0, 0, 0, "", false}};
  EXPECT_EQ(loaded->boards, boards);
  EXPECT_EQ(store_->tournamentBoardOfGame(g1).value(), (TournamentBoardRef{id, 1, 1}));
  EXPECT_EQ(store_->tournamentBoardOfGame(g1 + 100).value(), std::nullopt);
}

TEST_P(Tournaments, ARoundIsPairedOnceAndAPlayedResultIsWrittenOnce) {
  const int64_t td = user("director");
  const int64_t a = user("alice");
  const int64_t b = user("bob");
  const int64_t id = tournament(td);
  ASSERT_TRUE(store_->createTournamentRound(id, {{1, 1, a, b, 0, 6.5, 0, "", false}}).value());
  EXPECT_FALSE(store_->createTournamentRound(id, {{1, 1, b, a, 0, 6.5, 0, "", false}}).value());
  EXPECT_TRUE(store_->recordTournamentResult(id, 1, 1, "B+R", false).value());
  EXPECT_FALSE(store_->recordTournamentResult(id, 1, 1, "W+T", false).value());
  EXPECT_TRUE(store_->recordTournamentResult(id, 1, 1, "W+", true).value());  // a decision
  auto loaded = store_->loadTournament(id).value();
  ASSERT_TRUE(loaded);
  ASSERT_EQ(loaded->boards.size(), 1u);
  EXPECT_EQ(loaded->boards[0].black, a);
  EXPECT_EQ(loaded->boards[0].result, "W+");
  EXPECT_TRUE(loaded->boards[0].byDecision);
}

TEST_P(Tournaments, WithdrawalDeletesARegistrationAndListsAreNewestFirst) {
  const int64_t td = user("director");
  const int64_t a = user("alice");
  const int64_t first = tournament(td, "First");
  const int64_t second = tournament(td, "Second");
  ASSERT_TRUE(store_->saveTournamentEntrant(first, {a, "Alice", "1d", "", "", false, false}));
  EXPECT_TRUE(store_->removeTournamentEntrant(first, a).value());
  EXPECT_FALSE(store_->removeTournamentEntrant(first, a).value());
  EXPECT_TRUE(store_->loadTournament(first).value()->entrants.empty());
  auto list = store_->listTournaments(10).value();
  ASSERT_EQ(list.size(), 2u);
  // Same millisecond possible: ids break the tie, newest first either way.
  EXPECT_EQ(list[0].id, second);
  EXPECT_EQ(list[1].id, first);
  EXPECT_EQ(store_->listTournaments(1).value().size(), 1u);
  EXPECT_EQ(store_->loadTournament(first + second + 7).value(), std::nullopt);
}

TEST_P(Tournaments, UnknownTournamentsUsersAndBoardsAreErrorsThatWriteNothing) {
  const int64_t td = user("director");
  auto noCreator = store_->createTournament(TournamentRow{0, "X", "registering", "{}", 4242, 0});
  ASSERT_FALSE(noCreator);
  EXPECT_NE(noCreator.error().toString().find("does not exist"), std::string::npos)
      << noCreator.error().toString();
  EXPECT_TRUE(store_->listTournaments(10).value().empty());
  const int64_t id = tournament(td);
  auto status = store_->updateTournamentStatus(id + 1, "running");
  ASSERT_FALSE(status);
  EXPECT_NE(status.error().toString().find("tournament " + std::to_string(id + 1)),
            std::string::npos);
  EXPECT_FALSE(store_->saveTournamentEntrant(id, {4242, "Ghost", "1k", "", "", false, false}));
  EXPECT_FALSE(store_->createTournamentRound(id, {{1, 1, td, 4242, 0, 6.5, 0, "", false}}));
  EXPECT_TRUE(store_->loadTournament(id).value()->boards.empty());
  auto board = store_->recordTournamentResult(id, 3, 1, "B+R", false);
  ASSERT_FALSE(board);
  EXPECT_NE(board.error().toString().find("round 3 board 1 does not exist"), std::string::npos)
      << board.error().toString();
  EXPECT_FALSE(store_->setTournamentBoardGame(id, 3, 1, 1));
}

}  // namespace
}  // namespace tengen::store
