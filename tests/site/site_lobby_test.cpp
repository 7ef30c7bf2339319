// The lobby, tables and the REST rules list (docs/protocol.md, "Lobby", "Games (REST)"), and
// the per-session rate limit.

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <map>
#include <thread>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteLobbyTest : public SiteFixture {};

bool listsGame(const json::object& lobby, std::string_view list, int64_t gameId) {
  for (const json::value& entry : lobby.at(list).as_array()) {
    if (integer(entry.as_object(), "id") == gameId) return true;
  }
  return false;
}

TEST_F(SiteLobbyTest, TablesBecomeGamesAndPushesFollow) {
  const TestUser aliceUser = guest();
  auto alice = connect(aliceUser);
  auto bob = connect(guest());
  json::object lobby = alice->request({{"type", "lobby_subscribe"}});
  ASSERT_EQ(text(lobby, "type"), "lobby") << json::serialize(lobby);
  EXPECT_TRUE(lobby.at("tables").as_array().empty());
  // Bob's socket may register a moment after its handshake: then a push follows.
  if (integer(lobby, "playersOnline") != 2) {
    ASSERT_TRUE(alice->waitFor([](const json::object& m) {
      return text(m, "type") == "lobby" && integer(m, "playersOnline") == 2;
    }));
  }

  const int64_t table = createTable(*alice, {{"size", 9}, {"colour", "nigiri"}});
  auto pushed = alice->waitFor([&](const json::object& m) {
    return text(m, "type") == "lobby" && listsGame(m, "tables", table);
  });
  ASSERT_TRUE(pushed);
  EXPECT_FALSE(pushed->contains("id"));

  EXPECT_EQ(text(alice->request({{"type", "join_table"}, {"gameId", table}}), "code"), "own_table");
  EXPECT_EQ(text(bob->request({{"type", "cancel_table"}, {"gameId", table}}), "code"), "not_owner");
  EXPECT_EQ(text(bob->request({{"type", "join_table"}, {"gameId", 424242}}), "code"), "not_found");
  json::object joined = bob->request({{"type", "join_table"}, {"gameId", table}});
  ASSERT_EQ(text(joined, "type"), "joined") << json::serialize(joined);
  const json::object& game = joined.at("game").as_object();
  EXPECT_EQ(text(game, "status"), "playing");
  EXPECT_TRUE(game.at("black").is_object() && game.at("white").is_object());
  pushed = alice->waitFor([&](const json::object& m) {
    return text(m, "type") == "lobby" && listsGame(m, "games", table) &&
           !listsGame(m, "tables", table);
  });
  ASSERT_TRUE(pushed);
  EXPECT_EQ(text(bob->request({{"type", "join_table"}, {"gameId", table}}), "code"), "not_open");

  // Cancelled tables leave the lobby.
  const int64_t second = createTable(*alice, {});
  json::object cancelled = alice->request({{"type", "cancel_table"}, {"gameId", second}});
  EXPECT_EQ(text(cancelled, "type"), "table_cancelled") << json::serialize(cancelled);
  EXPECT_EQ(integer(cancelled, "gameId"), second);
  EXPECT_EQ(text(bob->request({{"type", "join_table"}, {"gameId", second}}), "code"), "not_open");
  pushed = alice->waitFor([&](const json::object& m) {
    return text(m, "type") == "lobby" && !listsGame(m, "tables", second);
  });
  ASSERT_TRUE(pushed);

  // Bob leaves: the player list follows.
  bob.reset();
  pushed = alice->waitFor([&](const json::object& m) {
    return text(m, "type") == "lobby" && integer(m, "playersOnline") == 1;
  });
  ASSERT_TRUE(pushed);
  EXPECT_EQ(text(pushed->at("players").as_array()[0].as_object(), "name"), aliceUser.name);
  ASSERT_EQ(verdict(alice->request({{"type", "lobby_unsubscribe"}})), "ok");
}

