#include "site/automatch/pair_terms.h"

#include <algorithm>
#include <cmath>

#include "go/handicap.h"
#include "go/rules.h"
#include "rating/handicap_rating.h"
#include "rating/rank.h"

namespace tengen::site {

game::TimeControl poolClock(int boardSize, Speed speed) {
  game::TimeControl clock;
  switch (speed) {
    case Speed::Blitz:
      clock.kind = game::TimeKind::Fischer;
      clock.mainSeconds = 30;
      clock.incrementSeconds = 5;
      clock.maxSeconds = 300;
      break;
    case Speed::Live:
      clock.kind = game::TimeKind::Byoyomi;
      clock.mainSeconds = boardSize <= 9 ? 180 : boardSize <= 13 ? 300 : 600;
      clock.periods = 5;
      clock.periodSeconds = 30;
      break;
    case Speed::Correspondence:
      clock.kind = game::TimeKind::Fischer;
      clock.mainSeconds = 3 * 86400;
      clock.incrementSeconds = 86400;
      clock.maxSeconds = 7 * 86400;
      clock.pauseOnWeekends = true;
      break;
  }
  return clock;
}

std::optional<Speed> speedFromName(std::string_view name) {
  for (Speed speed : {Speed::Blitz, Speed::Live, Speed::Correspondence}) {
    if (speedName(speed) == name) return speed;
  }
  return std::nullopt;
}

PairTerms pairTerms(const PoolEntry& a, const PoolEntry& b, int boardSize) {
  PairTerms terms;
  if (!a.handicapAllowed || !b.handicapAllowed) return terms;
  const double ranks = std::abs(rating::rankOf(a.rating) - rating::rankOf(b.rating));
  const int stones = static_cast<int>(std::floor(ranks / rating::ranksPerStone(boardSize)));
  if (stones < 1) return terms;
  terms.blackUserId = a.rating < b.rating ? a.userId : b.userId;
  terms.komi = go::Rules::kHandicapKomi;
  if (stones >= 2) terms.handicap = std::min({stones, 9, go::maxFixedHandicap(boardSize)});
  return terms;
}

}  // namespace tengen::site
