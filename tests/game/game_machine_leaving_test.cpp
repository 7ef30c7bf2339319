// Leaving a game (game/leaving.cpp, docs/protocol.md "Leaving a game"): who may claim the win
// or annul the game once the opponent is gone, and an untimed game's inactivity end. The
// room fills in the presence facts (ClaimArgs); here a test names them.
#include <gtest/gtest.h>

#include "game/game_machine.h"
#include "game_machine_test_support.h"

namespace tengen::game::test {
namespace {

constexpr int64_t kGraceMs = 60'000;

// claim_win or annul as the room passes it on: the opponent gone for `absentMs` (nullopt:
// connected), with this game's grace (nullopt: the clock handles absence).
Command claim(std::string_view type, std::optional<int64_t> absentMs,
              std::optional<int64_t> graceMs = kGraceMs) {
  Command c = command(type);
  c.args = ClaimArgs{absentMs, graceMs};
  return c;
}

Command inactivityEnd(int64_t limitMs) {
  Command c = command("inactivity_end");
  c.args = InactivityArgs{limitMs};
  return c;
}

TEST(GameMachineLeaving, TheStayerClaimsTheWinAfterTheGrace) {
  Table t = startedTable("japanese");  // alice Black, bob White
  ASSERT_EQ(t.play("B D4 W E5 B C3 W F6"), "");
  auto ended = t.send(kAlice, claim("claim_win", kGraceMs));
  ASSERT_TRUE(ended) << describe(ended.error());
  EXPECT_EQ(*ended, "claim end");
  EXPECT_EQ(t.machine.result(), "B+F");
  EXPECT_EQ(t.state().at("endReason"), "abandoned");
  const auto claimEvent = t.wire[t.wire.size() - 2];
  EXPECT_EQ(claimEvent.at("colour"), "black");
  EXPECT_EQ(claimEvent.at("outcome"), "win");
  EXPECT_EQ(claimEvent.at("absentMs"), kGraceMs);
  EXPECT_EQ(claimEvent.at("graceMs"), kGraceMs);
}

TEST(GameMachineLeaving, AnnullingGivesVoid) {
  Table t = startedTable("japanese");
  ASSERT_EQ(t.play("B D4"), "");
  ASSERT_EQ(t.send(kBob, claim("annul", kGraceMs + 5)).value(), "claim end");
  EXPECT_EQ(t.machine.result(), "Void");
  EXPECT_EQ(t.state().at("endReason"), "annulled");
}

TEST(GameMachineLeaving, RefusedBeforeTheGraceWhileTheOpponentIsThereOrWithoutAGrace) {
  Table t = startedTable("japanese");
  EXPECT_EQ(t.refusal(kAlice, claim("claim_win", kGraceMs - 1)), "too_early");
  EXPECT_EQ(t.refusal(kAlice, claim("annul", std::nullopt)), "opponent_present");
  EXPECT_EQ(t.refusal(kAlice, claim("claim_win", kGraceMs, std::nullopt)), "bad_request");
  // Not filled in by a room: nothing says the opponent left.
  EXPECT_EQ(t.refusal(kAlice, command("claim_win")), "bad_request");
  EXPECT_EQ(t.machine.phase(), Phase::Play);
}

TEST(GameMachineLeaving, SpectatorsAndTheLoggedOutCannotClaim) {
  Table t = startedTable("japanese");
  EXPECT_EQ(t.refusal(kCarol, claim("claim_win", kGraceMs)), "not_a_player");
  EXPECT_EQ(t.refusal(kCarol, claim("annul", kGraceMs)), "not_a_player");
  EXPECT_EQ(t.refusal(kNobody, claim("claim_win", kGraceMs)), "not_logged_in");
}

TEST(GameMachineLeaving, NothingToClaimOnceTheGameIsOverOrBeforeItStarts) {
  Table open(settingsFor("japanese"));
  EXPECT_EQ(open.refusal(kAlice, claim("claim_win", kGraceMs)), "wrong_phase");
  Table t = startedTable("japanese");
  ASSERT_TRUE(t.send(kBob, command("resign")));
  EXPECT_EQ(t.refusal(kAlice, claim("claim_win", kGraceMs)), "wrong_phase");
  EXPECT_EQ(t.refusal(kAlice, claim("annul", kGraceMs)), "wrong_phase");
}

// A player who vanishes while the dead stones are being agreed holds the count hostage.
TEST(GameMachineLeaving, AClaimEndsTheRemovalPhaseToo) {
  Table t = startedTable("japanese");
  ASSERT_EQ(t.play("B D4 W pass B pass"), "");
  ASSERT_EQ(t.machine.phase(), Phase::Removal);
  ASSERT_EQ(t.send(kBob, claim("claim_win", kGraceMs)).value(), "claim end");
  EXPECT_EQ(t.machine.result(), "W+F");
}

TEST(GameMachineLeaving, TheLogReplaysAndATamperedClaimFails) {
  Table t = startedTable("japanese");
  ASSERT_EQ(t.play("B D4 W E5"), "");
  ASSERT_TRUE(t.send(kBob, claim("claim_win", kGraceMs)));
  auto replayed = GameMachine::replay(t.settings, Player{kAlice.userId, kAlice.name}, t.log);
  ASSERT_TRUE(replayed) << replayed.error().toString();
  EXPECT_EQ(replayed->result(), "W+F");
  EXPECT_EQ(replayed->stateJson(t.nowMs).at("endReason"), "abandoned");

  std::vector<LoggedEvent> tampered = t.log;
  LoggedEvent& claimRow = tampered[tampered.size() - 2];
  ASSERT_EQ(claimRow.type, "claim");
  const auto at = claimRow.payload.find("\"absentMs\":60000");
  ASSERT_NE(at, std::string::npos) << claimRow.payload;
  claimRow.payload.replace(at, 16, "\"absentMs\":59999");
  EXPECT_FALSE(GameMachine::replay(t.settings, Player{kAlice.userId, kAlice.name}, tampered));
}

TEST(GameMachineLeaving, AnUntimedGameWithoutAMoveForTheLimitEndsAnnulled) {
  Table t = startedTable("japanese");  // no clock
  ASSERT_EQ(t.play("B D4"), "");
  const int64_t lastMove = t.machine.lastActivityMs();
  // Chat is no activity: it does not keep a game alive.
  ASSERT_TRUE(t.send(kAlice, command("chat", {{"text", "are you there?"}})));
  EXPECT_EQ(t.machine.lastActivityMs(), lastMove);
  const int64_t limit = 14LL * 24 * 3600 * 1000;
  t.nowMs = lastMove + limit - 1;
  EXPECT_EQ(t.refusal(kNobody, inactivityEnd(limit)), "bad_request");
  t.nowMs = lastMove + limit;
  ASSERT_EQ(t.send(kNobody, inactivityEnd(limit)).value(), "inactive end");
  EXPECT_EQ(t.machine.result(), "Void");
  EXPECT_EQ(t.state().at("endReason"), "inactivity");
  EXPECT_EQ(t.wire[t.wire.size() - 2].at("idleMs"), limit);
  auto replayed = GameMachine::replay(t.settings, Player{kAlice.userId, kAlice.name}, t.log);
  ASSERT_TRUE(replayed) << replayed.error().toString();
  EXPECT_EQ(replayed->result(), "Void");
}

TEST(GameMachineLeaving, ATimedGameDoesNotEndByInactivity) {
  GameSettings s = settingsFor("japanese");
  s.timeControl = timeControlOf(R"({"kind":"absolute","mainSeconds":600})");
  Table t(s);
  ASSERT_TRUE(t.send(kBob, command("join", {{"coin", 1}})));
  t.nowMs += 30LL * 24 * 3600 * 1000;
  EXPECT_EQ(t.refusal(kNobody, inactivityEnd(1000)), "bad_request");
}

}  // namespace
}  // namespace tengen::game::test
