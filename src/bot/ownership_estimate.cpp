#include "bot/ownership_estimate.h"

#include <algorithm>
#include <atomic>

#include "bot/playout_policy.h"
#include "bot/search.h"
#include "go/ownership.h"

namespace tengen::bot {

namespace {

// The proposal judges groups whose life a nakade decides: a bent three or a square four
// inside their only eye space, with a liberty outside. The default policy never plays the
// killing self-atari of two or more stones there, so its playouts end such a corner as a
// seki and the group lives. Playing every enclosed nakade of up to four stones (tactics.h
// isEnclosedNakade), in the playouts and as the reading's priors, they die as they do on the
// board. The bot's own search keeps the rule off (bot.h BotOptions::enclosedNakade: it won
// fewer games); a count has to be right, not to win.
constexpr int kEnclosedNakade = 4;

PlayoutOptions judgingPlayouts() {
  PlayoutOptions options;
  options.enclosedNakade = kEnclosedNakade;
  return options;
}

const PlayoutPolicy& policy() {
  static const PlayoutPolicy shared(judgingPlayouts());  // read-only after construction
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

namespace {

// The search's root for reading `board` out: the game's side to move and suicide rule, every
// legal move that fills no own eye, and pass. The komi is the count `estimate` expects
// (area, as the search counts), so a side wins by doing better than the estimate: both
// fight over the contested groups even when the game itself is decided.
SearchPosition readingPosition(const go::Game& game, const go::Board& board,
                               const std::vector<float>& estimate) {
  const go::Geometry& g = board.geometry();
  SearchPosition pos;
  pos.board = board;
  pos.toMove = game.toMove();
  pos.allowSuicide = game.rules().allowsSuicide();
  for (go::Point p = g.first(); p <= g.last(); ++p) {
    if (g.onBoard(p)) pos.whiteBonus += estimate[p];
  }
  for (int i = 0; i < board.emptyCount(); ++i) {
    const go::Point p = board.emptyAt(i);
    if (board.isLegal(p, pos.toMove, pos.allowSuicide) && !board.isEyeLike(p, pos.toMove)) {
      pos.rootMoves.push_back(p);
    }
  }
  // Sorted, so the root does not depend on the order of the board's empty list.
  std::sort(pos.rootMoves.begin(), pos.rootMoves.end());
  pos.rootMoves.push_back(go::kPass);
  pos.forbiddenHashes = {board.hash()};
  return pos;
}

}  // namespace

std::vector<float> readOwnership(const go::Game& game, const go::Board& board,
                                 const std::vector<float>& estimate, std::uint64_t seed) {
  const SearchPosition pos = readingPosition(game, board, estimate);
  const int playouts = readingPlayouts(board.size());
  SearchConfig config;
  config.priors.enclosedNakade = kEnclosedNakade;
  NodePool pool(static_cast<std::size_t>(treeNodesFor(playouts, board.size(), config)));
  Search search(pool, config, &policy());
  const NodeIndex root = pool.allocate(1);
  search.prepareRoot(root, pos);
  std::vector<int> sums(static_cast<std::size_t>(board.geometry().numPoints()), 0);
  search.collectOwnership(&sums);
  const std::atomic<bool> never{false};
  const SearchStats stats = search.run(root, pos, {playouts, 0}, 1, seed, never);
  std::vector<float> ownership(sums.size(), 0.0f);
  for (std::size_t p = 0; p < sums.size(); ++p) {
    ownership[p] = static_cast<float>(sums[p]) / static_cast<float>(std::max(1, stats.playouts));
  }
  return ownership;
}

int readingPlayouts(int boardSize) {
  // On the corpus (tests/bot/dead_stone_corpus_test.cpp), where 50 of the 225 positions
  // are read, 1,000-4,000 / 750-3,000 / 500-2,000 simulations on 9x9 / 13x13 / 19x19
  // gave the same verdicts under five seeds. With these a proposal that reads costs at most
  // about 0.1 / 0.11 / 0.14 s of CPU.
  const int points = boardSize * boardSize;
  return points >= 300 ? 1000 : points >= 150 ? 1500 : 2000;
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
  options.refine = &readOwnership;
  return options;
}

go::DeadStoneProposal proposeDeadStones(const go::Game& game) {
  return go::proposeDeadStones(game, deadStoneOptions());
}

go::PointSet finalDeadStones(const go::Game& game) {
  return go::finalDeadStones(game, deadStoneOptions());
}

}  // namespace tengen::bot
