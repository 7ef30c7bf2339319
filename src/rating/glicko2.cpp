#include "rating/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tengen::rating {

namespace {

constexpr double kScale = 173.7178;  // Glicko to Glicko-2 (the paper's step 2)
constexpr double kEpsilon = 1e-6;    // the volatility iteration's tolerance (step 5)

struct Internal {
  double mu;
  double phi;
};

Internal internal(const Rating& r) { return {(r.rating - 1500) / kScale, r.deviation / kScale}; }

double g(double phi) {
  return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double muOpponent, double phiOpponent) {
  return 1 / (1 + std::exp(-g(phiOpponent) * (mu - muOpponent)));
}

// Step 5: the new volatility, by the Illinois variant of regula falsi on f.
double newVolatility(double sigma, double phi, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  double A = a;
  double B = 0;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    B = a - k * tau;
  }
  double fA = f(A);
  double fB = f(B);
  // The bracket halves at least every other step; 200 is far past what 1e-6 needs.
  for (int i = 0; i < 200 && std::abs(B - A) > kEpsilon; ++i) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2);
}

Rating clamped(Rating r, const Glicko2Options& o) {
  r.rating = std::clamp(r.rating, o.minRating, o.maxRating);
  r.deviation = std::clamp(r.deviation, o.minDeviation, o.maxDeviation);
  r.volatility = std::clamp(r.volatility, o.minVolatility, o.maxVolatility);
  return r;
}

}  // namespace

double expectedScore(const Rating& player, const Rating& opponent) {
  const Internal p = internal(player);
  const Internal o = internal(opponent);
  return expected(p.mu, o.mu, o.phi);
}

Rating update(const Rating& player, const std::vector<Outcome>& games,
              const Glicko2Options& options, bool clamp) {
  const Internal p = internal(player);
  Rating after = player;
  if (games.empty()) {
    after.deviation = kScale * std::sqrt(p.phi * p.phi + player.volatility * player.volatility);
    return clamp ? clamped(after, options) : after;
  }
  // Steps 3 and 4: the estimated variance v and the improvement delta.
  double inverseV = 0;
  double sum = 0;
  for (const Outcome& game : games) {
    const Internal o = internal(game.opponent);
    const double e = expected(p.mu, o.mu, o.phi);
    inverseV += g(o.phi) * g(o.phi) * e * (1 - e);
    sum += g(o.phi) * (game.score - e);
  }
  const double v = 1 / inverseV;
  const double delta = v * sum;
  // Steps 5 to 8.
  const double sigma = newVolatility(player.volatility, p.phi, v, delta, options.tau);
  const double phiStar = std::sqrt(p.phi * p.phi + sigma * sigma);
  const double phi = 1 / std::sqrt(1 / (phiStar * phiStar) + 1 / v);
  const double mu = p.mu + phi * phi * sum;
  after = {kScale * mu + 1500, kScale * phi, sigma};
  return clamp ? clamped(after, options) : after;
}

}  // namespace tengen::rating
