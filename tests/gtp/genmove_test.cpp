// genmove and kgs-genmove_cleanup: a uniformly random legal move that does not fill the
// mover's own eye-like point; pass when there is none.
#include <gtest/gtest.h>

#include <array>
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

TEST_F(Genmove, EveryChoiceIsLegalAndNeverFillsAnOwnEye) {
  // Random games on a small board under positional superko: the engine plays each move
  // it returns, so a move the rules refuse would leave the history short.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    EngineOptions options;
    options.size = 5;
    options.seed = seed;
    Engine engine(options);
    go::Color c = go::Color::Black;
    for (int i = 0; i < 120; ++i) {
      const go::Game before = engine.state().game;
      const std::string reply =
          engine.handleLine(c == go::Color::Black ? "genmove b" : "genmove w");
      ASSERT_TRUE(reply.starts_with("= ")) << reply;
      const std::string vertex = reply.substr(2, reply.size() - 4);
      const go::Point p = *before.geometry().fromGtp(vertex);
      ASSERT_EQ(engine.state().game.moves().size(), before.moves().size() + 1);
      if (p == go::kPass) {
        before.legalPoints(c).forEach([&](go::Point q) {
          EXPECT_TRUE(before.board().isEyeLike(q, c))
              << "passed with " << before.geometry().toGtp(q);
        });
      } else {
        EXPECT_EQ(before.check(c, p), go::MoveVerdict::Legal);
        EXPECT_FALSE(before.board().isEyeLike(p, c)) << vertex;
      }
      c = go::opponent(c);
    }
  }
}

TEST_F(Genmove, SameSeedSameGame) {
  auto play = [](std::uint64_t seed) {
    EngineOptions options;
    options.size = 9;
    options.seed = seed;
    Engine engine(options);
    std::string moves;
    for (int i = 0; i < 40; ++i) moves += engine.handleLine(i % 2 ? "genmove w" : "genmove b");
    return moves;
  };
  EXPECT_EQ(play(42), play(42));
}

TEST_F(Genmove, FirstMoveIsUniform) {
  // 9000 seeded first moves on 3x3: each point expected 1000 times (sd ~ 32).
  std::array<int, 9> counts{};
  for (std::uint64_t seed = 1; seed <= 9000; ++seed) {
    EngineOptions options;
    options.size = 3;
    options.seed = seed;
    Engine engine(options);
    engine.handleLine("genmove b");
    const go::Point p = engine.state().game.moves().at(0).point;
    const go::Geometry& g = engine.state().game.geometry();
    ++counts[static_cast<std::size_t>(g.row(p) * 3 + g.col(p))];
  }
  for (int n : counts) {
    EXPECT_GT(n, 850);
    EXPECT_LT(n, 1150);
  }
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
