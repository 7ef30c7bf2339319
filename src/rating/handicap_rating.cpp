#include "rating/handicap_rating.h"

#include <algorithm>

#include "rating/rank.h"

namespace tengen::rating {

namespace {

// The player as the opponent sees them: the same deviation and volatility, the rating moved
// by `ranks` in the rank domain.
Rating shifted(Rating r, double ranks) {
  r.rating = ratingOf(rankOf(r.rating) + ranks);
  return r;
}

}  // namespace

int ranksPerStone(int boardSize) { return boardSize <= 9 ? 6 : boardSize <= 13 ? 3 : 1; }

double handicapRankShift(const HandicapTerms& terms) {
  const double fair = terms.areaScoring ? 7 : 6;
  const double area = terms.areaScoring ? 1 : 0;
  const double stones = std::max(terms.handicap - 1, 0);
  return (fair - (terms.komi + terms.handicapBonus) + (12 + area) * stones) / 12 *
         ranksPerStone(terms.boardSize);
}

GameRatings rateGame(const Rating& black, const Rating& white, double blackScore,
                     const HandicapTerms& terms, const Glicko2Options& options) {
  const double shift = handicapRankShift(terms);
  // With the handicap's help Black plays as if `shift` ranks stronger: Black is rated against
  // White moved down by that much, White against Black moved up.
  return {update(black, {{shifted(white, -shift), blackScore}}, options),
          update(white, {{shifted(black, shift), 1 - blackScore}}, options)};
}

}  // namespace tengen::rating
