#include "site/presence/leaving_grace.h"

#include <algorithm>
#include <cmath>

#include "site/ratings/game_rating.h"

namespace tengen::site {

namespace {

constexpr int64_t kMinGraceMs = 30'000;
constexpr int64_t kMaxGraceMs = 5 * 60'000;
constexpr int64_t kUntimedGraceMs = 10 * 60'000;
constexpr double kGraceMoves = 5;

}  // namespace

std::optional<int64_t> claimGraceMs(const game::TimeControl& clock, int boardSize,
                                    const SiteLimits& limits) {
  const bool untimed = clock.kind == game::TimeKind::None;
  if (!untimed && speedOf(clock, boardSize) == Speed::Correspondence) return std::nullopt;
  if (limits.claimGrace) return limits.claimGrace->count();
  if (untimed) return kUntimedGraceMs;
  const auto scaled =
      static_cast<int64_t>(std::llround(kGraceMoves * 1000 * secondsPerMove(clock, boardSize)));
  return std::clamp(scaled, kMinGraceMs, kMaxGraceMs);
}

}  // namespace tengen::site
