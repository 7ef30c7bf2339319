// Moderation on a whole site (docs/protocol.md, "Moderation"): blocks keep challenges,
// pairing and chat from the blocked player away from the blocker at once; reports reach the
// moderators' queue; mutes refuse chat saying until when; bans refuse the login with the
// reason, close the sockets and cancel the tables; only moderators act, and every action is
// logged.

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <thread>

#include "site/moderation/moderation_service.h"
#include "site/site_context.h"
#include "site_fixture.h"
#include "store/moderation_rows.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteModeration : public SiteFixture {
 protected:
  void configure(SiteOptions& options) override {
    options.automatch.waveInterval = 200ms;
    options.automatch.waveJitter = 0ms;
    options.automatch.tick = 50ms;
  }

  // A registered player with the moderator role, granted as `tengen admin grant` does.
  TestUser moderator(const std::string& name) {
    TestUser user = registered(name);
    store::ModerationAction grant;
    grant.moderator = {0, "command line"};
    grant.kind = store::ModerationKind::Grant;
    grant.user.id = user.id;
    grant.reason = "test";
    EXPECT_EQ(store_->applyModeration(grant).value().outcome, store::ModerationOutcome::Done);
    return user;
  }

  json::object act(SiteClient& client, json::object fields) {
    fields["type"] = "mod_action";
    return client.request(fields);
  }

  server::test::HttpReply login(const std::string& name) {
    json::object body{{"name", name}, {"password", "correct horse battery"}};
    return server::test::httpRequest(port_, "POST", "/api/login",
                                     {{"Content-Type", "application/json"}}, json::serialize(body));
  }
};

TEST_F(SiteModeration, ABlockedPlayersChallengeIsRefusedAtOnceAndAfterUnblockingGoesThrough) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  ASSERT_EQ(text(alice->request({{"type", "hello"}}), "type"), "welcome");
  ASSERT_EQ(text(bob->request({{"type", "hello"}}), "type"), "welcome");
  // A challenge already pending closes when its sender is blocked.
  json::object pending = bob->request({{"type", "challenge_player"}, {"name", "alice"}});
  ASSERT_EQ(text(pending, "type"), "challenge_sent") << json::serialize(pending);
  ASSERT_TRUE(alice->next("challenge_received"));

  json::object blocked = alice->request({{"type", "block"}, {"name", "Bob"}});
  ASSERT_EQ(text(blocked, "type"), "blocked") << json::serialize(blocked);
  EXPECT_EQ(text(blocked.at("user").as_object(), "name"), "bob");
  auto closed = alice->next("challenge_closed");
  ASSERT_TRUE(closed);
  EXPECT_EQ(text(*closed, "reason"), "blocked");

  json::object refused = bob->request({{"type", "challenge_player"}, {"name", "alice"}});
  EXPECT_EQ(text(refused, "code"), "blocked") << json::serialize(refused);
  // A round trip on alice's socket: a challenge sent before it would be queued by now (a read
  // that times out would end the socket).
  ASSERT_EQ(text(alice->request({{"type", "hello"}}), "type"), "welcome");
  EXPECT_FALSE(
      alice->queued([](const json::object& m) { return text(m, "type") == "challenge_received"; }));
  // Nor may the blocker challenge the one she blocks.
  json::object own = alice->request({{"type", "challenge_player"}, {"name", "bob"}});
  EXPECT_EQ(text(own, "code"), "blocked") << json::serialize(own);

  json::object status = alice->request({{"type", "moderation_status"}});
  ASSERT_EQ(text(status, "type"), "moderation_status") << json::serialize(status);
  ASSERT_EQ(status.at("blocked").as_array().size(), 1u);
  EXPECT_EQ(text(status.at("blocked").as_array()[0].as_object(), "name"), "bob");
  EXPECT_FALSE(status.at("moderator").as_bool());

  ASSERT_EQ(text(alice->request({{"type", "unblock"}, {"name", "bob"}}), "type"), "unblocked");
  EXPECT_EQ(text(bob->request({{"type", "challenge_player"}, {"name", "alice"}}), "type"),
            "challenge_sent");
  EXPECT_TRUE(alice->next("challenge_received"));
}

