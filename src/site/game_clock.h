#pragma once

// Time controls and the two players' clocks, run by the server (docs/protocol.md, "Clocks").
// Pure logic over explicit times in Unix milliseconds: no timers, no reading of the system
// clock, so a replay of the log with the events' own times rebuilds the clocks exactly.

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <cstdint>
#include <optional>
#include <string>

#include "base/result.h"
#include "go/color.h"

namespace tengen::site {

enum class TimeKind { None, Absolute, Byoyomi, Canadian, Fischer };

struct TimeControl {
  TimeKind kind = TimeKind::None;
  int mainSeconds = 0;
  int periods = 0;          // byoyomi
  int periodSeconds = 0;    // byoyomi, canadian
  int stones = 0;           // canadian
  int incrementSeconds = 0; // fischer
  int maxSeconds = 0;       // fischer; 0 = no cap

  // The `time` object of create_table. Errors name the field and the allowed range.
  static Result<TimeControl> fromJson(const boost::json::value& value);
  boost::json::object toJson() const;
  // SGF TM (main time in seconds) and OT ("5x30 byo-yomi", "25/300 Canadian",
  // "10 Fischer", "" for none/absolute).
  int sgfMainSeconds() const;
  std::string sgfOvertime() const;
  bool operator==(const TimeControl&) const = default;
};

// One player's remaining time. In byoyomi `periodMs` is the period length while periods
// remain; in canadian it is the time left in the current period and `stonesLeft` the moves
// still due in it.
struct ClockState {
  int64_t mainMs = 0;
  int periodsLeft = 0;
  int64_t periodMs = 0;
  int stonesLeft = 0;
  bool operator==(const ClockState&) const = default;
};

class GameClock {
 public:
  explicit GameClock(TimeControl control = {});

  const TimeControl& control() const { return control_; }
  bool enabled() const { return control_.kind != TimeKind::None; }

  // Starts `color`'s clock at nowMs (the other one stops).
  void start(go::Color color, int64_t nowMs);
  // Stops whichever clock runs, charging its player up to nowMs (removal phase, game end).
  void stop(int64_t nowMs);
  // The running player finished a move (or pass) at nowMs: charge the time, apply the
  // overtime rule (period kept or used, canadian stones, fischer increment), then start the
  // opponent's clock. Returns false (and changes nothing) if the player's time had run out
  // before nowMs: the caller ends the game on time instead.
  bool moveMade(int64_t nowMs);
  // Restarts the running clock at nowMs without charging the time since it last started
  // (server restart).
  void restart(int64_t nowMs);

  std::optional<go::Color> running() const { return running_; }
  // When the running player's time runs out, nullopt when none runs or without a control.
  std::optional<int64_t> deadlineMs() const;
  // Remaining time of `color` as of nowMs (the running clock is charged up to nowMs).
  ClockState state(go::Color color, int64_t nowMs) const;
  // {"black":{mainMs,periodsLeft,periodMs,stonesLeft},"white":{…},"running":"black"|null,
  //  "serverTimeMs":nowMs}, or null without a time control.
  boost::json::value toJson(int64_t nowMs) const;

 private:
  TimeControl control_;
  ClockState clocks_[2];
  std::optional<go::Color> running_;
  int64_t startedMs_ = 0;
};

}  // namespace tengen::site
