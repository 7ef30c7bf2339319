#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "go/board.h"
#include "go/point_set.h"
#include "go/position_set.h"
#include "go/rules.h"
#include "go/zobrist.h"

namespace tengen::go {

struct Move {
  Color color;
  Point point;  // kPass for a pass
  bool operator==(const Move&) const = default;
};

// One point of a setup edit: the stone put there, or Empty to clear it (SGF AB/AW/AE).
struct SetupChange {
  Point point;
  Color color;
  bool operator==(const SetupChange&) const = default;
};

// Setup made after some moves (SGF allows AB/AW/AE in any node: teaching files, records
// that take dead stones off with AE): the position changes without a move.
struct SetupStep {
  std::size_t afterMoves = 0;  // the moves played before it (>= 1)
  std::vector<SetupChange> changes;
  bool operator==(const SetupStep&) const = default;
};

// Applies `changes` in order to `board` (a stone on an occupied point replaces it), without
// captures, as SGF setup is. False, leaving `board` as it was, if a point is off the board
// or the result leaves some chain without liberties (go::Board's invariant).
bool applySetup(Board& board, const std::vector<SetupChange>& changes);

enum class EndReason {
  None,        // still playing
  Passes,      // consecutive passes as the rules count them: score the board
  Repetition,  // cycles=void: a position repeated three times since the last pass
  MoveLimit,   // move_limit: the game reached its limit of moves and passes, no result
  Resignation,
  Timeout,
};

// Whether play() insists on turn order and refuses moves after the end (a server's game
// room), or lets any colour play and resumes an ended game (GTP, SGF replay).
enum class PlayMode { Strict, Free };

// One game under one ruleset: the board, the history that superko and repetition need,
// passes, handicap and how the game ended. Scoring lives in scoring.h; legality and
// game-end facts live here. Undo replays the history from the first position.
class Game {
 public:
  explicit Game(int size = 19, Rules rules = Rules{});

  const Board& board() const { return board_; }
  // The position after setup (handicap, SGF AB/AW/AE), before any move.
  const Board& initialBoard() const { return initialBoard_; }
  Color initialToMove() const { return initialToMove_; }
  const Geometry& geometry() const { return board_.geometry(); }
  int size() const { return board_.size(); }
  const Rules& rules() const { return rules_; }
  // Changing rules mid-game keeps the history; it only changes what later moves may do.
  void setRules(const Rules& rules) { rules_ = rules; }
  void setKomi(double komi) { rules_.komi = komi; }

  Color toMove() const { return toMove_; }
  const std::vector<Move>& moves() const { return moves_; }
  int handicap() const { return handicap_; }

  // Setup before the first move: stones placed so become the game's first position, which
  // counts for superko. Returns false if a move was already played, the point is taken, or
  // the stone would leave its own or a neighbouring chain without liberties.
  bool setupStone(Point p, Color c);
  bool clearSetupStone(Point p);
  // Handicap stones (fixed or free): Black setup stones, then White to move. Records n for
  // the handicap bonus. Fails unless the board is empty and no move was played.
  bool placeHandicap(const std::vector<Point>& stones);
  // For SGF files whose HA disagrees with their AB, or that set it explicitly.
  void setHandicapCount(int n) { handicap_ = n; }
  void setToMove(Color c);
  // Setup after the first move (see SetupStep): edits the board, keeps the side to move,
  // the passes and how the game ended, and starts the superko history afresh from the
  // edited position (a new first position, as setup before the first move is). Before the
  // first move it edits the initial position instead. False (nothing changed) as
  // applySetup says. undo() replays the steps with the moves and drops those made after
  // the move it takes back.
  bool addSetup(const std::vector<SetupChange>& changes);
  const std::vector<SetupStep>& setupSteps() const { return setupSteps_; }

  MoveVerdict check(Color c, Point p, PlayMode mode = PlayMode::Free) const;
  // What playing a move that check() found legal would do, without playing it: a server
  // decides a command with this instead of playing it on a copy of the whole game (whose
  // superko sets grow with every move).
  struct MovePreview {
    int captures = 0;               // stones it would take off the board
    bool endsByRepetition = false;  // cycles=void: the third occurrence of a position
  };
  MovePreview preview(Color c, Point p) const;
  // Whether a pass by `c` now would end the game by passes (AGA: only if White passes last;
  // Ing: the fourth consecutive pass).
  bool passEnds(Color c) const;
  // Whether one more move or pass reaches the rules' move limit, ending the game without a
  // result (unless that pass ends it by passes first).
  bool nextReachesMoveLimit() const;
  MoveVerdict play(Color c, Point p, PlayMode mode = PlayMode::Free);
  MoveVerdict play(Move m, PlayMode mode = PlayMode::Free) { return play(m.color, m.point, mode); }
  // Takes back the last move or pass; false if there is none. Setup is not undone.
  bool undo();

