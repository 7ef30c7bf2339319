// Bots in the lobby and challenge_bot's refusals (docs/protocol.md, "Bots"): a real site on
// a real SQLite file, real WebSocket clients.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <boost/json/serialize.hpp>

#include "site_bot_test_support.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteBotLobby : public BotSiteFixture {
 protected:
  std::vector<BotSpec> bots() override {
    std::vector<BotSpec> list = builtinBots();
    list.push_back(gtpBot(
        "Slow[sizes=9,13;rules=chinese,japanese;time=none,byoyomi;maxHandicap=4;maxGames=1]=" +
        engineScript("hang")));
    return list;
  }

  json::object lobby(SiteClient& client) {
    json::object reply = client.request({{"type", "lobby_subscribe"}});
    EXPECT_EQ(text(reply, "type"), "lobby") << json::serialize(reply);
    return reply;
  }

  const json::object* botNamed(const json::object& lobby, std::string_view name) {
    for (const json::value& bot : lobby.at("bots").as_array()) {
      if (text(bot.as_object(), "name") == name) return &bot.as_object();
    }
    return nullptr;
  }
};

TEST_F(SiteBotLobby, ListsEveryBotWithItsDeclarations) {
  auto client = connect(guest());
  json::object reply = lobby(*client);
  ASSERT_EQ(reply.at("bots").as_array().size(), 7u) << json::serialize(reply);

  const json::object* slow = botNamed(reply, "Slow");
  ASSERT_NE(slow, nullptr);
  EXPECT_EQ(text(*slow, "kind"), "gtp");
  EXPECT_EQ(json::serialize(slow->at("sizes")), "[9,13]");
  EXPECT_EQ(json::serialize(slow->at("rules")), R"(["chinese","japanese"])");
  EXPECT_EQ(json::serialize(slow->at("time")), R"(["none","byoyomi"])");
  EXPECT_EQ(integer(*slow, "maxHandicap"), 4);
  EXPECT_EQ(integer(*slow, "games"), 0);
  EXPECT_EQ(integer(*slow, "maxGames"), 1);
  EXPECT_EQ(slow->at("available"), json::value(true));
  EXPECT_GT(integer(*slow, "id"), 0);

  const json::object* easy = botNamed(reply, "Tengen Easy");
  ASSERT_NE(easy, nullptr);
  EXPECT_EQ(text(*easy, "kind"), "builtin");
  EXPECT_EQ(easy->at("sizes").as_array().size(), 21u);  // 5..25
  EXPECT_EQ(easy->at("time").as_array().size(), 5u);
  EXPECT_EQ(integer(*easy, "maxGames"), 8);
  EXPECT_NE(botNamed(reply, "Tengen Casual"), nullptr);
  EXPECT_NE(botNamed(reply, "Tengen Medium"), nullptr);
  EXPECT_NE(botNamed(reply, "Tengen Advanced"), nullptr);
  EXPECT_NE(botNamed(reply, "Tengen Strong"), nullptr);
  EXPECT_FALSE(slow->contains("rank"));  // an engine's strength is not known
}

TEST_F(SiteBotLobby, ListsTheBuiltinLevelsWeakestFirstWithTheirRanks) {
  auto client = connect(guest());
  const json::object reply = lobby(*client);
  std::vector<std::pair<std::string, std::string>> levels;
  for (const json::value& bot : reply.at("bots").as_array()) {
    const json::object& b = bot.as_object();
    if (text(b, "kind") == "builtin") levels.emplace_back(text(b, "name"), text(b, "rank"));
  }
  // docs/strength.md, "Levels": tools/strength/calibrate_levels.sh's chain of matches.
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"Tengen Beginner", "30k"}, {"Tengen Easy", "27k"},     {"Tengen Casual", "19k"},
      {"Tengen Medium", "13k"},   {"Tengen Advanced", "10k"}, {"Tengen Strong", "8k"}};
  EXPECT_EQ(levels, expected);
}