TEST_F(SiteLobbyTest, CreateTableNamesTheBadField) {
  auto alice = connect(guest());
  auto anonymous = connectAnonymous();
  EXPECT_EQ(text(anonymous->request({{"type", "create_table"}}), "code"), "not_logged_in");
  const std::pair<json::object, std::string> cases[] = {
      {{{"size", 4}}, "size"},
      {{{"size", "nine"}}, "size"},
      {{{"rules", "calvinball"}}, "rules"},
      {{{"komi", 0.3}}, "komi"},
      {{{"komi", 151}}, "komi"},
      {{{"handicap", 1}}, "handicap"},
      {{{"handicap", 10}}, "handicap"},
      {{{"size", 7}, {"handicap", 5}}, "handicap"},
      {{{"rules", "japanese"}, {"handicap", 3}, {"handicapPlacement", "free"}},
       "handicapPlacement"},
      {{{"colour", "red"}}, "colour"},
      {{{"time", {{"kind", "absolute"}, {"mainSeconds", -1}}}}, "time.mainSeconds"},
      {{{"time", {{"kind", "hourglass"}}}}, "time"},
  };
  for (const auto& [fields, field] : cases) {
    json::object message = fields;
    message["type"] = "create_table";
    json::object reply = alice->request(message);
    EXPECT_EQ(text(reply, "code"), "bad_request") << json::serialize(fields);
    EXPECT_NE(text(reply, "message").find(field), std::string::npos)
        << json::serialize(fields) << " → " << json::serialize(reply);
  }
  // The clock's own message names the field once, without a prefix repeating it.
  json::object badPeriods = alice->request(
      {{"type", "create_table"},
       {"time",
        {{"kind", "byoyomi"}, {"mainSeconds", 60}, {"periods", 0}, {"periodSeconds", 30}}}});
  EXPECT_EQ(text(badPeriods, "message"), "time.periods: expected an integer 1..100, got 0");
  // Defaults: 19x19, the default rules with their komi, nigiri, no clock.
  json::object created = alice->request({{"type", "create_table"}});
  ASSERT_EQ(text(created, "type"), "table_created") << json::serialize(created);
  const json::object& game = created.at("game").as_object();
  EXPECT_EQ(integer(game, "size"), 19);
  EXPECT_EQ(text(game, "rules"), "tromp-taylor suicide=forbidden");
  EXPECT_EQ(text(game, "colour"), "nigiri");
  EXPECT_EQ(text(game, "status"), "open");
}

TEST_F(SiteLobbyTest, RulesListsEveryPresetWithKomiAndFreeHandicap) {
  auto reply = get("/api/rules");
  ASSERT_EQ(reply.status, 200);
  json::value body = json::parse(reply.body);
  EXPECT_EQ(text(body.as_object(), "default"), "tromp-taylor suicide=forbidden");
  std::map<std::string, json::object> byName;
  for (const json::value& preset : body.at("presets").as_array()) {
    byName[text(preset.as_object(), "name")] = preset.as_object();
  }
  EXPECT_EQ(byName.size(), 11u);
  ASSERT_TRUE(byName.contains("japanese"));
  EXPECT_FALSE(byName["japanese"].at("freeHandicap").as_bool());
  EXPECT_EQ(byName["japanese"].at("komi").as_double(), 6.5);
  EXPECT_FALSE(byName["korean"].at("freeHandicap").as_bool());
  EXPECT_TRUE(byName["chinese"].at("freeHandicap").as_bool());
  // The procedures' facts come from go::Rules, so the table form keeps none of its own.
  EXPECT_FALSE(byName["tromp-taylor"].at("removalPhase").as_bool());
  EXPECT_TRUE(byName["japanese"].at("removalPhase").as_bool());
  EXPECT_EQ(byName["chinese"].at("handicapKomi").as_double(), 0.5);
  EXPECT_EQ(text(byName["chinese"], "ko"), "positional");
  EXPECT_EQ(text(byName["aga"], "ko"), "situational");
  EXPECT_EQ(text(byName["ing"], "ko"), "ing");
  EXPECT_EQ(body.at("maxKomi").to_number<double>(), 150);
}

