#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "go/game.h"
#include "go/point_set.h"
#include "go/random.h"
#include "go/rules.h"
#include "gtp/time_control.h"
#include "sgf/game_record.h"

namespace tengen::gtp {

// The rules a fresh engine plays by, as GNU Go does: Chinese area scoring, komi 7.5, 19x19.
go::Rules defaultRules();
constexpr int kDefaultSize = 19;

// Everything the command handlers share: the game, the dead-stone marks for
// tengen-score, the clocks the controller reported, the game record's metadata and the
// random source for genmove. Operations that must keep these consistent (a move clears
// the marks, a new game resets the record) are member functions; the rest is plain data.
struct EngineState {
  EngineState(int size, const go::Rules& rules, std::uint64_t seed);

  go::Game game;
  go::PointSet deadMarks;  // tengen-mark_dead; cleared by every change of position
  TimeState time;
  // From loadsgf, written back by printsgf; the result is dropped once the game changes.
  sgf::GameInfo info;
  std::vector<std::optional<double>> moveTimesLeft;  // one entry per move of `game`
  go::Random rng;
  bool quitRequested = false;

  // A new empty board of `size` under the current rules and komi.
  void newGame(int size);
  // Replaces the game (loadsgf); the record's metadata comes with it.
  void replaceGame(go::Game loaded, sgf::GameInfo loadedInfo,
                   std::vector<std::optional<double>> loadedTimes);
  // Plays in GTP's free mode (any colour, resumes an ended game).
  go::MoveVerdict play(go::Color c, go::Point p);
  bool undo();
  // genmove: the random placeholder move for `c`, played; kPass when none is left.
  go::Point genmove(go::Color c);
  // Handicap needs an empty board and no history; passes alone are forgotten. False if
  // a stone is on the board.
  bool prepareForHandicap();
  bool placeHandicap(const std::vector<go::Point>& stones);
};

}  // namespace tengen::gtp
