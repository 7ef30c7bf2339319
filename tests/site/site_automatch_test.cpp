// Automatch and challenges over the real socket (docs/protocol.md, "Automatch and
// challenges"): two searches in one pool become one game for both, colours and handicap from
// the ratings; a lone searcher is offered a bot; challenges are accepted, declined, expire
// and are refused for the documented reasons.
#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>

#include "site/automatch/matchmaker.h"
#include "site/automatch/pair_terms.h"
#include "site/bots/bot_roster.h"
#include "site_fixture.h"
#include "support/typed_settings.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteAutomatch : public SiteFixture {
 protected:
  void configure(SiteOptions& options) override {
    options.bots = builtinBots();
    options.automatch.waveInterval = 200ms;
    options.automatch.waveJitter = 0ms;
    options.automatch.tick = 50ms;
    options.automatch.challengeTimeout = 3s;
  }

  // Gives `user` an overall rating as a finished rated game would.
  void setRating(const TestUser& user, double rating) {
    store::GameSettings game;
    game.size = 19;
    game.rules = rulesOf("japanese");
    game.status = game::GameStatus::Playing;
    game.rated = true;
    game.blackUserId = user.id;
    game.whiteUserId = helper_.id;
    game.ownerUserId = user.id;
    auto id = store_->createGame(game);
    ASSERT_TRUE(id);
    store::RatedGame rated;
    rated.blackUserId = user.id;
    rated.whiteUserId = helper_.id;
    rated.categories = {"overall"};
    rated.rate = [rating](const store::CategoryRating& b, const store::CategoryRating& w) {
      store::CategoryRating black = b;
      black.rating = rating;
      black.deviation = 80;
      return std::pair{black, w};
    };
    ASSERT_TRUE(store_->finishGame(*id, game::GameStatus::Finished, resultOf("B+R"), rated));
  }

  // A socket is online once the server has run its open hook, which is before it reads the
  // first message: the reply to a hello proves it.
  std::unique_ptr<SiteClient> online(const TestUser& user) {
    auto client = connect(user);
    EXPECT_EQ(text(client->request({{"type", "hello"}}), "type"), "welcome");
    return client;
  }

  json::object find(SiteClient& client, json::object fields) {
    fields["type"] = "automatch_find";
    return client.request(fields);
  }

  void SetUp() override {
    SiteFixture::SetUp();
    helper_ = registered("helper");
  }

  TestUser helper_;
};

const json::object& seat(const json::object& game, std::string_view colour) {
  return game.at(colour).as_object();
}

TEST_F(SiteAutomatch, TwoSearchesInOnePoolStartOneGameForBoth) {
  const TestUser alice = registered("alice");
  const TestUser bob = registered("bob");
  auto a = connect(alice);
  auto b = connect(bob);
  json::object searching = find(*a, {{"size", 9}, {"speed", "blitz"}, {"rules", "any"}});
  ASSERT_EQ(text(searching, "type"), "automatch_searching") << json::serialize(searching);
  EXPECT_EQ(text(searching, "rank"), "6k");
  EXPECT_EQ(text(searching.at("time").as_object(), "kind"), "fischer");
  ASSERT_EQ(text(find(*b, {{"size", 9}, {"speed", "blitz"}, {"rules", "chinese"}}), "type"),
            "automatch_searching");
  auto startedA = a->next("automatch_started");
  auto startedB = b->next("automatch_started");
  ASSERT_TRUE(startedA && startedB);
  EXPECT_EQ(integer(*startedA, "gameId"), integer(*startedB, "gameId"));
  const json::object& game = startedA->at("game").as_object();
  EXPECT_EQ(text(game, "status"), "playing") << json::serialize(game);
  EXPECT_EQ(integer(game, "size"), 9);
  EXPECT_EQ(text(game, "rules").rfind("chinese", 0), 0u) << "the one preference that is set";
  std::set<std::string> players{text(seat(game, "black"), "name"),
                                text(seat(game, "white"), "name")};
  EXPECT_EQ(players, (std::set<std::string>{"alice", "bob"}));
  // Even ratings: no handicap, the rules' komi.
  EXPECT_EQ(integer(game, "handicap"), 0);
  EXPECT_EQ(game.at("komi").to_number<double>(), 7.5);
}

