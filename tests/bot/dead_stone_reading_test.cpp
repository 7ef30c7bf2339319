// The dead-stone proposal reads out a fight its playouts leave open (go::DeadStoneOptions::
// refine with bot::readOwnership): the side to move decides it, as play would.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bot/ownership_estimate.h"
#include "bot/test_positions.h"
#include "go/diagram.h"
#include "go/scoring.h"

namespace tengen::bot {
namespace {

using go::Color;
using go::test::parseGame;
using go::test::renderScore;

// The proposal's count of kOpenFight, whose lower-left group lives or dies by who moves.
std::string proposedCount(Color toMove) {
  const go::Game game = parseGame(bot::test::kOpenFight, "japanese", toMove);
  return renderScore(game.board(), go::scoreGame(game, bot::finalDeadStones(game)));
}

TEST(DeadStoneReading, BlackToMoveKillsTheOpenGroup) {
  EXPECT_EQ(proposedCount(Color::Black), R"(
   A B C D E F G H J
 9 b b b X O w O w w
 8 b b X X O O O x w
 7 b X b o X X O w w
 6 b X o o X O O O O
 5 X o b b X X X O X
 4 X b o o b o X X X
 3 X b o b o b X b b
 2 b X o b o X b b b
 1 b b b o X b X b b
)");
}

TEST(DeadStoneReading, WhiteToMoveKeepsTheOpenGroup) {
  // Its eyes are not made yet, so the empty points around it are nobody's.
  EXPECT_EQ(proposedCount(Color::White), R"(
   A B C D E F G H J
 9 b b b X O w O w w
 8 b b X X O O O x w
 7 b X = O X X O w w
 6 b X O O X O O O O
 5 X O = = X X X O X
 4 X = O O = O X X X
 3 X = O w O = X b b
 2 = X O w O X b b b
 1 = = = O X b X b b
)");
}

TEST(DeadStoneReading, WhatThePlayoutsDoubtedStaysUncertain) {
  // The reading settles White's lower-left group for Black, but the players should still
  // look there: the playouts found it open, and it lives if White moves first.
  const go::Game game = parseGame(bot::test::kOpenFight, "japanese", Color::Black);
  const go::DeadStoneProposal proposal = bot::proposeDeadStones(game);
  const go::Geometry& g = game.geometry();
  for (const char* v : {"D7", "C6", "D6", "B5", "C4", "D4", "C3", "C2", "E3", "E2", "F4", "D1"}) {
    EXPECT_TRUE(proposal.dead.contains(go::test::vertex(g, v))) << v;
    EXPECT_TRUE(proposal.uncertain.contains(go::test::vertex(g, v))) << v;
  }
}

// Both groups are pass-alive (two eyes each); the C column is dame.
constexpr const char* kTwoLivingGroups = R"(
     A B C D E
   5 . X . O .
   4 X X X O O
   3 . X . O .
   2 X X X O O
   1 . X . O .
)";

TEST(DeadStoneReading, ReadOwnershipIsTheMeanOverTheSearchsSimulations) {
  const go::Game game = parseGame(kTwoLivingGroups, "chinese", Color::Black);
  const go::Geometry& g = game.geometry();
  const std::vector<float> even(static_cast<std::size_t>(g.numPoints()), 0.0f);
  const std::vector<float> read = readOwnership(game, game.board(), even, 7);
  for (const char* v : {"A5", "A3", "A1", "B5", "B3", "C4", "A2"}) {
    EXPECT_EQ(read[go::test::vertex(g, v)], 1.0f) << v;
  }
  for (const char* v : {"E5", "E3", "E1", "D5", "D1", "E4"}) {
    EXPECT_EQ(read[go::test::vertex(g, v)], -1.0f) << v;
  }
  for (const char* v : {"C5", "C3", "C1"}) {
    const float dame = read[go::test::vertex(g, v)];
    EXPECT_TRUE(dame >= -1.0f && dame <= 1.0f) << v << " " << dame;
  }
}

}  // namespace
}  // namespace tengen::bot
