// Playout speed of the bot's heavy policy against the light (uniformly random) playouts of
// src/go, on the same empty boards and in the same run:
//   taskset -c 1 build/bench/bot_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only
#include <benchmark/benchmark.h>

#include <vector>

#include "bot/bot.h"
#include "bot/ownership_estimate.h"
#include "bot/playout_policy.h"
#include "bot/priors.h"
#include "go/game.h"
#include "go/playout.h"

namespace {

using namespace tengen;

void BM_LightPlayout(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const go::Board empty(size);
  go::Random rng(42);
  for (auto _ : state) {
    go::Board board = empty;
    go::playout(board, go::Color::Black, rng, false, 3 * size * size);
    benchmark::DoNotOptimize(go::areaDifference(board));
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_HeavyPlayout(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const go::Board empty(size);
  const bot::PlayoutPolicy policy;
  go::Random rng(42);
  long moves = 0;
  for (auto _ : state) {
    go::Board board = empty;
    moves += bot::runPlayout(policy, board, go::Color::Black, go::kNoPoint, go::kNoPoint, rng,
                             false, 3 * size * size, [](go::Point, go::Color) {});
    benchmark::DoNotOptimize(go::areaDifference(board));
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["moves"] =
      benchmark::Counter(static_cast<double>(moves) / static_cast<double>(state.iterations()));
}

// The names the performance notes quote; 13x13 runs under the generic name.
void BM_HeavyPlayout9x9(benchmark::State& state) { BM_HeavyPlayout(state); }
void BM_HeavyPlayout19x19(benchmark::State& state) { BM_HeavyPlayout(state); }

BENCHMARK(BM_LightPlayout)->Arg(9)->Arg(13)->Arg(19);

// What each rule costs: 9x9 heavy playouts with one rule switched off (range(0): 0 none off,
// 1 save, 2 capture, 3 patterns, 4 ladder reading, 5 random-phase self-atari rejection,
// 6 adds the two-liberty rule, off by default).
void BM_HeavyPlayoutWithout(benchmark::State& state) {
  bot::PlayoutOptions options;
  switch (state.range(0)) {
    case 1:
      options.saveRate = 0;
      break;
    case 2:
      options.captureRate = 0;
      break;
    case 3:
      options.patternRate = 0;
      break;
    case 4:
      options.ladderBudget = 0;
      break;
    case 5:
      options.rejectSelfAtari = false;
      break;
    case 6:
      options.twoLibertyRate = 256;
      break;
    default:
      break;
  }
  const go::Board empty(9);
  const bot::PlayoutPolicy policy(options);
  go::Random rng(42);
  for (auto _ : state) {
    go::Board board = empty;
    bot::runPlayout(policy, board, go::Color::Black, go::kNoPoint, go::kNoPoint, rng, false, 243,
                    [](go::Point, go::Color) {});
    benchmark::DoNotOptimize(go::areaDifference(board));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HeavyPlayoutWithout)->DenseRange(0, 6);
BENCHMARK(BM_HeavyPlayout9x9)->Arg(9);
BENCHMARK(BM_HeavyPlayout)->Arg(13);
BENCHMARK(BM_HeavyPlayout19x19)->Arg(19);

// 19x19 heavy playouts as the bot plays them there (the pattern matches drawn by learned
// strength), with MoGo's fill-board rule trying range(0) points a move (0: off).
void BM_HeavyPlayoutFillBoard(benchmark::State& state) {
  bot::PlayoutOptions options;
  options.patternChoice = bot::PatternChoice::MogoWeighted;
  options.fillBoardTries = static_cast<int>(state.range(0));
  const go::Board empty(19);
  const bot::PlayoutPolicy policy(options);
  go::Random rng(42);
  long moves = 0;
  for (auto _ : state) {
    go::Board board = empty;
    moves += bot::runPlayout(policy, board, go::Color::Black, go::kNoPoint, go::kNoPoint, rng,
                             false, 3 * 19 * 19, [](go::Point, go::Color) {});
    benchmark::DoNotOptimize(go::areaDifference(board));
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["moves"] =
      benchmark::Counter(static_cast<double>(moves) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_HeavyPlayoutFillBoard)->Arg(0)->Arg(4);

// 19x19 heavy playouts as the bot plays them there (bot::playoutOptions), with the random
// phase drawing among range(0) candidates by learned 3x3 strength (1: uniformly, the default).
void BM_HeavyPlayoutRandomCandidates(benchmark::State& state) {
  bot::PlayoutOptions options = bot::playoutOptions(bot::BotOptions{}, 19);
  options.randomCandidates = static_cast<int>(state.range(0));
  const go::Board empty(19);
  const bot::PlayoutPolicy policy(options);
  go::Random rng(42);
  for (auto _ : state) {
    go::Board board = empty;
    bot::runPlayout(policy, board, go::Color::Black, go::kNoPoint, go::kNoPoint, rng, false,
                    3 * 19 * 19, [](go::Point, go::Color) {});
    benchmark::DoNotOptimize(go::areaDifference(board));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HeavyPlayoutRandomCandidates)->Arg(1)->Arg(2)->Arg(4);

// Priors for every empty point of a position 30 moves into a heavy playout (a node expansion):
// the hand-made ones, and (second argument 1) the learned move weights'.
void BM_Priors(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  bot::PriorOptions options;
  options.learned = state.range(1) != 0 ? 30.0f : 0.0f;
  go::Board board(size);
  const bot::PlayoutPolicy policy;
  go::Random rng(7);
  go::Point last = go::kNoPoint;
  bot::runPlayout(policy, board, go::Color::Black, go::kNoPoint, go::kNoPoint, rng, false, 30,
                  [&](go::Point p, go::Color) { last = p; });
  std::vector<go::Point> candidates;
  for (int i = 0; i < board.emptyCount(); ++i) {
    if (board.isLegal(board.emptyAt(i), go::Color::Black, false)) {
      candidates.push_back(board.emptyAt(i));
    }
  }
  std::vector<bot::Prior> out(candidates.size());
  for (auto _ : state) {
    bot::computePriors(board, go::Color::Black, last, go::kNoPoint, candidates, out, options);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Priors)->ArgsProduct({{9, 19}, {0, 1}});

// A score estimate's cost (site/analysis/score_estimator.h: the removal phase's dead-stone
// proposal with the heavy ownership, then a count): a 19x19 game after `moves` moves of a
// heavy playout, as a finished game's review asks it at each of them.
void BM_ScoreEstimate19x19(benchmark::State& state) {
  const int moves = static_cast<int>(state.range(0));
  go::Board board(19);
  go::Game game(19);
  const bot::PlayoutPolicy policy;
  go::Random rng(11);
  bot::runPlayout(policy, board, go::Color::Black, go::kNoPoint, go::kNoPoint, rng, false, moves,
                  [&](go::Point p, go::Color c) { game.play(c, p); });
  for (auto _ : state) benchmark::DoNotOptimize(bot::proposeDeadStones(game).dead.count());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ScoreEstimate19x19)->Arg(50)->Arg(150)->Arg(250)->Unit(benchmark::kMillisecond);

}  // namespace
