#pragma once

#include <string>

#include "rating/glicko2.h"

// Ranks from ratings, with OGS's logarithmic map (players-reference section 2): the rank
// number r = 23.15 ln(rating / 525), r < 30 is (30 - r) kyu and r >= 30 is (r - 29) dan; shown
// from 30k to 9d. One stone is about 66 rating points at 1500 and 88 at 2000.
namespace tengen::rating {

// The continuous rank number of a rating (30 = 1d, 29 = 1k, 0 = 30k).
double rankOf(double rating);
// The rating whose rank number is `rank`: the inverse of rankOf.
double ratingOf(double rank);

// "12k", "3d": the whole rank shown, clamped to 30k..9d.
std::string rankLabel(double rating);

// Provisional while the deviation is 160 or more: the rank is shown with "?" ("12k?").
constexpr double kProvisionalDeviation = 160;
bool isProvisional(const Rating& r);
std::string displayRank(const Rating& r);

}  // namespace tengen::rating
