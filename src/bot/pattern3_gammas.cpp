#include "bot/pattern3_gammas.h"

namespace tengen::bot {

Pattern3Gammas::Pattern3Gammas(const MoveWeights& weights)
    : gamma_(65536),
      orthogonal_(weights.gamma(FeatureGroup::DistLast, 2)),
      diagonal_(weights.gamma(FeatureGroup::DistLast, 3)) {
  for (unsigned code = 0; code < gamma_.size(); ++code) {
    gamma_[code] = weights.gamma(FeatureGroup::Pattern3,
                                 canonicalPattern3(static_cast<std::uint16_t>(code)) + 1u);
  }
}

const Pattern3Gammas& Pattern3Gammas::builtIn() {
  static const Pattern3Gammas shared(MoveWeights::builtIn());
  return shared;
}

}  // namespace tengen::bot
