#pragma once

#include "rating/glicko2.h"

// Rating a handicap game (players-reference section 2, OGS): each player is rated against a
// copy of the other shifted in the rank domain by what the handicap and komi are worth, so
// that a fair handicap game expects an even result.
namespace tengen::rating {

struct HandicapTerms {
  int boardSize = 19;
  int handicap = 0;  // stones; 0 and 1 mean none placed
  double komi = 7.5;
  bool areaScoring = true;  // area rules count a stone more than territory rules
  // Points White gets per handicap stone besides komi: h under Chinese-style area rules,
  // h - 1 under AGA's; 0 under territory rules.
  double handicapBonus = 0;
};

// How many ranks one handicap stone is worth on a board of this size: 1 from 14x14 up (19x19),
// 3 from 10x10 to 13x13, 6 on 9x9 and smaller (players-reference section 2). The one place
// the site's handicaps (automatch's pairing terms) and ratings read it.
int ranksPerStone(int boardSize);

// How many ranks Black's handicap and the komi are worth to Black: the rank shift of
// [fair - (komi + bonus) + (12 + area) * max(h - 1, 0)] / 12, times ranksPerStone(size)
// (fair komi 7 under area rules, 6 under territory; area 1 under area rules).
double handicapRankShift(const HandicapTerms& terms);

struct GameRatings {
  Rating black;
  Rating white;
};

// Both players after one game: `blackScore` 1 (Black won), 0 (White won) or 0.5 (jigo).
GameRatings rateGame(const Rating& black, const Rating& white, double blackScore,
                     const HandicapTerms& terms, const Glicko2Options& options = {});

}  // namespace tengen::rating
