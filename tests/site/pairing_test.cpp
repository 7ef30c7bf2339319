// The automatch wave's pairing (site/automatch/pairing.h, players-reference section 3): the
// lichess pair cost and a matching that pairs the most players at the least total cost.

#include "site/automatch/pairing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "rating/rank.h"
#include "site/automatch/pair_terms.h"

namespace tengen::site {
namespace {

PoolEntry entry(int64_t user, double rating, int missed = 0, std::string rules = "") {
  PoolEntry e;
  e.userId = user;
  e.rating = rating;
  e.wavesMissed = missed;
  e.rules = std::move(rules);
  return e;
}

struct Score {
  int pairs = 0;
  double cost = 0;
};

// Every matching of allowed pairs, exhaustively: the best (most pairs, then least cost).
Score bruteForce(const std::vector<PoolEntry>& entries, std::vector<bool>& used, std::size_t from) {
  while (from < entries.size() && used[from]) ++from;
  if (from >= entries.size()) return {};
  used[from] = true;
  Score best = bruteForce(entries, used, from + 1);  // `from` unpaired
  for (std::size_t j = from + 1; j < entries.size(); ++j) {
    if (used[j]) continue;
    const auto cost = allowedCost(entries[from], entries[j]);
    if (!cost) continue;
    used[j] = true;
    Score with = bruteForce(entries, used, from + 1);
    used[j] = false;
    with.pairs += 1;
    with.cost += *cost;
    if (with.pairs > best.pairs || (with.pairs == best.pairs && with.cost < best.cost - 1e-9)) {
      best = with;
    }
  }
  used[from] = false;
  return best;
}

Score scoreOf(const std::vector<PoolEntry>& entries,
              const std::vector<std::pair<std::size_t, std::size_t>>& pairs) {
  Score score;
  std::set<std::size_t> seen;
  for (const auto& [i, j] : pairs) {
    EXPECT_TRUE(seen.insert(i).second) << "entry " << i << " paired twice";
    EXPECT_TRUE(seen.insert(j).second) << "entry " << j << " paired twice";
    const auto cost = allowedCost(entries[i], entries[j]);
    EXPECT_TRUE(cost.has_value()) << "forbidden pair " << i << "-" << j;
    score.pairs += 1;
    score.cost += cost.value_or(0);
  }
  return score;
}

TEST(PairCost, IsTheRatingDifferenceLessTwelvePerMissedWave) {
  EXPECT_DOUBLE_EQ(*pairCost(entry(1, 1500), entry(2, 1580)), 80);
  EXPECT_DOUBLE_EQ(*pairCost(entry(1, 1500, 2), entry(2, 1580, 1)), 80 - 36);
  // The bonus stops growing after kMaxMissedWaves waves.
  EXPECT_DOUBLE_EQ(*pairCost(entry(1, 1500, 1000), entry(2, 1500)),
                   -kMissedWaveBonus * kMaxMissedWaves);
}

TEST(PairCost, AViolatedRankWindowAdds9000AndIsNeverAllowed) {
  PoolEntry picky = entry(1, 1500);
  picky.maxRankDifference = 1;
  const PoolEntry far = entry(2, 1700);  // about 3 ranks stronger
  EXPECT_DOUBLE_EQ(*pairCost(picky, far), 200 + kRangePenalty);
  EXPECT_FALSE(allowedCost(picky, entry(2, 1700, 40)));
  EXPECT_TRUE(allowedCost(picky, entry(2, 1520)));
}

TEST(PairCost, MaxCostIsRatingOver15AtLeast100And130Below1000) {
  EXPECT_DOUBLE_EQ(maxPairCost(entry(1, 1500), entry(2, 1500)), 100);
  EXPECT_DOUBLE_EQ(maxPairCost(entry(1, 2400), entry(2, 2300)), 160);
  EXPECT_DOUBLE_EQ(maxPairCost(entry(1, 800), entry(2, 900)), 130);
  EXPECT_TRUE(allowedCost(entry(1, 1500), entry(2, 1600)));
  EXPECT_TRUE(allowedCost(entry(1, 1500), entry(2, 1606)));   // 106 <= 1606 / 15
  EXPECT_FALSE(allowedCost(entry(1, 1500), entry(2, 1620)));  // 120 > 108
  // Waiting widens the reach: 5 missed waves each take 120 off.
  EXPECT_TRUE(allowedCost(entry(1, 1500, 5), entry(2, 1720, 5)));
}

TEST(PairCost, NeverPairsAPlayerWithHimselfOrDifferentRules) {
  EXPECT_FALSE(pairCost(entry(7, 1500), entry(7, 1500)));  // two tabs
  EXPECT_FALSE(pairCost(entry(1, 1500, 0, "japanese"), entry(2, 1500, 0, "chinese")));
  EXPECT_TRUE(pairCost(entry(1, 1500, 0, "japanese"), entry(2, 1500, 0, "")));
  EXPECT_EQ(agreedRules(entry(1, 1500, 0, ""), entry(2, 1500, 0, "chinese"), "tromp-taylor"),
            "chinese");
  EXPECT_EQ(agreedRules(entry(1, 1500), entry(2, 1500), "tromp-taylor"), "tromp-taylor");
  const auto pairs = pairWave({entry(7, 1500), entry(7, 1500), entry(8, 1500, 0, "japanese"),
                               entry(9, 1500, 0, "chinese")});
  for (const auto& [i, j] : pairs) {
    const std::vector<int64_t> users{7, 7, 8, 9};
    EXPECT_NE(users[i], users[j]);
  }
  ASSERT_EQ(pairs.size(), 2u);
}

TEST(PairCost, NeverPairsPlayersKeptApartByABlockWhicheverSideHoldsIt) {
  PoolEntry blocker = entry(1, 1500);
  blocker.keptApart = {2};
  EXPECT_FALSE(pairCost(blocker, entry(2, 1500)));
  EXPECT_FALSE(pairCost(entry(2, 1500), blocker));
  EXPECT_TRUE(pairCost(blocker, entry(3, 1500)));
  // Three equal players, 1 and 2 apart: the one pair made leaves one of them out.
  const auto pairs = pairWave({blocker, entry(2, 1500), entry(3, 1500)});
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].second, 2u);
}

