#pragma once

#include <optional>
#include <vector>

#include "base/result.h"
#include "go/color.h"
#include "go/game.h"
#include "go/point.h"
#include "sgf/sgf_tree.h"

namespace tengen::sgf {

// The position the setup properties (AB, AW, AE, PL) of the nodes before the first move
// describe, gathered before any of it reaches the game: whether the stones are handicap
// stones depends on all of them and on the first move.
class Setup {
 public:
  explicit Setup(const go::Geometry& geometry)
      : geometry_(geometry),
        colors_(geometry.numPoints(), go::Color::Empty),
        placedAt_(geometry.numPoints()) {}

  // Applies one node's AE, then its AB and AW (a later stone replaces an earlier one on
  // the same point, as editors that rewrite a position expect), and its PL.
  Result<void> add(const Node& node);

  // FF[4] lets setup build positions no game reaches, but go::Board keeps every chain
  // with a liberty (its invariant), so a chain without one is an error here, placed at
  // the value that put down one of its stones.
  Result<void> checkLiberties() const;

  // The stones and PL gathered so far.
  std::vector<go::Point> stones(go::Color c) const;
  std::optional<go::Color> playerToMove() const { return playerToMove_; }

  // Puts the setup into `game` (which has no moves yet): handicap stones through
  // Game::placeHandicap when readsAsHandicap says so, plain setup stones otherwise; then
  // the count HA gives, and the side to move (see game_record.h).
  void applyTo(go::Game& game, std::optional<int> handicap,
               std::optional<go::Color> firstMove) const;

 private:
  go::Geometry geometry_;
  std::vector<go::Color> colors_;
  std::vector<SourcePos> placedAt_;  // the value that set each point
  std::optional<go::Color> playerToMove_;
};

// The AE, AB and AW of a node after the first move, in that order (so a node that clears
// and refills a point, which FF[4] forbids but editors write, means the refill), for
// go::Game::addSetup; empty if the node has none. Errors name the value.
Result<std::vector<go::SetupChange>> readSetupChanges(const Node& node,
                                                      const go::Geometry& geometry);

// Whether setup with these stone counts is read as handicap stones: HA >= 1 and only Black
// stones, or no HA, only Black stones and White moving first (PL, else the first move;
// common in real files). The writer asks the same question so that what it writes reads
// back the same.
bool readsAsHandicap(int blackStones, int whiteStones, std::optional<int> handicap,
                     std::optional<go::Color> firstPlayer);

// The side to move first when PL is absent: the first move's colour, else White after
// handicap stones, else Black.
go::Color defaultFirstPlayer(bool handicapStones, std::optional<go::Color> firstMove);

}  // namespace tengen::sgf
