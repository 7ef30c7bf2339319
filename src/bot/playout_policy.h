#pragma once

// The heavy playout policy of the Monte Carlo search (MoGo, Gelly et al. 2006; Fuego; Pachi's
// moggy): instead of uniformly random moves, answer the last move locally first.
//
//   bot::PlayoutPolicy policy;  // one, shared read-only by all search threads
//   int n = bot::runPlayout(policy, board, toMove, last, last2, rng, allowSuicide,
//                           3 * size * size, [&](go::Point p, go::Color c) { amaf(p, c); });
//
// Cost: a few times a light playout (bench/bot_bench.cpp measures both).

#include <span>

#include "bot/playout_options.h"
#include "go/board.h"
#include "go/random.h"

namespace tengen::bot {

class PatternTable;
class Pattern3Gammas;
class LastGoodReplies;

// An empty point whose eight neighbours are empty too (so never on the first line): a move
// there is legal and touches nothing. The fill-board rule plays such points.
bool isOpenArea(const go::Board& board, go::Point p);

// Where a bad self-atari of `c` at `p` attacks from the right side: the other liberty of an
// opponent chain of two liberties next to `p`, if `c` may play it there (a playout candidate,
// no bad self-atari under `nakadeStones` and `enclosedNakade`); one drawn by `rng` when
// several are; kPass when none.
go::Point selfAtariCousin(const go::Board& board, go::Point p, go::Color c, go::Random& rng,
                          bool allowSuicide, int nakadeStones, int enclosedNakade);

class PlayoutPolicy {
 public:
  // Builds the pattern table on first use (shared); cheap to copy or share read-only across
  // threads.
  PlayoutPolicy();
  explicit PlayoutPolicy(PlayoutOptions options);

  // The next playout move for `c`: board-level legal under allowSuicide (never the simple-ko
  // point), never filling c's own eye-like point, kPass when no such move remains.
  // `last` and `last2` are the previous move and the one before it (kPass or kNoPoint when
  // none). In order of preference:
  //   0. (when PlayoutOptions::fillBoardTries is set) a point drawn at random from the whole
  //      board that is empty with its eight neighbours, the first of that many draws;
  //   0a. (when `openKo` is a point: runPlayout passes the point of a recent ko capture
  //      whose ban is lifted, PlayoutOptions::koRate) connect or retake at it;
  //   1. the last move put a chain of c in atari: save it (capture a neighbouring opponent
  //      chain in atari, or extend when that gains liberties and is not a ladder);
  //   2. capture an opponent chain in atari next to the last move (its 3x3 neighbourhood);
  //   2a. (when `replies` is given) the last good reply to the last two moves
  //      (last_good_reply.h), if it is still a candidate and no bad self-atari;
  //   2b. (when PlayoutOptions::nakadeVitalRate is set) the vital point of the last mover's
  //      small eye space next to the last move (nakade_vital_point.h), if no bad self-atari;
  //   3. (when PlayoutOptions::twoLibertyRate is set) a two-liberty fight next to the last
  //      move (bot::twoLibertyMoves): gain liberties for a chain of c the last move left two,
  //      or atari the last move's chain when it cannot run away;
  //   4. a 3x3 pattern on one of the last move's eight neighbours (PlayoutOptions::
  //      patternChoice says which and how it is drawn);
  //   5. a uniformly random move from the board's empty points that is neither an own eye nor
  //      a bad self-atari (tactics.h), by the rejection sampling of go::randomMove (or, with
  //      PlayoutOptions::randomCandidates, one of that many such moves by 3x3 strength).
  // Moves of rules 1-4 are not bad self-ataris either. Ties are broken by `rng`.
  // Reorders the board's empty-point list (never its position). Thread-safe (const).
  go::Point choose(go::Board& board, go::Color c, go::Point last, go::Point last2, go::Random& rng,
                   bool allowSuicide, const LastGoodReplies* replies = nullptr,
                   go::Point openKo = go::kNoPoint) const;

  // The random phase alone (rule 5).
  go::Point randomMove(go::Board& board, go::Color c, go::Random& rng, bool allowSuicide) const;

  const PlayoutOptions& options() const { return options_; }

 private:
  go::Point fillBoardMove(const go::Board& board, go::Random& rng) const;
  go::Point koMove(const go::Board& board, go::Color c, go::Point openKo, bool allowSuicide) const;
  // Also lists the last liberties of the chains it could not save by extension in `futile`
  // (at most 4).
  go::Point saveMove(const go::Board& board, go::Color c, go::Point last, go::Random& rng,
                     bool allowSuicide, go::Point* futile, int& numFutile) const;
  go::Point captureMove(const go::Board& board, go::Color c, go::Point last, go::Random& rng,
                        bool allowSuicide) const;
  go::Point replyMove(const go::Board& board, go::Color c, go::Point last, go::Point last2,
                      bool allowSuicide, const LastGoodReplies& replies,
                      std::span<const go::Point> futile) const;
  go::Point twoLibertyMove(const go::Board& board, go::Color c, go::Point last, go::Random& rng,
                           bool allowSuicide) const;
  go::Point patternMove(const go::Board& board, go::Color c, go::Point last, go::Random& rng,
                        bool allowSuicide, std::span<const go::Point> futile) const;

  PlayoutOptions options_;
  const PatternTable* patterns_;  // the shared MoGo table
  const Pattern3Gammas* gammas_;  // the learned 3x3 strengths, shared
};

// A whole playout on `board` from `toMove`: until two passes in a row or `maxMoves`; calls
// `onMove(point, colour)` for every stone played (the search records AMAF from it);
// `replies` (null: none) are the last good replies rule 2a plays. Returns the moves played,
// passes included. With PlayoutOptions::koRate it follows the kos taken (a ban on the board
// at the start counts as taken by the last move) and offers choose() the ko point while the
// ko is recent and its ban lifted.
template <class OnMove>
int runPlayout(const PlayoutPolicy& policy, go::Board& board, go::Color toMove, go::Point last,
               go::Point last2, go::Random& rng, bool allowSuicide, int maxMoves, OnMove&& onMove,
               const LastGoodReplies* replies = nullptr) {
  const bool fightKos = policy.options().koRate > 0;
  const int koAge = policy.options().koAge;
  go::Point ko = board.koPoint();
  int koTakenAt = -1;  // the index of the move that took `ko` (-1: the one before the playout)
  int moves = 0;
  int passes = 0;
  while (passes < 2 && moves < maxMoves) {
    const go::Point openKo = fightKos && ko != go::kNoPoint && board.koPoint() == go::kNoPoint &&
                                     moves - koTakenAt <= koAge
                                 ? ko
                                 : go::kNoPoint;
    const go::Point p =
        policy.choose(board, toMove, last, last2, rng, allowSuicide, replies, openKo);
    if (p == go::kPass) {
      board.pass();
      ++passes;
    } else {
      board.play(p, toMove);
      onMove(p, toMove);
      passes = 0;
      if (fightKos && board.koPoint() != go::kNoPoint) {
        ko = board.koPoint();
        koTakenAt = moves;
      }
    }
    last2 = last;
    last = p;
    toMove = go::opponent(toMove);
    ++moves;
  }
  return moves;
}

}  // namespace tengen::bot
