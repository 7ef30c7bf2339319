#pragma once

// Learned move weights: one Bradley-Terry strength ("gamma") per level of each feature group
// of move_features.h, fitted by minorization-maximization on the moves of a game corpus
// (Coulom 2007; tools/patterns/train.sh makes them). A move's strength is the product of its
// levels' gammas, so within a position the chance that a move is the one played is its
// strength over the sum of all. Levels the corpus never showed have gamma 1.
//
// The weights file is text, one level per line, `#` starting a comment:
//   capture 1 21.83                  group name, level, gamma
//   pattern3 X.O..#.. 0.412          3x3: the neighbours NW N NE W E SW S SE as seen by the
//                                    mover (. empty, X own, O opponent, # off the board)
// The file built into tengen is src/bot/move_weights.txt.

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "bot/move_features.h"

namespace tengen::bot {

class MoveWeights {
 public:
  MoveWeights();  // every gamma 1

  // Reads a weights file; an error names the line and what was expected there.
  static Result<MoveWeights> parse(std::string_view text);
  // The weights of src/bot/move_weights.txt, compiled in (parsed once, thread-safe).
  static const MoveWeights& builtIn();

  // `header` lines are written first as comments, then every gamma that is not 1.
  std::string format(std::string_view header) const;

  // Pattern3 levels are canonical codes + 1 (canonicalPattern3), as MoveFeaturizer gives them.
  float gamma(FeatureGroup group, std::uint32_t level) const {
    const auto& levels = gammas_[static_cast<int>(group)];
    return level < levels.size() ? levels[level] : 1.0f;
  }
  void setGamma(FeatureGroup group, std::uint32_t level, float gamma);

  // The product of the move's gammas.
  double strength(const MoveFeatures& features) const {
    double s = 1;
    for (int g = 0; g < kFeatureGroups; ++g) {
      if (features.level[g] != 0) s *= gamma(static_cast<FeatureGroup>(g), features.level[g]);
    }
    return s;
  }

 private:
  std::array<std::vector<float>, kFeatureGroups> gammas_;
};

// The 3x3 text of a Pattern3 level, and back (nullopt-like error for anything else).
std::string pattern3Text(std::uint32_t level);
Result<std::uint32_t> parsePattern3(std::string_view text);

}  // namespace tengen::bot
