#include "bot/ownership_estimate.h"

#include "bot/playout_policy.h"
#include "go/ownership.h"

namespace tengen::bot {

namespace {

const PlayoutPolicy& policy() {
  static const PlayoutPolicy shared;  // read-only after construction, safe across threads
  return shared;
}

}  // namespace

std::vector<float> estimateOwnership(const go::Board& board, go::Color toMove, bool allowSuicide,
                                     int playouts, go::Random& rng) {
  // As in go::estimateOwnership: a cycle of kos is cut off here and counted as it stands.
  const int maxMoves = 3 * board.size() * board.size();
  return go::meanOwnership(board, playouts, [&](go::Board& scratch) {
    runPlayout(policy(), scratch, toMove, go::kPass, go::kPass, rng, allowSuicide, maxMoves,
               [](go::Point, go::Color) {});
  });
}

int defaultOwnershipPlayouts(int boardSize) {
  // On the 225 corpus positions (tests/bot/dead_stone_corpus_test.cpp) these give the same
  // verdicts as 1000 / 600 / 400 heavy playouts at about 60% of the cost: a mean of 14 / 18 /
  // 25 ms of CPU on 9x9 / 13x13 / 19x19 (worst 32 / 38 / 42) on the loaded 2-core machine.
  const int points = boardSize * boardSize;
  return points >= 300 ? 250 : points >= 150 ? 400 : 700;
}

go::DeadStoneOptions deadStoneOptions(std::uint64_t seed) {
  go::DeadStoneOptions options;
  options.seed = seed;
  options.estimator = &estimateOwnership;
  options.defaultPlayouts = &defaultOwnershipPlayouts;
  return options;
}

go::DeadStoneProposal proposeDeadStones(const go::Game& game) {
  return go::proposeDeadStones(game, deadStoneOptions());
}

go::PointSet finalDeadStones(const go::Game& game) {
  return go::finalDeadStones(game, deadStoneOptions());
}

}  // namespace tengen::bot
