#include "game/game_result.h"

#include <charconv>
#include <cmath>

#include "base/quote_input.h"
#include "go/rules.h"

namespace tengen::game {

namespace {

// A margin as the score writes it (go::formatKomi): a whole or half number of points above 0,
// at most a 25x25 board plus the largest komi.
std::optional<double> parseMargin(std::string_view text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  if (value <= 0 || value * 2 != std::floor(value * 2) || value > 25 * 25 + go::kMaxKomi) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

Result<GameResult> GameResult::parse(std::string_view re) {
  if (re == "Void") return GameResult{};
  if (re == "0" || re == "Draw") return GameResult{Kind::Jigo};
  const auto bad = [&re](const std::string& why) {
    return fail("result " + quoteInput(re) + " " + why);
  };
  if (re.size() < 3 || (re[0] != 'B' && re[0] != 'W') || re[1] != '+') {
    return bad("is not B+ or W+ followed by R, T, F or a margin, nor 0 or Void");
  }
  const go::Color winner = re[0] == 'B' ? go::Color::Black : go::Color::White;
  const std::string_view how = re.substr(2);
  if (how == "R") return wins(winner, Kind::Resign);
  if (how == "T") return wins(winner, Kind::Time);
  if (how == "F") return wins(winner, Kind::Forfeit);
  const auto margin = parseMargin(how);
  if (!margin) return bad("has no margin of whole or half points above 0");
  return wins(winner, Kind::Score, *margin);
}

std::string GameResult::toSgf() const {
  const std::string side{go::colorLetter(winner), '+'};
  switch (kind) {
    case Kind::Score:
      return side + go::formatKomi(margin);
    case Kind::Resign:
      return side + "R";
    case Kind::Time:
      return side + "T";
    case Kind::Forfeit:
      return side + "F";
    case Kind::Jigo:
      return "0";
    case Kind::Void:
      break;
  }
  return "Void";
}

std::optional<go::Color> GameResult::winnerColour() const {
  if (kind == Kind::Jigo || kind == Kind::Void) return std::nullopt;
  return winner;
}

}  // namespace tengen::game