TEST_F(SiteAutomatch, TwoAnyRulesSearchesPlayTheSiteDefaultWithSuicideForbidden) {
  auto a = connect(registered("alice"));
  auto b = connect(registered("bob"));
  find(*a, {{"size", 9}, {"speed", "blitz"}, {"rules", "any"}});
  find(*b, {{"size", 9}, {"speed", "blitz"}});
  auto started = a->next("automatch_started");
  ASSERT_TRUE(started);
  ASSERT_TRUE(b->next("automatch_started"));
  const json::object& game = started->at("game").as_object();
  EXPECT_EQ(text(game, "rules"), "tromp-taylor suicide=forbidden") << json::serialize(game);
}

TEST_F(SiteAutomatch, TheWeakerTakesBlackWithHandicapFromTheRankDifference) {
  const TestUser weak = registered("weak");
  const TestUser strong = registered("strong");
  setRating(weak, 1500);    // rank 24.3: 6k
  setRating(strong, 1640);  // rank 26.4: 4k; 140 apart, allowed after two missed waves
  auto w = connect(weak);
  auto s = connect(strong);
  ASSERT_EQ(text(find(*s, {{"size", 19}, {"speed", "live"}}), "type"), "automatch_searching");
  ASSERT_EQ(text(find(*w, {{"size", 19}, {"speed", "live"}}), "type"), "automatch_searching");
  auto started = w->next("automatch_started", 10s);
  ASSERT_TRUE(started);
  ASSERT_TRUE(s->next("automatch_started"));
  const json::object& game = started->at("game").as_object();
  EXPECT_EQ(text(seat(game, "black"), "name"), "weak") << json::serialize(game);
  EXPECT_EQ(integer(game, "handicap"), 2);
  EXPECT_EQ(game.at("komi").to_number<double>(), 0.5);
}

TEST_F(SiteAutomatch, HandicapRefusedMeansAnEvenGame) {
  const TestUser weak = registered("weak");
  const TestUser strong = registered("strong");
  setRating(weak, 1500);
  setRating(strong, 1640);
  auto w = connect(weak);
  auto s = connect(strong);
  find(*s, {{"size", 19}, {"speed", "live"}, {"handicap", false}});
  find(*w, {{"size", 19}, {"speed", "live"}});
  auto started = w->next("automatch_started", 10s);
  ASSERT_TRUE(started);
  EXPECT_EQ(integer(started->at("game").as_object(), "handicap"), 0);
  EXPECT_EQ(started->at("game").at("komi").to_number<double>(), 7.5);
}

TEST_F(SiteAutomatch, DifferentPoolsAndDifferentRulesNeverMeet) {
  auto a = connect(registered("alice"));
  auto b = connect(registered("bob"));
  auto c = connect(registered("carol"));
  find(*a, {{"size", 9}, {"speed", "blitz"}, {"rules", "japanese"}});
  find(*b, {{"size", 9}, {"speed", "blitz"}, {"rules", "chinese"}});
  find(*c, {{"size", 13}, {"speed", "blitz"}});
  EXPECT_FALSE(a->next("automatch_started", 800ms));
  EXPECT_FALSE(
      b->queued([](const json::object& m) { return text(m, "type") == "automatch_started"; }));
}

TEST_F(SiteAutomatch, ALoneSearcherIsOfferedTheNearestBuiltinBot) {
  auto a = connect(registered("alice"));  // 1500: 6k, nearest to Tengen Strong (8k)
  json::object searching = find(*a, {{"size", 13}, {"speed", "live"}, {"botAfterSeconds", 1}});
  EXPECT_EQ(integer(searching, "botAfterSeconds"), 1);
  auto offer = a->next("automatch_bot_offer", 5s);
  ASSERT_TRUE(offer);
  EXPECT_EQ(text(*offer, "bot"), "Tengen Strong") << json::serialize(*offer);
  EXPECT_EQ(text(*offer, "rank"), "8k");
  EXPECT_GE(integer(*offer, "waitedMs"), 1000);
  const json::object& table = offer->at("table").as_object();
  EXPECT_EQ(integer(table, "size"), 13);
  // "any" offers the site's table default, suicide forbidden included.
  EXPECT_EQ(text(table, "rules"), "tromp-taylor suicide=forbidden");
  // The offer's table is what challenge_bot takes.
  json::object challenge = table;
  challenge["type"] = "challenge_bot";
  challenge["bot"] = "Tengen Strong";
  EXPECT_EQ(text(a->request({{"type", "automatch_cancel"}}), "type"), "automatch_cancelled");
  json::object accepted = a->request(challenge);
  EXPECT_EQ(text(accepted, "type"), "challenge_accepted") << json::serialize(accepted);
}

