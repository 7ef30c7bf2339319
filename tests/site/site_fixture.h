#pragma once

// A whole site for integration tests: a real SqliteStore on a temporary file, Accounts, Site
// and a Server on a free port, with real WebSocket clients logged in by cookie. restart()
// stops everything and brings it back on the same database file, as a crashed-and-restarted
// server would be.

#include <gtest/gtest.h>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/server.h"
#include "site/accounts/accounts.h"
#include "site/site.h"
#include "store/sqlite_store.h"
#include "support/site_requests.h"
#include "support/test_client.h"

namespace tengen::site::test {

using namespace std::chrono_literals;

// How long a test waits for a reply before calling it lost; only a failing test waits it out.
// Under the sanitizers the engine's playouts run ten times slower: a removal proposal once took
// 7 s under ThreadSanitizer on a busy machine.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr std::chrono::milliseconds kReplyWait = 30s;
#else
inline constexpr std::chrono::milliseconds kReplyWait = 5s;
#endif

struct TestUser {
  int64_t id = 0;
  std::string name;
  std::string cookie;  // "tengen_session=…"
};

// One WebSocket with a queue: replies are matched by id, pushes wait until asked for.
class SiteClient {
 public:
  explicit SiteClient(std::unique_ptr<server::test::WsClient> socket);

  // Sends `message` with a fresh id and returns the reply carrying it (other messages stay
  // queued; a reply that is a game_event stays queued too, as the event it also is). An
  // object with "type":"timeout" if none came.
  boost::json::object request(boost::json::object message,
                              std::chrono::milliseconds timeout = kReplyWait);
  bool sendText(std::string_view text);
  // The next queued or arriving message that satisfies `accept`, or nullopt after `timeout`.
  std::optional<boost::json::object> waitFor(
      const std::function<bool(const boost::json::object&)>& accept,
      std::chrono::milliseconds timeout = kReplyWait);
  // The first message already received and queued that satisfies `accept`, taken out of the
  // queue; never reads the socket (a timed-out read would end the WebSocket).
  std::optional<boost::json::object> queued(
      const std::function<bool(const boost::json::object&)>& accept);
  // The next message of this type (taken out of the queue), or nullopt.
  std::optional<boost::json::object> next(std::string_view type,
                                          std::chrono::milliseconds timeout = kReplyWait);
  // The game_event of `version` for `gameId`.
  std::optional<boost::json::object> event(int64_t gameId, int64_t version,
                                           std::chrono::milliseconds timeout = kReplyWait);
  // Every message received so far or within `quiet`, queue emptied.
  std::vector<boost::json::object> drain(std::chrono::milliseconds quiet = 100ms);
  server::test::WsClient& socket() { return *socket_; }

 private:
  std::unique_ptr<server::test::WsClient> socket_;
  std::deque<boost::json::object> queue_;
  int64_t nextId_ = 1;
};

class SiteFixture : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;
  virtual void configure(SiteOptions&) {}
  virtual void configureAccounts(AccountsOptions&) {}
  virtual void configureServer(server::ServerOptions&) {}

  // Stops server and site, closes the store, then opens the same file again, resumes the
  // games and starts a new server (on a new port).
  void restart();
  // restart() with the server down for `downtime` in between (a running clock is charged up
  // to the stop, not for the downtime: docs/protocol.md, "Correspondence").
  void restartAfter(std::chrono::milliseconds downtime);

  TestUser guest();
  TestUser registered(const std::string& name);
  std::unique_ptr<SiteClient> connect(const TestUser& user);
  std::unique_ptr<SiteClient> connectAnonymous();

  // create_table with `fields` added; the new game's id (fails the test on error).
  int64_t createTable(SiteClient& owner, boost::json::object fields);
  // A started game: `black` owns it (colour black), `white` joins; both watch it.
  int64_t startGame(SiteClient& black, SiteClient& white, boost::json::object fields);
  // Plays "B D4 W C3 B pass …" alternately, each must be accepted; fails the test otherwise.
  void play(SiteClient& black, SiteClient& white, int64_t gameId, std::string_view moves);
  // The accepted command's reply (type "ok") or the error.
  boost::json::object command(SiteClient& client, int64_t gameId, std::string_view type,
                              boost::json::object fields = {});
  // The game's state via a fresh watch.
  boost::json::object stateOf(SiteClient& client, int64_t gameId);
  server::test::HttpReply get(const std::string& target);

  std::filesystem::path dir_;
  std::string dbPath_;
  std::unique_ptr<store::SqliteStore> store_;
  std::unique_ptr<Accounts> accounts_;
  std::unique_ptr<Site> site_;
  std::unique_ptr<server::Server> server_;
  std::uint16_t port_ = 0;
  int resumed_ = 0;

 private:
  void startAll();
  void stopAll();
};

// create_table fields of a 9x9 table with a Fischer clock: 5 min + 10 s, at most 10 min, is
// live; 3 days + 1 day, at most 7 days, is correspondence (docs/protocol.md, "Players (REST)").
boost::json::object liveTable();
boost::json::object correspondenceTable();

using server::test::verdict;

// The text of a JSON string field, "" when absent.
std::string text(const boost::json::object& object, std::string_view key);
int64_t integer(const boost::json::object& object, std::string_view key);

}  // namespace tengen::site::test
