#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "bot/bot.h"
#include "go/confirmation.h"
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

// What genmove answers: a move (kPass for a pass) or a resignation.
struct GeneratedMove {
  go::Point point = go::kPass;
  bool resign = false;
};

// The mover's clock as the bot's time management reads it, from what time_settings /
// kgs-time_settings and time_left reported; nullopt when there is no time limit.
std::optional<bot::ClockView> clockView(const TimeState& time, go::Color c);

// Everything the command handlers share: the game, the dead-stone marks for
// tengen-score, the clocks the controller reported, the game record's metadata and the
// bot that answers genmove (it keeps its search tree between moves). Operations that must keep
// these consistent (a move clears the marks, a new game resets the record) are member functions;
// the rest is plain data.
struct EngineState {
  EngineState(int size, const go::Rules& rules, std::uint64_t seed,
              const bot::BotOptions& botOptions = {});

  go::Game game;
  go::PointSet deadMarks;  // tengen-mark_dead; cleared by every change of position
  // tengen-confirm_start .. tengen-confirm_end (confirm_commands.cpp): the confirmation under
  // way, played on its own board; the game stays as it stopped.
  std::optional<go::Confirmation> confirmation;
  // The verdicts of ended confirmations: chains confirmed dead, and confirmed alive. They
  // override the marks and the estimate for those chains (settled()); a later confirmation
  // of the same chains replaces its verdict; cleared by every change of position.
  go::PointSet confirmedDead;
  go::PointSet confirmedAlive;
  TimeState time;
  // From loadsgf, written back by printsgf; the result is dropped once the game changes.
  sgf::GameInfo info;
  std::vector<sgf::MoveTime> moveTimes;  // one entry per move of `game`
  go::Random rng;
  std::unique_ptr<bot::Bot> bot;
  bool quitRequested = false;

  // `dead` with the confirmation verdicts applied: confirmed-dead chains added,
  // confirmed-alive chains taken out. What every count uses (tengen-score, final_score,
  // final_status_list, tengen-status, printsgf's result).
  go::PointSet settled(go::PointSet dead) const;
  // Ends the confirmation under way and records its verdict.
  go::LifeVerdict endConfirmation();

  // A new empty board of `size` under the current rules and komi.
  void newGame(int size);
  // Replaces the game (loadsgf); the record's metadata comes with it.
  void replaceGame(go::Game loaded, sgf::GameInfo loadedInfo,
                   std::vector<sgf::MoveTime> loadedTimes);
  // Plays in GTP's free mode (any colour, resumes an ended game).
  go::MoveVerdict play(go::Color c, go::Point p);
  bool undo();
  // genmove: the bot's move for `c` under the game's rules and `c`'s clock, played (a
  // resignation is not played: the controller ends the game). `cleanup`
  // (kgs-genmove_cleanup): no pass while the opponent's dead stones remain on the board.
  GeneratedMove genmove(go::Color c, bool cleanup = false);
  // Handicap needs an empty board and no history; passes alone are forgotten. False if
  // a stone is on the board.
  bool prepareForHandicap();
  bool placeHandicap(const std::vector<go::Point>& stones);

 private:
  // Every change of position: the marks, a confirmation under way and the verdicts go.
  void clearPositionMarks();
};

}  // namespace tengen::gtp
