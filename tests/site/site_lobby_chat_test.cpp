// The lobby chat on a whole site (docs/protocol.md, "Lobby chat"): lines reach every reader at
// once and a newcomer reads the latest from the store, across a restart too; guests read but
// do not write; a mute refuses the next line at once; a reader never gets the lines of someone
// they block, live or in the backlog; bad input and floods are refused precisely.

#include <boost/json/serialize.hpp>

#include <string>

#include "site_fixture.h"
#include "store/moderation_rows.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteLobbyChat : public SiteFixture {
 protected:
  // The lines of a lobby_chat_subscribe reply, as "name: text" in order.
  static std::vector<std::string> linesOf(const json::object& reply) {
    std::vector<std::string> lines;
    for (const json::value& line : reply.at("lines").as_array()) {
      const json::object& l = line.as_object();
      lines.push_back(text(l.at("from").as_object(), "name") + ": " + text(l, "text"));
    }
    return lines;
  }

  std::vector<std::string> backlog(SiteClient& client) {
    json::object reply = client.request({{"type", "lobby_chat_subscribe"}});
    EXPECT_EQ(text(reply, "type"), "lobby_chat_lines") << json::serialize(reply);
    return reply.contains("lines") ? linesOf(reply) : std::vector<std::string>{};
  }

  json::object say(SiteClient& client, std::string_view line) {
    return client.request({{"type", "lobby_chat"}, {"text", line}});
  }

  // The next line pushed to `client`, as "name: text".
  std::string nextLine(SiteClient& client) {
    auto pushed = client.next("lobby_chat_line");
    if (!pushed) return "(none)";
    const json::object& line = pushed->at("line").as_object();
    return text(line.at("from").as_object(), "name") + ": " + text(line, "text");
  }
};

TEST_F(SiteLobbyChat, ALineReachesEveryReaderAtOnceAndANewcomerReadsItEvenAfterARestart) {
  auto alice = connect(registered("alice"));
  const TestUser guestUser = guest();
  auto visitor = connect(guestUser);
  auto anonymous = connectAnonymous();
  EXPECT_TRUE(backlog(*alice).empty());
  EXPECT_TRUE(backlog(*visitor).empty());
  EXPECT_TRUE(backlog(*anonymous).empty());

  json::object said = say(*alice, "Сәлем, кто на 9x9?");
  ASSERT_EQ(text(said, "type"), "lobby_chat_said") << json::serialize(said);
  EXPECT_GT(integer(said, "lineId"), 0);
  EXPECT_EQ(nextLine(*alice), "alice: Сәлем, кто на 9x9?");
  EXPECT_EQ(nextLine(*visitor), "alice: Сәлем, кто на 9x9?");
  EXPECT_EQ(nextLine(*anonymous), "alice: Сәлем, кто на 9x9?");

  // Guests read but do not write; nobody writes without a login.
  json::object byGuest = say(*visitor, "hi");
  EXPECT_EQ(text(byGuest, "code"), "registered_only") << json::serialize(byGuest);
  EXPECT_EQ(text(say(*anonymous, "hi"), "code"), "not_logged_in");
  ASSERT_EQ(text(say(*alice, "second"), "type"), "lobby_chat_said");

  // After unsubscribing, nothing more is pushed.
  ASSERT_EQ(text(anonymous->request({{"type", "lobby_chat_unsubscribe"}}), "type"), "ok");
  ASSERT_EQ(text(say(*alice, "third"), "type"), "lobby_chat_said");
  EXPECT_EQ(nextLine(*visitor), "alice: second");
  EXPECT_EQ(nextLine(*visitor), "alice: third");
  ASSERT_EQ(text(anonymous->request({{"type", "hello"}}), "type"), "welcome");
  EXPECT_EQ(nextLine(*anonymous), "alice: second");
  EXPECT_FALSE(anonymous->queued(
      [](const json::object& m) { return text(m, "type") == "lobby_chat_line"; }));

  alice.reset();
  visitor.reset();
  anonymous.reset();
  restart();
  auto newcomer = connectAnonymous();
  EXPECT_EQ(backlog(*newcomer), (std::vector<std::string>{"alice: Сәлем, кто на 9x9?",
                                                          "alice: second", "alice: third"}));
}

