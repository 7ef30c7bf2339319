// genmove and kgs-genmove_cleanup: the bot's move (bot/bot.h), played; never an illegal move
// or an own eye filled; pass when nothing is left; resign only when enabled.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "engine_fixture.h"

namespace tengen::gtp {
namespace {

class Genmove : public EngineTest {};

TEST_F(Genmove, PlaysTheMoveItReturns) {
  ok("boardsize 9");
  const std::string vertex = ok("genmove b");
  const auto& game = engine_.state().game;
  ASSERT_EQ(game.moves().size(), 1u);
  EXPECT_EQ(game.geometry().toGtp(game.moves()[0].point), vertex);
  EXPECT_EQ(game.moves()[0].color, go::Color::Black);
  EXPECT_EQ(game.toMove(), go::Color::White);
}

TEST_F(Genmove, PassesRatherThanFillItsOwnEyes) {
  // X X .     Black's only empty points are its eyes A1 and C3; for White both are
  // X X X     suicide.
  // . X X
  run("boardsize 3\nplay b b1\nplay b c1\nplay b a2\nplay b b2\nplay b c2\nplay b a3\nplay b b3");
  EXPECT_EQ(ok("genmove b"), "pass");
  EXPECT_EQ(ok("genmove w"), "pass");
  EXPECT_EQ(ok("kgs-genmove_cleanup black"), "pass");
}

EngineOptions quickEngine(int size, std::uint64_t seed, int playouts) {
  EngineOptions options;
  options.size = size;
  options.seed = seed;
  options.bot.limits = {.playouts = playouts, .seconds = 0};
  return options;
}

TEST_F(Genmove, EveryChoiceIsLegalAndNeverFillsAnOwnEye) {
  // Self-play on a small board under positional superko: the engine plays each move it
  // returns, so a move the rules refuse would leave the history short.
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    Engine engine(quickEngine(5, seed, 60));
    go::Color c = go::Color::Black;
    for (int i = 0; i < 60; ++i) {
      const go::Game before = engine.state().game;
      const std::string reply =
          engine.handleLine(c == go::Color::Black ? "genmove b" : "genmove w");
      ASSERT_TRUE(reply.starts_with("= ")) << reply;
      const std::string vertex = reply.substr(2, reply.size() - 4);
      ASSERT_NE(vertex, "resign");
      const go::Point p = *before.geometry().fromGtp(vertex);
      ASSERT_EQ(engine.state().game.moves().size(), before.moves().size() + 1);
      if (p != go::kPass) {
        EXPECT_EQ(before.check(c, p), go::MoveVerdict::Legal);
        EXPECT_FALSE(before.board().isEyeLike(p, c)) << vertex;
      }
      c = go::opponent(c);
    }
  }
}

TEST_F(Genmove, SameSeedSameGame) {
  auto play = [](std::uint64_t seed) {
    Engine engine(quickEngine(9, seed, 200));
    std::string moves;
    for (int i = 0; i < 16; ++i) moves += engine.handleLine(i % 2 ? "genmove w" : "genmove b");
    return moves;
  };
  EXPECT_EQ(play(42), play(42));
}

TEST_F(Genmove, TakesTheStonesThatWin) {
  // White's four stones on row 4 and E5 have one liberty left, E3; taking them wins.
  //   A B C D E
  // 5 . X X X O
  // 4 X O O O O
  // 3 . X X X .
  // 2 O . . . .
  // 1 O . . . .
  run("boardsize 5\nkomi 7.5\nplay b b5\nplay w b4\nplay b c5\nplay w c4\nplay b d5\n"
      "play w d4\nplay b a4\nplay w e4\nplay b b3\nplay w e5\nplay b c3\nplay w a1\n"
      "play b d3\nplay w a2");
  EXPECT_EQ(ok("genmove b"), "E3");
}

TEST_F(Genmove, ResignsAHopelessGameOnlyWhenAllowed) {
  // White's strips on rows 2, 4 and 6 of 7x7 live; Black has nothing.
  std::string setup = "boardsize 7\nkomi 7.5\n";
  for (const char* row : {"2", "4", "6"}) {
    for (const char* col : {"a", "b", "c", "d", "e", "f", "g"}) {
      setup += std::string("play w ") + col + row + "\n";
    }
  }
  EngineOptions options = quickEngine(7, 1, 500);
  options.bot.resignWinRate = 0.1;
  Engine resigning(options);
  Engine never(quickEngine(7, 1, 500));
  std::istringstream in(setup);
  for (std::string line; std::getline(in, line);) {
    ASSERT_TRUE(resigning.handleLine(line).starts_with("="));
    ASSERT_TRUE(never.handleLine(line).starts_with("="));
  }
  std::string replies;
  for (int i = 0; i < 3; ++i) replies += resigning.handleLine("genmove b");
  EXPECT_NE(replies.find("= resign"), std::string::npos) << replies;
  for (int i = 0; i < 3; ++i) EXPECT_NE(never.handleLine("genmove b"), "= resign\n\n");
}

TEST_F(Genmove, ClearsDeadMarksAndRejectsBadColours) {
  run("boardsize 9\nplay b e5\ntengen-mark_dead e5");
  EXPECT_FALSE(engine_.state().deadMarks.empty());
  ok("genmove w");
  EXPECT_TRUE(engine_.state().deadMarks.empty());
  EXPECT_EQ(error("genmove"), "syntax error");
  EXPECT_EQ(error("genmove purple"), "syntax error");
  EXPECT_EQ(error("kgs-genmove_cleanup"), "syntax error");
}

}  // namespace
}  // namespace tengen::gtp