TEST_F(SiteAutomatch, AKyuSearcherIsOfferedTheLevelNearestTheirRank) {
  struct Case {
    const char* name;
    int rating;
    const char* bot;
    const char* rank;
  };
  // 830: 20k, a rank from Tengen Casual (19k; Easy 27k and Medium 13k are seven ranks away);
  // 1219: 11k, a rank from Tengen Advanced (10k; Strong 8k and Medium 13k are three and two).
  for (const Case& c :
       {Case{"mid", 830, "Tengen Casual", "19k"}, Case{"keen", 1219, "Tengen Advanced", "10k"}}) {
    SCOPED_TRACE(c.name);
    const TestUser player = registered(c.name);
    setRating(player, c.rating);
    auto a = connect(player);
    find(*a, {{"size", 19}, {"speed", "live"}, {"botAfterSeconds", 1}});
    auto offer = a->next("automatch_bot_offer", 5s);
    ASSERT_TRUE(offer);
    EXPECT_EQ(text(*offer, "bot"), c.bot) << json::serialize(*offer);
    EXPECT_EQ(text(*offer, "rank"), c.rank);
    EXPECT_EQ(text(a->request({{"type", "automatch_cancel"}}), "type"), "automatch_cancelled");
  }
}

TEST_F(SiteAutomatch, CancelAndAClosedSocketEndTheSearch) {
  auto a = connect(registered("alice"));
  find(*a, {{"size", 9}, {"speed", "live"}});
  json::object cancelled = a->request({{"type", "automatch_cancel"}});
  EXPECT_EQ(cancelled.at("was"), json::value(true));
  {
    auto gone = connect(registered("dave"));
    find(*gone, {{"size", 9}, {"speed", "live"}});
  }
  auto b = connect(registered("bob"));
  find(*b, {{"size", 9}, {"speed", "live"}});
  EXPECT_FALSE(b->next("automatch_started", 800ms));
}

TEST_F(SiteAutomatch, ASecondTabReplacesTheFirstTabsSearch) {
  const TestUser alice = registered("alice");
  auto first = connect(alice);
  auto second = connect(alice);
  find(*first, {{"size", 9}, {"speed", "live"}});
  find(*second, {{"size", 9}, {"speed", "live"}});
  auto replaced = first->next("automatch_cancelled");
  ASSERT_TRUE(replaced);
  EXPECT_EQ(text(*replaced, "reason"), "replaced");
  EXPECT_FALSE(second->next("automatch_started", 600ms)) << "never paired with himself";
}

TEST_F(SiteAutomatch, GuestsAndBadFieldsAreRefused) {
  auto g = connect(guest());
  EXPECT_EQ(text(find(*g, {{"size", 9}, {"speed", "live"}}), "code"), "registered_only");
  auto a = connect(registered("alice"));
  json::object bad = find(*a, {{"size", 11}, {"speed", "live"}});
  EXPECT_EQ(text(bad, "code"), "bad_request");
  EXPECT_EQ(text(bad, "field"), "size");
  EXPECT_EQ(text(find(*a, {{"size", 9}, {"speed", "rapid"}}), "field"), "speed");
  EXPECT_EQ(text(find(*a, {{"size", 9}, {"speed", "live"}, {"rules", "martian"}}), "field"),
            "rules");
  EXPECT_EQ(text(find(*a, {{"size", 9}, {"speed", "live"}, {"botAfterSeconds", 0}}), "field"),
            "botAfterSeconds");
}

