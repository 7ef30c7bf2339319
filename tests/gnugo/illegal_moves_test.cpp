// Illegal-move agreement: in positions from random games, GNU Go's `play` must refuse
// exactly what tengen's verdicts refuse (occupied, suicide, simple ko), and accept what
// they allow. Complements the all_legal comparison with the command controllers really
// send, and exercises GNU Go's undo of an accepted trial move.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>

#include "gnugo/referee.h"

namespace tengen::testing {
namespace {

// At one position, for both colours: every empty point tengen refuses and two random
// occupied points must be refused by GNU Go; two random legal points must be accepted
// (and are taken back). Counts each checked verdict in `seen`.
Result<void> checkRefusals(Referee& referee, go::Random& rng,
                           std::map<go::MoveVerdict, long>& seen) {
  const go::Game& game = referee.game();
  const go::Board& board = game.board();
  const go::Geometry& g = game.geometry();
  for (go::Color c : {game.toMove(), go::opponent(game.toMove())}) {
    std::vector<go::Point> toTry;  // refused by tengen, then samples of the others
    std::vector<go::Point> occupied;
    std::vector<go::Point> legal;
    for (int row = 0; row < g.size(); ++row) {
      for (int col = 0; col < g.size(); ++col) {
        const go::Point p = g.point(col, row);
        const go::MoveVerdict v = game.check(c, p);
        if (v == go::MoveVerdict::Legal) {
          legal.push_back(p);
        } else if (v == go::MoveVerdict::Occupied) {
          occupied.push_back(p);
        } else {
          toTry.push_back(p);
        }
      }
    }
    for (int i = 0; i < 2; ++i) {
      for (auto* from : {&occupied, &legal}) {
        if (!from->empty()) {
          const auto k = rng.below(static_cast<std::uint32_t>(from->size()));
          toTry.push_back((*from)[k]);
        }
      }
    }
    // Refusals first: an accepted move is undone, and undo must not disturb the others.
    std::stable_partition(toTry.begin(), toTry.end(),
                          [&](go::Point p) { return game.check(c, p) != go::MoveVerdict::Legal; });
    for (go::Point p : toTry) {
      const go::MoveVerdict v = game.check(c, p);
      auto accepted = referee.gnugoAccepts({c, p});
      if (!accepted) return std::unexpected(accepted.error());
      if (*accepted != (v == go::MoveVerdict::Legal)) {
        const Snapshot s = tengenSnapshot(game);
        return referee.failure(std::string("gnugo ") + (*accepted ? "accepts " : "refuses ") +
                               colorLetter(c) + " " + g.toGtp(p) + ", tengen says " +
                               go::verdictName(v) + "; ko ban " + g.toGtp(board.koPoint()) +
                               " for " + std::string(go::colorName(board.koColor())) + "\n" +
                               diagram(s, &s.legal(c)));
      }
      ++seen[v];
    }
  }
  return {};
}

TEST(GnugoIllegalMoves, PlayRefusesExactlyWhatTengenRefuses) {
  auto gnugo = startGnugo(comparedRules());
  ASSERT_TRUE(gnugo) << gnugo.error().toString();
  Tally tally;
  Referee referee(*gnugo, tally);
  MovePolicy policy;
  policy.koCapturePercent = 90;  // ko bans are the rare verdict; seek them out
  std::map<go::MoveVerdict, long> seen;
  std::uint64_t seed = 4242;
  for (int size : {5, 9, 13}) {
    const int games = size == 13 ? 10 : 30;
    for (int i = 0; i < games; ++i, ++seed) {
      go::Random rng(seed);
      auto fresh = referee.newGame(size);
      ASSERT_TRUE(fresh) << fresh.error().toString();
      auto r = playRandomGame(referee, rng, policy, 2 * size * size,
                              [&](Referee& ref) { return checkRefusals(ref, rng, seen); });
      ASSERT_TRUE(r) << "seed " << seed << ": " << r.error().toString();
    }
  }
  for (const auto& [verdict, count] : seen) tally.refusalsChecked += count;
  tally.refusalsChecked -= seen[go::MoveVerdict::Legal];
  std::cout << "[ gnugo    ] play verdicts: legal=" << seen[go::MoveVerdict::Legal]
            << " occupied=" << seen[go::MoveVerdict::Occupied]
            << " suicide=" << seen[go::MoveVerdict::Suicide] << " ko=" << seen[go::MoveVerdict::Ko]
            << "; " << tally.toString() << "\n";
  // Each kind of refusal must actually have been exercised.
  EXPECT_GT(seen[go::MoveVerdict::Ko], 20);
  EXPECT_GT(seen[go::MoveVerdict::Suicide], 100);
  EXPECT_GT(seen[go::MoveVerdict::Occupied], 100);
  EXPECT_EQ(seen[go::MoveVerdict::Superko], 0);  // simple ko only
}

}  // namespace
}  // namespace tengen::testing
