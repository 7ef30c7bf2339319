// Three real `tengen serve` nodes on one PostgreSQL and one Redis (docs/scaling.md), as
// scripts/cluster.sh starts them but without the balancer, so that the test says which node
// each client talks to. Two players on two nodes and a spectator on the third; the node that
// runs the game is killed with SIGKILL mid-game; the players go on through the others and
// finish. Every acknowledged move must be in the log once, at the version it was acknowledged
// with, and the spectator must have seen every version once, in order. And an owner that wrote
// a move but died before announcing it: a client holding the move's acknowledgement, watching
// through a following node, must be shown the game at least that new.

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "cluster/cluster_fixture.h"
#include "game/event_log_format.h"
#include "game/game_events.h"
#include "store/postgres/postgres_store.h"

namespace tengen::cluster::test {
namespace {

namespace json = boost::json;
using server::test::connectWithCookie;
using server::test::guestCookie;
using server::test::ServeProcess;

class ClusterFailover : public ClusterTest {
 protected:
  // Connects `client` through the node at `port` with its cookie, as a balancer would once a
  // node has died, and watches `game` from `version`, which must be the state it is answered.
  void reconnectAndWatch(Client& client, std::uint16_t port, int64_t game, int64_t version) {
    client.socket = connectWithCookie(port, client.cookie);
    ASSERT_TRUE(client.socket);
    json::object back =
        send(client, {{"type", "watch"}, {"gameId", game}, {"sinceVersion", version}});
    ASSERT_EQ(back.at("type"), "game_state") << json::serialize(back);
    EXPECT_EQ(back.at("version").as_int64(), version) << "an acknowledged move is missing";
  }
};

TEST_F(ClusterFailover, TheOwnerDiesMidGameAndTheOthersFinishItWithEveryAckInTheLog) {
  ServeProcess& n1 = startNode("n1");
  ServeProcess& n2 = startNode("n2");
  ServeProcess& n3 = startNode("n3");
  ASSERT_TRUE(n1.port() && n2.port() && n3.port()) << "a node did not start; see " << dir_;

  Client alice;
  Client bob;
  Client watcher;
  alice.cookie = guestCookie(n1.port());
  bob.cookie = guestCookie(n2.port());
  watcher.cookie = guestCookie(n3.port());
  alice.socket = connectWithCookie(n1.port(), alice.cookie);
  bob.socket = connectWithCookie(n2.port(), bob.cookie);
  watcher.socket = connectWithCookie(n3.port(), watcher.cookie);
  ASSERT_TRUE(alice.socket && bob.socket && watcher.socket);

  // n1 creates the game, so n1 runs it.
  json::object created = send(alice, {{"type", "create_table"},
                                      {"size", 9},
                                      {"colour", "black"},
                                      {"time",
                                       {{"kind", "fischer"},
                                        {"mainSeconds", 600},
                                        {"incrementSeconds", 5},
                                        {"maxSeconds", 1200}}}});
  ASSERT_EQ(created.at("type"), "table_created") << json::serialize(created);
  const int64_t game = created.at("game").at("id").as_int64();
  // Bob's join reaches n2, which forwards it to n1.
  json::object joined = send(bob, {{"type", "join_table"}, {"gameId", game}});
  ASSERT_EQ(joined.at("type"), "joined") << json::serialize(joined);
  // The players watch their game too, as the web client does: its pushes tell them of the
  // events they did not send (the clock_restart of a takeover).
  ASSERT_EQ(send(alice, {{"type", "watch"}, {"gameId", game}}).at("type"), "game_state");
  ASSERT_EQ(send(bob, {{"type", "watch"}, {"gameId", game}}).at("type"), "game_state");
  json::object state = send(watcher, {{"type", "watch"}, {"gameId", game}});
  ASSERT_EQ(state.at("type"), "game_state") << json::serialize(state);
  int64_t version = state.at("version").as_int64();
  const int64_t watchedFrom = version;

  struct Ack {
    int64_t version;
    std::string point;
  };
  std::vector<Ack> acks;
  const char* points[] = {"E5", "C3", "G3", "C7", "G7", "E3", "E7", "C5", "G5", "D4", "F4", "D6"};
  int64_t failoverMs = -1;
  std::chrono::steady_clock::time_point killedAt;
  for (int i = 0; i < 12; ++i) {
    if (i == 6) {
      // Mid-game, nothing in flight: the owner dies. Alice's socket went with it; she comes
      // back through n2 with her cookie, as a balancer would send her.
      n1.stop(SIGKILL);
      killedAt = std::chrono::steady_clock::now();
      ASSERT_NO_FATAL_FAILURE(reconnectAndWatch(alice, n2.port(), game, version));
    }
    Client& mover = i % 2 == 0 ? alice : bob;
    json::object reply;
    // Until a node has taken the game over, a command is answered owner_unavailable (or,
    // racing a takeover, store_failed): nothing changed, so it is sent again. The takeover
    // logs a clock_restart: stale_version, and the pushes say the version to send against.
    const auto giveUp = std::chrono::steady_clock::now() + 30s;
    do {
      reply = send(
          mover,
          {{"type", "move"}, {"gameId", game}, {"point", points[i]}, {"expectedVersion", version}});
      if (verdict(reply) == "ok") break;
      const json::value* code = reply.if_contains("code");
      ASSERT_TRUE(code && (*code == "owner_unavailable" || *code == "store_failed" ||
                           *code == "stale_version"))
          << "move " << i << ": " << json::serialize(reply);
      if (*code == "stale_version") {
        // request() kept the pushes that came while it waited for its reply.
        for (const json::object& push : mover.pushes) {
          if (push.at("type") == "game_event") {
            version = std::max(version, push.at("version").as_int64());
          }
        }
      }
      std::this_thread::sleep_for(100ms);
    } while (std::chrono::steady_clock::now() < giveUp);
    ASSERT_EQ(verdict(reply), "ok") << "move " << i << ": " << json::serialize(reply);
    if (i == 6) {
      failoverMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::steady_clock::now() - killedAt)
                       .count();
    }
    version = reply.at("version").as_int64();
    acks.push_back({version, points[i]});
  }
  json::object resigned = send(bob, {{"type", "resign"}, {"gameId", game}});
  ASSERT_EQ(verdict(resigned), "ok") << json::serialize(resigned);
  const int64_t last = resigned.at("version").as_int64();
  std::cout << "failover: " << failoverMs << " ms from SIGKILL to the first move taken\n";
  RecordProperty("failover_ms", std::to_string(failoverMs));

