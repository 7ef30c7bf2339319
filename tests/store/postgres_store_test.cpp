// What only PostgresStore has to show, against the real server of ctest's "postgres" fixture:
// two stores on one database (two tengen nodes) never fork a game, a store outlives its
// connections being killed, and migrations refuse databases that are not tengen's or newer.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "backend.h"
#include "seq_race.h"
#include "store/postgres/pg_connection.h"
#include "store/postgres/pg_migrations.h"
#include "store/postgres/postgres_store.h"
#include "support/typed_settings.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;

class PostgresOnly : public ::testing::Test {
 protected:
  BackendStore first_{Backend::Postgres};

  std::unique_ptr<PostgresStore> secondNode() {
    auto store = PostgresStore::open(first_.postgresUrl());
    EXPECT_TRUE(store) << store.error().toString();
    return store ? std::move(*store) : nullptr;
  }
  std::unique_ptr<PgConnection> admin() {
    auto connection = PgConnection::open(first_.postgresUrl());
    EXPECT_TRUE(connection) << connection.error().toString();
    return connection ? std::move(*connection) : nullptr;
  }
};

// Two nodes, two threads each, race for the same seqs of the same games, each node with its
// own writer connection. The (game, seq) key decides: every seq has one winner, the losers
// get Conflict with the seq to catch up from, and both nodes read the same logs.
TEST_F(PostgresOnly, TwoNodesRacingForTheSameGamesNeverForkOne) {
  constexpr int kGames = 6;
  constexpr int kEvents = 15;
  auto second = secondNode();
  ASSERT_TRUE(second);
  std::vector<int64_t> games;
  for (int g = 0; g < kGames; ++g) games.push_back(testing::newGame(*first_));
  const testing::SeqRace race =
      testing::raceForSeqs({first_.get(), second.get()}, 4, games, kEvents);
  ASSERT_EQ(race.winners.size(), size_t{kGames * kEvents});
  for (int64_t game : games) {
    testing::expectOneWinnerPerSeq(*first_, game, kEvents, race);
    testing::expectOneWinnerPerSeq(*second, game, kEvents, race);
  }
  EXPECT_GT(race.conflicts, 0);
}

// A game ended on two nodes at once is ended, and rated, by one of them only.
TEST_F(PostgresOnly, AGameEndedOnTwoNodesAtOnceIsRatedOnce) {
  auto second = secondNode();
  ASSERT_TRUE(second);
  const int64_t black = first_->createUser(User{0, "black", "h", false, 1}).value()->id;
  const int64_t white = first_->createUser(User{0, "white", "h", false, 1}).value()->id;
  GameSettings settings;
  settings.rules = rulesOf("chinese");
  settings.colourChoice = game::ColourChoice::Black;
  settings.blackUserId = black;
  settings.whiteUserId = white;
  settings.status = game::GameStatus::Playing;
  settings.rated = true;
  const int64_t game = first_->createGame(settings).value();
  const RatedGame rating{black, white, {"overall"}, [](const auto& b, const auto& w) {
                           auto after = std::make_pair(b, w);
                           after.first.rating += 10;
                           after.second.rating -= 10;
                           return after;
                         }};
  std::atomic<int> endings = 0;
  std::thread a([&] {
    endings +=
        first_->finishGame(game, game::GameStatus::Finished, resultOf("B+R"), rating).value();
  });
  std::thread b([&] {
    endings +=
        second->finishGame(game, game::GameStatus::Finished, resultOf("B+R"), rating).value();
  });
  a.join();
  b.join();
  EXPECT_EQ(endings, 1);
  EXPECT_EQ(first_->ratingsOf(black).value().at(0).rating, 1510);
  EXPECT_EQ(first_->ratingsOf(black).value().at(0).games, 1);
  EXPECT_EQ(first_->ratingHistory(white, 10).value().size(), 1u);
}

