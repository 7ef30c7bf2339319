#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/result.h"
#include "go/color.h"

namespace tengen::game {

// How a game ended, typed: the SGF RE values the game core writes ("B+3.5", "W+R", "B+T",
// "W+F", "0" for a jigo, "Void"), so that ratings, tournaments and pages ask who won instead
// of reading text. parse(toSgf()) gives the same result back.
struct GameResult {
  enum class Kind : uint8_t { Score, Resign, Time, Forfeit, Jigo, Void };
  Kind kind = Kind::Void;
  go::Color winner = go::Color::Black;  // Score, Resign, Time and Forfeit only
  double margin = 0;                    // Score only: points, > 0

  static GameResult wins(go::Color winner, Kind how, double margin = 0) {
    return GameResult{how, winner, margin};
  }
  // Also "Draw" for a jigo, which other programs write. Errors quote the text.
  static Result<GameResult> parse(std::string_view re);
  std::string toSgf() const;
  // The winner, none for a jigo or a void game.
  std::optional<go::Color> winnerColour() const;
  bool operator==(const GameResult&) const = default;
};

}  // namespace tengen::game
