#include "go/scoring.h"

#include <cmath>
#include <vector>

#include "go/regions.h"
#include "go/seki.h"

namespace tengen::go {

namespace {

// The board with every chain touched by `dead` removed; `removed` gets the stones.
Board removeDead(const Board& board, const PointSet& dead, PointSet& removed) {
  dead.forEach([&](Point p) {
    if (isStone(board.at(p)) && !removed.contains(p)) removed |= board.chainStones(p);
  });
  Board out(board.size());
  const Geometry& g = board.geometry();
  for (Point p = g.first(); p <= g.last(); ++p) {
    if (isStone(board.at(p)) && !removed.contains(p)) out.setStone(p, board.at(p));
  }
  return out;
}

// Living groups for the group tax: one colour's stones joined through its territory.
// Groups holding a seki chain are untaxed.
int countTaxedGroups(const Board& board, Color c, const PointSet& territory,
                     const PointSet& sekiStones) {
  const Geometry& g = board.geometry();
  const auto offsets = board.neighbourOffsets();
  PointSet visited;
  int groups = 0;
  std::vector<Point> stack;
  for (Point start = g.first(); start <= g.last(); ++start) {
    if (board.at(start) != c || visited.contains(start)) continue;
    bool seki = false;
    stack.assign(1, start);
    visited.insert(start);
    while (!stack.empty()) {
      const Point p = stack.back();
      stack.pop_back();
      seki = seki || sekiStones.contains(p);
      for (int d : offsets) {
        const Point n = static_cast<Point>(p + d);
        if (visited.contains(n)) continue;
        if (board.at(n) == c || territory.contains(n)) {
          visited.insert(n);
          stack.push_back(n);
        }
      }
    }
    if (!seki) ++groups;
  }
  return groups;
}

}  // namespace

std::string formatResult(double margin) {
  if (margin == 0) return "0";
  return std::string(margin > 0 ? "B+" : "W+") + formatKomi(std::fabs(margin));
}

ScoreBreakdown scoreBoard(const Board& board, const Rules& rules, const ScoreContext& context,
                          const PointSet& dead) {
  ScoreBreakdown out;
  const Board cleared = removeDead(board, dead, out.dead);
  const bool territoryScoring = rules.scoring == ScoringRule::Territory;

  // With a seki tax, seki is found as Japanese counting finds it, on a board whose dame
  // have been filled (seki.h). That filling only decides which points are seki: territory
  // is counted on the board as it stands, where a region touching both colours is nobody's
  // (Japanese 1989 art. 8: territory is surrounded by one player's living stones), so the
  // order of simulated fills can never wall off territory (e.g. around unmarked dead stones).
  PointSet sekiPoints;
  PointSet sekiStones;
  if (rules.tax != TaxRule::None) {
    const SekiAnalysis seki = analyseSeki(cleared);
    sekiPoints = seki.sekiPoints;
    sekiStones = seki.sekiStones;
  }

  SideScore* sides[2] = {&out.black, &out.white};
  for (const EmptyRegion& region : emptyRegions(cleared)) {
    PointSet inSeki = region.points;
    inSeki &= sekiPoints;
    out.sekiPoints |= inSeki;
    const Color owner = region.owner();
    if (owner == Color::Empty || !inSeki.empty()) {
      if (inSeki.empty()) out.dame |= region.points;
      if (!inSeki.empty() && owner != Color::Empty)
        sides[colorIndex(owner)]->sekiPoints += region.size;
      continue;
    }
    out.territory[colorIndex(owner)] |= region.points;
    sides[colorIndex(owner)]->territory += region.size;
  }

  for (Color c : {Color::Black, Color::White}) {
    SideScore& side = *sides[colorIndex(c)];
    const Color them = opponent(c);
    if (territoryScoring) {
      side.prisoners = board.captures(c);
      int deadOfThem = 0;
      out.dead.forEach([&](Point p) { deadOfThem += board.at(p) == them; });
      side.deadStones = deadOfThem;
      if (rules.passStones) side.passStones = context.passes[colorIndex(them)];
    } else {
      side.stones = cleared.stoneCount(c);
    }
    if (rules.tax == TaxRule::All) {
      side.groupTax = 2 * countTaxedGroups(cleared, c, out.territory[colorIndex(c)], sekiStones);
    }
    if (rules.button && context.buttonHolder == c) side.button = 0.5;
  }
  out.white.komi = rules.komi;
  out.white.handicapBonus = rules.handicapPoints(context.handicapStones);

  for (SideScore* side : sides) {
    side->total = side->stones + side->territory + side->prisoners + side->deadStones +
                  side->passStones - side->groupTax + side->komi + side->handicapBonus +
                  side->button;
  }
  out.margin = out.black.total - out.white.total;
  out.result = formatResult(out.margin);
  return out;
}

ScoreBreakdown scoreGame(const Game& game, const PointSet& dead) {
  ScoreContext context;
  context.handicapStones = game.handicap();
  context.passes = {game.passes(Color::Black), game.passes(Color::White)};
  context.buttonHolder = game.buttonHolder();
  // A game that ended without a pass gives the button to the player to move (KataGo).
  if (game.rules().button && context.buttonHolder == Color::Empty) {
    context.buttonHolder = game.toMove();
  }
  return scoreBoard(game.board(), game.rules(), context, dead);
}

FillInCount fillInCount(const ScoreBreakdown& score, int boardSize) {
  FillInCount out;
  out.stonesEach = boardSize * boardSize / 2;
  for (Color c : {Color::Black, Color::White}) {
    const SideScore& side = c == Color::Black ? score.black : score.white;
    const int i = colorIndex(c);
    out.onBoard[i] = side.stones + side.territory;
    out.inBowl[i] = out.stonesEach - out.onBoard[i];
  }
  return out;
}

std::string gameResult(const Game& game, const PointSet& dead) {
  switch (game.endReason()) {
    case EndReason::Repetition:
    case EndReason::MoveLimit:
      return "Void";
    case EndReason::Resignation:
      return std::string(1, colorLetter(game.winner())) + "+R";
    case EndReason::Timeout:
      return std::string(1, colorLetter(game.winner())) + "+T";
    case EndReason::None:
    case EndReason::Passes:
      break;
  }
  return scoreGame(game, dead).result;
}

}  // namespace tengen::go