// Four nodes ask for one game's lease at the same moment: exactly one gets it.
TEST_F(PostgresOnly, NodesTakingOneLeaseAtOnceGetItOneAtATime) {
  const int64_t game = testing::newGame(*first_);
  std::vector<std::unique_ptr<PostgresStore>> nodes;
  for (int i = 0; i < 4; ++i) nodes.push_back(secondNode());
  std::atomic<int> winners = 0;
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&, i] {
      auto lease = nodes[i]->acquireLease(game, "node-" + std::to_string(i), 1000, 5000);
      ASSERT_TRUE(lease) << lease.error().toString();
      winners += lease->has_value();
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(winners, 1);
  EXPECT_EQ(first_->leaseOf(game).value()->token, 1);
}

// The server drops every connection of the database (as a restart or a failover of the
// database would): the store reconnects and the next writes and reads work.
TEST_F(PostgresOnly, AStoreOutlivesItsConnectionsBeingKilled) {
  const int64_t game = testing::newGame(*first_);
  ASSERT_TRUE(first_->appendEventSync(GameEvent{game, 1, "move", "a", 0}).ok());
  ASSERT_EQ(first_->loadEvents(game, 0).value().size(), 1u);  // a reader connection opens
  auto killer = admin();
  ASSERT_TRUE(killer);
  PgRows killed = killer->query(
      "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
      "WHERE datname = current_database() AND pid <> pg_backend_pid()");
  ASSERT_TRUE(killed.ok()) << killed.message();
  ASSERT_GE(killed.integer(0, 0), 2) << "the writer's and a reader's connection";
  // The first statement on a killed connection may fail; the store must recover by the next.
  (void)first_->appendEventSync(GameEvent{game, 2, "move", "b", 0});
  (void)first_->loadEvents(game, 0);
  const int64_t last = first_->loadEvents(game, 0).value().back().seq;
  EXPECT_TRUE(first_->appendEventSync(GameEvent{game, last + 1, "move", "c", 0}).ok());
  EXPECT_EQ(first_->loadEvents(game, 0).value().back().payload, "c");
}

TEST_F(PostgresOnly, NodesStartingTogetherOnAnEmptyDatabaseMigrateItOnce) {
  // first_ migrated its database already; these open it at the same time as each other.
  std::vector<std::thread> threads;
  std::atomic<int> opened = 0;
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&] { opened += PostgresStore::open(first_.postgresUrl()).has_value(); });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(opened, 4);
  auto db = admin();
  ASSERT_TRUE(db);
  EXPECT_EQ(db->queryInt("SELECT count(*) FROM tengen_schema").value(), latestPgSchemaVersion());
}

TEST_F(PostgresOnly, ANewerSchemaIsRefusedWithAMessage) {
  auto db = admin();
  ASSERT_TRUE(db);
  ASSERT_TRUE(db->exec("INSERT INTO tengen_schema (version) VALUES (999)"));
  auto store = PostgresStore::open(first_.postgresUrl());
  ASSERT_FALSE(store);
  EXPECT_NE(store.error().toString().find("schema version 999, newer than this tengen build"),
            std::string::npos)
      << store.error().toString();
}

TEST_F(PostgresOnly, AnotherProgramsDatabaseIsRefused) {
  auto db = admin();
  ASSERT_TRUE(db);
  ASSERT_TRUE(db->exec("DROP TABLE tengen_schema; CREATE TABLE invoices (id INTEGER)"));
  auto store = PostgresStore::open(first_.postgresUrl());
  ASSERT_FALSE(store);
  EXPECT_NE(store.error().toString().find("not a tengen database"), std::string::npos)
      << store.error().toString();
}

TEST(PostgresConnection, AnUnreachableServerIsAClearError) {
  auto store = PostgresStore::open("postgresql://nobody@/none?host=/nonexistent-dir&port=1");
  ASSERT_FALSE(store);
  EXPECT_NE(store.error().toString().find("cannot connect to PostgreSQL"), std::string::npos)
      << store.error().toString();
}

}  // namespace
}  // namespace tengen::store