// Without a komi, a handicap table gets the handicap komi; a komi in the spec still wins.
TEST_F(SiteLobbyTest, AHandicapTableWithoutKomiGetsHalfAPoint) {
  auto alice = connect(guest());
  json::object handicap = alice->request(
      {{"type", "create_table"}, {"size", 19}, {"rules", "japanese"}, {"handicap", 4}});
  ASSERT_EQ(text(handicap, "type"), "table_created") << json::serialize(handicap);
  EXPECT_EQ(handicap.at("game").at("komi").to_number<double>(), 0.5);
  json::object even =
      alice->request({{"type", "create_table"}, {"size", 19}, {"rules", "japanese"}});
  EXPECT_EQ(even.at("game").at("komi").to_number<double>(), 6.5);
  json::object named = alice->request(
      {{"type", "create_table"}, {"size", 19}, {"rules", "chinese komi=3"}, {"handicap", 2}});
  EXPECT_EQ(named.at("game").at("komi").to_number<double>(), 3);
  json::object tooMuch = alice->request({{"type", "create_table"}, {"size", 19}, {"komi", 150.5}});
  EXPECT_EQ(text(tooMuch, "code"), "bad_request");
  EXPECT_EQ(text(tooMuch, "message"), "\"komi\" must be a whole or half number in -150..150");
}

TEST_F(SiteLobbyTest, MoreThanFiftyMessagesASecondAreRateLimited) {
  auto alice = connect(guest());
  const int kMessages = 400;
  for (int i = 0; i < kMessages; ++i) {
    ASSERT_TRUE(alice->sendText(R"({"type":"unwatch","gameId":1,"id":)" + std::to_string(i) + "}"));
  }
  int ok = 0;
  int limited = 0;
  for (int i = 0; i < kMessages; ++i) {
    auto reply = alice->waitFor([](const json::object&) { return true; });
    ASSERT_TRUE(reply);
    if (verdict(*reply) == "ok") ++ok;
    if (text(*reply, "code") == "rate_limited") ++limited;
  }
  EXPECT_EQ(ok + limited, kMessages);
  // The burst allowance (3 s at 50/s) and a little refill pass; the rest is refused.
  EXPECT_GE(ok, 150);
  EXPECT_GT(limited, 100);
  // The connection stays open and serves again after a pause.
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(verdict(alice->request({{"type", "unwatch"}, {"gameId", 1}})), "ok");
}

// turns_subscribe: the "your move" list and its pushes without the lobby's (docs/protocol.md
// "your_move"), as the web client's pages other than the lobby ask for them.
TEST_F(SiteLobbyTest, TurnsSubscribeGivesYourMoveWithoutTheLobby) {
  auto anonymous = connectAnonymous();
  EXPECT_EQ(text(anonymous->request({{"type", "turns_subscribe"}}), "code"), "not_logged_in");

  const TestUser aliceUser = guest();
  auto alice = connect(aliceUser);
  auto bob = connect(guest());
  const int64_t table = createTable(*alice, {{"size", 9}, {"colour", "white"}});
  json::object turns = bob->request({{"type", "turns_subscribe"}});
  ASSERT_EQ(text(turns, "type"), "your_move") << json::serialize(turns);
  EXPECT_TRUE(turns.at("games").as_array().empty());
  // Bob takes black, so the first move is his: the list says so at once.
  ASSERT_EQ(text(bob->request({{"type", "join_table"}, {"gameId", table}}), "type"), "joined");
  auto mine = bob->waitFor([&](const json::object& m) {
    return text(m, "type") == "your_move" && !m.contains("id") &&
           m.at("games").as_array().size() == 1;
  });
  ASSERT_TRUE(mine);
  EXPECT_EQ(integer(mine->at("games").as_array()[0].as_object(), "gameId"), table);
  // No lobby pushes come to a socket that asked for the turns alone.
  createTable(*alice, {});
  for (const json::object& m : bob->drain(700ms)) EXPECT_NE(text(m, "type"), "lobby");
}

}  // namespace
}  // namespace tengen::site::test