TEST_F(SiteModeration, ABlockedPlayerCannotSitAtTheBlockersOpenTableNorSheAtHis) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  auto carol = connect(registered("carol"));
  const int64_t aliceTable = createTable(*alice, {});
  const int64_t bobTable = createTable(*bob, {});
  ASSERT_EQ(text(alice->request({{"type", "block"}, {"name", "bob"}}), "type"), "blocked");
  json::object refused = bob->request({{"type", "join_table"}, {"gameId", aliceTable}});
  EXPECT_EQ(text(refused, "code"), "blocked") << json::serialize(refused);
  EXPECT_EQ(text(alice->request({{"type", "join_table"}, {"gameId", bobTable}}), "code"),
            "blocked");
  EXPECT_EQ(text(stateOf(*carol, aliceTable).at("game").as_object(), "status"), "open");
  // Anybody else still sits down.
  EXPECT_EQ(text(carol->request({{"type", "join_table"}, {"gameId", aliceTable}}), "type"),
            "joined");
}

TEST_F(SiteModeration, BadBlocksAreRefusedPrecisely) {
  const TestUser aliceUser = registered("alice");
  auto alice = connect(aliceUser);
  EXPECT_EQ(text(alice->request({{"type", "block"}, {"name", "nobody"}}), "code"), "unknown_user");
  EXPECT_EQ(text(alice->request({{"type", "block"}, {"name", "alice"}}), "code"), "bad_request");
  EXPECT_EQ(text(alice->request({{"type", "block"}}), "code"), "bad_request");
  auto anonymous = connectAnonymous();
  EXPECT_EQ(text(anonymous->request({{"type", "block"}, {"name", "alice"}}), "code"),
            "not_logged_in");
  EXPECT_TRUE(store_->blockedBy(aliceUser.id).value().empty());
}

TEST_F(SiteModeration, BlockedPlayersAreNeverPairedByAutomatch) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  ASSERT_EQ(text(alice->request({{"type", "block"}, {"name", "bob"}}), "type"), "blocked");
  json::object find{{"type", "automatch_find"}, {"size", 9}, {"speed", "blitz"}};
  ASSERT_EQ(text(alice->request(find), "type"), "automatch_searching");
  ASSERT_EQ(text(bob->request(find), "type"), "automatch_searching");
  // Several waves (every 200 ms) pass without pairing them.
  std::this_thread::sleep_for(1s);
  const auto started = [](const json::object& m) { return text(m, "type") == "automatch_started"; };
  ASSERT_EQ(text(alice->request({{"type", "hello"}}), "type"), "welcome");
  ASSERT_EQ(text(bob->request({{"type", "hello"}}), "type"), "welcome");
  EXPECT_FALSE(alice->queued(started));
  EXPECT_FALSE(bob->queued(started));
  // A third player, blocked by nobody, is paired with one of them.
  auto carol = connect(registered("carol"));
  ASSERT_EQ(text(carol->request(find), "type"), "automatch_searching");
  EXPECT_TRUE(carol->next("automatch_started"));
}

TEST_F(SiteModeration, TheBlockersChatShowsNoLineOfTheBlockedPlayerOthersStillReadIt) {
  const TestUser aliceUser = registered("alice");
  auto alice = connect(aliceUser);
  auto bob = connect(registered("bob"));
  auto carol = connect(registered("carol"));
  const int64_t game = startGame(*alice, *bob, {});
  ASSERT_EQ(text(stateOf(*carol, game), "you"), "spectator");
  json::object before = command(*bob, game, "chat", {{"text", "before the block"}});
  ASSERT_EQ(verdict(before), "ok") << json::serialize(before);
  ASSERT_TRUE(alice->event(game, integer(before, "version")));

  ASSERT_EQ(text(alice->request({{"type", "block"}, {"name", "bob"}}), "type"), "blocked");
  json::object said = command(*bob, game, "chat", {{"text", "rude words"}});
  ASSERT_EQ(verdict(said), "ok") << json::serialize(said);
  const int64_t version = integer(said, "version");
  auto toAlice = alice->event(game, version);
  ASSERT_TRUE(toAlice);
  const json::object& hidden = toAlice->at("event").as_object();
  EXPECT_TRUE(hidden.at("hidden").as_bool()) << json::serialize(hidden);
  EXPECT_FALSE(hidden.contains("text"));
  EXPECT_FALSE(hidden.contains("from"));
  auto toCarol = carol->event(game, version);
  ASSERT_TRUE(toCarol);
  EXPECT_EQ(text(toCarol->at("event").as_object(), "text"), "rude words");
  // A fresh game_state leaves every line of the blocked player out, older ones too.
  const std::string aliceState = json::serialize(stateOf(*alice, game));
  EXPECT_EQ(aliceState.find("rude words"), std::string::npos);
  EXPECT_EQ(aliceState.find("before the block"), std::string::npos);
  EXPECT_NE(json::serialize(stateOf(*carol, game)).find("rude words"), std::string::npos);
  // Alice's own lines still reach Bob: a block silences the blocked, not the blocker.
  json::object reply = command(*alice, game, "chat", {{"text", "gg"}});
  auto toBob = bob->event(game, integer(reply, "version"));
  ASSERT_TRUE(toBob);
  EXPECT_EQ(text(toBob->at("event").as_object(), "text"), "gg");
}

