// Micro-benchmarks of the rules engine. `tengen bench` reports the headline figures; these
// break them down for profiling: build/bench/go_bench --benchmark_repetitions=5
#include <benchmark/benchmark.h>

#include <vector>

#include "go/game.h"
#include "go/playout.h"
#include "go/scoring.h"

namespace {

using namespace tengen::go;

void BM_RandomPlayout(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const Board empty(size);
  Random rng(42);
  for (auto _ : state) {
    Board board = empty;
    playout(board, Color::Black, rng, false, 3 * size * size);
    benchmark::DoNotOptimize(areaDifference(board));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RandomPlayout)->Arg(9)->Arg(13)->Arg(19);

Game randomGame(int size, int moves, Rules rules) {
  Game game(size, rules);
  Random rng(7);
  for (int i = 0; i < moves; ++i) {
    Board scratch = game.board();
    const Point p = randomMove(scratch, game.toMove(), rng, false);
    if (game.play(game.toMove(), p) != MoveVerdict::Legal) game.play(game.toMove(), kPass);
  }
  return game;
}

void BM_LegalPoints(benchmark::State& state) {
  const Game game =
      randomGame(19, static_cast<int>(state.range(0)), Rules::fromPreset(Preset::Chinese));
  for (auto _ : state) benchmark::DoNotOptimize(game.legalPoints(game.toMove()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LegalPoints)->Arg(50)->Arg(150)->Arg(250);

void BM_GameReplay(benchmark::State& state) {
  const Game source = randomGame(19, 250, Rules::fromPreset(Preset::Chinese));
  for (auto _ : state) {
    Game game(19, Rules::fromPreset(Preset::Chinese));
    for (const Move& m : source.moves()) game.play(m);
    benchmark::DoNotOptimize(game.board().hash());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<long>(source.moves().size()));
}
BENCHMARK(BM_GameReplay);

void BM_ScoreJapanese(benchmark::State& state) {
  Game game = randomGame(19, 400, Rules::fromPreset(Preset::Japanese));
  for (auto _ : state) benchmark::DoNotOptimize(scoreGame(game, PointSet{}));
}
BENCHMARK(BM_ScoreJapanese);

}  // namespace
