#pragma once

// The training data of the move weights: every move of a set of SGF games as a choice among
// the legal moves of its position, each described by its features (bot/move_features.h).
// Moves with the same features in one position are one "team" with a count, which keeps a
// 19x19 position to a few dozen teams instead of 300 moves.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "base/result.h"
#include "bot/move_features.h"

namespace tengen::patterns {

// A feature as one index over all groups: kFeatureOffset[group] + level.
inline constexpr std::array<std::uint32_t, bot::kFeatureGroups + 1> kFeatureOffset = [] {
  std::array<std::uint32_t, bot::kFeatureGroups + 1> offsets{};
  for (int g = 0; g < bot::kFeatureGroups; ++g) {
    offsets[g + 1] = offsets[g] + static_cast<std::uint32_t>(bot::kFeatureLevels[g]);
  }
  return offsets;
}();
inline constexpr std::uint32_t kFeatureCount = kFeatureOffset[bot::kFeatureGroups];

struct Team {
  std::array<std::uint32_t, bot::kFeatureGroups> features{};  // global indices
  std::uint8_t size = 0;                                      // features in use
  std::uint32_t count = 0;                                    // moves with these features
};

struct Choice {
  std::uint32_t firstTeam = 0;
  std::uint32_t teams = 0;
  std::uint32_t played = 0;  // the played move's team, relative to firstTeam
};

struct MoveCorpus {
  std::vector<Team> teams;
  std::vector<Choice> choices;
  int games = 0;
  int skippedMoves = 0;  // moves not board-legal without suicide (the corpus's rules allowed it)
};

// Adds every non-pass move of the game in `sgfText` to `corpus`; an SGF the loader refuses is
// an error naming `name`.
Result<void> addGame(MoveCorpus& corpus, const std::string& sgfText, const std::string& name);

}  // namespace tengen::patterns
