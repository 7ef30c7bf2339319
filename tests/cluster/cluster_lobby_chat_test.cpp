// The lobby chat and moderation across two real nodes on one PostgreSQL and one Redis
// (docs/protocol.md, "Lobby chat" and "Moderation"): a line written on node 1 reaches the lobby
// readers on node 2; a block, a mute and a ban made on node 1 hold on node 2 without a restart.

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <chrono>
#include <string>
#include <thread>

#include "cluster/cluster_fixture.h"
#include "store/postgres/postgres_store.h"

namespace tengen::cluster::test {
namespace {

namespace json = boost::json;
using Clock = std::chrono::steady_clock;

class ClusterLobbyChat : public ClusterTest {
 protected:
  // A registered player's cookie, from POST /api/register on the node at `port`.
  std::string registeredCookie(std::uint16_t port, const std::string& name) {
    const json::object body{{"name", name}, {"password", "correct horse battery"}};
    const auto reply =
        server::test::httpRequest(port, "POST", "/api/register",
                                  {{"Content-Type", "application/json"}}, json::serialize(body));
    EXPECT_EQ(reply.status, 201) << reply.body << reply.error;
    const std::string setCookie = reply.header("set-cookie");
    return setCookie.substr(0, setCookie.find(';'));
  }
  Client connect(std::uint16_t port, const std::string& cookie) {
    Client client;
    client.cookie = cookie;
    client.socket = server::test::connectWithCookie(port, cookie);
    return client;
  }
  // The next lobby_chat_line pushed to `client`, as "name: text"; "(none)" after `patience`.
  std::string nextLine(Client& client, std::chrono::milliseconds patience = 5s) {
    for (auto it = client.pushes.begin(); it != client.pushes.end(); ++it) {
      if (it->at("type") != "lobby_chat_line") continue;
      const json::object line = it->at("line").as_object();
      client.pushes.erase(it);
      return std::string(line.at("from").at("name").as_string()) + ": " +
             std::string(line.at("text").as_string());
    }
    auto text = client.socket->receive(patience);
    if (!text) return "(none)";
    client.pushes.push_back(json::parse(*text).as_object());
    return nextLine(client, patience);
  }
};

TEST_F(ClusterLobbyChat, ALineCrossesNodesAndABlockAMuteAndABanMadeOnNodeOneHoldOnNodeTwo) {
  server::test::ServeProcess& n1 = startNode("n1");
  server::test::ServeProcess& n2 = startNode("n2");
  ASSERT_TRUE(n1.port() && n2.port()) << "a node did not start; see " << dir_;
  const std::string aliceCookie = registeredCookie(n1.port(), "alice");
  const std::string bobCookie = registeredCookie(n1.port(), "bob");
  const std::string carolCookie = registeredCookie(n1.port(), "carol");
  const std::string modCookie = registeredCookie(n1.port(), "mod");
  {
    auto store = store::PostgresStore::open(database_.url());
    ASSERT_TRUE(store) << store.error().toString();
    store::ModerationAction grant;
    grant.moderator = {0, "command line"};
    grant.kind = store::ModerationKind::Grant;
    grant.user.id = (*store)->findUserByName("mod").value().value().id;
    grant.reason = "test";
    ASSERT_EQ((*store)->applyModeration(grant).value().outcome, store::ModerationOutcome::Done);
  }
  Client alice1 = connect(n1.port(), aliceCookie);
  Client alice2 = connect(n2.port(), aliceCookie);
  Client bob1 = connect(n1.port(), bobCookie);
  Client bob2 = connect(n2.port(), bobCookie);
  Client carol2 = connect(n2.port(), carolCookie);
  Client mod1 = connect(n1.port(), modCookie);
  for (Client* reader : {&bob2, &carol2}) {
    json::object lines = send(*reader, {{"type", "lobby_chat_subscribe"}});
    ASSERT_EQ(lines.at("type"), "lobby_chat_lines") << json::serialize(lines);
  }

  // A line written on node 1 reaches the readers on node 2.
  ASSERT_EQ(send(alice1, {{"type", "lobby_chat"}, {"text", "hello from n1"}}).at("type"),
            "lobby_chat_said");
  EXPECT_EQ(nextLine(bob2), "alice: hello from n1");
  EXPECT_EQ(nextLine(carol2), "alice: hello from n1");

  // Bob blocks alice on node 1; the moderator then mutes carol there. Node 1 publishes both on
  // one channel in that order, so once node 2 shows carol's mute it has the block too.
  ASSERT_EQ(send(bob1, {{"type", "block"}, {"name", "alice"}}).at("type"), "blocked");
  json::object muted = send(mod1, {{"type", "mod_action"},
                                   {"action", "mute"},
                                   {"name", "carol"},
                                   {"minutes", 30},
                                   {"reason", "shouting"}});
  ASSERT_EQ(muted.at("type"), "mod_done") << json::serialize(muted);
  const auto asked = Clock::now();
  bool seen = false;
  while (!seen && Clock::now() - asked < 3s) {
    json::object status = send(carol2, {{"type", "moderation_status"}});
    seen = status.at("mute").is_object();
    if (!seen) std::this_thread::sleep_for(20ms);
  }
  ASSERT_TRUE(seen) << "node 2 never heard of the mute made on node 1";
  std::cerr << "mute seen on node 2 after "
            << std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - asked).count()
            << " ms\n";
  json::object refused = send(carol2, {{"type", "lobby_chat"}, {"text", "LOUD"}});
  EXPECT_EQ(refused.at("code"), "muted") << json::serialize(refused);
  EXPECT_NE(std::string(refused.at("message").as_string()).find("shouting"), std::string::npos);

  // Alice's next line reaches carol on node 2 but not bob, who blocks her: bob's first line is
  // the moderator's, written after it.
  ASSERT_EQ(send(alice1, {{"type", "lobby_chat"}, {"text", "still here"}}).at("type"),
            "lobby_chat_said");
  EXPECT_EQ(nextLine(carol2), "alice: still here");
  ASSERT_EQ(send(mod1, {{"type", "lobby_chat"}, {"text", "be kind"}}).at("type"),
            "lobby_chat_said");
  EXPECT_EQ(nextLine(bob2), "mod: be kind");

  // A ban on node 1 closes alice's socket on node 2 too.
  json::object banned = send(
      mod1, {{"type", "mod_action"}, {"action", "ban"}, {"name", "alice"}, {"reason", "spam"}});
  ASSERT_EQ(banned.at("type"), "mod_done") << json::serialize(banned);
  const auto banAt = Clock::now();
  while (alice2.socket->receive(5s)) {
  }
  EXPECT_LT(Clock::now() - banAt, 4s) << "alice's socket on node 2 stayed open";
  EXPECT_EQ(alice2.socket->closeCode(), 1008) << alice2.socket->error();
}

}  // namespace
}  // namespace tengen::cluster::test
