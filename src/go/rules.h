#pragma once

#include <string>
#include <string_view>

#include "base/result.h"

namespace tengen::go {

// Each dimension is independent; a preset is only a named combination of them
// (rules-reference.md section 1.1 and the table of issue #2).
enum class KoRule {
  Simple,       // no immediate recapture of a single stone
  Positional,   // no earlier board (positional superko)
  Situational,  // no earlier board with the same side to move, passes included
};
enum class SuicideRule { Forbidden, Allowed };  // Allowed means multi-stone suicide only
enum class ScoringRule { Area, Territory };
enum class TaxRule {
  None,
  Seki,  // eye points of groups in seki score nothing (Japanese 1989, art. 8)
  All,   // Seki, and 2 points off for each living group (ancient Chinese group tax)
};
enum class HandicapBonus { None, N, NMinusOne };  // points White receives for n stones
enum class CycleRule {
  Allowed,
  Void,  // simple ko: a position repeated three times since the last pass voids the game
};

enum class Preset {
  TrompTaylor,
  Chinese,
  Japanese,
  Korean,
  Aga,
  Bga,
  NewZealand,
  Ing,
  Wmsg,
  Igs,
  StoneScoring,
};

struct Rules {
  Preset preset = Preset::TrompTaylor;  // the name it was built from, kept for display/SGF
  KoRule ko = KoRule::Positional;
  SuicideRule suicide = SuicideRule::Allowed;
  ScoringRule scoring = ScoringRule::Area;
  TaxRule tax = TaxRule::None;
  bool button = false;  // the first player to pass gains half a point
  HandicapBonus handicapBonus = HandicapBonus::None;
  bool passStones = false;       // AGA: each pass hands the opponent a prisoner
  bool whitePassesLast = false;  // AGA: two passes end the game only if White passed last
  CycleRule cycles = CycleRule::Allowed;
  double komi = 7.5;

  static Rules fromPreset(Preset preset);
  // "NAME [key=value ...]", case-insensitive, e.g. "japanese tax=none". Errors name the
  // offending word and list what was expected.
  static Result<Rules> parse(std::string_view spec);
  // SGF RU: the SGF names (AGA, GOE, Japanese, NZ, Chinese, Korean, ...) or our own spec.
  static Result<Rules> fromSgf(std::string_view ru);

  // The preset name plus each dimension that differs from it; komi included only if it
  // differs and `withKomi`. parse(toString()) gives back the same rules.
  std::string toString(bool withKomi = false) const;
  // The RU value: the SGF name when the rules are exactly a preset, else toString().
  std::string toSgf() const;

  bool allowsSuicide() const { return suicide == SuicideRule::Allowed; }
  // White's compensation in an n-stone handicap game (n < 2 is an even game).
  int handicapPoints(int handicapStones) const;

  bool operator==(const Rules&) const = default;
  // Same dimensions, ignoring the preset name and komi.
  bool sameDimensions(const Rules& other) const;
};

std::string_view presetName(Preset preset);
// Komi as rules texts write it: 7.5, 7, -3.5.
std::string formatKomi(double komi);
// Komi must be a whole or half number; anything else is an error naming the value.
Result<double> parseKomi(std::string_view text);

}  // namespace tengen::go