TEST_F(SiteModeration, AMutedPlayersChatIsRefusedSayingUntilWhenAndWhyUntilUnmuted) {
  auto mo = connect(moderator("mo"));
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t game = startGame(*alice, *bob, {});
  const int64_t version = integer(stateOf(*alice, game), "version");
  json::object muted =
      act(*mo, {{"action", "mute"}, {"name", "bob"}, {"minutes", 30}, {"reason", "insults"}});
  ASSERT_EQ(text(muted, "type"), "mod_done") << json::serialize(muted);
  json::object refused = command(*bob, game, "chat", {{"text", "hello"}});
  EXPECT_EQ(text(refused, "code"), "muted") << json::serialize(refused);
  EXPECT_NE(text(refused, "message").find("until 20"), std::string::npos);
  EXPECT_NE(text(refused, "message").find("UTC: insults"), std::string::npos);
  json::object status = bob->request({{"type", "moderation_status"}});
  ASSERT_TRUE(status.at("mute").is_object()) << json::serialize(status);
  EXPECT_GT(integer(status.at("mute").as_object(), "untilMs"), nowMs() + 29 * 60'000);
  // Nothing reached the log: the version did not move.
  EXPECT_EQ(integer(stateOf(*alice, game), "version"), version);
  // Moves are not chat: the muted player still plays.
  EXPECT_EQ(verdict(command(*alice, game, "move", {{"point", "E5"}})), "ok");
  ASSERT_EQ(
      text(act(*mo, {{"action", "unmute"}, {"name", "bob"}, {"reason", "apologised"}}), "type"),
      "mod_done");
  EXPECT_EQ(verdict(command(*bob, game, "chat", {{"text", "sorry"}})), "ok");
}

TEST_F(SiteModeration, AMuteIsStillInForceAfterARestart) {
  auto mo = connect(moderator("mo"));
  auto alice = connect(registered("alice"));
  const TestUser bobUser = registered("bob");
  auto bob = connect(bobUser);
  const int64_t game = startGame(*alice, *bob, {});
  ASSERT_EQ(
      text(act(*mo, {{"action", "mute"}, {"name", "bob"}, {"minutes", 5}, {"reason", "spam"}}),
           "type"),
      "mod_done");
  mo.reset();
  alice.reset();
  bob.reset();
  restart();
  bob = connect(bobUser);
  EXPECT_EQ(text(command(*bob, game, "chat", {{"text", "hello"}}), "code"), "muted");
}

TEST_F(SiteModeration, ANonModeratorIsRefusedEveryModeratorActionAndNothingIsLogged) {
  auto alice = connect(registered("alice"));
  const TestUser bobUser = registered("bob");
  auto bob = connect(bobUser);
  const int64_t game = startGame(*alice, *bob, {});
  EXPECT_EQ(text(alice->request({{"type", "mod_overview"}}), "code"), "not_moderator");
  const std::vector<json::object> actions = {
      {{"action", "mute"}, {"name", "bob"}, {"minutes", 5}, {"reason", "x"}},
      {{"action", "unmute"}, {"name", "bob"}, {"reason", "x"}},
      {{"action", "ban"}, {"name", "bob"}, {"reason", "x"}},
      {{"action", "unban"}, {"name", "bob"}, {"reason", "x"}},
      {{"action", "annul"}, {"gameId", game}, {"reason", "x"}},
      {{"action", "resolve"}, {"reportId", 1}, {"reason", "x"}},
  };
  for (const json::object& fields : actions) {
    EXPECT_EQ(text(act(*alice, fields), "code"), "not_moderator") << json::serialize(fields);
  }
  // Grants are the command line's alone, moderator or not.
  EXPECT_EQ(text(act(*alice, {{"action", "grant"}, {"name", "alice"}, {"reason", "x"}}), "code"),
            "bad_request");
  EXPECT_TRUE(store_->moderationLog(10).value().empty());
  EXPECT_FALSE(store_->restrictionOf(bobUser.id, store::Restriction::Mute, nowMs()).value());
  EXPECT_EQ(verdict(command(*bob, game, "chat", {{"text", "still here"}})), "ok");
  // A revoked moderator is refused from the next action on.
  const TestUser moUser = moderator("mo");
  auto mo = connect(moUser);
  EXPECT_EQ(text(mo->request({{"type", "mod_overview"}}), "type"), "mod_overview");
  store::ModerationAction revoke;
  revoke.moderator = {0, "command line"};
  revoke.kind = store::ModerationKind::Revoke;
  revoke.user.id = moUser.id;
  revoke.reason = "test";
  ASSERT_EQ(store_->applyModeration(revoke).value().outcome, store::ModerationOutcome::Done);
  EXPECT_EQ(text(mo->request({{"type", "mod_overview"}}), "code"), "not_moderator");
}

TEST_F(SiteModeration, BadModeratorRequestsAreRefusedPrecisely) {
  auto mo = connect(moderator("mo"));
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t game = startGame(*alice, *bob, {});
  auto code = [&](json::object fields) { return text(act(*mo, std::move(fields)), "code"); };
  EXPECT_EQ(code({{"action", "mute"}, {"name", "bob"}, {"reason", "x"}}), "bad_request");
  EXPECT_EQ(code({{"action", "mute"}, {"name", "bob"}, {"minutes", 0}, {"reason", "x"}}),
            "bad_request");
  EXPECT_EQ(code({{"action", "mute"}, {"name", "bob"}, {"minutes", 5}}), "bad_request");
  EXPECT_EQ(code({{"action", "mute"}, {"name", "bob"}, {"minutes", 5}, {"reason", "  "}}),
            "bad_request");
  EXPECT_EQ(code({{"action", "ban"}, {"name", "bob"}, {"reason", std::string(501, 'x')}}),
            "bad_request");
  EXPECT_EQ(code({{"action", "ban"}, {"name", "nobody"}, {"reason", "x"}}), "unknown_user");
  EXPECT_EQ(code({{"action", "ban"}, {"name", "mo"}, {"reason", "x"}}), "bad_request");
  EXPECT_EQ(code({{"action", "annul"}, {"gameId", game}, {"reason", "x"}}), "game_not_over");
  EXPECT_EQ(code({{"action", "annul"}, {"gameId", 999}, {"reason", "x"}}), "unknown_game");
  EXPECT_EQ(code({{"action", "resolve"}, {"reportId", 999}, {"reason", "x"}}), "unknown_report");
  EXPECT_EQ(code({{"action", "explode"}, {"reason", "x"}}), "bad_request");
  EXPECT_EQ(store_->moderationLog(10).value().size(), 1u);  // mo's grant alone
}

TEST_F(SiteModeration, ABanRefusesTheLoginWithTheReasonClosesTheSocketsAndCancelsTheTables) {
  auto mo = connect(moderator("mo"));
  const TestUser bobUser = registered("bob");
  auto bob = connect(bobUser);
  auto bobSecondTab = connect(bobUser);
  const int64_t table = createTable(*bob, {});
  ASSERT_EQ(
      text(bob->request({{"type", "automatch_find"}, {"size", 9}, {"speed", "blitz"}}), "type"),
      "automatch_searching");

  json::object banned = act(*mo, {{"action", "ban"}, {"name", "bob"}, {"reason", "cheating"}});
  ASSERT_EQ(text(banned, "type"), "mod_done") << json::serialize(banned);
  // Both sockets close at once, as a logout closes them.
  bob->drain(500ms);
  EXPECT_EQ(bob->socket().closeCode(), 1008);
  EXPECT_EQ(bob->socket().closeReason(), "logged out");
  bobSecondTab->drain(500ms);
  EXPECT_EQ(bobSecondTab->socket().closeCode(), 1008);
  // The old cookie opens no socket as bob any more.
  auto again = connect(bobUser);
  json::object welcome = again->request({{"type", "hello"}});
  EXPECT_TRUE(welcome.at("user").is_null()) << json::serialize(welcome);
  EXPECT_EQ(server::test::httpRequest(port_, "GET", "/api/me", {{"Cookie", bobUser.cookie}}).status,
            401);
  // The table waiting for an opponent is cancelled.
  json::object state;
  for (int i = 0; i < 50; ++i) {
    state = stateOf(*mo, table);
    if (text(state.at("game").as_object(), "status") == "cancelled") break;
    std::this_thread::sleep_for(20ms);
  }
  EXPECT_EQ(text(state.at("game").as_object(), "status"), "cancelled") << json::serialize(state);

  const auto refused = login("bob");
  EXPECT_EQ(refused.status, 403) << refused.body;
  const json::object error = json::parse(refused.body).as_object().at("error").as_object();
  EXPECT_EQ(text(error, "code"), "banned");
  EXPECT_EQ(text(error, "reason"), "cheating");
  // A wrong password tells nothing of the ban.
  json::object wrong{{"name", "bob"}, {"password", "not the password"}};
  EXPECT_EQ(
      server::test::httpRequest(port_, "POST", "/api/login", {{"Content-Type", "application/json"}},
                                json::serialize(wrong))
          .status,
      401);

  ASSERT_EQ(
      text(act(*mo, {{"action", "unban"}, {"name", "bob"}, {"reason", "appeal upheld"}}), "type"),
      "mod_done");
  EXPECT_EQ(login("bob").status, 200);
  const auto log = store_->moderationLog(10).value();
  ASSERT_EQ(log.size(), 3u);  // grant, ban, unban
  EXPECT_EQ(log[1].kind, store::ModerationKind::Ban);
  EXPECT_EQ(log[1].moderator.name, "mo");
  EXPECT_EQ(log[1].user.name, "bob");
  EXPECT_EQ(log[1].reason, "cheating");
}

TEST_F(SiteModeration, AReportReachesTheQueueAndAModeratorResolvesIt) {
  auto mo = connect(moderator("mo"));
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t game = startGame(*alice, *bob, {});
  json::object reported = alice->request({{"type", "report"},
                                          {"name", "bob"},
                                          {"gameId", game},
                                          {"reason", "insults"},
                                          {"text", "he insulted me in chat"}});
  ASSERT_EQ(text(reported, "type"), "reported") << json::serialize(reported);
  json::object overview = mo->request({{"type", "mod_overview"}});
  ASSERT_EQ(text(overview, "type"), "mod_overview") << json::serialize(overview);
  const json::array& queue = overview.at("reports").as_array();
  ASSERT_EQ(queue.size(), 1u);
  const json::object& report = queue[0].as_object();
  EXPECT_EQ(integer(report, "id"), integer(reported, "reportId"));
  EXPECT_EQ(text(report.at("reporter").as_object(), "name"), "alice");
  EXPECT_EQ(text(report.at("user").as_object(), "name"), "bob");
  EXPECT_EQ(integer(report, "gameId"), game);
  EXPECT_EQ(text(report, "reason"), "insults");
  EXPECT_EQ(text(report, "text"), "he insulted me in chat");

  ASSERT_EQ(
      text(act(*mo,
               {{"action", "resolve"}, {"reportId", integer(report, "id")}, {"reason", "warned"}}),
           "type"),
      "mod_done");
  overview = mo->request({{"type", "mod_overview"}});
  EXPECT_TRUE(overview.at("reports").as_array().empty());
  ASSERT_EQ(overview.at("resolved").as_array().size(), 1u);
  EXPECT_EQ(text(overview.at("resolved").as_array()[0].as_object(), "resolution"), "warned");
  EXPECT_EQ(text(overview.at("log").as_array()[0].as_object(), "action"), "resolve");
}

TEST_F(SiteModeration, BadReportsAreRefusedPreciselyAndReportsAreRateLimited) {
  auto alice = connect(registered("alice"));
  registered("bob");
  auto code = [&](json::object fields) {
    fields["type"] = "report";
    return text(alice->request(fields), "code");
  };
  EXPECT_EQ(code({{"name", "bob"}}), "bad_request");
  EXPECT_EQ(code({{"name", "bob"}, {"reason", "ugly"}}), "bad_request");
  EXPECT_EQ(code({{"name", "bob"}, {"reason", "spam"}, {"text", std::string(1001, 'x')}}),
            "bad_request");
  EXPECT_EQ(code({{"name", "nobody"}, {"reason", "spam"}}), "unknown_user");
  EXPECT_EQ(code({{"name", "alice"}, {"reason", "spam"}}), "bad_request");
  EXPECT_EQ(code({{"name", "bob"}, {"reason", "spam"}, {"gameId", 999}}), "unknown_game");
  EXPECT_TRUE(store_->listReports(false, 100).value().empty());
  // 1000 characters of Cyrillic (2000 bytes) is within the limit.
  std::string cyrillic;
  for (int i = 0; i < 1000; ++i) cyrillic += "ж";
  EXPECT_EQ(code({{"name", "bob"}, {"reason", "other"}, {"text", cyrillic}}), "");
  for (int64_t i = 1; i < kMaxReportsPerHour; ++i) {
    EXPECT_EQ(code({{"name", "bob"}, {"reason", "spam"}}), "");
  }
  EXPECT_EQ(code({{"name", "bob"}, {"reason", "spam"}}), "rate_limited");
  EXPECT_EQ(store_->listReports(false, 100).value().size(),
            static_cast<std::size_t>(kMaxReportsPerHour));
}

}  // namespace
}  // namespace tengen::site::test
