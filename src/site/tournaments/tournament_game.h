#pragma once

// Opens one board's game with both players seated and the tournament's clock: the one place
// the tournaments turn a board into game settings (create_table's fields), so that a change
// of game::GameSettings touches this file alone.

#include <cstdint>
#include <functional>
#include <string>

#include "game/player.h"
#include "site/site_context.h"
#include "site/tournaments/tournament_config.h"
#include "store/tournament_rows.h"

namespace tengen::site {

// Runs on a site thread; `created` gets the new game's id as soon as the store has it (before
// White sits: the board records it there, on the blocking pool), `opened` once its start is
// durable, `failed` why not.
void openTournamentGame(SiteContext& context, const TournamentConfig& config,
                        const store::TournamentBoard& board, game::Player black, game::Player white,
                        std::function<void(int64_t game)> created,
                        std::function<void(int64_t game)> opened,
                        std::function<void(std::string message)> failed);

// A board's game that the store has but whose White never sat (the server stopped between the
// two): White sits now. Fails when no room runs that game on this node.
void seatTournamentWhite(SiteContext& context, int64_t game, game::Player white,
                         std::function<void(int64_t game)> opened,
                         std::function<void(std::string message)> failed);

}  // namespace tengen::site
