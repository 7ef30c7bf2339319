// Input a client makes huge (a 60,000-character vertex, rules spec, name, message type) is
// refused with an error that quotes at most a short prefix of it (base/quote_input.h), never
// the input itself.

#include <boost/json/serialize.hpp>

#include "site/bots/bot_roster.h"
#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

const std::string kHuge(60'000, 'A');

class SiteLongInput : public SiteFixture {
 protected:
  void configure(SiteOptions& options) override { options.bots = builtinBots(); }
};

// The whole reply, as the client receives it, is a short error that does not hold the input;
// when it quotes it (`quoted`), it names the input's start and marks the cut.
void expectShortError(const json::object& reply, const std::string& what, bool quoted = true) {
  const std::string text = json::serialize(reply);
  EXPECT_EQ(text.find("{\"type\":\"error\""), 0u) << what << ": " << text.substr(0, 300);
  EXPECT_LT(text.size(), 400u) << what << ": " << text.substr(0, 300);
  EXPECT_EQ(text.find(std::string(33, 'A')), std::string::npos) << what;
  if (quoted) {
    EXPECT_NE(text.find("AAAA\u2026"), std::string::npos) << what << ": " << text.substr(0, 300);
  }
}

TEST_F(SiteLongInput, ErrorsQuoteOnlyAShortPrefixOfTheInput) {
  auto alice = connect(registered("alice"));
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {});
  expectShortError(command(*alice, game, "move", {{"point", kHuge}}), "move point");
  expectShortError(alice->request({{"type", kHuge}}), "message type");
  expectShortError(alice->request({{"type", "challenge_bot"}, {"bot", kHuge}, {"size", 9}}),
                   "bot name");
  // A rules spec may hold 200 bytes: its words are quoted short too.
  const std::string longWord(150, 'A');
  const auto table = [&](const std::string& rules) {
    return alice->request({{"type", "create_table"}, {"size", 9}, {"rules", rules}});
  };
  expectShortError(table(longWord), "rules preset");
  expectShortError(table("japanese ko=" + longWord), "rules value");
  expectShortError(table("japanese " + longWord), "rules word");
  expectShortError(table("japanese komi=" + longWord), "rules komi");
  expectShortError(table(kHuge), "a spec past its limit", false);
  expectShortError(alice->request({{"type", "create_table"}, {"size", 9}, {"colour", kHuge}}),
                   "colour", false);
  expectShortError(alice->request({{"type", "challenge_player"}, {"name", kHuge}, {"size", 9}}),
                   "challenged name", false);
}

TEST_F(SiteLongInput, RestErrorsQuoteOnlyAShortPrefix) {
  const std::string name(6'000, 'A');
  const auto player = get("/api/players/" + name);
  EXPECT_EQ(player.status, 404);
  EXPECT_LT(player.body.size(), 200u) << player.body.substr(0, 300);
}

}  // namespace
}  // namespace tengen::site::test
