// The CPU an engine review costs (site/analysis/position_review.h): one 19x19 game of 200
// moves (a heavy playout's, as BM_ScoreEstimate19x19 takes) reviewed at the default budget,
// position by position on this thread, `runs` times; prints each run's CPU seconds of the
// thread and the median (docs/performance.md, "Engine review"):
//   build/bench/review_bench [runs=3] [playouts=1600]
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bot/bot.h"
#include "bot/playout_policy.h"
#include "go/game.h"
#include "go/random.h"
#include "site/analysis/position_review.h"

namespace {

using namespace tengen;

double threadCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// 200 moves of a heavy playout from the empty 19x19 board (passes included if it passes).
go::Game sampleGame() {
  go::Board board(19);
  go::Game game(19);
  const bot::PlayoutPolicy policy;
  go::Random rng(11);
  bot::runPlayout(policy, board, go::Color::Black, go::kNoPoint, go::kNoPoint, rng, false, 200,
                  [&](go::Point p, go::Color c) { game.play(c, p); });
  return game;
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::atoi(argv[1]) : 3;
  const int playouts = argc > 2 ? std::atoi(argv[2]) : site::kReviewPlayouts;
  const go::Game game = sampleGame();
  std::printf("19x19 game of %zu moves, %d playouts per position, %d runs\n", game.moves().size(),
              playouts, runs);
  std::vector<double> seconds;
  for (int run = 0; run < runs; ++run) {
    bot::Bot bot(site::reviewBotOptions(playouts, 1));
    const double start = threadCpuSeconds();
    const auto positions = site::reviewGame(bot, game, [](const auto&) { return true; });
    seconds.push_back(threadCpuSeconds() - start);
    std::printf("run %d: %zu positions, %.1f s CPU (%.3f s per position)\n", run + 1,
                positions.size(), seconds.back(),
                seconds.back() / static_cast<double>(positions.size()));
  }
  std::sort(seconds.begin(), seconds.end());
  std::printf("median: %.1f s CPU per game\n", seconds[seconds.size() / 2]);
  return 0;
}
