#pragma once

// Shared by the site_bot_*_test.cpp files: a site with bots configured, and a human client
// that plays a whole game against a bot over the real WebSocket protocol.

#include <boost/json/serialize.hpp>

#include <string>
#include <vector>

#include "site/bots/bot_roster.h"
#include "site_fixture.h"

namespace tengen::site::test {

inline constexpr const char* kGnuGo = "/usr/games/gnugo --mode gtp --level 1";

inline std::string engineScript(const std::string& mode) {
  return std::string(TENGEN_SOURCE_DIR) + "/tests/site/engines/bad_engine.py " + mode;
}

inline BotSpec gtpBot(const std::string& text) {
  auto spec = parseBotSpec(text);
  EXPECT_TRUE(spec) << spec.error().toString();
  return spec ? *spec : BotSpec{};
}

// A built-in bot that searches only `playouts` per move, so tests stay short.
inline BotSpec quickBuiltin(const std::string& name, int playouts) {
  BotSpec spec = builtinBots().front();
  spec.name = name;
  spec.playouts = playouts;
  spec.seconds = 0;
  return spec;
}

// A fixture whose site hosts `bots()`.
class BotSiteFixture : public SiteFixture {
 protected:
  virtual std::vector<BotSpec> bots() = 0;
  void configure(SiteOptions& options) override {
    options.bots = bots();
    options.botThreads = 1;
  }

  // challenge_bot with `fields`; the reply.
  boost::json::object challenge(SiteClient& client, const std::string& bot,
                                boost::json::object fields) {
    fields["type"] = "challenge_bot";
    fields["bot"] = bot;
    return client.request(std::move(fields));
  }
  int64_t challengeOk(SiteClient& client, const std::string& bot, boost::json::object fields) {
    boost::json::object reply = challenge(client, bot, std::move(fields));
    EXPECT_EQ(text(reply, "type"), "challenge_accepted") << boost::json::serialize(reply);
    if (!reply.contains("game")) return 0;
    return integer(reply.at("game").as_object(), "id");
  }
};

struct PlayedGame {
  std::string result;                       // "" if the game did not end in time
  boost::json::object state;                // the last state seen
  std::vector<boost::json::object> events;  // every event, in order
  int humanMoves = 0;
  int botMoves = 0;
};

// `human` (watching `gameId`, seated as `colour`) plays the first legal point in a shuffled
// order that does not fill its own eye, passes once the bot has passed or after `maxMoves`
// moves, accepts the dead stones in the removal phase, until the game ends or `limit` passes.
// With `stopAtRemoval` it returns as soon as the removal phase opens.
PlayedGame playAgainstBot(SiteFixture& fixture, SiteClient& human, int64_t gameId,
                          const std::string& colour, int maxMoves,
                          std::chrono::seconds limit = std::chrono::seconds(60),
                          bool stopAtRemoval = false);

// The game's summary from GET /api/games/{id} once its status is `status` (the REST snapshot
// follows the broadcast by a moment), or the last one read after a few seconds.
boost::json::object storedGame(std::uint16_t port, int64_t gameId,
                               const std::string& status = "finished");

// The next game_event of `gameId` whose event kind is `kind`, or nullopt.
std::optional<boost::json::object> eventOfKind(SiteClient& client, int64_t gameId,
                                               const std::string& kind,
                                               std::chrono::milliseconds timeout);

}  // namespace tengen::site::test
