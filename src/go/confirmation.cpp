#include "go/confirmation.h"

#include <algorithm>
#include <string>

namespace tengen::go {

std::string_view lifeVerdictName(LifeVerdict v) {
  return v == LifeVerdict::Dead ? "dead" : "alive";
}

namespace {

std::string_view endName(EndReason reason) {
  switch (reason) {
    case EndReason::Repetition:
      return "repetition";
    case EndReason::MoveLimit:
      return "the move limit";
    case EndReason::Resignation:
      return "resignation";
    case EndReason::Timeout:
      return "time-out";
    case EndReason::None:
    case EndReason::Passes:
      break;
  }
  return "?";
}

}  // namespace

Result<Confirmation> Confirmation::start(const Game& game, const std::vector<Point>& stones) {
  // Art. 9: confirmation follows the stop by passes; a game decided otherwise has no count.
  if (!game.isOver()) return fail("the game has not stopped");
  if (game.endReason() != EndReason::Passes) {
    return fail("the game ended by " + std::string(endName(game.endReason())) + ", not by passes");
  }
  if (!game.rules().confirmation) {
    return fail("these rules have no confirmation play (confirmation=0)");
  }
  if (stones.empty()) return fail("no stones named");
  const Board& board = game.board();
  const Geometry& g = board.geometry();
  PointSet disputed;
  Color owner = Color::Empty;
  Point first = kNoPoint;
  for (Point p : stones) {
    if (p == kPass || !g.onBoard(p)) return fail("not a point on the board");
    if (!isStone(board.at(p))) return fail("no stone at " + g.toGtp(p));
    if (owner == Color::Empty) {
      owner = board.at(p);
      first = p;
    } else if (board.at(p) != owner) {
      return fail(g.toGtp(first) + " and " + g.toGtp(p) + " are stones of different colours");
    }
    disputed |= board.chainStones(p);
  }
  return Confirmation(game, disputed, owner);
}

Confirmation::Confirmation(const Game& game, PointSet disputed, Color owner)
    : board_(game.board()),
      rules_(game.rules()),
      disputed_(disputed),
      owner_(owner),
      toMove_(opponent(owner)) {
  // The stop came after passes, so no simple-ko ban stands on the copy; none is carried
  // over in any case, since the confirmation starts a new sequence of moves.
  board_.pass();
}

PointSet Confirmation::lockedPoints(Color c) const {
  PointSet points;
  for (const KoLock& lock : locks_) {
    if (lock.capturee == c) points.insert(lock.point);
  }
  return points;
}

bool Confirmation::isLockedRetake(Color c, Point p) const {
  for (const KoLock& lock : locks_) {
    if (lock.capturee != c || lock.point != p) continue;
    // The lock's stone is alone in atari with p its liberty (dropSettledLocks keeps it so),
    // so c at p takes it. The move is that ko's retake unless it takes another chain too.
    const Point lockHead = board_.chainHead(lock.stone);
    bool capturesMore = false;
    for (int d : board_.neighbourOffsets()) {
      const Point n = static_cast<Point>(p + d);
      if (board_.at(n) == opponent(c) && board_.chainHead(n) != lockHead &&
          board_.libertyCount(n) == 1) {
        capturesMore = true;
      }
    }
    if (!capturesMore) return true;
  }
  return false;
}

MoveVerdict Confirmation::check(Color c, Point p) const {
  if (c != toMove_) return MoveVerdict::NotYourTurn;
  if (p == kPass) return MoveVerdict::Legal;
  if (!board_.geometry().onBoard(p)) return MoveVerdict::OffBoard;
  // Art. 6 (the board's simple-ko ban), occupation and suicide.
  const MoveVerdict v = board_.check(p, c, rules_.allowsSuicide());
  if (v != MoveVerdict::Legal) return v;
  // Art. 7-2.
  if (isLockedRetake(c, p)) return MoveVerdict::Ko;
  return MoveVerdict::Legal;
}

MoveVerdict Confirmation::play(Color c, Point p) {
  const MoveVerdict v = check(c, p);
  if (v != MoveVerdict::Legal) return v;
  moves_.push_back({c, p});
  toMove_ = opponent(c);
  if (p == kPass) {
    board_.pass();
    // Art. 7-2: the pass unlocks every ko capture standing against the passer.
    std::erase_if(locks_, [c](const KoLock& lock) { return lock.capturee == c; });
    return v;
  }
  board_.play(p, c);
  // The board marks a ko capture (one stone taken, the taker alone in atari) with its
  // simple-ko point: the point the capturee would retake at.
  if (board_.koPoint() != kNoPoint) locks_.push_back({board_.koPoint(), p, board_.koColor()});
  dropSettledLocks();
  return v;
}

void Confirmation::dropSettledLocks() {
  std::erase_if(locks_, [this](const KoLock& lock) {
    const Color taker = opponent(lock.capturee);
    const bool koStands = board_.at(lock.stone) == taker && board_.chainSize(lock.stone) == 1 &&
                          board_.libertyCount(lock.stone) == 1 &&
                          board_.at(lock.point) == Color::Empty;
    return !koStands;
  });
}

PointSet Confirmation::legalPoints(Color c) const {
  PointSet legal;
  if (c != toMove_) return legal;
  for (int i = 0; i < board_.emptyCount(); ++i) {
    const Point p = board_.emptyAt(i);
    if (check(c, p) == MoveVerdict::Legal) legal.insert(p);
  }
  return legal;
}

LifeVerdict Confirmation::verdict() const {
  bool ownerStands = false;
  disputed_.forEach([&](Point p) {
    if (board_.at(p) == owner_) ownerStands = true;
  });
  return ownerStands ? LifeVerdict::Alive : LifeVerdict::Dead;
}

PointSet Confirmation::settle(PointSet dead) const {
  if (verdict() == LifeVerdict::Dead) {
    dead |= disputed_;
  } else {
    dead -= disputed_;
  }
  return dead;
}

}  // namespace tengen::go
