#pragma once

#include <vector>

// Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) with one game per rating
// period, as the site rates games: every finished rated game updates both players at once.
// Values are on the Glicko scale (1500 / RD 350 for a newcomer); the internal scale of the
// paper (divided by 173.7178) never leaves glicko2.cpp.
namespace tengen::rating {

struct Rating {
  double rating = 1500;
  double deviation = 350;  // RD
  double volatility = 0.06;
  bool operator==(const Rating&) const = default;
};

// One opponent's game in a period: the opponent's rating before it, and the score for the
// player rated (1 win, 0 loss, 0.5 a jigo).
struct Outcome {
  Rating opponent;
  double score = 0;
};

struct Glicko2Options {
  double tau = 0.5;  // how fast volatility may change: OGS uses 0.5
  // The bounds every result is clamped to (OGS's): they keep a long idle stretch, a streak or
  // an extreme mismatch from leaving a rating no later game can move.
  double minRating = 100;
  double maxRating = 6000;
  double minDeviation = 30;
  double maxDeviation = 500;
  double minVolatility = 0.01;
  double maxVolatility = 0.15;
};

// The player's rating after a period holding `games` (empty: only the deviation grows,
// φ' = √(φ² + σ²)). Clamps only when `clamp` is set, so the paper's test vector can be checked
// exactly.
Rating update(const Rating& player, const std::vector<Outcome>& games,
              const Glicko2Options& options = {}, bool clamp = true);

// The expected score of `player` against `opponent` (Glicko-2's E).
double expectedScore(const Rating& player, const Rating& opponent);

}  // namespace tengen::rating
