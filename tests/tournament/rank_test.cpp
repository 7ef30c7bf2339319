// Ranks (tournament/rank.h): the forms players write, the EGF form we write, and the values
// McMahon starting scores use (30k = 0, 1k = 29, 1d = 30).
#include "tournament/rank.h"

#include <gtest/gtest.h>

namespace tengen::tournament {
namespace {

TEST(Rank, ParsesTheUsualForms) {
  EXPECT_EQ(*parseRank("12k"), Rank::kyu(12));
  EXPECT_EQ(*parseRank("12K"), Rank::kyu(12));
  EXPECT_EQ(*parseRank(" 3 dan "), Rank::dan(3));
  EXPECT_EQ(*parseRank("30 kyu"), Rank::kyu(30));
  EXPECT_EQ(parseRank("1k")->value(), 29);
  EXPECT_EQ(parseRank("1d")->value(), 30);
  EXPECT_EQ(parseRank("9d")->value(), Rank::kHighest);
}

TEST(Rank, WritesTheEgfForm) {
  EXPECT_EQ(toString(Rank::kyu(12)), "12k");
  EXPECT_EQ(toString(Rank::dan(1)), "1d");
}

TEST(Rank, RefusesWhatIsNoRank) {
  for (const char* bad : {"", "k", "0k", "31k", "10d", "3p", "123k", "1.5k", "3 dans"}) {
    const auto r = parseRank(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_NE(r.error().message.find("expected 30k..1k or 1d..9d"), std::string::npos);
  }
  EXPECT_EQ(parseRank(std::string(100, '9') + "k").error().message.size(),
            std::string("\"99999999999999999999999999999999\u2026\" is not a rank: expected "
                        "30k..1k or 1d..9d")
                .size());
}

}  // namespace
}  // namespace tengen::tournament