TEST_F(SiteBotLobby, CountsTheGamesABotPlaysAndMarksBotPlayers) {
  auto client = connect(guest());
  lobby(*client);
  const int64_t gameId =
      challengeOk(*client, "Slow", {{"size", 9}, {"rules", "chinese"}, {"colour", "black"}});
  // A push arrives once the game is in play. The bot's count changes first (the challenge
  // reserves the bot, then the table opens and the bot joins it), so an earlier push may show
  // the count with the table still open.
  const auto listed = [gameId](const json::object& m) -> const json::object* {
    for (const json::value& game : m.at("games").as_array()) {
      if (integer(game.as_object(), "id") == gameId) return &game.as_object();
    }
    return nullptr;
  };
  auto pushed = client->waitFor([&listed](const json::object& m) {
    return text(m, "type") == "lobby" && !m.contains("id") && listed(m);
  });
  ASSERT_TRUE(pushed);
  // The bot is busy at its one game.
  const json::object* slow = botNamed(*pushed, "Slow");
  EXPECT_EQ(integer(*slow, "games"), 1);
  EXPECT_EQ(slow->at("available"), json::value(false));
  const json::object& game = *listed(*pushed);
  EXPECT_EQ(game.at("white").as_object().at("bot"), json::value(true)) << json::serialize(game);
  EXPECT_FALSE(game.at("black").as_object().contains("bot"));
}

