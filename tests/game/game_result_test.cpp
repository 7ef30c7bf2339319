// GameResult: the SGF RE values the game core writes, typed, and back to the same text.
#include "game/game_result.h"

#include <gtest/gtest.h>

#include <string>

namespace tengen::game {
namespace {

TEST(GameResult, EveryResultTheCoreWritesReadsBackToTheSameText) {
  for (const char* re : {"B+0.5", "W+7.5", "B+17", "W+361.5", "B+R", "W+R", "B+T", "W+T", "B+F",
                         "W+F", "0", "Void"}) {
    auto parsed = GameResult::parse(re);
    ASSERT_TRUE(parsed) << re << ": " << parsed.error().toString();
    EXPECT_EQ(parsed->toSgf(), re);
  }
}

TEST(GameResult, SaysWhoWonAndHow) {
  EXPECT_EQ(GameResult::parse("W+3.5")->winnerColour(), go::Color::White);
  EXPECT_EQ(GameResult::parse("W+3.5")->kind, GameResult::Kind::Score);
  EXPECT_EQ(GameResult::parse("W+3.5")->margin, 3.5);
  EXPECT_EQ(GameResult::parse("B+T")->kind, GameResult::Kind::Time);
  EXPECT_EQ(GameResult::parse("0")->winnerColour(), std::nullopt);
  EXPECT_EQ(GameResult::parse("Draw")->kind, GameResult::Kind::Jigo);
  EXPECT_EQ(GameResult::parse("Void")->winnerColour(), std::nullopt);
}

TEST(GameResult, RefusesWhatIsNoResultQuotingIt) {
  for (const char* re : {"", "B", "B+", "X+R", "B-3", "B+R2", "B+0", "B+-3", "B+3.25", "B+1e9",
                         "B+nan", "W+inf", "void", " B+R"}) {
    auto parsed = GameResult::parse(re);
    EXPECT_FALSE(parsed) << re;
    if (!parsed) {
      EXPECT_NE(parsed.error().message.find("result"), std::string::npos) << re;
    }
  }
}

}  // namespace
}  // namespace tengen::game
