#pragma once

// The text columns of a games row, shared by both backends: GameSettings is typed, the row
// keeps rules (spec without komi, beside the komi column), time control (JSON), colour choice,
// status and result (SGF RE, empty for none) as text. Reading a row parses each one and names
// the game and the column when it does not parse (a row edited by hand, or written by a
// version that wrote something else), so nothing past the store sees unchecked text.

#include <optional>
#include <string>

#include "base/result.h"
#include "game/game_settings.h"

namespace tengen::store {

struct GameRowText {
  std::string rules;
  double komi = 0;
  std::string timeControl;
  std::string colourChoice;
  std::string status;
  std::string result;
};

GameRowText gameRowText(const game::GameSettings& settings);
std::string resultText(const std::optional<game::GameResult>& result);
// Fills the typed fields of `settings` (whose id is already read, for the message).
Result<void> readGameRowText(const GameRowText& text, game::GameSettings& settings);

}  // namespace tengen::store
