#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "game/game_clock.h"
#include "game/game_result.h"
#include "go/rules.h"

namespace tengen::game {

// Where the table's owner sits: a colour, or nigiri (the colours drawn when the second player
// sits down).
enum class ColourChoice : uint8_t { Nigiri, Black, White };
// A games row's status: it follows the log (site/records/game_rows.h), a step behind it after a
// crash between the two writes.
enum class GameStatus : uint8_t { Open, Playing, Finished, Cancelled };

// The names the protocol, the lobby and the store's text columns use: "nigiri", "black",
// "white"; "open", "playing", "finished", "cancelled". parse* is their inverse and nothing else.
std::string_view colourChoiceName(ColourChoice choice);
std::optional<ColourChoice> parseColourChoice(std::string_view text);
std::string_view gameStatusName(GameStatus status);
std::optional<GameStatus> parseGameStatus(std::string_view text);
// Finished or cancelled: nothing more will be played.
inline bool isOver(GameStatus status) {
  return status == GameStatus::Finished || status == GameStatus::Cancelled;
}

// A game's settings as the store keeps them, one row per game. Ids are assigned by the store;
// 0 means "none" (an open seat, no owner). The store writes the rules as their spec text
// without komi beside a komi column, the time control as its JSON and the rest as names, and
// reads them back through the parsers above: a row that does not parse is refused naming the
// game and the column, so nothing past the store sees text.
struct GameSettings {
  int64_t id = 0;
  int size = 19;
  go::Rules rules = go::Rules::forNewTable();  // komi included: rules.komi is the game's komi
  int handicap = 0;
  bool freeHandicap = false;
  TimeControl timeControl;  // kind None: no clock
  int64_t blackUserId = 0;  // 0 = open seat
  int64_t whiteUserId = 0;
  ColourChoice colourChoice = ColourChoice::Nigiri;
  int64_t ownerUserId = 0;
  int64_t createdMs = 0;  // 0 on create: the store stamps the current time
  GameStatus status = GameStatus::Open;
  std::optional<GameResult> result;  // once finished (or a cancelled game ended "Void")
  // The table asked for a rated game; whether it is rated in the end also depends on the
  // players and the clock (site/ratings/game_rating.h).
  bool rated = false;
  // Both players allow score estimates while the game is played (the owner set it on the
  // table, the opponent sat down at it knowing): docs/protocol.md "Score estimate".
  bool estimates = false;
};

}  // namespace tengen::game
