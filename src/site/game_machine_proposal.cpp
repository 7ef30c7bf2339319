#include "go/dead_stones.h"
#include "site/game_machine_state.h"

namespace tengen::site::machine {

RemovalProposal proposeRemoval(const go::Game& game, uint64_t seed) {
  go::DeadStoneOptions options;
  // Seeded by the game, so the same game always gets the same proposal; the proposal is
  // recorded in the removal_start event anyway, so replay never estimates again.
  options.seed = seed;
  const go::DeadStoneProposal proposal = go::proposeDeadStones(game, options);
  return RemovalProposal{proposal.dead, proposal.uncertain};
}

}  // namespace tengen::site::machine
