#include "bot/ownership_estimate.h"
#include "game/game_machine_state.h"
#include "go/dead_stones.h"

namespace tengen::game::machine {

RemovalProposal proposeRemoval(const go::Game& game, uint64_t seed) {
  // The bot's heavy-playout ownership: closer to GNU Go's verdicts than the light default.
  // Seeded by the game, so the same game always gets the same proposal; the proposal is
  // recorded in the removal_start event anyway, so replay never estimates again.
  const go::DeadStoneProposal proposal = go::proposeDeadStones(game, bot::deadStoneOptions(seed));
  return RemovalProposal{proposal.dead, proposal.uncertain};
}

}  // namespace tengen::game::machine