TEST_F(SiteAutomatch, AnAcceptedChallengeStartsTheGameForBoth) {
  auto a = connect(registered("alice"));
  auto b = online(registered("bob"));
  json::object sent = a->request({{"type", "challenge_player"},
                                  {"name", "Bob"},
                                  {"size", 13},
                                  {"rules", "japanese"},
                                  {"colour", "black"}});
  ASSERT_EQ(text(sent, "type"), "challenge_sent") << json::serialize(sent);
  auto notice = b->next("challenge_received");
  ASSERT_TRUE(notice);
  EXPECT_EQ(integer(*notice, "challengeId"), integer(sent, "challengeId"));
  EXPECT_EQ(text(notice->at("from").as_object(), "name"), "alice");
  EXPECT_EQ(text(*notice, "yourColour"), "white");
  EXPECT_EQ(integer(notice->at("table").as_object(), "size"), 13);
  json::object ok = b->request({{"type", "challenge_answer"},
                                {"challengeId", integer(sent, "challengeId")},
                                {"accept", true}});
  EXPECT_EQ(verdict(ok), "ok") << json::serialize(ok);
  auto startedA = a->next("challenge_started");
  auto startedB = b->next("challenge_started");
  ASSERT_TRUE(startedA && startedB);
  EXPECT_EQ(integer(*startedA, "gameId"), integer(*startedB, "gameId"));
  const json::object& game = startedA->at("game").as_object();
  EXPECT_EQ(text(seat(game, "black"), "name"), "alice");
  EXPECT_EQ(text(seat(game, "white"), "name"), "bob");
  EXPECT_EQ(text(game, "status"), "playing");
  // Answered: it is gone.
  EXPECT_EQ(text(b->request({{"type", "challenge_answer"},
                             {"challengeId", integer(sent, "challengeId")},
                             {"accept", true}}),
                 "code"),
            "unknown_challenge");
}

TEST_F(SiteAutomatch, DeclinedWithdrawnAndExpiredChallengesTellTheOtherSide) {
  auto a = connect(registered("alice"));
  auto b = online(registered("bob"));
  auto challenge = [&] {
    json::object sent = a->request({{"type", "challenge_player"}, {"name", "bob"}, {"size", 9}});
    EXPECT_EQ(text(sent, "type"), "challenge_sent") << json::serialize(sent);
    EXPECT_TRUE(b->next("challenge_received"));
    return integer(sent, "challengeId");
  };
  const int64_t declined = challenge();
  b->request({{"type", "challenge_answer"}, {"challengeId", declined}, {"accept", false}});
  auto told = a->next("challenge_declined");
  ASSERT_TRUE(told);
  EXPECT_EQ(text(*told, "reason"), "declined");
  // Every tab of the one who declined closes its notice.
  auto gone = b->next("challenge_closed");
  ASSERT_TRUE(gone);
  EXPECT_EQ(text(*gone, "reason"), "declined");

  const int64_t withdrawn = challenge();
  EXPECT_EQ(verdict(a->request({{"type", "challenge_cancel"}, {"challengeId", withdrawn}})), "ok");
  auto closed = b->next("challenge_closed");
  ASSERT_TRUE(closed);
  EXPECT_EQ(text(*closed, "reason"), "cancelled");

  const int64_t expired = challenge();
  auto timedOut = a->next("challenge_declined", 10s);
  ASSERT_TRUE(timedOut);
  EXPECT_EQ(integer(*timedOut, "challengeId"), expired);
  EXPECT_EQ(text(*timedOut, "reason"), "timeout");
}

TEST_F(SiteAutomatch, ChallengesAreRefusedForTheDocumentedReasons) {
  const TestUser alice = registered("alice");
  registered("offline");
  auto a = connect(alice);
  auto b = online(registered("bob"));
  auto code = [&](json::object fields) {
    fields["type"] = "challenge_player";
    return text(a->request(fields), "code");
  };
  EXPECT_EQ(code({{"name", "alice"}}), "self_challenge");
  EXPECT_EQ(code({{"name", "nobody"}}), "not_found");
  EXPECT_EQ(code({{"name", "offline"}}), "player_offline");
  EXPECT_EQ(code({{"name", "Tengen Easy"}}), "is_bot");
  EXPECT_EQ(code({{"name", "bob"}, {"size", 99}}), "bad_request");
  EXPECT_EQ(code({{"name", "bob"}, {"handicap", 1}}), "bad_request");
  for (int i = 0; i < kMaxOutgoingChallenges; ++i) EXPECT_EQ(code({{"name", "bob"}}), "");
  EXPECT_EQ(code({{"name", "bob"}}), "too_many_challenges");
  auto g = connect(guest());
  EXPECT_EQ(text(g->request({{"type", "challenge_player"}, {"name", "bob"}}), "code"),
            "registered_only");
}

}  // namespace
}  // namespace tengen::site::test
