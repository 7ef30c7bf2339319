// Clocks survive any number of restarts of the real server process, crashes (SIGKILL) and
// operator stops (SIGTERM) alike (docs/protocol.md, "Clocks"): each restart logs a
// clock_restart, so every later replay forgives that downtime too. Each test runs on an SQLite
// file and on a PostgreSQL database (`--db postgresql://...`).

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "support/postgres_database.h"
#include "support/serve_process.h"
#include "support/site_requests.h"
#include "support/test_client.h"

namespace tengen::site::test {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using server::test::ServeProcess;
using server::test::verdict;
using server::test::WsClient;
using namespace std::chrono_literals;

const auto connect = server::test::connectWithCookie;
using server::test::guestCookie;
using server::test::request;

enum class Db { Sqlite, Postgres };

class SiteRestartProcess : public ::testing::TestWithParam<Db> {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tengen-restart-test-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    if (GetParam() == Db::Postgres) {
      database_ = std::make_unique<tengen::test::PostgresDatabase>();
      ASSERT_TRUE(database_->ok()) << database_->error();
      args_ = {"--db", database_->url()};
    }
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  // Each life of the server, on the test's database.
  std::unique_ptr<ServeProcess> serve() { return std::make_unique<ServeProcess>(dir_, args_); }

  fs::path dir_;
  std::unique_ptr<tengen::test::PostgresDatabase> database_;
  std::vector<std::string> args_;
};
INSTANTIATE_TEST_SUITE_P(Backends, SiteRestartProcess, ::testing::Values(Db::Sqlite, Db::Postgres),
                         [](const auto& info) {
                           return info.param == Db::Sqlite ? "Sqlite" : "Postgres";
                         });

// Absolute 3 s. Black moves and the server is killed; 2.5 s later it is back, White and Black
// move at once, and it is stopped (SIGTERM); back again, White thinks 1.2 s and moves, Black
// moves, and it is killed again; back a third time, White thinks 1.2 s and moves. Live, White
// has used about 2.4 s. A replay that forgot the first restart charged White's first move
// with its 2.5 s of downtime and flagged White in the third life (B+T).
TEST_P(SiteRestartProcess, AbsoluteClockSurvivesRestartsOfBothKindsInARow) {
  std::string black;
  std::string white;
  int64_t game = 0;
  int64_t id = 0;
  const auto move = [&](std::uint16_t port, const std::string& cookie, const char* point) {
    auto socket = connect(port, cookie);
    if (!socket) return json::object{{"type", "no socket"}};
    return request(*socket, {{"type", "move"}, {"gameId", game}, {"point", point}}, ++id);
  };
  {
    const auto server = serve();
    ASSERT_NE(server->port(), 0);
    black = guestCookie(server->port());
    white = guestCookie(server->port());
    auto b = connect(server->port(), black);
    auto w = connect(server->port(), white);
    ASSERT_TRUE(b && w);
    json::object created = request(*b,
                                   {{"type", "create_table"},
                                    {"size", 9},
                                    {"colour", "black"},
                                    {"time", {{"kind", "absolute"}, {"mainSeconds", 3}}}},
                                   ++id);
    ASSERT_EQ(created.at("type"), "table_created") << json::serialize(created);
    game = created.at("game").at("id").as_int64();
    ASSERT_EQ(request(*w, {{"type", "join_table"}, {"gameId", game}}, ++id).at("type"), "joined");
    ASSERT_EQ(verdict(move(server->port(), black, "E5")), "ok");
    server->stop(SIGKILL);
  }
  std::this_thread::sleep_for(2500ms);
  {
    const auto server = serve();
    ASSERT_NE(server->port(), 0);
    ASSERT_EQ(verdict(move(server->port(), white, "C3")), "ok");
    ASSERT_EQ(verdict(move(server->port(), black, "D4")), "ok");
    server->stop(SIGTERM);
  }
  std::this_thread::sleep_for(1s);
  {
    const auto server = serve();
    ASSERT_NE(server->port(), 0);
    std::this_thread::sleep_for(1200ms);
    json::object moved = move(server->port(), white, "C7");
    ASSERT_EQ(verdict(moved), "ok") << "second life: " << json::serialize(moved);
    ASSERT_EQ(verdict(move(server->port(), black, "G7")), "ok");
    server->stop(SIGKILL);
  }
  std::this_thread::sleep_for(1s);
  const auto server = serve();
  ASSERT_NE(server->port(), 0);
  std::this_thread::sleep_for(1200ms);
  json::object moved = move(server->port(), white, "G3");
  EXPECT_EQ(verdict(moved), "ok") << "third life: " << json::serialize(moved);
  auto w = connect(server->port(), white);
  ASSERT_TRUE(w);
  json::object state = request(*w, {{"type", "watch"}, {"gameId", game}}, ++id);
  ASSERT_EQ(state.at("type"), "game_state") << json::serialize(state);
  EXPECT_EQ(state.at("state").at("phase"), "play");
  EXPECT_EQ(state.at("game").at("result"), "");
}

// Fair both ways (docs/protocol.md, "Correspondence"): White thinks 1.5 s, the server is
// stopped (SIGTERM) and down for 3 s. Back, White's clock has been charged the 1.5 s (not
// refilled) but not the 3 s of downtime.
TEST_P(SiteRestartProcess, ARestartChargesTheThinkButNotTheDowntime) {
  using Clock = std::chrono::steady_clock;
  const auto seconds = [](Clock::duration d) { return std::chrono::duration<double>(d).count(); };
  std::string black;
  std::string white;
  int64_t game = 0;
  int64_t id = 0;
  Clock::time_point whiteStarted;
  Clock::time_point stopped;
  {
    const auto server = serve();
    ASSERT_NE(server->port(), 0);
    black = guestCookie(server->port());
    white = guestCookie(server->port());
    auto b = connect(server->port(), black);
    auto w = connect(server->port(), white);
    ASSERT_TRUE(b && w);
    json::object created = request(*b,
                                   {{"type", "create_table"},
                                    {"size", 9},
                                    {"colour", "black"},
                                    {"time", {{"kind", "absolute"}, {"mainSeconds", 60}}}},
                                   ++id);
    ASSERT_EQ(created.at("type"), "table_created") << json::serialize(created);
    game = created.at("game").at("id").as_int64();
    ASSERT_EQ(request(*w, {{"type", "join_table"}, {"gameId", game}}, ++id).at("type"), "joined");
    whiteStarted = Clock::now();
    ASSERT_EQ(verdict(request(*b, {{"type", "move"}, {"gameId", game}, {"point", "E5"}}, ++id)),
              "ok");
    std::this_thread::sleep_for(1500ms);
    stopped = Clock::now();
    server->stop(SIGTERM);
  }
  std::this_thread::sleep_for(3s);
  const Clock::time_point restarted = Clock::now();
  const auto server = serve();
  ASSERT_NE(server->port(), 0);
  auto w = connect(server->port(), white);
  ASSERT_TRUE(w);
  json::object state = request(*w, {{"type", "watch"}, {"gameId", game}}, ++id);
  ASSERT_EQ(state.at("type"), "game_state") << json::serialize(state);
  // The watch may be answered before the room has logged its clock_restart (seq 3): the
  // clocks are those of that event, which the watcher is sent next.
  while (state.at("version").as_int64() < 3) {
    auto text = w->receive(5s);
    ASSERT_TRUE(text) << "no clock_restart event";
    json::object pushed = json::parse(*text).as_object();
    if (pushed.at("type") == "game_event") state = pushed;
  }
  const Clock::time_point watched = Clock::now();
  const double leftSeconds =
      static_cast<double>(state.at("state").at("clocks").at("white").at("mainMs").as_int64()) /
      1000;
  const double charged = 60 - leftSeconds;
  EXPECT_GE(charged, 1.4) << "the think before the stop must count";
  EXPECT_LE(charged, seconds(stopped - whiteStarted) + seconds(watched - restarted) + 0.2)
      << "the downtime must not count";
}

}  // namespace
}  // namespace tengen::site::test
