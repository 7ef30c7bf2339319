#include "game/game_settings.h"

namespace tengen::game {

std::string_view colourChoiceName(ColourChoice choice) {
  switch (choice) {
    case ColourChoice::Black:
      return "black";
    case ColourChoice::White:
      return "white";
    case ColourChoice::Nigiri:
      break;
  }
  return "nigiri";
}

std::optional<ColourChoice> parseColourChoice(std::string_view text) {
  for (ColourChoice c : {ColourChoice::Nigiri, ColourChoice::Black, ColourChoice::White}) {
    if (text == colourChoiceName(c)) return c;
  }
  return std::nullopt;
}

std::string_view gameStatusName(GameStatus status) {
  switch (status) {
    case GameStatus::Playing:
      return "playing";
    case GameStatus::Finished:
      return "finished";
    case GameStatus::Cancelled:
      return "cancelled";
    case GameStatus::Open:
      break;
  }
  return "open";
}

std::optional<GameStatus> parseGameStatus(std::string_view text) {
  for (GameStatus s :
       {GameStatus::Open, GameStatus::Playing, GameStatus::Finished, GameStatus::Cancelled}) {
    if (text == gameStatusName(s)) return s;
  }
  return std::nullopt;
}

}  // namespace tengen::game
