#pragma once

// Which rules the playout policy (playout_policy.h) applies and how often: one plain value,
// made from BotOptions by bot.h playoutOptions and read by PlayoutPolicy.

#include <cstdint>

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

}  // namespace tengen::bot
