#include "sgf/coordinates.h"

#include <gtest/gtest.h>

namespace tengen::sgf {
namespace {

// SGF FF[4]: column then row from the top-left, 'i' not skipped.
TEST(Coordinates, PointsCountFromTheTopLeft) {
  const go::Geometry g(19);
  EXPECT_EQ(*parseMove("aa", g), g.point(0, 18));
  EXPECT_EQ(*parseMove("dp", g), *g.fromGtp("D4"));
  EXPECT_EQ(*parseMove("pd", g), *g.fromGtp("Q16"));
  EXPECT_EQ(*parseMove("ii", g), *g.fromGtp("J11"));
  EXPECT_EQ(*parseMove("ss", g), *g.fromGtp("T1"));
  EXPECT_EQ(formatPoint(*g.fromGtp("D4"), g), "dp");
  EXPECT_EQ(formatPoint(*g.fromGtp("T1"), g), "ss");
}

TEST(Coordinates, EmptyValueAndTtArePasses) {
  EXPECT_EQ(*parseMove("", go::Geometry(19)), go::kPass);
  EXPECT_EQ(*parseMove(" ", go::Geometry(9)), go::kPass);
  EXPECT_EQ(*parseMove("tt", go::Geometry(19)), go::kPass);
  EXPECT_EQ(*parseMove("tt", go::Geometry(9)), go::kPass);
  EXPECT_EQ(formatPoint(go::kPass, go::Geometry(19)), "");
}

// On boards larger than 19x19, "tt" is the point T20 (column 20, row 20 from the top).
TEST(Coordinates, TtIsAPointOnLargeBoards) {
  const go::Geometry g(21);
  EXPECT_EQ(*parseMove("tt", g), g.point(19, 1));
  EXPECT_EQ(formatPoint(g.point(19, 1), g), "tt");
  EXPECT_EQ(*parseMove("uu", g), g.point(20, 0));
}

TEST(Coordinates, BadPointsSayWhatWasExpected) {
  const go::Geometry g(9);
  EXPECT_EQ(parseMove("jj", g).error().message,
            "point 'jj' is off the board: expected two letters a..i for a 9x9 board, or '' or "
            "'tt' for a pass");
  EXPECT_EQ(parseMove("d4", g).error().message,
            "bad point 'd4': expected two letters a..i for a 9x9 board, or '' or 'tt' for a pass");
  EXPECT_EQ(parseMove("abc", go::Geometry(21)).error().message,
            "bad point 'abc': expected two letters a..u for a 21x21 board, or '' for a pass");
  EXPECT_FALSE(parseMove("AA", g));
}

// FF[4] "Compressed point lists": a rectangle given by two opposite corners.
TEST(Coordinates, RangesCoverTheRectangle) {
  const go::Geometry g(9);
  auto points = parsePointRange("aa:cb", g);
  ASSERT_TRUE(points);
  EXPECT_EQ(points->size(), 6u);
  auto reversed = parsePointRange("cb:aa", g);
  ASSERT_TRUE(reversed);
  EXPECT_EQ(*reversed, *points);
  EXPECT_EQ(parsePointRange("ee", g)->size(), 1u);
  EXPECT_EQ(parsePointRange("aa:ii", g)->size(), 81u);
  EXPECT_FALSE(parsePointRange("aa:jj", g));
  EXPECT_FALSE(parsePointRange("", g));
  EXPECT_FALSE(parsePointRange("tt", g));
}

TEST(Coordinates, EveryPointRoundTripsOnEverySize) {
  for (int size = go::kMinSize; size <= go::kMaxSize; ++size) {
    const go::Geometry g(size);
    for (int r = 0; r < size; ++r) {
      for (int c = 0; c < size; ++c) {
        const go::Point p = g.point(c, r);
        auto back = parseMove(formatPoint(p, g), g);
        ASSERT_TRUE(back) << size << " " << formatPoint(p, g);
        EXPECT_EQ(*back, p);
      }
    }
  }
}

}  // namespace
}  // namespace tengen::sgf
