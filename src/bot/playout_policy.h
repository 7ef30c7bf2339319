#pragma once

// The heavy playout policy of the Monte Carlo search (MoGo, Gelly et al. 2006; Fuego; Pachi's
// moggy): instead of uniformly random moves, answer the last move locally first.
//
//   bot::PlayoutPolicy policy;  // one, shared read-only by all search threads
//   int n = bot::runPlayout(policy, board, toMove, last, last2, rng, allowSuicide,
//                           3 * size * size, [&](go::Point p, go::Color c) { amaf(p, c); });
//
// Cost: a few times a light playout (bench/bot_bench.cpp measures both).

#include <cstdint>
#include <span>

#include "go/board.h"
#include "go/random.h"

namespace tengen::bot {

// How the pattern rule (PlayoutPolicy::choose, rule 4) picks among the last move's neighbours.
enum class PatternChoice : std::uint8_t {
  Mogo,          // uniformly among those a MoGo pattern matches (patterns.h)
  MogoWeighted,  // among the same, in proportion to their learned strength (pattern3_gammas.h)
  Learned,       // among those whose learned strength reaches PlayoutOptions::learnedPatternMin,
                 // in proportion to it
};

// How often each rule of choose() is applied when it has a move (out of 256; MoGo applies
// them always, Pachi at 90-100%): a little randomness keeps playouts from being too sure.
struct PlayoutOptions {
  // MoGo's fill-board rule (rule 0 of PlayoutPolicy::choose): before any other, this many
  // points of the board are drawn at random and the first open one (isOpenArea) is
  // played, so playouts on big boards lay out the empty areas before they fight. 0: off.
  int fillBoardTries = 0;
  // Ko fights (rule 0a of PlayoutPolicy::choose, Pachi's moggy does the same): in the few
  // moves after a ko capture, once the ban is lifted (a threat was played and answered),
  // play the ko point: the capturer connects, the other side takes back. Without it a
  // playout leaves every open ko to chance. 0: off (runPlayout then tracks no ko).
  int koRate = 0;
  // How many moves after the capture the ko stays fought over: 3 covers the capturer's
  // connection (two moves later) and the retake (three).
  int koAge = 3;
  int saveRate = 256;     // save own chain put in atari by the last move
  int captureRate = 256;  // capture an opponent chain in atari near the last move
  // Two-liberty fights next to the last move (tactics.h). Off: measured against GNU Go it won
  // no more 9x9 games and fewer 19x19 ones for its cost (docs/strength.md).
  int twoLibertyRate = 0;
  // The nakade rule (rule 2b of PlayoutPolicy::choose, Pachi's playouts do the same at 80%):
  // when the last move borders an eye space of its owner's with a vital point
  // (nakade_vital_point.h), play it, so that a group with one big eye dies in the playouts
  // as it would in a game. 0: off.
  int nakadeVitalRate = 0;
  int patternRate = 256;  // 3x3 pattern next to the last move
  PatternChoice patternChoice = PatternChoice::Mogo;
  // PatternChoice::Learned: the least learned strength (3x3 gamma times the orthogonal or
  // diagonal distance gamma) a neighbour needs to be a candidate.
  float learnedPatternMin = 2.0f;
  int ladderBudget = 10;        // moves the ladder reader may play when checking an escape; 0: off
  bool rejectSelfAtari = true;  // in the random phase
  // In the random phase (uniform draws), how often (of 256) a point rejected as a bad
  // self-atari is redirected to selfAtariCousin's move instead, as Pachi's playouts do: the
  // attack was right, from the wrong side. 0: off (the point is only rejected).
  int selfAtariRedirectRate = 0;
  // The largest self-atari chain a move may make next to an opponent chain short of
  // liberties (tactics.h isBadSelfAtari): 1, single-stone throw-ins only; 3 lets a nakade
  // of two or three stones be played.
  int nakadeStones = 1;
  // The largest self-atari chain a move may make inside a space the opponent encloses
  // (tactics.h isEnclosedNakade), whatever the liberties around: 0 off, up to 4. The tree's
  // priors take the same rule (PriorOptions::enclosedNakade); the bot sets it from
  // BotOptions::enclosedNakade (bot.h playoutOptions), off unless asked.
  int enclosedNakade = 0;
  // The random phase (rule 5 of PlayoutPolicy::choose) sets aside this many acceptable points
  // and plays one drawn in proportion to its learned 3x3 strength (Pattern3Gammas), a cheap
  // step from uniform moves towards CrazyStone's playouts, where every move is drawn by its
  // strength. 1: uniformly, as MoGo does. At most kMostRandomCandidates.
  int randomCandidates = 1;
};

inline constexpr int kMostRandomCandidates = 16;

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
