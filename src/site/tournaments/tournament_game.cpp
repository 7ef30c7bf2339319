#include "site/tournaments/tournament_game.h"

#include <utility>

#include "site/automatch/paired_game.h"

namespace tengen::site {

namespace json = boost::json;

void openTournamentGame(SiteContext& context, const TournamentConfig& config,
                        const store::TournamentBoard& board, game::Player black, game::Player white,
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
      std::move(failed));
}

}  // namespace tengen::site