  // The log: each acknowledged move once, at its version; the game over.
  auto store = store::PostgresStore::open(database_.url());
  ASSERT_TRUE(store) << store.error().toString();
  auto loaded = (*store)->loadGame(game);
  ASSERT_TRUE(loaded && *loaded);
  const auto& events = (*loaded)->events;
  ASSERT_EQ(static_cast<int64_t>(events.size()), last);
  std::vector<Ack> logged;
  for (const store::GameEvent& e : events) {
    if (e.type != "move" && e.type != "start" && e.type != "resign" && e.type != "end" &&
        e.type != "clock_restart") {
      ADD_FAILURE() << "an event nobody sent: " << e.type << " at " << e.seq;
    }
    if (e.type == "move") {
      const json::object payload = json::parse(e.payload).as_object();
      logged.push_back({e.seq, std::string(payload.at("point").as_string())});
    }
  }
  ASSERT_EQ(logged.size(), acks.size());
  for (std::size_t i = 0; i < acks.size(); ++i) {
    EXPECT_EQ(logged[i].version, acks[i].version) << "move " << i;
    EXPECT_EQ(logged[i].point, acks[i].point) << "move " << i;
  }
  EXPECT_EQ((*loaded)->settings.status, game::GameStatus::Finished);

  // The spectator on n3 saw every version after its watch once, in order, up to the end.
  receivePushesUpTo(watcher, last);
  std::vector<int64_t> seen;
  for (const json::object& push : watcher.pushes) {
    if (push.at("type") == "game_event") seen.push_back(push.at("version").as_int64());
  }
  std::vector<int64_t> expected;
  for (int64_t v = watchedFrom + 1; v <= last; ++v) expected.push_back(v);
  EXPECT_EQ(seen, expected);
}

// The announcement of an acknowledged version can reach a following node after the client
// holding the acknowledgement does, or never (the owner died between its append and its
// announcement, as the first test once caught under load). Here the owner's last move is
// written to the store as the owner would have written it, and the owner dies unannounced.
TEST_F(ClusterFailover, AWatchAheadOfAFollowingNodeIsAnsweredFromTheStore) {
  // Leases that outlast the test: no node takes the game over, so the following room alone
  // has to catch up.
  ServeProcess& n1 = startNode("n1", "60000");
  ServeProcess& n2 = startNode("n2", "60000");
  ASSERT_TRUE(n1.port() && n2.port()) << "a node did not start; see " << dir_;
  Client alice;
  Client bob;
  alice.cookie = guestCookie(n1.port());
  bob.cookie = guestCookie(n2.port());
  alice.socket = connectWithCookie(n1.port(), alice.cookie);
  bob.socket = connectWithCookie(n2.port(), bob.cookie);
  ASSERT_TRUE(alice.socket && bob.socket);
  json::object created = send(alice, {{"type", "create_table"}, {"size", 9}, {"colour", "black"}});
  ASSERT_EQ(created.at("type"), "table_created") << json::serialize(created);
  const int64_t game = created.at("game").at("id").as_int64();
  ASSERT_EQ(send(bob, {{"type", "join_table"}, {"gameId", game}}).at("type"), "joined");
  // Any node says which node runs the game.
  const auto described =
      server::test::httpRequest(n2.port(), "GET", "/api/games/" + std::to_string(game));
  ASSERT_EQ(described.status, 200) << described.body;
  EXPECT_EQ(json::parse(described.body).at("node"), "n1") << described.body;
  json::object state = send(bob, {{"type", "watch"}, {"gameId", game}});
  ASSERT_EQ(state.at("type"), "game_state") << json::serialize(state);
  json::object moved = send(alice, {{"type", "move"},
                                    {"gameId", game},
                                    {"point", "E5"},
                                    {"expectedVersion", state.at("version")}});
  ASSERT_EQ(verdict(moved), "ok") << json::serialize(moved);
  const int64_t acknowledged = moved.at("version").as_int64();

  // Bob's room on n2 follows up to the announced move before the owner goes.
  receivePushesUpTo(bob, acknowledged);
  ASSERT_EQ(newestPushedVersion(bob), acknowledged) << "n2 never followed the first move";
  n1.stop(SIGKILL);

  // White's C3, written as the owner writes a move it then acknowledges.
  auto store = store::PostgresStore::open(database_.url());
  ASSERT_TRUE(store) << store.error().toString();
  const go::Geometry nine(9);
  const game::Event move = game::MoveEvent{go::Color::White, *nine.fromGtp("C3"), 0};
  const int64_t unannounced = acknowledged + 1;
  const int64_t nowMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
  const store::AppendResult appended =
      (*store)->appendEventSync(game::toLogged(move, nine, game, unannounced, nowMs));
  ASSERT_TRUE(appended.ok()) << appended.message;

  // Bob, told "ok" for that move, reconnects through n2.
  Client again{bob.cookie, nullptr, {}};
  ASSERT_NO_FATAL_FAILURE(reconnectAndWatch(again, n2.port(), game, unannounced));
  // Bob's first socket, still watching on n2, hears of the move from the same reload.
  receivePushesUpTo(bob, unannounced);
  EXPECT_EQ(newestPushedVersion(bob), unannounced);
}

}  // namespace
}  // namespace tengen::cluster::test
