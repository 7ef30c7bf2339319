#include "go/game.h"

#include <algorithm>
#include <array>

namespace tengen::go {

Game::Game(int size, Rules rules) : rules_(rules), initialBoard_(size), board_(size) {
  resetToSetup();
}

void Game::resetToSetup() {
  board_ = initialBoard_;
  toMove_ = initialToMove_;
  consecutivePasses_ = 0;
  passes_[0] = passes_[1] = 0;
  buttonHolder_ = Color::Empty;
  endReason_ = EndReason::None;
  winner_ = Color::Empty;
  // The position after setup is the game's first position and counts for superko.
  restartHistory();
}

void Game::restartHistory() {
  boards_.clear();
  situations_.clear();
  stoneCounts_.clear();
  sinceLastPass_.clear();
  hotStones_.clear();
  plays_.clear();
  recordPosition();
}

void Game::recordPosition() {
  boards_.insert(board_.hash());
  const std::uint64_t s = situation(board_.hash(), toMove_);
  situations_.insert(s);
  stoneCounts_.insert(countsKey(board_.stoneCount(Color::Black), board_.stoneCount(Color::White)));
  sinceLastPass_.push_back(board_.hash());
}

bool Game::plainMoveMayRepeat(Color c) const {
  // Where suicide is allowed a legal move that captures nothing may still remove stones.
  if (rules_.allowsSuicide()) return true;
  const int black = board_.stoneCount(Color::Black) + (c == Color::Black ? 1 : 0);
  const int white = board_.stoneCount(Color::White) + (c == Color::White ? 1 : 0);
  return stoneCounts_.contains(countsKey(black, white));
}

namespace {

// Setup places stones without captures (SGF), so a stone that would leave its own chain or
// a neighbouring one without liberties describes no legal position and is refused.
bool leavesEveryChainALiberty(const Board& board, Point p) {
  if (board.libertyCount(p) == 0) return false;
  for (int d : board.neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    if (isStone(board.at(n)) && board.libertyCount(n) == 0) return false;
  }
  return true;
}

}  // namespace

bool Game::setupStone(Point p, Color c) {
  if (!moves_.empty() || !geometry().onBoard(p) || !isStone(c)) return false;
  if (initialBoard_.at(p) != Color::Empty) return false;
  Board trial = initialBoard_;
  trial.setStone(p, c);
  if (!leavesEveryChainALiberty(trial, p)) return false;
  initialBoard_ = trial;
  resetToSetup();
  return true;
}

bool applySetup(Board& board, const std::vector<SetupChange>& changes) {
  Board trial = board;
  for (const SetupChange& change : changes) {
    if (!trial.geometry().onBoard(change.point)) return false;
    if (trial.at(change.point) == change.color) continue;
    if (isStone(trial.at(change.point))) trial.removeStone(change.point);
    if (isStone(change.color)) trial.setStone(change.point, change.color);
  }
  // Checked once the whole edit is made: an AE may free the liberty an AB needs.
  const Geometry& g = trial.geometry();
  for (Point p = g.first(); p <= g.last(); ++p) {
    if (g.onBoard(p) && isStone(trial.at(p)) && trial.libertyCount(p) == 0) return false;
  }
  board = trial;
  return true;
}

bool Game::addSetup(const std::vector<SetupChange>& changes) {
  if (moves_.empty()) {
    if (!applySetup(initialBoard_, changes)) return false;
    resetToSetup();
    return true;
  }
  Board trial = board_;
  if (!applySetup(trial, changes)) return false;
  setupSteps_.push_back({moves_.size(), changes});
  applySetupStep(setupSteps_.back());
  return true;
}

void Game::applySetupStep(const SetupStep& step) {
  applySetup(board_, step.changes);  // checked when the step was added
  // The edited position is the first of what follows: positions before the edit were not
  // reached by play from it, so they do not count for superko (setup before the first move
  // is treated the same; see resetToSetup).
  restartHistory();
}

bool Game::clearSetupStone(Point p) {
  if (!moves_.empty() || !geometry().onBoard(p) || !isStone(initialBoard_.at(p))) return false;
  initialBoard_.removeStone(p);
  resetToSetup();
  return true;
}

bool Game::placeHandicap(const std::vector<Point>& stones) {
  if (!moves_.empty() || initialBoard_.emptyCount() != size() * size()) return false;
  for (Point p : stones) {
    if (!geometry().onBoard(p) || initialBoard_.at(p) != Color::Empty) {
      initialBoard_ = Board(size());
      resetToSetup();
      return false;
    }
    initialBoard_.setStone(p, Color::Black);
    if (!leavesEveryChainALiberty(initialBoard_, p)) {
      initialBoard_ = Board(size());
      resetToSetup();
      return false;
    }
  }
  handicap_ = static_cast<int>(stones.size());
  initialToMove_ = Color::White;
  resetToSetup();
  return true;
}

void Game::setToMove(Color c) {
  if (moves_.empty()) {
    initialToMove_ = c;
    resetToSetup();
  } else {
    toMove_ = c;
  }
}

MoveVerdict Game::check(Color c, Point p, PlayMode mode) const {
  if (mode == PlayMode::Strict) {
    if (isOver()) return MoveVerdict::GameOver;
    if (c != toMove_) return MoveVerdict::NotYourTurn;
  }
  if (p == kPass) return MoveVerdict::Legal;
  if (!geometry().onBoard(p)) return MoveVerdict::OffBoard;
  const MoveVerdict v = board_.check(p, c, rules_.allowsSuicide());
  if (rules_.ko == KoRule::Simple) return v;
  if (rules_.ko == KoRule::Ing) return checkIng(c, p, v, plainMoveMayRepeat(c));
  return checkSuperko(c, p, v, plainMoveMayRepeat(c));
}

// ko=ing. The SST laws (rules reference 7.2) ban the "invariation" of endless repetition
// through fighting kos (hot stones may not be taken back before an intervening play or
// pass) and disturbing kos (after one full cycle the disturber, who started it, may not
// start it again); whether a ko is fighting or disturbing depends on life and death, which
// no move history decides. tengen reads them as two bans that the board and the history
// decide exactly:
//  1. Hot stones (fighting ko). A *ko capture* is a board play that captures exactly one
//     stone and leaves the capturing stone alone in atari, its last liberty the point it
//     emptied: a capture that could be taken straight back (the shape Board::koPoint marks).
//     The *hot stones* are the stones played by the current run of ko captures; a pass or
//     any board play that is not a ko capture ends the run and cools them. A ko capture
//     that would take a hot stone is refused (Ko). A capture of a hot stone that is no ko
//     capture (it takes more than that stone, or leaves its stone with liberties) stays
//     legal. So a single ko is simple ko; in a triple ko (and any run of kos) every
//     stone taken into a ko is hot until someone plays elsewhere or passes.
//  2. Repeated plays (disturbing ko, odd cycles). Two board plays are the same when the same
//     player plays the same point on the same board (so the stones taken are the same too).
//     No board play may be made twice (Superko). A cycle of the whole board may therefore
//     be played once, but whoever would start it again is refused: the disturber of a
//     double-ko seki, the side that sent two stones, the sacrifice of eternal life.
// Where this differs from positional superko: (a) an earlier board may come back by a play
// not made before from the board before it, e.g. a ko retaken after passes although that
// recreates an earlier board; (b) hot stones refuse captures that make a new board, e.g.
// the fourth capture of a triple ko, where positional superko refuses only the sixth. Both
// bans see the whole board, while Ing's cycles are local: a cycle interrupted by a play
// elsewhere starts afresh. Every game ends: no play repeats, so there are finitely many
// board plays, and between two of them the passes that end the game come first.
MoveVerdict Game::checkIng(Color c, Point p, MoveVerdict v, bool plainMayRepeat) const {
  // The board's Ko is the immediate retake of a ko capture, whose stone is hot: Ing agrees.
  if (v != MoveVerdict::Legal) return v;
  if (!hotStones_.empty() && takesHotStone(c, p)) return MoveVerdict::Ko;
  // A play that makes a board never seen (by its stone counts) cannot repeat a play.
  if (!plainMayRepeat && !board_.captures(p, c)) return MoveVerdict::Legal;
  const std::uint64_t next = board_.hashAfter(p, c);
  if (plays_.contains(playKey(board_.hash(), next))) return MoveVerdict::Superko;
  return MoveVerdict::Legal;
}

bool Game::takesHotStone(Color c, Point p) const {
  bool touchesHot = false;
  for (const HotStone& h : hotStones_) {
    if (h.color != opponent(c) || board_.at(h.point) != h.color) continue;
    for (int d : board_.neighbourOffsets()) {
      if (p + d == h.point && board_.libertyCount(h.point) == 1) touchesHot = true;
    }
  }
  if (!touchesHot) return false;
  Board next = board_;
  next.play(p, c);
  if (next.koPoint() == kNoPoint) return false;  // no ko capture
  return std::any_of(hotStones_.begin(), hotStones_.end(), [&](const HotStone& h) {
    return h.color == opponent(c) && board_.at(h.point) == h.color &&
           next.at(h.point) == Color::Empty;
  });
}

void Game::updateHotStones(Color c, Point p) {
  // Called after board_.play(p, c): the board's ko point is set exactly by a ko capture.
  if (board_.koPoint() == kNoPoint) {
    hotStones_.clear();
    return;
  }
  std::erase_if(hotStones_, [&](const HotStone& h) { return board_.at(h.point) != h.color; });
  hotStones_.push_back({p, c});
}

MoveVerdict Game::checkSuperko(Color c, Point p, MoveVerdict v, bool plainMayRepeat) const {
  // Under superko the history alone decides; the board's simple-ko ban is only a name for
  // the commonest repetition. (They differ when one colour moves twice in free play: the
  // retake may then create a situation never seen with that side to move.)
  const bool koBan = v == MoveVerdict::Ko;
  if (v != MoveVerdict::Legal && !koBan) return v;
  if (!koBan && !plainMayRepeat && !board_.captures(p, c)) return MoveVerdict::Legal;
  const std::uint64_t next = board_.hashAfter(p, c);
  const bool repeats = rules_.ko == KoRule::Positional
                           ? boards_.contains(next)
                           : situations_.contains(situation(next, opponent(c)));
  if (repeats) return koBan ? MoveVerdict::Ko : MoveVerdict::Superko;
  return MoveVerdict::Legal;
}

MoveVerdict Game::play(Color c, Point p, PlayMode mode) {
  const MoveVerdict v = check(c, p, mode);
  if (v == MoveVerdict::Legal) apply(c, p);
  return v;
}

void Game::apply(Color c, Point p) {
  if (isOver() && p == kPass) {
    // Passing changes nothing on the board, so a pass after the end leaves it ended.
    board_.pass();
    moves_.push_back({c, kPass});
    ++passes_[colorIndex(c)];
    ++consecutivePasses_;
    toMove_ = opponent(c);
    hotStones_.clear();
    return;
  }
  if (isOver()) {
    // Free mode: a board move after the end resumes the game (a dispute settled by play),
    // and the resumed game needs two fresh passes to end.
    endReason_ = EndReason::None;
    winner_ = Color::Empty;
    consecutivePasses_ = 0;
  }
  if (p == kPass) {
    applyPass(c);
  } else {
    applyMove(c, p);
  }
}

void Game::applyMove(Color c, Point p) {
  const std::uint64_t before = board_.hash();
  board_.play(p, c);
  moves_.push_back({c, p});
  toMove_ = opponent(c);
  consecutivePasses_ = 0;
  // ko=ing's history, kept under every ko rule (see hotStones_ and plays_).
  updateHotStones(c, p);
  plays_.insert(playKey(before, board_.hash()));
  // Japanese 1989 art. 12: an unresolved repetition (triple ko, eternal life, ...) is no
  // result. Cycles through passes do not count, so the window restarts at each pass.
  // The count is of board positions, whoever is to move (the wording and art. 12's
  // "same whole-board position"), so a cycle of odd length voids after three boards too.
  if (rules_.cycles == CycleRule::Void && rules_.ko == KoRule::Simple) {
    if (std::count(sinceLastPass_.begin(), sinceLastPass_.end(), board_.hash()) >= 2) {
      endReason_ = EndReason::Repetition;
    }
  }
  recordPosition();
  stopAtMoveLimit();
}

Game::MovePreview Game::preview(Color c, Point p) const {
  MovePreview preview;
  // The opponent chains next to p whose last liberty is p: a chain is counted once, at its
  // head, however many of p's neighbours belong to it.
  std::array<Point, 4> counted{};
  int heads = 0;
  for (int offset : board_.neighbourOffsets()) {
    const Point q = static_cast<Point>(p + offset);
    if (board_.at(q) != opponent(c) || board_.libertyCount(q) != 1) continue;
    const Point head = board_.chainHead(q);
    if (std::find(counted.begin(), counted.begin() + heads, head) != counted.begin() + heads) {
      continue;
    }
    counted[heads++] = head;
    preview.captures += board_.chainSize(q);
  }
  // As in applyMove (Japanese 1989 art. 12 under cycles=void).
  if (rules_.cycles == CycleRule::Void && rules_.ko == KoRule::Simple) {
    const std::uint64_t after = board_.hashAfter(p, c);
    preview.endsByRepetition = std::count(sinceLastPass_.begin(), sinceLastPass_.end(), after) >= 2;
  }
  return preview;
}

bool Game::passEnds(Color c) const {
  // As in applyPass.
  return consecutivePasses_ + 1 >= rules_.endPasses &&
         (!rules_.whitePassesLast || c == Color::White);
}

bool Game::nextReachesMoveLimit() const {
  const int limit = rules_.moveLimitOn(size());
  return limit > 0 && static_cast<int>(moves_.size()) + 1 >= limit;
}

void Game::stopAtMoveLimit() {
  // Counted in moves and passes since the setup, like the move numbers players see.
  const int limit = rules_.moveLimitOn(size());
  if (!isOver() && limit > 0 && static_cast<int>(moves_.size()) >= limit) {
    endReason_ = EndReason::MoveLimit;
  }
}

void Game::applyPass(Color c) {
  board_.pass();
  moves_.push_back({c, kPass});
  ++passes_[colorIndex(c)];
  if (rules_.button && buttonHolder_ == Color::Empty) buttonHolder_ = c;
  ++consecutivePasses_;
  toMove_ = opponent(c);
  sinceLastPass_.clear();
  // ko=ing: a pass is the intervening play that cools the hot stones.
  hotStones_.clear();
  recordPosition();
  // WMSG: the button pass counts toward the two that end the game. AGA: only if White
  // made the last of them. Ing: four passes, not two.
  if (consecutivePasses_ >= rules_.endPasses && (!rules_.whitePassesLast || c == Color::White)) {
    endReason_ = EndReason::Passes;
  }
  stopAtMoveLimit();
}

bool Game::undo() {
  if (moves_.empty()) return false;
  std::vector<Move> kept(moves_.begin(), moves_.end() - 1);
  // Setup made after the move taken back goes with it.
  while (!setupSteps_.empty() && setupSteps_.back().afterMoves > kept.size()) {
    setupSteps_.pop_back();
  }
  moves_.clear();
  resetToSetup();
  auto step = setupSteps_.begin();
  for (const Move& m : kept) {
    for (; step != setupSteps_.end() && step->afterMoves == moves_.size(); ++step) {
      applySetupStep(*step);
    }
    apply(m.color, m.point);
  }
  for (; step != setupSteps_.end(); ++step) applySetupStep(*step);
  return true;
}

PointSet Game::legalPoints(Color c) const {
  PointSet legal;
  const bool allowSuicide = rules_.allowsSuicide();
  const bool superko = rules_.ko != KoRule::Simple;
  const bool ing = rules_.ko == KoRule::Ing;
  // The same for every point: asked once, not once per point.
  const bool plainMayRepeat = superko && plainMoveMayRepeat(c);
  for (int i = 0; i < board_.emptyCount(); ++i) {
    const Point p = board_.emptyAt(i);
    MoveVerdict v = board_.check(p, c, allowSuicide);
    if (ing) {
      v = checkIng(c, p, v, plainMayRepeat);
    } else if (superko) {
      v = checkSuperko(c, p, v, plainMayRepeat);
    }
    if (v == MoveVerdict::Legal) legal.insert(p);
  }
  return legal;
}

void Game::resign(Color loser) {
  endReason_ = EndReason::Resignation;
  winner_ = opponent(loser);
}

void Game::timeout(Color loser) {
  endReason_ = EndReason::Timeout;
  winner_ = opponent(loser);
}

void Game::resume(Color toMove) {
  endReason_ = EndReason::None;
  winner_ = Color::Empty;
  consecutivePasses_ = 0;
  toMove_ = toMove;
}

}  // namespace tengen::go
