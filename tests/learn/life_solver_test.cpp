// The life-and-death search behind the live and kill goals (learn/life_solver.h), on the
// classic small eye shapes: who lives depends on who moves first, except where it does not.
#include "learn/life_solver.h"

#include <gtest/gtest.h>

#include "lesson_test_support.h"

namespace tengen::learn::test {
namespace {

struct Shape {
  go::Board board{5};
  LifeProblem problem;
};

// White's group in the corner of `diagram`, its eye space the empty points of `area`.
Shape whiteGroup(std::string_view diagramJson, std::string_view target,
                 std::vector<std::string_view> area) {
  const LessonBoard lesson = boardOf(std::string(R"({"diagram": )") + std::string(diagramJson) +
                                     R"(, "goal": {"kind": "score"}})");
  Shape shape{lesson.start.board(), {}};
  const go::Geometry& g = lesson.start.geometry();
  shape.problem.targets = {*g.fromGtp(target)};
  shape.problem.defender = go::Color::White;
  for (std::string_view v : area) shape.problem.area.insert(*g.fromGtp(v));
  return shape;
}

std::string fate(const Shape& shape, go::Color toMove) {
  const LifeVerdict v = solveLife(shape.board, shape.problem, toMove);
  if (!v.proven) return "unproven";
  return (v.fate == Fate::Lives ? "lives at " : "dies at ") +
         (v.best == go::kPass ? std::string("pass") : shape.board.geometry().toGtp(v.best));
}

TEST(LifeSolver, BentThreeLivesOrDiesByWhoTakesTheVitalPoint) {
  const Shape shape =
      whiteGroup(R"([". . . . .", "X X X X .", "O O O X .", ". . O X .", ". O O X ."])", "B3",
                 {"A1", "A2", "B2"});
  EXPECT_EQ(fate(shape, go::Color::White), "lives at A2");
  EXPECT_EQ(fate(shape, go::Color::Black), "dies at A2");
}

TEST(LifeSolver, StraightFourInTheCornerLivesWhoeverMoves) {
  // Eye space A1 A2 A3 A4 along the edge, walled by white B1..B5 and A5.
  const Shape shape =
      whiteGroup(R"(["O O X . .", ". O X . .", ". O X . .", ". O X . .", ". O X . ."])", "B1",
                 {"A1", "A2", "A3", "A4"});
  EXPECT_EQ(fate(shape, go::Color::Black).substr(0, 5), "lives");
  EXPECT_EQ(fate(shape, go::Color::White).substr(0, 5), "lives");
}

TEST(LifeSolver, TwoSeparateEyesArePassAliveWithoutSearch) {
  const Shape shape =
      whiteGroup(R"([". O X . .", "O O X . .", ". O X . .", "O O X . .", ". O X . ."])", "B1",
                 {"A1", "A3", "A5"});
  const LifeVerdict v = solveLife(shape.board, shape.problem, go::Color::Black);
  EXPECT_EQ(v.fate, Fate::Lives);
  EXPECT_EQ(v.nodes, 1);
}

TEST(LifeSolver, AStraightThreeDiesWhenTheAttackerTakesTheMiddle) {
  const Shape shape =
      whiteGroup(R"(["X X X . .", "O O X . .", ". O X . .", ". O X . .", ". O X . ."])", "B1",
                 {"A1", "A2", "A3"});
  EXPECT_EQ(fate(shape, go::Color::Black), "dies at A2");
  EXPECT_EQ(fate(shape, go::Color::White), "lives at A2");
}

}  // namespace
}  // namespace tengen::learn::test
