#include "site/tournaments/tournament_game.h"

#include <utility>

#include "site/automatch/paired_game.h"
#include "site/rooms/room_directory.h"

namespace tengen::site {

namespace json = boost::json;

void openTournamentGame(SiteContext& context, const TournamentConfig& config,
                        const store::TournamentBoard& board, game::Player black, game::Player white,
                        std::function<void(int64_t game)> created,
                        std::function<void(int64_t game)> opened,
                        std::function<void(std::string message)> failed) {
  // The engine's handicap 1 is a "no komi" game: even, Black first, the board's komi (0.5).
  json::object table{{"size", config.size}, {"rules", config.rules},
                     {"komi", board.komi},  {"handicap", board.handicap >= 2 ? board.handicap : 0},
                     {"colour", "black"},   {"rated", config.rated}};
  if (!config.time.empty()) table["time"] = config.time;
  // The table's owner sits at Black and the other player joins at White, as an automatch pair
  // starts (paired_game.h).
  startPairedGame(
      context, table, std::move(black), std::move(white),
      [opened = std::move(opened)](json::object game) {
        const json::value* id = game.if_contains("id");
        opened(id && id->is_int64() ? id->as_int64() : 0);
      },
      std::move(failed), std::move(created));
}

void seatTournamentWhite(SiteContext& context, int64_t game, game::Player white,
                         std::function<void(int64_t game)> opened,
                         std::function<void(std::string message)> failed) {
  auto room = context.rooms.find(game);
  if (!room) return failed("no room runs game " + std::to_string(game));
  seatPairedJoiner(
      context, room, std::move(white),
      [game, opened = std::move(opened)](const json::object&) { opened(game); }, std::move(failed));
}

}  // namespace tengen::site
