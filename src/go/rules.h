#pragma once

#include <string>
#include <string_view>

#include "base/result.h"
#include "go/color.h"

namespace tengen::go {

// Each dimension is independent; a preset is only a named combination of them
// (Rules::fromPreset in rules.cpp says which dimension values each preset takes).
enum class KoRule {
  Simple,       // no immediate recapture of a single stone
  Positional,   // no earlier board (positional superko)
  Situational,  // no earlier board with the same side to move, passes included
  // Ing's fighting and disturbing ko (rules reference 7.2), read as two computable bans
  // (Game::checkIng in game.cpp says exactly which): no ko capture of a hot stone, and no
  // board play made twice (same player, same point, same board before it).
  Ing,
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

// Every preset, in the order lists show them (the site's /api/rules, the bots' rule lists).
inline constexpr Preset kPresets[] = {
    Preset::TrompTaylor, Preset::Chinese, Preset::Japanese,     Preset::Korean,
    Preset::Aga,         Preset::Bga,     Preset::NewZealand,   Preset::Ing,
    Preset::Wmsg,        Preset::Igs,     Preset::StoneScoring,
};

// Komi is a whole or half number within +-kMaxKomi wherever it comes in (rules specs, GTP
// `komi`, the site's tables). 150 leaves room for any komi players set, reverse komi and
// teaching games included, while refusing values no game can mean.
inline constexpr double kMaxKomi = 150;

// move_limit is 0 (none), a number of moves and passes up to kMaxMoveLimit (far above the
// longest real game on the largest board), or kMoveLimitPerBoard (`board`): three moves per
// point of the board (Rules::moveLimitOn), the igs preset's value.
inline constexpr int kMaxMoveLimit = 10000;
inline constexpr int kMoveLimitPerBoard = -1;

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
  // How many consecutive passes stop play: 2, or 4 under Ing's rules, where two passes do
  // not end the game.
  int endPasses = 2;
  // A game that reaches this many moves and passes stops without a result (IGS, where
  // repetition is allowed); 0 is no limit, kMoveLimitPerBoard scales it with the board.
  int moveLimit = 0;
  // Japanese 1989 art. 7 and 9 (and Korean): stones disputed after the stop are played out
  // on a separate board with the ko lock of art. 7-2 (go/confirmation.h).
  bool confirmation = false;
  double komi = 7.5;

  static Rules fromPreset(Preset preset);
  // The rules of a new table on the site when its owner names none: Tromp-Taylor's area count
  // of the board as it stands, with suicide forbidden as most players expect.
  static Rules forNewTable();
  // "NAME [key=value ...]", case-insensitive, e.g. "japanese tax=none". Errors name the
  // offending word and list what was expected.
  static Result<Rules> parse(std::string_view spec);
  // SGF RU (rules_sgf.cpp): the names other programs write, in any case and with or without
  // spaces, hyphens or underscores (Japanese, jp, Chinese, cn, Korean, AGA, BGA, NZ,
  // New Zealand, GOE, Ing, Tromp-Taylor, tt, ...); KataGo's rule strings
  // (koPOSITIONALscoreAREAtaxNONEsui1whbN, with button, fpok and komi); else our own spec.
  static Result<Rules> fromSgf(std::string_view ru);

  // The preset name plus each dimension that differs from it; komi included only if it
  // differs and `withKomi`. parse(toString()) gives back the same rules.
  std::string toString(bool withKomi = false) const;
  // The RU value: the name other programs read when the rules are exactly a preset that has
  // one (Tromp-Taylor, Chinese, Japanese, Korean, AGA, BGA, NZ, GOE), else toString().
  std::string toSgf() const;

  bool allowsSuicide() const { return suicide == SuicideRule::Allowed; }
  // The move limit on a board of this size, 0 for none.
  int moveLimitOn(int boardSize) const;

  // The procedures around the position rules, as the rule texts describe them:
  // - After the passes that end play, do the players agree on dead stones? Tromp-Taylor
  //   scores the board as it stands: every stone on it is alive, so there is nothing to agree.
  bool hasRemovalPhase() const { return preset != Preset::TrompTaylor; }
  // - May the handicap stones go anywhere? Japanese and Korean rules fix their points.
  bool allowsFreeHandicap() const;
  // - Who plays first when play resumes after the stop, `asker` having asked for it and
  //   `toMoveAtStop` being next in turn? Japanese 1989 art. 9 (and Korean): the asker's
  //   opponent; elsewhere play simply continues in turn.
  Color toMoveOnResume(Color asker, Color toMoveAtStop) const;
  // - The komi of an n-stone handicap game when its players set none: half a point, so that
  //   there are no ties; an even game (n < 2) keeps these rules' komi.
  double komiFor(int handicapStones) const;
  static constexpr double kHandicapKomi = 0.5;
  // White's compensation in an n-stone handicap game (n < 2 is an even game).
  int handicapPoints(int handicapStones) const;

  bool operator==(const Rules&) const = default;
  // Same dimensions, ignoring the preset name and komi.
  bool sameDimensions(const Rules& other) const;
};

std::string_view presetName(Preset preset);
// Komi as rules texts write it: 7.5, 7, -3.5.
std::string formatKomi(double komi);
// Komi must be a whole or half number within +-kMaxKomi; anything else is an error naming
// the value.
Result<double> parseKomi(std::string_view text);
// The same check of a komi that arrived as a number (JSON, a stored row).
Result<double> checkKomi(double komi);

}  // namespace tengen::go