TEST_F(SiteLobbyChat, ABlockedWritersLinesNeverReachTheBlockerLiveNorInTheBacklog) {
  // Connected in this order, so each line is handed to alice before carol (by socket id).
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  auto carol = connect(registered("carol"));
  ASSERT_EQ(text(say(*bob, "before the block"), "type"), "lobby_chat_said");
  for (auto* reader : {alice.get(), carol.get()}) backlog(*reader);
  ASSERT_EQ(text(alice->request({{"type", "block"}, {"name", "bob"}}), "type"), "blocked");

  ASSERT_EQ(text(say(*bob, "after the block"), "type"), "lobby_chat_said");
  EXPECT_EQ(nextLine(*carol), "bob: after the block");
  ASSERT_EQ(text(say(*carol, "carol here"), "type"), "lobby_chat_said");
  // Alice's first line is carol's: bob's, handed out earlier, never came.
  EXPECT_EQ(nextLine(*alice), "carol: carol here");

  // Fresh backlogs: alice's leaves out bob's lines, older ones too; carol's has them all.
  EXPECT_EQ(backlog(*alice), (std::vector<std::string>{"carol: carol here"}));
  EXPECT_EQ(backlog(*carol),
            (std::vector<std::string>{"bob: before the block", "bob: after the block",
                                      "carol: carol here"}));
  // Unblocked, bob is heard again.
  ASSERT_EQ(text(alice->request({{"type", "unblock"}, {"name", "bob"}}), "type"), "unblocked");
  ASSERT_EQ(text(say(*bob, "heard again"), "type"), "lobby_chat_said");
  EXPECT_EQ(nextLine(*alice), "bob: heard again");
}

TEST_F(SiteLobbyChat, AMuteRefusesTheNextLineAtOnceSayingUntilWhenAndWhy) {
  const TestUser modUser = registered("mod");
  store::ModerationAction grant;
  grant.moderator = {0, "command line"};
  grant.kind = store::ModerationKind::Grant;
  grant.user.id = modUser.id;
  grant.reason = "test";
  ASSERT_EQ(store_->applyModeration(grant).value().outcome, store::ModerationOutcome::Done);
  auto mod = connect(modUser);
  auto bob = connect(registered("bob"));
  ASSERT_EQ(text(say(*bob, "spam"), "type"), "lobby_chat_said");

  json::object muted = mod->request({{"type", "mod_action"},
                                     {"action", "mute"},
                                     {"name", "bob"},
                                     {"minutes", 60},
                                     {"reason", "flooding the lobby"}});
  ASSERT_EQ(text(muted, "type"), "mod_done") << json::serialize(muted);
  json::object refused = say(*bob, "more spam");
  EXPECT_EQ(text(refused, "code"), "muted") << json::serialize(refused);
  EXPECT_NE(text(refused, "message").find("until "), std::string::npos);
  EXPECT_NE(text(refused, "message").find("UTC: flooding the lobby"), std::string::npos);
  // The refused line was never stored.
  EXPECT_EQ(backlog(*mod), (std::vector<std::string>{"bob: spam"}));

  ASSERT_EQ(text(mod->request({{"type", "mod_action"},
                               {"action", "unmute"},
                               {"name", "bob"},
                               {"reason", "calmer now"}}),
                 "type"),
            "mod_done");
  EXPECT_EQ(text(say(*bob, "sorry"), "type"), "lobby_chat_said");
}

TEST_F(SiteLobbyChat, BadLinesAndFloodsAreRefusedNamingWhatIsWrong) {
  auto alice = connect(registered("alice"));
  EXPECT_EQ(text(alice->request({{"type", "lobby_chat"}}), "message"),
            "missing \"text\": a string");
  EXPECT_EQ(text(alice->request({{"type", "lobby_chat"}, {"text", 42}}), "code"), "bad_request");
  EXPECT_EQ(text(say(*alice, " \t\n"), "message"), "the chat text is empty");
  EXPECT_EQ(text(say(*alice, std::string(501, 'x')), "message"),
            "the chat text is longer than 500 characters");
  // 500 characters of 4 bytes each are 2,000 bytes: at both caps, still a line.
  std::string wide;
  for (int i = 0; i < 500; ++i) wide += "\xF0\x9F\x80\x84";
  ASSERT_EQ(text(say(*alice, wide), "type"), "lobby_chat_said");
  // A burst of 5 lines, then one every 2 s: the line above and 4 more pass, then refusals.
  // (A slow run may earn a token back every 2 s, hence the bound rather than an exact count.)
  int passed = 1;
  json::object flood;
  for (; passed < 12; ++passed) {
    flood = say(*alice, "line");
    if (text(flood, "type") != "lobby_chat_said") break;
  }
  EXPECT_GE(passed, 5);
  EXPECT_LT(passed, 12);
  EXPECT_EQ(text(flood, "code"), "rate_limited") << json::serialize(flood);
  EXPECT_NE(text(flood, "message").find("more than 5 lobby chat lines in 10 seconds"),
            std::string::npos);
  // Nothing refused was stored.
  std::vector<std::string> lines = backlog(*alice);
  ASSERT_EQ(lines.size(), static_cast<size_t>(passed));
  EXPECT_EQ(lines.front(), "alice: " + wide);
}

}  // namespace
}  // namespace tengen::site::test
