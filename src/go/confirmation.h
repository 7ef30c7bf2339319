#pragma once

#include <string_view>
#include <vector>

#include "base/result.h"
#include "go/board.h"
#include "go/game.h"
#include "go/point_set.h"
#include "go/rules.h"

namespace tengen::go {

// What a confirmation decides about its disputed stones.
enum class LifeVerdict { Dead, Alive };

// "dead" / "alive", as GTP prints it.
std::string_view lifeVerdictName(LifeVerdict v);

// Japanese 1989 art. 7-2: after `capturee`'s stone at `point` was taken in a ko by the stone
// now at `stone`, `capturee` may not retake there until it has passed once since.
struct KoLock {
  Point point;     // where the captured stone stood: the point of the retake
  Point stone;     // the capturing stone, alone and in atari with `point` its liberty
  Color capturee;  // the player who may not retake
  bool operator==(const KoLock&) const = default;
};

// Confirmation play (Japanese 1989 art. 7 and 9, Korean; rules-reference section 7.1): after
// the game stopped by passes, stones the players disagree about are played out on a copy of
// the stopped position. The game itself (its board, move list, superko history, prisoners)
// is never touched; the verdict only changes which stones the count takes off.
//
// The procedure, with the choices the rule texts leave open:
//  - The attacker (the opponent of the disputed stones' owner) moves first, then the
//    players alternate. Passes are allowed and never end the confirmation: the players do
//    (GTP tengen-confirm_end).
//  - Art. 6 holds as on the board: no immediate recapture of a single stone. The game's
//    superko dimension is not consulted; art. 7-2 takes its place.
//  - Art. 7-2, the ko lock: every ko capture (one stone taken by a stone left alone in
//    atari) locks that ko against the player whose stone was taken. Each capture makes its
//    own lock, so a ko taken again after a retake needs a new pass: art. 7-2 speaks of
//    "that particular capture", and the rules reference (section 7.1, step 2) leaves this
//    open. A pass lifts every lock standing against the passer at that moment: a pass is
//    the same move whichever capture it is meant for. A lock ends also when its ko does: the
//    capturing stone is connected, captured or has gained liberties.
//  - A locked move is only a true retake: a move at the lock's point that would capture that
//    one stone and nothing else. Filling the point when it captures a whole chain besides is
//    no ko capture and stays legal.
//  - Suicide as the rules say.
//  - Dead iff, when it ends, none of the owner's stones stands on a disputed point. (A
//    disputed stone leaves the board only by capture, so that is the art.'s "all captured
//    and not replaced".) Alive otherwise; whether alive stones are in seki is the count's
//    business (scoring.h, tax=seki).
// Copyable: a client may try a line on a copy.
class Confirmation {
 public:
  // Starts a confirmation of the chains through `stones` (all of one colour) in `game`,
  // which must have stopped by passes under rules with `confirmation`. Errors, in this
  // order: "the game has not stopped" (or ended another way, which is named), "these rules
  // have no confirmation play (confirmation=0)", "no stones named", "no stone at D4",
  // "D4 and E5 are stones of different colours" (the first named and the first of the
  // other colour).
  static Result<Confirmation> start(const Game& game, const std::vector<Point>& stones);

  const Board& board() const { return board_; }
  const Rules& rules() const { return rules_; }
  Color toMove() const { return toMove_; }
  Color owner() const { return owner_; }
  Color attacker() const { return opponent(owner_); }
  // Every stone of the disputed chains, as they stood at the stop.
  const PointSet& disputed() const { return disputed_; }
  // The confirmation's own moves and passes, in order.
  const std::vector<Move>& moves() const { return moves_; }
  // The ko locks in force, oldest first.
  const std::vector<KoLock>& locks() const { return locks_; }
  // The points `c` may not retake at because of a lock (the site draws them).
  PointSet lockedPoints(Color c) const;

  // Legal, or NotYourTurn, OffBoard, Occupied, Suicide, Ko (art. 6's ban and art. 7-2's
  // lock alike). A pass is legal in turn.
  MoveVerdict check(Color c, Point p) const;
  MoveVerdict play(Color c, Point p);
  // Every point where `c` may play now (passes aside); empty when `c` is not to move.
  PointSet legalPoints(Color c) const;

  LifeVerdict verdict() const;
  // The dead stones of a count once this confirmation has ended: `dead` with the disputed
  // chains added (Dead) or taken out (Alive).
  PointSet settle(PointSet dead) const;

 private:
  Confirmation(const Game& game, PointSet disputed, Color owner);
  bool isLockedRetake(Color c, Point p) const;
  // Drops the locks whose ko no longer stands on the board.
  void dropSettledLocks();

  Board board_;
  Rules rules_;
  PointSet disputed_;
  Color owner_;
  Color toMove_;
  std::vector<Move> moves_;
  std::vector<KoLock> locks_;
};

}  // namespace tengen::go
