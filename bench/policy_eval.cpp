// Quality check of the playout policy that does not depend on CPU load: flat Monte Carlo
// players (for each candidate move run N playouts, play the best mean) with light (uniform)
// against heavy (bot::PlayoutPolicy) playouts at the same playout count, on 9x9 under area
// scoring with komi. Not part of CI:
//   build/bench/policy_eval [games=20] [playoutsPerMove=1000] [size=9] [komi=7] [seed=1]
//                           [without=none|save|capture|patterns|halfpatterns|ladders|
//                            selfatari|patterns+selfatari]
// (`without` switches one rule of the heavy policy off, to see what it is worth).
// Prints each game's result and the heavy player's win count with a 95% Wilson interval.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bot/playout_policy.h"
#include "go/playout.h"

namespace {

using namespace tengen;

struct Player {
  bool heavy = false;
};

// The fraction of playouts from `board` (with `mover` having just played `p`) that `mover` wins.
double evaluate(const go::Board& board, go::Color mover, go::Point p, go::Point last,
                const Player& player, const bot::PlayoutPolicy& policy, int playouts, double komi,
                go::Random& rng) {
  int wins = 0;
  const int maxMoves = 3 * board.size() * board.size();
  for (int i = 0; i < playouts; ++i) {
    go::Board b = board;
    b.play(p, mover);
    if (player.heavy) {
      bot::runPlayout(policy, b, go::opponent(mover), p, last, rng, false, maxMoves,
                      [](go::Point, go::Color) {});
    } else {
      go::playout(b, go::opponent(mover), rng, false, maxMoves);
    }
    const double blackLead = go::areaDifference(b) - komi;
    wins += (mover == go::Color::Black) == (blackLead > 0);
  }
  return static_cast<double>(wins) / playouts;
}

// Flat Monte Carlo: the playout budget spread evenly over the legal non-eye moves.
go::Point chooseMove(const go::Board& board, go::Color c, go::Point last, const Player& player,
                     const bot::PlayoutPolicy& policy, int budget, double komi, go::Random& rng) {
  std::vector<go::Point> moves;
  for (int i = 0; i < board.emptyCount(); ++i) {
    const go::Point p = board.emptyAt(i);
    if (board.isPlayoutCandidate(p, c, false)) moves.push_back(p);
  }
  if (moves.empty()) return go::kPass;
  const int each = std::max(1, budget / static_cast<int>(moves.size()));
  go::Point best = go::kPass;
  double bestValue = -1;
  for (const go::Point p : moves) {
    const double v = evaluate(board, c, p, last, player, policy, each, komi, rng);
    if (v > bestValue) {
      bestValue = v;
      best = p;
    }
  }
  // Hopeless and nothing left worth playing: a flat player passes rather than fill in.
  return bestValue <= 0.0 && board.emptyCount() < board.size() * board.size() / 3 ? go::kPass
                                                                                  : best;
}

// Plays one game; returns Black's lead on the board minus komi.
double playGame(int size, double komi, const Player& black, const Player& white,
                const bot::PlayoutPolicy& policy, int budget, go::Random& rng) {
  go::Board board(size);
  go::Color toMove = go::Color::Black;
  go::Point last = go::kNoPoint;
  int passes = 0;
  for (int move = 0; move < 3 * size * size && passes < 2; ++move) {
    const Player& player = toMove == go::Color::Black ? black : white;
    const go::Point p = chooseMove(board, toMove, last, player, policy, budget, komi, rng);
    if (p == go::kPass) {
      board.pass();
      ++passes;
    } else {
      board.play(p, toMove);
      passes = 0;
    }
    last = p;
    toMove = go::opponent(toMove);
  }
  return go::areaDifference(board) - komi;
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 20;
  const int budget = argc > 2 ? std::atoi(argv[2]) : 1000;
  const int size = argc > 3 ? std::atoi(argv[3]) : 9;
  const double komi = argc > 4 ? std::atof(argv[4]) : 7;
  const unsigned long seed = argc > 5 ? std::strtoul(argv[5], nullptr, 10) : 1;
  const std::string without = argc > 6 ? argv[6] : "none";
  bot::PlayoutOptions options;
  if (without == "save") options.saveRate = 0;
  if (without == "capture") options.captureRate = 0;
  if (without == "patterns") options.patternRate = 0;
  if (without == "halfpatterns") options.patternRate = 128;  // patterns half of the time
  if (without == "patterns+selfatari") {
    options.patternRate = 0;
    options.rejectSelfAtari = false;
  }
  if (without == "ladders") options.ladderBudget = 0;
  if (without == "selfatari") options.rejectSelfAtari = false;
  const bot::PlayoutPolicy policy(options);
  go::Random rng(seed);
  int heavyWins = 0;
  for (int g = 0; g < games; ++g) {
    // Colours alternate: the heavy player is Black in even games.
    const bool heavyBlack = g % 2 == 0;
    const double lead =
        playGame(size, komi, Player{heavyBlack}, Player{!heavyBlack}, policy, budget, rng);
    const bool heavyWon = (lead > 0) == heavyBlack;
    heavyWins += heavyWon;
    std::printf("game %d heavy=%s result=%s+%.1f heavy %s\n", g + 1, heavyBlack ? "black" : "white",
                lead > 0 ? "B" : "W", std::fabs(lead), heavyWon ? "won" : "lost");
    std::fflush(stdout);
  }
  // Wilson score interval, 95%.
  const double n = games;
  const double phat = heavyWins / n;
  const double z = 1.96;
  const double centre = (phat + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  std::printf(
      "heavy (without %s) won %d of %d (%.0f%%, 95%% CI %.0f-%.0f%%) at %d playouts per move\n",
      without.c_str(), heavyWins, games, 100 * phat, 100 * (centre - half), 100 * (centre + half),
      budget);
  return 0;
}