TEST(PairWave, PrefersTwoPairsToOneCheaperPair) {
  // 1500-1550 is the cheapest pair, but taking it leaves 1450 and 1600 apart (150): pairing
  // 1450-1500 and 1550-1600 pairs all four.
  const auto pairs = pairWave({entry(1, 1450), entry(2, 1500), entry(3, 1550), entry(4, 1600)});
  const std::vector<std::pair<std::size_t, std::size_t>> expected{{0, 1}, {2, 3}};
  EXPECT_EQ(pairs, expected);
}

TEST(PairWave, LeavesAlonePlayersTooFarApart) {
  EXPECT_TRUE(pairWave({entry(1, 1000), entry(2, 2000)}).empty());
  EXPECT_TRUE(pairWave({entry(1, 1500)}).empty());
  EXPECT_TRUE(pairWave({}).empty());
}

TEST(PairWave, MatchesBruteForceOnRandomPools) {
  std::mt19937 random(20261202);
  const std::vector<std::string> rules{"", "", "japanese", "chinese"};
  for (int round = 0; round < 400; ++round) {
    const int n = 1 + static_cast<int>(random() % 10);
    std::vector<PoolEntry> entries;
    for (int i = 0; i < n; ++i) {
      PoolEntry e = entry(1 + static_cast<int64_t>(random() % (n + 2)),  // some repeat: two tabs
                          1300 + static_cast<double>(random() % 500),
                          static_cast<int>(random() % 6), rules[random() % rules.size()]);
      e.handicapAllowed = random() % 2;
      if (random() % 5 == 0) e.maxRankDifference = static_cast<int>(random() % 4);
      entries.push_back(e);
    }
    std::vector<bool> used(entries.size(), false);
    const Score best = bruteForce(entries, used, 0);
    const Score got = scoreOf(entries, pairWave(entries));
    ASSERT_EQ(got.pairs, best.pairs) << "round " << round;
    ASSERT_NEAR(got.cost, best.cost, 1e-6) << "round " << round;
  }
}

TEST(PairWave, LargePoolsAreCutIntoExactRunsAndStayValid) {
  std::mt19937 random(7);
  std::vector<PoolEntry> entries;
  for (int i = 0; i < 50; ++i) entries.push_back(entry(i + 1, 1400 + (random() % 200)));
  const auto pairs = pairWave(entries);
  const Score score = scoreOf(entries, pairs);
  // 50 players within 200 points, sorted and cut into runs of 16, 16, 16 and 2: all paired.
  EXPECT_EQ(score.pairs, 25);
}

TEST(PairTerms, EvenWithNigiriWhenHandicapIsRefusedOrRanksAreClose) {
  PoolEntry a = entry(1, rating::ratingOf(20));  // 10k
  PoolEntry b = entry(2, rating::ratingOf(24));  // 6k
  b.handicapAllowed = false;
  PairTerms terms = pairTerms(a, b, 19);
  EXPECT_EQ(terms.blackUserId, 0);
  EXPECT_EQ(terms.handicap, 0);
  EXPECT_FALSE(terms.komi);
  EXPECT_EQ(pairTerms(entry(1, 1500), entry(2, 1510), 19).blackUserId, 0);
}

TEST(PairTerms, TheWeakerTakesBlackWithAStonePerRankOn19AndFewerOnSmallBoards) {
  const PoolEntry weak = entry(1, rating::ratingOf(20.2));    // 10k
  const PoolEntry strong = entry(2, rating::ratingOf(24.3));  // 6k: 4.1 ranks stronger
  PairTerms terms = pairTerms(strong, weak, 19);
  EXPECT_EQ(terms.blackUserId, 1);
  EXPECT_EQ(terms.handicap, 4);
  EXPECT_EQ(terms.komi, 0.5);
  terms = pairTerms(weak, strong, 13);  // 3 ranks a stone: one stone, komi only
  EXPECT_EQ(terms.blackUserId, 1);
  EXPECT_EQ(terms.handicap, 0);
  EXPECT_EQ(terms.komi, 0.5);
  EXPECT_EQ(pairTerms(weak, strong, 9).blackUserId, 0);  // 6 ranks a stone: even
  // Capped at 9 stones.
  EXPECT_EQ(pairTerms(entry(1, rating::ratingOf(5)), entry(2, rating::ratingOf(25)), 19).handicap,
            9);
}

TEST(PoolClock, EachPresetIsRatedInItsOwnSpeed) {
  for (int size : {9, 13, 19}) {
    for (Speed speed : {Speed::Blitz, Speed::Live, Speed::Correspondence}) {
      EXPECT_EQ(speedOf(poolClock(size, speed), size), speed) << size << " " << speedName(speed);
      EXPECT_TRUE(game::TimeControl::fromJson(poolClock(size, speed).toJson()));
    }
  }
}

}  // namespace
}  // namespace tengen::site
