#pragma once

// The features of a candidate move that the learned move weights (learned_weights.h) rate:
// Coulom's set ("Computing Elo Ratings of Move Patterns in the Game of Go", 2007), cut to
// what the playouts' tactics (tactics.h) already compute. A move has at most one level of
// each feature group; level 0 means the group does not apply. The same code extracts the
// features for training (tools/patterns) and for the search, so the two cannot drift apart.
//
//   bot::MoveFeaturizer f(board, toMove, last, last2);   // once per position
//   for (go::Point p : candidates) bot::MoveFeatures m = f.of(p);
//
// Cost: one pass over the board for own chains in atari (with ladder reading) per position,
// then a few local tests per move.

#include <array>
#include <cstdint>
#include <string_view>

#include "go/board.h"
#include "go/point_set.h"

namespace tengen::bot {

enum class FeatureGroup : std::uint8_t {
  Pattern3,   // the 3x3 neighbourhood, as PatternTable::code sees it from the mover (the level
              // is the code + 1, canonical under the board's eight symmetries)
  Capture,    // 1: takes one stone, 2: two or more; 3 and 4: the same, saving an own chain in
              // atari
  Extension,  // 1: extends an own chain out of atari (not into a ladder), 2: a futile extension
  SelfAtari,  // 1: a bad self-atari (tactics.h isBadSelfAtari)
  Atari,      // 1: puts an opponent chain in atari
  DistLast,   // gridcular distance to the previous move, 2..16, 17 for farther
  DistLast2,  // the same for the move before it
  Line,       // line 1..4 from the edge, +4 when no stone is within Manhattan distance 3
  OwnEye,     // 1: fills an own eye-like point
};
inline constexpr int kFeatureGroups = 9;

// The number of levels of a group, level 0 included.
inline constexpr std::array<int, kFeatureGroups> kFeatureLevels = {65537, 5, 3, 2, 2, 18, 18, 9, 2};

// The group's name in the weights file.
std::string_view featureGroupName(FeatureGroup group);

struct MoveFeatures {
  std::array<std::uint32_t, kFeatureGroups> level{};

  std::uint32_t operator[](FeatureGroup g) const { return level[static_cast<int>(g)]; }
  std::uint32_t& operator[](FeatureGroup g) { return level[static_cast<int>(g)]; }
  bool operator==(const MoveFeatures&) const = default;
};

// The smallest of a 3x3 code's images under the eight symmetries of the square: the code that
// stands for all of them.
std::uint16_t canonicalPattern3(std::uint16_t code);

class MoveFeaturizer {
 public:
  // `last` and `last2`: the previous two moves (kPass or kNoPoint when none or a pass).
  // `enclosedNakade`: as isBadSelfAtari's (tactics.h); 0, the rule the weights were trained
  // with, counts every multi-stone self-atari as bad.
  MoveFeaturizer(const go::Board& board, go::Color toMove, go::Point last, go::Point last2,
                 int ladderBudget = 60, int enclosedNakade = 0);

  // The features of an empty point `p` for the mover.
  MoveFeatures of(go::Point p) const;

 private:
  const go::Board& board_;
  go::Color toMove_;
  go::Point last_;
  go::Point last2_;
  int enclosedNakade_;
  go::PointSet escapes_;  // moves that save an own chain in atari
  go::PointSet futile_;   // last liberties whose extension does not
};

}  // namespace tengen::bot
