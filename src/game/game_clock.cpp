#include "game/game_clock.h"

#include <boost/json/serialize.hpp>

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace tengen::game {
namespace {

namespace json = boost::json;

constexpr int kMaxSeconds = kMaxTimeSeconds;
constexpr int64_t kMsPerDay = 86400 * 1000LL;
constexpr int64_t kMsPerWeek = 7 * kMsPerDay;
constexpr int64_t kWeekdaysMs = 5 * kMsPerDay;
// 1970-01-05 00:00 UTC was a Monday: weeks counted from it start on Mondays.
constexpr int64_t kFirstMondayMs = 4 * kMsPerDay;
constexpr int64_t kMsPerSecond = 1000;
constexpr std::array<TimeKind, 5> kKinds = {TimeKind::None, TimeKind::Absolute, TimeKind::Byoyomi,
                                            TimeKind::Canadian, TimeKind::Fischer};

// The fields each kind takes, in the order of docs/protocol.md.
std::vector<std::string_view> fieldsOf(TimeKind kind) {
  switch (kind) {
    case TimeKind::None:
      return {"kind"};
    case TimeKind::Absolute:
      return {"kind", "mainSeconds"};
    case TimeKind::Byoyomi:
      return {"kind", "mainSeconds", "periods", "periodSeconds"};
    case TimeKind::Canadian:
      return {"kind", "mainSeconds", "stones", "periodSeconds"};
    case TimeKind::Fischer:
      return {"kind", "mainSeconds", "incrementSeconds", "maxSeconds"};
  }
  return {};
}

// The offending value as JSON, shortened so a huge string cannot flood the error reply.
std::string shown(const json::value& value) {
  std::string text = json::serialize(value);
  if (value.is_double()) {
    // Boost writes 600.0 as "6E2"; show it as the client likely wrote it.
    char buffer[64];
    text.assign(buffer, std::to_chars(buffer, buffer + sizeof buffer, value.get_double()).ptr);
    if (text.find_first_of(".en") == std::string::npos) text += ".0";
  }
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return text;
}

// A name from the client is cut short like a value (an unknown key may be any length).
std::string fieldName(std::string_view field) {
  return "time." +
         (field.size() > 40 ? std::string(field.substr(0, 37)) + "..." : std::string(field));
}

// An integer field in min..max. Doubles are refused even when whole: the protocol says
// integers, and a client sending 1.5 should hear so rather than get 1.
Result<int> readInt(const json::object& object, std::string_view field, int min, int max,
                    std::string_view condition = {}) {
  std::string expected = "expected an integer " + std::to_string(min) + ".." + std::to_string(max) +
                         std::string(condition);
  const json::value* value = object.if_contains(field);
  if (value == nullptr) return fail(fieldName(field) + ": missing, " + expected);
  if (value->is_int64() && value->get_int64() >= min && value->get_int64() <= max) {
    return static_cast<int>(value->get_int64());
  }
  return fail(fieldName(field) + ": " + expected + ", got " + shown(*value));
}

std::string kindList() {
  std::string list;
  for (TimeKind kind : kKinds) {
    if (!list.empty()) list += ", ";
    list += "\"" + std::string(timeKindName(kind)) + "\"";
  }
  return "expected one of " + list;
}

Result<TimeKind> readKind(const json::object& object) {
  const json::value* value = object.if_contains("kind");
  if (value == nullptr) return fail("time.kind: missing, " + kindList());
  if (value->is_string()) {
    for (TimeKind kind : kKinds) {
      if (value->get_string() == timeKindName(kind)) return kind;
    }
  }
  return fail("time.kind: " + kindList() + ", got " + shown(*value));
}

Result<void> refuseUnknownFields(const json::object& object, TimeKind kind) {
  std::vector<std::string_view> allowed = fieldsOf(kind);
  if (kind != TimeKind::None) allowed.push_back("pauseOnWeekends");
  for (const auto& [key, value] : object) {
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::string list;
    for (std::string_view field : allowed) list += (list.empty() ? "" : ", ") + std::string(field);
    return fail(fieldName(key) + ": unknown field for kind \"" + std::string(timeKindName(kind)) +
                "\", expected only " + list);
  }
  return {};
}

int64_t floorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// Weekday milliseconds from the first Monday to t: constant through each weekend.
int64_t weekdayMsUntil(int64_t t) {
  int64_t weeks = floorDiv(t - kFirstMondayMs, kMsPerWeek);
  int64_t intoWeekMs = t - kFirstMondayMs - weeks * kMsPerWeek;
  return weeks * kWeekdaysMs + std::min(intoWeekMs, kWeekdaysMs);
}

// The time t at which weekdayMsUntil(t) == count, for the instant inside a weekday.
int64_t weekdayInstant(int64_t count) {
  int64_t weeks = floorDiv(count, kWeekdaysMs);
  return kFirstMondayMs + weeks * kMsPerWeek + (count - weeks * kWeekdaysMs);
}

int64_t periodLengthMs(const TimeControl& control) { return control.periodSeconds * kMsPerSecond; }

ClockState ranOut() { return {}; }

bool hasRunOut(const ClockState& state) { return state.mainMs == 0 && state.periodsLeft == 0; }

void enterCanadianPeriod(const TimeControl& control, ClockState& state) {
  state.periodsLeft = 1;
  state.stonesLeft = control.stones;
  state.periodMs = periodLengthMs(control);
}

ClockState initialState(const TimeControl& control) {
  ClockState state;
  state.mainMs = control.mainSeconds * kMsPerSecond;
  if (control.kind == TimeKind::Byoyomi) {
    state.periodsLeft = control.periods;
    state.periodMs = periodLengthMs(control);
  }
  if (control.kind == TimeKind::Canadian && state.mainMs == 0) enterCanadianPeriod(control, state);
  return state;
}

// How long a player whose clock starts in `state` may think before running out.
int64_t budgetMs(const TimeControl& control, const ClockState& state) {
  if (control.kind == TimeKind::None) return std::numeric_limits<int64_t>::max();
  if (hasRunOut(state)) return 0;
  switch (control.kind) {
    case TimeKind::Byoyomi:
      return state.mainMs + state.periodsLeft * state.periodMs;
    case TimeKind::Canadian:
      return state.periodsLeft > 0 ? state.periodMs : state.mainMs + periodLengthMs(control);
    default:
      return state.mainMs;
  }
}

// `state` after thinking `elapsedMs` without moving yet, nullopt once the time has run out.
// Runs out exactly when elapsedMs >= budgetMs(control, state), which keeps moveMade() and
// deadlineMs() in agreement.
std::optional<ClockState> charged(const TimeControl& control, ClockState state, int64_t elapsedMs) {
  if (control.kind == TimeKind::None) return state;
  if (elapsedMs >= budgetMs(control, state)) return std::nullopt;
  if (elapsedMs < state.mainMs) {
    state.mainMs -= elapsedMs;
    return state;
  }
  int64_t overMs = elapsedMs - state.mainMs;
  state.mainMs = 0;
  if (control.kind == TimeKind::Byoyomi) {
    // Each period that ran out completely is used up; the current one shows what is left.
    int64_t lengthMs = periodLengthMs(control);
    state.periodsLeft -= static_cast<int>(overMs / lengthMs);
    state.periodMs = lengthMs - overMs % lengthMs;
  } else if (control.kind == TimeKind::Canadian) {
    if (state.periodsLeft == 0) enterCanadianPeriod(control, state);
    state.periodMs -= overMs;
  }
  return state;
}

// The reward of a move made in time, applied to the charged state.
void rewardMove(const TimeControl& control, ClockState& state) {
  switch (control.kind) {
    case TimeKind::Byoyomi:
      state.periodMs = periodLengthMs(control);  // a move within a period keeps it
      break;
    case TimeKind::Canadian:
      if (state.periodsLeft > 0 && --state.stonesLeft == 0) enterCanadianPeriod(control, state);
      break;
    case TimeKind::Fischer: {
      int64_t withIncrementMs = state.mainMs + control.incrementSeconds * kMsPerSecond;
      if (control.maxSeconds > 0) {
        withIncrementMs =
            std::max(state.mainMs, std::min(withIncrementMs, control.maxSeconds * kMsPerSecond));
      }
      state.mainMs = withIncrementMs;
      break;
    }
    default:
      break;
  }
}

}  // namespace

int64_t chargeableMs(bool pauseOnWeekends, int64_t fromMs, int64_t toMs) {
  if (toMs <= fromMs) return 0;
  if (!pauseOnWeekends) return toMs - fromMs;
  return weekdayMsUntil(toMs) - weekdayMsUntil(fromMs);
}

int64_t afterChargingMs(bool pauseOnWeekends, int64_t fromMs, int64_t spendMs) {
  if (spendMs <= 0) return fromMs;
  if (!pauseOnWeekends) {
    return spendMs > std::numeric_limits<int64_t>::max() - fromMs
               ? std::numeric_limits<int64_t>::max()
               : fromMs + spendMs;
  }
  // The instant one millisecond short of the spend lies on a weekday; the spend completes
  // one millisecond later (a deadline never lands inside a weekend, whose time is free).
  return weekdayInstant(weekdayMsUntil(fromMs) + spendMs - 1) + 1;
}

std::string_view timeKindName(TimeKind kind) {
  switch (kind) {
    case TimeKind::None:
      return "none";
    case TimeKind::Absolute:
      return "absolute";
    case TimeKind::Byoyomi:
      return "byoyomi";
    case TimeKind::Canadian:
      return "canadian";
    case TimeKind::Fischer:
      return "fischer";
  }
  return "?";
}

Result<TimeControl> TimeControl::fromJson(const json::value& value) {
  if (!value.is_object()) return fail("time: expected an object, got " + shown(value));
  const json::object& object = value.as_object();
  Result<TimeKind> kind = readKind(object);
  if (!kind) return std::unexpected(kind.error());
  if (Result<void> known = refuseUnknownFields(object, *kind); !known) {
    return std::unexpected(known.error());
  }

  TimeControl control;
  control.kind = *kind;
  if (control.kind == TimeKind::None) return control;
  // Absolute and fischer have nothing but main time when the clock first starts.
  bool mainOnly = control.kind == TimeKind::Absolute || control.kind == TimeKind::Fischer;
  Result<int> main = readInt(object, "mainSeconds", mainOnly ? 1 : 0, kMaxSeconds);
  if (!main) return std::unexpected(main.error());
  control.mainSeconds = *main;

  auto readInto = [&](int& target, std::string_view field, int min, int max,
                      std::string_view condition = {}) -> Result<void> {
    Result<int> number = readInt(object, field, min, max, condition);
    if (!number) return std::unexpected(number.error());
    target = *number;
    return {};
  };
  Result<void> rest;
  switch (control.kind) {
    case TimeKind::Byoyomi:
      rest = readInto(control.periods, "periods", 1, 100);
      break;
    case TimeKind::Canadian:
      rest = readInto(control.stones, "stones", 1, 1000);
      break;
    case TimeKind::Fischer:
      rest = readInto(control.incrementSeconds, "incrementSeconds", 0, kMaxSeconds);
      if (rest) rest = readInto(control.maxSeconds, "maxSeconds", 0, kMaxSeconds);
      break;
    default:
      break;
  }
  if (rest && (control.kind == TimeKind::Byoyomi || control.kind == TimeKind::Canadian)) {
    // Main time plus overtime must give at least one second.
    bool needPeriod = control.mainSeconds == 0;
    rest = readInto(control.periodSeconds, "periodSeconds", needPeriod ? 1 : 0, kMaxSeconds,
                    needPeriod ? " when mainSeconds is 0" : "");
  }
  if (!rest) return std::unexpected(rest.error());
  if (const json::value* weekends = object.if_contains("pauseOnWeekends")) {
    if (!weekends->is_bool()) {
      return fail("time.pauseOnWeekends: expected true or false, got " + shown(*weekends));
    }
    control.pauseOnWeekends = weekends->get_bool();
  }
  return control;
}

json::object TimeControl::toJson() const {
  json::object object;
  object["kind"] = timeKindName(kind);
  if (kind == TimeKind::None) return object;
  object["mainSeconds"] = mainSeconds;
  switch (kind) {
    case TimeKind::Byoyomi:
      object["periods"] = periods;
      object["periodSeconds"] = periodSeconds;
      break;
    case TimeKind::Canadian:
      object["stones"] = stones;
      object["periodSeconds"] = periodSeconds;
      break;
    case TimeKind::Fischer:
      object["incrementSeconds"] = incrementSeconds;
      object["maxSeconds"] = maxSeconds;
      break;
    default:
      break;
  }
  if (pauseOnWeekends) object["pauseOnWeekends"] = true;
  return object;
}

int TimeControl::sgfMainSeconds() const { return kind == TimeKind::None ? 0 : mainSeconds; }

// The OT forms other programs write and read (KGS, CGoban, Sabaki): "<periods>x<seconds>
// byo-yomi", "<stones>/<seconds> Canadian", "<increment> Fischer".
// Paused weekends are named after the overtime, as free text (no SGF program reads OT's rules).
std::string TimeControl::sgfOvertime() const {
  std::string weekends = pauseOnWeekends ? " (weekends paused)" : "";
  switch (kind) {
    case TimeKind::Absolute:
      return pauseOnWeekends ? "weekends paused" : "";
    case TimeKind::Byoyomi:
      return std::to_string(periods) + "x" + std::to_string(periodSeconds) + " byo-yomi" + weekends;
    case TimeKind::Canadian:
      return std::to_string(stones) + "/" + std::to_string(periodSeconds) + " Canadian" + weekends;
    case TimeKind::Fischer:
      return std::to_string(incrementSeconds) + " Fischer" +
             (maxSeconds > 0 ? " max " + std::to_string(maxSeconds) : "") + weekends;
    default:
      return "";
  }
}

json::object ClockState::toJson() const {
  return {{"mainMs", mainMs},
          {"periodsLeft", periodsLeft},
          {"periodMs", periodMs},
          {"stonesLeft", stonesLeft}};
}

GameClock::GameClock(TimeControl control) : control_(control) {
  clocks_[0] = clocks_[1] = initialState(control_);
}

void GameClock::start(go::Color color, int64_t nowMs) {
  assert(go::isStone(color));
  if (running_ == color) return;
  stop(nowMs);
  running_ = color;
  startedMs_ = nowMs;
  thinkMs_ = 0;
}

int64_t GameClock::elapsedMs(int64_t nowMs) const {
  if (paused_) return thinkMs_;
  return thinkMs_ + chargeableMs(control_.pauseOnWeekends, startedMs_, nowMs);
}

void GameClock::stop(int64_t nowMs) {
  if (!running_) return;
  ClockState& clock = clocks_[go::colorIndex(*running_)];
  std::optional<ClockState> after = charged(control_, clock, elapsedMs(nowMs));
  if (after && control_.kind == TimeKind::Byoyomi) rewardMove(control_, *after);
  clock = after.value_or(ranOut());
  running_.reset();
  thinkMs_ = 0;
}

bool GameClock::moveMade(int64_t nowMs) {
  if (!running_) return true;
  ClockState& clock = clocks_[go::colorIndex(*running_)];
  std::optional<ClockState> after = charged(control_, clock, elapsedMs(nowMs));
  if (!after) return false;
  rewardMove(control_, *after);
  clock = *after;
  running_ = go::opponent(*running_);
  startedMs_ = nowMs;
  thinkMs_ = 0;
  return true;
}

void GameClock::restart(int64_t nowMs, std::optional<int64_t> aliveUntilMs) {
  if (!running_) return;
  if (aliveUntilMs) thinkMs_ = elapsedMs(std::min(*aliveUntilMs, nowMs));
  startedMs_ = std::max(startedMs_, nowMs);
}

void GameClock::pause(int64_t nowMs) {
  if (paused_) return;
  if (running_) thinkMs_ = elapsedMs(nowMs);
  paused_ = true;
}

void GameClock::resume(int64_t nowMs) {
  if (!paused_) return;
  paused_ = false;
  startedMs_ = std::max(startedMs_, nowMs);
}

std::optional<int64_t> GameClock::deadlineMs() const {
  if (!running_ || !enabled() || paused_) return std::nullopt;
  const int64_t leftMs = budgetMs(control_, clocks_[go::colorIndex(*running_)]) - thinkMs_;
  return afterChargingMs(control_.pauseOnWeekends, startedMs_, leftMs);
}

ClockState GameClock::state(go::Color color, int64_t nowMs) const {
  assert(go::isStone(color));
  const ClockState& clock = clocks_[go::colorIndex(color)];
  if (running_ != color) return clock;
  return charged(control_, clock, elapsedMs(nowMs)).value_or(ranOut());
}

json::value GameClock::toJson(int64_t nowMs) const {
  if (!enabled()) return nullptr;
  json::object object;
  object["black"] = state(go::Color::Black, nowMs).toJson();
  object["white"] = state(go::Color::White, nowMs).toJson();
  if (running_) {
    object["running"] = go::colorName(*running_);
  } else {
    object["running"] = nullptr;
  }
  object["serverTimeMs"] = nowMs;
  if (control_.pauseOnWeekends) object["pauseOnWeekends"] = true;
  if (paused_) object["paused"] = true;
  return object;
}

}  // namespace tengen::game
