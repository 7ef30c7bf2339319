#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/result.h"
#include "go/rules.h"
#include "sgf/game_record.h"
#include "sgf/sgf_tree.h"

namespace tengen::sgf {

// Readers of the root properties that shape the game. Each error's `where` is the value's
// line and column. A property present with an empty value ("KM[]") counts as absent.

// GM: absent or 1 (Go); anything else is another game.
Result<void> checkGameType(const Node& root);
// SZ[n] or SZ[n:n], default 19; non-square and sizes outside 2..25 are errors.
Result<int> readBoardSize(const Node& root);
// The game's rules: rulesOverride, else RU through go::Rules::fromSgf, else chinese. An RU
// that names no rules tengen reads is never an error: the game loads under chinese and
// `warning` says which RU was not understood and why. Komi is left as the rules give it;
// readKomi supplies the file's.
struct RulesRead {
  go::Rules rules;
  bool fromFile = false;  // RU was present and understood, and no override replaced it
  bool stated = false;    // RU was present and understood (whether or not overridden)
  std::string warning;    // "" unless RU was present and not understood
};
RulesRead readRules(const Node& root, const std::optional<go::Rules>& rulesOverride);
// KM as a number, with the quirks of real files undone: GoGoD Chinese games give komi in
// stones (quarter values such as 3.75: doubled), and Fox writes komi times 100 (550 is 5.5,
// 375 is 3.75 stones, so 7.5). After that, anything but a whole or half number strictly
// between -100 and 100 is an error.
Result<std::optional<double>> readKomi(const Node& root);
// HA: a whole number from 0 to the number of points.
Result<std::optional<int>> readHandicap(const Node& root, int boardSize);
// The informational properties (names, ranks, date, event, result, comment, times).
// TM that is not a number of seconds (old files write "1h") is dropped, not an error,
// since nothing depends on it.
GameInfo readGameInfo(const Node& root);

// A real number of seconds ("123", "59.5"), for TM, BL and WL; nullopt if not one.
std::optional<double> parseSeconds(std::string_view raw);
// A whole number from 0 to 10000, for OB and OW (periods or stones left); nullopt if not
// one. Like BL/WL, a value that is not one is dropped, not an error: nothing depends on it.
std::optional<int> parseCount(std::string_view raw);

}  // namespace tengen::sgf
