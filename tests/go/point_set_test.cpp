// The bitmap of points behind dead-stone marks, regions and legal-move maps.
#include "go/point_set.h"

#include <gtest/gtest.h>

#include <vector>

namespace tengen::go {
namespace {

PointSet of(std::initializer_list<int> points) {
  PointSet s;
  for (int p : points) s.insert(static_cast<Point>(p));
  return s;
}

std::vector<int> listed(const PointSet& s) {
  std::vector<int> out;
  s.forEach([&](Point p) { out.push_back(p); });
  return out;
}

TEST(PointSet, UnionIntersectionAndDifferenceAcrossWords) {
  // 3 and 70 lie in different 64-bit words, 130 in a third.
  const PointSet a = of({3, 70, 130});
  const PointSet b = of({70, 131});
  PointSet both = a;
  both |= b;
  EXPECT_EQ(listed(both), (std::vector<int>{3, 70, 130, 131}));
  PointSet common = a;
  common &= b;
  EXPECT_EQ(listed(common), std::vector<int>{70});
  PointSet onlyA = a;
  onlyA -= b;
  EXPECT_EQ(listed(onlyA), (std::vector<int>{3, 130}));
  EXPECT_EQ(onlyA.count(), 2);
  onlyA -= a;
  EXPECT_TRUE(onlyA.empty());
}

}  // namespace
}  // namespace tengen::go