  // Every point where `c` may play now under the rules (passes aside), as one bitmap.
  PointSet legalPoints(Color c) const;

  bool isOver() const { return endReason_ != EndReason::None; }
  EndReason endReason() const { return endReason_; }
  // For Resignation and Timeout: who won.
  Color winner() const { return winner_; }
  void resign(Color loser);
  void timeout(Color loser);
  // Play resumes after the game ended by passes (a disputed count, Japanese 1989 art. 9):
  // the end and the run of consecutive passes are forgotten, so two fresh passes are needed
  // to end again, and `toMove` plays next. Pass counts, the button and the history stay.
  void resume(Color toMove);

  int consecutivePasses() const { return consecutivePasses_; }
  // Passes each colour made; with pass_stones each gives the opponent a prisoner.
  int passes(Color c) const { return passes_[colorIndex(c)]; }
  // The player who passed first (button rules), or Empty.
  Color buttonHolder() const { return buttonHolder_; }

 private:
  std::uint64_t situation(std::uint64_t boardHash, Color toMove) const {
    return toMove == Color::White ? boardHash ^ zobristWhiteToMove() : boardHash;
  }
  void resetToSetup();
  // Forgets every earlier position (superko, ko=ing, repetition counts): the current one is
  // the first of what follows.
  void restartHistory();
  // addSetup's work once the step is recorded: the board, then a fresh superko history.
  void applySetupStep(const SetupStep& step);
  // ko=ing: one key for a board play, from the boards before and after it (rotated, so that
  // a play and the one that undoes it get different keys).
  static std::uint64_t playKey(std::uint64_t before, std::uint64_t after) {
    return std::rotl(before, 17) ^ after;
  }
  void recordPosition();
  // The stone counts of a position as one key for stoneCounts_ (never 0, the free slot).
  static std::uint64_t countsKey(int black, int white) {
    return (static_cast<std::uint64_t>(black) << 16 | static_cast<std::uint64_t>(white)) + 1;
  }
  // Whether some earlier position had the counts that c's move makes when it captures
  // nothing: if none had, such a move cannot repeat a position, without hashing it.
  bool plainMoveMayRepeat(Color c) const;
  MoveVerdict checkSuperko(Color c, Point p, MoveVerdict boardVerdict, bool plainMayRepeat) const;
  // ko=ing: the board's verdict, then the hot-stone ban (Ko) and the repeated-play ban
  // (Superko).
  MoveVerdict checkIng(Color c, Point p, MoveVerdict boardVerdict, bool plainMayRepeat) const;
  // ko=ing: whether c at p is a ko capture (it leaves a simple-ko point) that takes a hot
  // stone. Copies the board only when p touches a hot stone in atari.
  bool takesHotStone(Color c, Point p) const;
  // ko=ing: the hot stones after c's board play at p, just played.
  void updateHotStones(Color c, Point p);
  // Plays a checked move or pass, handling passes and moves after the end.
  void apply(Color c, Point p);
  void applyPass(Color c);
  void applyMove(Color c, Point p);
  // move_limit: ends the game without result once it has that many moves and passes.
  void stopAtMoveLimit();

  Rules rules_;
  Board initialBoard_;
  Color initialToMove_ = Color::Black;
  int handicap_ = 0;

  Board board_;
  Color toMove_ = Color::Black;
  std::vector<Move> moves_;
  std::vector<SetupStep> setupSteps_;  // in order of afterMoves
  // Superko: every board since the start, and every (board, side to move).
  PositionSet boards_;
  PositionSet situations_;
  // The (black, white) stone counts of those boards: two equal positions have equal counts,
  // and most moves reach counts never seen, which spares the legal-point map a hash per point.
  PositionSet stoneCounts_{64};
  // ko=ing (checkIng in game.cpp has the reading in full). The hot stones: those played by
  // the current run of ko captures, as (point, colour), still on the board. A pass or any
  // other board play ends the run. Few, so a small vector.
  struct HotStone {
    Point point;
    Color color;
  };
  std::vector<HotStone> hotStones_;
  // Every board play made so far, as one key of the board before and the board after it
  // (playKey): the same key is the same play, same player, point and captures, from the same
  // board. Kept under every ko rule, so that setRules may switch to ko=ing mid-game; it
  // starts small, so copies stay cheap.
  PositionSet plays_{64};
  // Repetition (cycles=void): board hashes since the last pass, in order.
  std::vector<std::uint64_t> sinceLastPass_;
  int consecutivePasses_ = 0;
  int passes_[2] = {0, 0};
  Color buttonHolder_ = Color::Empty;
  EndReason endReason_ = EndReason::None;
  Color winner_ = Color::Empty;
};

}  // namespace tengen::go
