// The features the learned move weights rate (src/bot/move_features.h).
#include "bot/move_features.h"

#include <set>

#include <gtest/gtest.h>

#include "bot/patterns.h"
#include "bot/test_positions.h"
#include "go/diagram.h"

namespace tengen::bot {
namespace {

using go::Board;
using go::Color;
using go::test::parseBoard;
using go::test::vertex;

TEST(MoveFeatures, CanonicalPatternsAreTheSameForEverySymmetricImage) {
  // A hane shape: own stone north, opponent north-east, and its seven other images.
  const Board board = parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . X O . .
   5 . . . . . . .
   4 . . . . . . .
   3 . . . . . . .
   2 . . . . . . .
   1 . . . . . . .
)");
  const go::Geometry& g = board.geometry();
  const auto code = PatternTable::code(board, vertex(g, "D5"), Color::Black);
  const auto canonical = canonicalPattern3(code);
  EXPECT_EQ(canonicalPattern3(canonical), canonical);
  std::set<std::uint16_t> images;
  // Rotate and reflect the board: the shape's images around D5 keep one canonical code.
  const char* shapes[][2] = {{"D6", "E6"}, {"D6", "C6"}, {"D4", "E4"}, {"D4", "C4"},
                             {"E5", "E6"}, {"E5", "E4"}, {"C5", "C6"}, {"C5", "C4"}};
  for (const auto& shape : shapes) {
    Board b(7);
    b.setStone(vertex(g, shape[0]), Color::Black);
    b.setStone(vertex(g, shape[1]), Color::White);
    const auto c = PatternTable::code(b, vertex(g, "D5"), Color::Black);
    images.insert(c);
    EXPECT_EQ(canonicalPattern3(c), canonical) << shape[0] << " " << shape[1];
  }
  EXPECT_EQ(images.size(), 8u);
}

TEST(MoveFeatures, EdgeAndCornerPatternsKeepTheirEdge) {
  Board board(9);
  const go::Geometry& g = board.geometry();
  // All four corners are one pattern, and no corner is the same as an edge point.
  const auto corner = canonicalPattern3(PatternTable::code(board, vertex(g, "A1"), Color::Black));
  for (const char* p : {"A9", "J1", "J9"}) {
    EXPECT_EQ(canonicalPattern3(PatternTable::code(board, vertex(g, p), Color::Black)), corner);
  }
  const auto edge = canonicalPattern3(PatternTable::code(board, vertex(g, "E1"), Color::Black));
  EXPECT_NE(edge, corner);
  EXPECT_EQ(canonicalPattern3(PatternTable::code(board, vertex(g, "A5"), Color::Black)), edge);
}

TEST(MoveFeatures, CaptureExtensionAndSelfAtari) {
  // Black's C1 has put White C2 in atari; the ladder after D2 runs into the edge.
  const Board board = parseBoard(test::kEdgeLadder);
  const go::Geometry& g = board.geometry();
  const MoveFeaturizer white(board, Color::White, vertex(g, "C1"), go::kNoPoint);
  // White's D2 extends into a ladder: futile.
  EXPECT_EQ(white.of(vertex(g, "D2"))[FeatureGroup::Extension], 2u);
  EXPECT_EQ(white.of(vertex(g, "D2"))[FeatureGroup::DistLast], 3u);  // diagonal
  // Black takes C2 (one stone) from D2's side.
  const MoveFeaturizer black(board, Color::Black, vertex(g, "B2"), go::kNoPoint);
  EXPECT_EQ(black.of(vertex(g, "D2"))[FeatureGroup::Capture], 1u);
  EXPECT_EQ(black.of(vertex(g, "D2"))[FeatureGroup::DistLast], 4u);  // two points away
  EXPECT_EQ(black.of(vertex(g, "E5"))[FeatureGroup::Capture], 0u);
}

TEST(MoveFeatures, ABadSelfAtari) {
  const Board board = parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . . . . .
   5 . . . . . . .
   4 . X X X . . .
   3 . X . . X . .
   2 . X X X . . .
   1 . . . . . . .
)");
  const go::Geometry& g = board.geometry();
  const MoveFeaturizer white(board, Color::White, go::kNoPoint, go::kNoPoint);
  // One liberty (D3) next to a Black chain with many: the stone is simply lost.
  EXPECT_EQ(white.of(vertex(g, "C3"))[FeatureGroup::SelfAtari], 1u);
  EXPECT_EQ(white.of(vertex(g, "F3"))[FeatureGroup::SelfAtari], 0u);
  // C3 fills a space Black encloses, but a single stone in two points is no nakade.
  const MoveFeaturizer nakade(board, Color::White, go::kNoPoint, go::kNoPoint, 60, 3);
  EXPECT_EQ(nakade.of(vertex(g, "C3"))[FeatureGroup::SelfAtari], 1u);
  // Inside a bent three whose vital point A1 White holds, White A2 makes two stones in atari:
  // a nakade, bad only by the rule the weights were trained with.
  const Board bent = parseBoard(test::kBentThreeNakade);
  const go::Geometry& g5 = bent.geometry();
  const MoveFeaturizer trained(bent, Color::White, go::kNoPoint, go::kNoPoint);
  const MoveFeaturizer enclosed(bent, Color::White, go::kNoPoint, go::kNoPoint, 60, 3);
  EXPECT_EQ(trained.of(vertex(g5, "A2"))[FeatureGroup::SelfAtari], 1u);
  EXPECT_EQ(enclosed.of(vertex(g5, "A2"))[FeatureGroup::SelfAtari], 0u);
  // For Black, C3 is no eye yet (D3 is open); in the corner below, A1 is one.
  const MoveFeaturizer black(board, Color::Black, go::kNoPoint, go::kNoPoint);
  EXPECT_EQ(black.of(vertex(g, "C3"))[FeatureGroup::OwnEye], 0u);
  Board corner(7);
  for (const char* p : {"A2", "B2", "B1"}) corner.setStone(vertex(g, p), Color::Black);
  const MoveFeaturizer inCorner(corner, Color::Black, go::kNoPoint, go::kNoPoint);
  EXPECT_EQ(inCorner.of(vertex(g, "A1"))[FeatureGroup::OwnEye], 1u);
  EXPECT_EQ(inCorner.of(vertex(g, "C1"))[FeatureGroup::OwnEye], 0u);
}

TEST(MoveFeatures, LineCountsFromTheEdgeAndMarksEmptyAreas) {
  const Board board = parseBoard(test::kEdgeLadder);
  const go::Geometry& g = board.geometry();
  const MoveFeaturizer f(board, Color::Black, go::kNoPoint, go::kNoPoint);
  EXPECT_EQ(f.of(vertex(g, "H8"))[FeatureGroup::Line], 2u + 4u);  // second line, empty around
  EXPECT_EQ(f.of(vertex(g, "H9"))[FeatureGroup::Line], 1u + 4u);  // first line
  EXPECT_EQ(f.of(vertex(g, "E2"))[FeatureGroup::Line], 2u);       // second line, stones near
  EXPECT_EQ(f.of(vertex(g, "E5"))[FeatureGroup::Line], 0u);       // the fifth line: none
  EXPECT_EQ(f.of(vertex(g, "E5"))[FeatureGroup::DistLast], 0u);   // no previous move
}

}  // namespace
}  // namespace tengen::bot