TEST_F(SiteBotLobby, ChallengeErrorsNameTheFieldAndWhatTheBotAccepts) {
  auto anonymous = connectAnonymous();
  json::object reply = challenge(*anonymous, "Slow", {{"size", 9}});
  EXPECT_EQ(text(reply, "code"), "not_logged_in") << json::serialize(reply);

  auto client = connect(guest());
  reply = challenge(*client, "Nobody", {{"size", 9}});
  EXPECT_EQ(text(reply, "code"), "not_found") << json::serialize(reply);

  reply = challenge(*client, "Slow", {{"size", 19}, {"rules", "chinese"}});
  EXPECT_EQ(text(reply, "code"), "bot_declines") << json::serialize(reply);
  EXPECT_EQ(text(reply, "field"), "size");
  EXPECT_EQ(text(reply, "message"), "Slow plays 9x9 and 13x13");

  reply = challenge(*client, "Slow", {{"size", 9}, {"rules", "aga"}});
  EXPECT_EQ(text(reply, "code"), "bot_declines");
  EXPECT_EQ(text(reply, "field"), "rules");
  EXPECT_EQ(text(reply, "message"), "Slow plays the rules chinese and japanese");

  reply = challenge(
      *client, "Slow",
      {{"size", 9},
       {"rules", "chinese"},
       {"time",
        {{"kind", "fischer"}, {"mainSeconds", 60}, {"incrementSeconds", 5}, {"maxSeconds", 0}}}});
  EXPECT_EQ(text(reply, "code"), "bot_declines");
  EXPECT_EQ(text(reply, "field"), "time");
  EXPECT_EQ(text(reply, "message"), "Slow plays with the time systems none and byoyomi");

  reply = challenge(*client, "Slow", {{"size", 9}, {"rules", "chinese"}, {"handicap", 5}});
  EXPECT_EQ(text(reply, "code"), "bot_declines");
  EXPECT_EQ(text(reply, "field"), "handicap");

  reply = challenge(*client, "Slow", {{"size", 9}, {"komi", 0.3}});
  EXPECT_EQ(text(reply, "code"), "bad_request");
  EXPECT_EQ(text(reply, "field"), "komi");

  // Its one game taken, the bot is busy until that game ends.
  const int64_t first =
      challengeOk(*client, "Slow", {{"size", 9}, {"rules", "chinese"}, {"colour", "black"}});
  auto other = connect(guest());
  reply = challenge(*other, "Slow", {{"size", 9}, {"rules", "chinese"}});
  EXPECT_EQ(text(reply, "code"), "bot_busy") << json::serialize(reply);
  client->request({{"type", "watch"}, {"gameId", first}});
  EXPECT_EQ(verdict(command(*client, first, "resign")), "ok");
  bool freed = false;
  for (int attempt = 0; attempt < 50 && !freed; ++attempt) {
    reply = challenge(*other, "Slow", {{"size", 9}, {"rules", "chinese"}, {"colour", "black"}});
    freed = text(reply, "type") == "challenge_accepted";
    if (!freed) std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(freed) << json::serialize(reply);
}

TEST_F(SiteBotLobby, NobodyLogsInAsABot) {
  json::object body{{"name", "Slow"}, {"password", "correct horse battery"}};
  auto login = server::test::httpRequest(
      port_, "POST", "/api/login", {{"Content-Type", "application/json"}}, json::serialize(body));
  EXPECT_EQ(login.status, 401) << login.body;
  auto registered =
      server::test::httpRequest(port_, "POST", "/api/register",
                                {{"Content-Type", "application/json"}}, json::serialize(body));
  EXPECT_EQ(registered.status, 409) << registered.body;
}

TEST_F(SiteBotLobby, ABotNamedLikeAUserStopsTheSiteFromStarting) {
  registered("alice");
  SiteOptions options;
  options.bots = {gtpBot("ALICE=" + std::string(kGnuGo))};
  Site site(*store_, options);
  auto prepared = site.prepareBots();
  ASSERT_FALSE(prepared);
  EXPECT_NE(prepared.error().toString().find("belongs to a user account"), std::string::npos)
      << prepared.error().toString();
  site.stop();
}

TEST_F(SiteBotLobby, SitesStartingTogetherShareTheBotsAccount) {
  // Nodes of a cluster start at once on one store: each looks the bot's name up, finds
  // nothing, and creates it; the one that loses the insert must take the winner's account.
  for (int round = 0; round < 20; ++round) {
    SiteOptions options;
    options.bots = {gtpBot("Racer" + std::to_string(round) + "=" + std::string(kGnuGo))};
    Site first(*store_, options);
    Site second(*store_, options);
    Result<void> a, b;
    std::thread other([&] { b = second.prepareBots(); });
    a = first.prepareBots();
    other.join();
    EXPECT_TRUE(a) << a.error().toString();
    EXPECT_TRUE(b) << b.error().toString();
    auto user = store_->findUserByName("Racer" + std::to_string(round));
    ASSERT_TRUE(user && *user);
    first.stop();
    second.stop();
  }
}

TEST(BotSpecParse, DeclarationsAndDefaults) {
  auto plain = parseBotSpec("GNU Go=gnugo --mode gtp --level 10");
  ASSERT_TRUE(plain) << plain.error().toString();
  EXPECT_EQ(plain->name, "GNU Go");
  EXPECT_EQ(plain->command, "gnugo --mode gtp --level 10");
  EXPECT_EQ(plain->sizes, (std::vector<int>{9, 13, 19}));
  EXPECT_EQ(plain->rules.size(), 11u);
  EXPECT_EQ(plain->time.size(), 5u);
  EXPECT_EQ(plain->maxHandicap, 9);
  EXPECT_EQ(plain->maxGames, 4);

  auto declared = parseBotSpec(
      "GNU Go[sizes=9,13,19;rules=chinese,japanese,aga,tromp-taylor;time=none,absolute,byoyomi,"
      "canadian;maxHandicap=9;maxGames=4;moveSeconds=30]=gnugo --mode gtp --level 10");
  ASSERT_TRUE(declared) << declared.error().toString();
  EXPECT_EQ(declared->rules,
            (std::vector<std::string>{"chinese", "japanese", "aga", "tromp-taylor"}));
  EXPECT_EQ(declared->time.size(), 4u);
  EXPECT_EQ(declared->moveSeconds, 30);
}

TEST(BotSpecParse, ErrorsNameTheBadPart) {
  const std::pair<const char*, const char*> cases[] = {
      {"GNU Go", "expected NAME=COMMAND"},
      {"=gnugo", "the bot has no name"},
      {"X=", "the command is empty"},
      {"X[sizes=9,31]=gnugo", "size \"31\" is not a board size in 5..25"},
      {"X[rules=chess]=gnugo", "\"chess\" is not a rules preset"},
      {"X[time=hourglass]=gnugo", "\"hourglass\" is not a time system"},
      {"X[maxGames=0]=gnugo", "maxGames \"0\" is not an integer in 1..1000"},
      {"X[colour=red]=gnugo", "unknown declaration \"colour\""},
      {"X[sizes=9=gnugo", "a '[' without its ']'"},
  };
  for (const auto& [spec, message] : cases) {
    auto parsed = parseBotSpec(spec);
    ASSERT_FALSE(parsed) << spec;
    EXPECT_NE(parsed.error().toString().find(message), std::string::npos)
        << spec << " -> " << parsed.error().toString();
  }
}

}  // namespace
}  // namespace tengen::site::test
