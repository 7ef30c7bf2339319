#include "site/tournaments/tournament_sgf.h"

#include "sgf/parser.h"
#include "sgf/text.h"
#include "sgf/writer.h"
#include "site/ratings/sgf_ranks.h"
#include "site/rooms/room_loader.h"

namespace tengen::site {

Result<std::string> tournamentGamesSgf(store::Store& store, const TournamentState& state) {
  std::string collection;
  // Boards come by round, then board (Store::loadTournament).
  for (const store::TournamentBoard& b : state.stored.boards) {
    if (b.game == 0) continue;
    auto loaded = loadRoom(store, b.game);
    if (!loaded) return std::unexpected(loaded.error());
    if (!*loaded) continue;  // a game the store no longer has
    auto ranks = sgfRanksOf(store, (*loaded)->machine);
    if (!ranks) return std::unexpected(ranks.error());
    // Read back what the game's writer wrote, to add the tournament's properties to its root
    // with the same writer rather than by splicing text.
    auto tree = sgf::parseFirstGame((*loaded)->machine.toSgf(*ranks));
    if (!tree) return std::unexpected(tree.error());
    if (!tree->root().find("EV")) tree->addValue(0, "EV", sgf::encodeSimpleText(state.config.name));
    if (!tree->root().find("RO")) {
      tree->addValue(0, "RO",
                     sgf::encodeSimpleText(std::to_string(b.round) + " (board " +
                                           std::to_string(b.board) + ")"));
    }
    collection += sgf::writeTree(*tree);
    collection += '\n';
  }
  return collection;
}

}  // namespace tengen::site
