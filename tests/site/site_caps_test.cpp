// What one user may hold (docs/protocol.md, "Limits"): a logout ends the session's sockets,
// and open tables per user are capped.

#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>

#include <thread>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteCaps : public SiteFixture {};

json::object welcome(SiteClient& client) { return client.request({{"type", "hello"}}); }

TEST_F(SiteCaps, LogoutClosesTheSessionsSockets) {
  const TestUser user = registered("dora");
  auto socket = connect(user);
  auto second = connect(user);
  ASSERT_TRUE(socket && second);
  ASSERT_TRUE(welcome(*socket).at("user").is_object());
  ASSERT_TRUE(welcome(*second).at("user").is_object());

  const auto loggedOut =
      server::test::httpRequest(port_, "POST", "/api/logout",
                                {{"Content-Type", "application/json"}, {"Cookie", user.cookie}});
  ASSERT_EQ(loggedOut.status, 204) << loggedOut.body;

  for (SiteClient* client : {socket.get(), second.get()}) {
    EXPECT_FALSE(client->socket().receive(5s)) << "the socket stayed open after the logout";
    EXPECT_EQ(client->socket().closeCode(), 1008) << client->socket().error();
    EXPECT_EQ(client->socket().closeReason(), "logged out");
  }
  // The old cookie opens only an anonymous socket now.
  auto after = connect(user);
  ASSERT_TRUE(after);
  EXPECT_TRUE(welcome(*after).at("user").is_null());
}

TEST_F(SiteCaps, LogoutLeavesOtherSessionsOfTheUserOpen) {
  const TestUser user = registered("erin");
  const auto login =
      server::test::httpRequest(port_, "POST", "/api/login", {{"Content-Type", "application/json"}},
                                R"({"name":"erin","password":"correct horse battery"})");
  ASSERT_EQ(login.status, 200);
  TestUser otherSession = user;
  otherSession.cookie = login.header("set-cookie").substr(0, login.header("set-cookie").find(';'));
  auto kept = connect(otherSession);
  ASSERT_TRUE(kept);
  ASSERT_EQ(
      server::test::httpRequest(port_, "POST", "/api/logout",
                                {{"Content-Type", "application/json"}, {"Cookie", user.cookie}})
          .status,
      204);
  EXPECT_EQ(text(welcome(*kept).at("user").as_object(), "name"), "erin");
}

TEST_F(SiteCaps, OpenTablesPerUserAreCapped) {
  auto alice = connect(guest());
  std::vector<int64_t> tables;
  for (int i = 0; i < 5; ++i) tables.push_back(createTable(*alice, {{"size", 9}}));
  json::object refused = alice->request({{"type", "create_table"}, {"size", 9}});
  EXPECT_EQ(text(refused, "code"), "too_many_tables") << json::serialize(refused);
  EXPECT_NE(text(refused, "message").find("5"), std::string::npos);

  // Somebody else is not affected.
  auto bob = connect(guest());
  createTable(*bob, {{"size", 9}});

  // A cancelled table frees its place (once the lobby has seen the cancel).
  json::object cancelled = alice->request({{"type", "cancel_table"}, {"gameId", tables.front()}});
  ASSERT_EQ(text(cancelled, "type"), "table_cancelled") << json::serialize(cancelled);
  std::string created;
  for (int attempt = 0; attempt < 100 && created != "table_created"; ++attempt) {
    created = text(alice->request({{"type", "create_table"}, {"size", 9}}), "type");
    if (created != "table_created") std::this_thread::sleep_for(20ms);
  }
  EXPECT_EQ(created, "table_created");
}

}  // namespace
}  // namespace tengen::site::test
