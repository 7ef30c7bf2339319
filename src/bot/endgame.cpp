#include "bot/endgame.h"

#include <algorithm>
#include <utility>

#include "bot/ownership_estimate.h"
#include "go/dead_stones.h"
#include "go/scoring.h"

namespace tengen::bot {

bool countsBoardAsItStands(const go::Rules& rules) {
  return rules.preset == go::Preset::TrompTaylor;
}

namespace {

double mine(go::Color c, double blackMargin) {
  return c == go::Color::Black ? blackMargin : -blackMargin;
}

// How many of `toMove`'s last moves in a row the opponent answered by passing.
int movesAnsweredByPasses(const go::Game& game, go::Color toMove) {
  const auto& moves = game.moves();
  int answered = 0;
  for (std::size_t end = moves.size(); end >= 2; end -= 2) {
    const go::Move& played = moves[end - 2];
    const go::Move& answer = moves[end - 1];
    if (played.color != toMove || played.point == go::kPass ||
        answer.color != go::opponent(toMove) || answer.point != go::kPass) {
      break;
    }
    ++answered;
  }
  return answered;
}

// `game` as the dead-stone proposal is asked about it: the proposal is made for the removal
// phase, which Tromp-Taylor does not have, so it is asked for as if the rules had one; the
// estimate itself ignores the rules' count.
go::Game withRemovalPhase(go::Game game) {
  if (countsBoardAsItStands(game.rules())) {
    go::Rules rules = game.rules();
    rules.preset = go::Preset::Chinese;
    game.setRules(rules);
  }
  return game;
}

// The count if the game ended now, as the game will be counted: after the mover's pass
// (`passFirst`) the opponent is to move, and a fight left open is read for that side (the
// count GTP final_score and the site make then).
struct Count {
  go::PointSet dead;   // the proposal's dead stones, both colours
  double removed = 0;  // the mover's margin with them taken off
  double stands = 0;   // the mover's margin with the board as it stands
};

go::Game judgedNow(const go::Game& game, go::Color toMove, bool passFirst) {
  go::Game judged = game;
  if (passFirst) judged.play(toMove, go::kPass);
  return withRemovalPhase(std::move(judged));
}

// The mover's margin on a judged board with no stone taken off.
double marginAsItStands(const go::Game& judged, go::Color toMove) {
  return mine(toMove, go::scoreGame(judged, go::PointSet{}).margin);
}

Count countNow(const go::Game& game, go::Color toMove, bool passFirst) {
  const go::Game judged = judgedNow(game, toMove, passFirst);
  Count count;
  count.dead = bot::proposeDeadStones(judged).dead;
  count.removed = mine(toMove, go::scoreGame(judged, count.dead).margin);
  count.stands = marginAsItStands(judged, toMove);
  return count;
}

double marginOf(const Count& count, bool asItStands) {
  return asItStands ? count.stands : count.removed;
}

// Whether the mover's last kFruitlessMoves moves, each answered by a pass, left the count
// no better for it than before them: it is playing on for nothing (typically its search
// takes for alive a group the count, which reads nakades, knows dead), and every such move
// fills its own area, which costs points under territory counting and eyes in the end.
// Not too soon: an opponent who passes too early may be punished by a plan of several
// moves. In a 19x19 match game (docs/strength.md, "Nakade in the proposal") GNU Go passed
// up to 11 times in a row before tengen's moves made its dead corner live, 30 points.
constexpr int kFruitlessMoves = 16;

bool playingOnForNothing(const go::Game& game, go::Color toMove, bool asItStands,
                         double marginNow) {
  if (movesAnsweredByPasses(game, toMove) < kFruitlessMoves) return false;
  go::Game before = game;
  for (int i = 0; i < 2 * kFruitlessMoves; ++i) {
    if (!before.undo()) return false;
  }
  // Counted as it stands, no dead-stone proposal is needed (it costs milliseconds).
  const double marginBefore = asItStands ? marginAsItStands(judgedNow(before, toMove, true), toMove)
                                         : countNow(before, toMove, true).removed;
  return marginBefore >= marginNow;
}

}  // namespace

EndgamePlan planEndgame(const go::Game& game, go::Color toMove, bool cleanup,
                        std::vector<go::Point> candidates) {
  EndgamePlan plan;
  if (candidates.empty()) {
    plan.passNow = true;
    return plan;
  }
  const go::Board& board = game.board();
  const auto& moves = game.moves();
  const bool opponentPassed = !moves.empty() && moves.back().point == go::kPass &&
                              moves.back().color == go::opponent(toMove);
  const bool late = 2 * board.emptyCount() < board.size() * board.size();
  if (!opponentPassed && !late && !cleanup) {
    plan.moves = std::move(candidates);
    return plan;
  }
  const bool asItStands = cleanup || countsBoardAsItStands(game.rules());
  if (!opponentPassed && !asItStands) {
    // Passing would not end the game, and nothing needs taking off before it may.
    plan.moves = std::move(candidates);
    plan.passAllowed = late;
    return plan;
  }
  // After the opponent's pass, passing ends the game: judged as that count will be made.
  const Count count = countNow(game, toMove, opponentPassed);
  go::PointSet opponentDead;
  count.dead.forEach([&](go::Point p) {
    if (board.at(p) == go::opponent(toMove)) opponentDead.insert(p);
  });
  plan.marginIfPassed = marginOf(count, asItStands);
  const bool deadRemain = !opponentDead.empty();
  if (asItStands && deadRemain && (opponentPassed || cleanup)) {
    // Take the dead stones off before passing, even when the count already wins: under
    // these rules every one left on the board is counted as alive, and capturing costs
    // nothing under area scoring. Play on their liberties (filling them captures).
    go::PointSet liberties;
    opponentDead.forEach([&](go::Point p) { liberties |= board.liberties(p); });
    for (go::Point p : candidates) {
      if (liberties.contains(p)) plan.moves.push_back(p);
    }
    if (!plan.moves.empty()) {
      plan.capturing = true;
      return plan;
    }
  }
  if (opponentPassed && plan.marginIfPassed > 0 && !(cleanup && deadRemain)) {
    plan.passNow = true;
    return plan;
  }
  if (opponentPassed && !(cleanup && deadRemain) &&
      playingOnForNothing(game, toMove, asItStands, plan.marginIfPassed)) {
    plan.passNow = true;  // the count the game ends with is the one it had anyway
    return plan;
  }
  plan.moves = std::move(candidates);
  // Passing after the opponent's pass ends the game, which the count says is no win; before
  // it, under these rules, only a board that wins as it stands may be left to the opponent.
  plan.passAllowed = !opponentPassed && late && count.stands > 0 && !deadRemain;
  return plan;
}

}  // namespace tengen::bot
