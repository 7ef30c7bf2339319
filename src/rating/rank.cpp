#include "rating/rank.h"

#include <algorithm>
#include <cmath>

namespace tengen::rating {

namespace {

constexpr double kRankPerLog = 23.15;
constexpr double kRatingAtZero = 525;  // 30k
constexpr int kWeakest = 0;            // 30k
constexpr int kStrongest = 38;         // 9d

}  // namespace

double rankOf(double rating) {
  return kRankPerLog * std::log(std::max(rating, 1.0) / kRatingAtZero);
}

double ratingOf(double rank) { return kRatingAtZero * std::exp(rank / kRankPerLog); }

std::string rankLabel(double rating) {
  const int r = std::clamp(static_cast<int>(std::floor(rankOf(rating))), kWeakest, kStrongest);
  return r < 30 ? std::to_string(30 - r) + "k" : std::to_string(r - 29) + "d";
}

bool isProvisional(const Rating& r) { return r.deviation >= kProvisionalDeviation; }

std::string displayRank(const Rating& r) {
  return rankLabel(r.rating) + (isProvisional(r) ? "?" : "");
}

}  // namespace tengen::rating
