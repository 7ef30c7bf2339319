#pragma once

// A game table for GameMachine tests: commands are decided and their events applied at once
// with the next seq and an explicit time, as the room does once the store has them; the log
// is kept so a test can replay it.

#include <gtest/gtest.h>

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "game/event_log_format.h"
#include "game/game_machine.h"
#include "go/rules.h"
#include "support/typed_settings.h"

namespace tengen::game::test {

inline const Actor kAlice{1, "alice"};  // owns every table
inline const Actor kBob{2, "bob"};
inline const Actor kCarol{3, "carol"};  // watches
inline const Actor kNobody{0, ""};
inline constexpr int64_t kStartMs = 1796000000000;  // 2026-11-30 UTC

inline GameSettings settingsFor(std::string rules, int size = 9, std::string colour = "black") {
  GameSettings s;
  s.id = 12;
  s.size = size;
  s.rules = rulesOf(rules);
  s.colourChoice = parseColourChoice(colour).value();
  s.ownerUserId = kAlice.userId;
  s.createdMs = kStartMs - 60000;
  return s;
}

// The command of this wire name, whoever may send it (game_commands.h).
inline Command command(std::string_view type, boost::json::object fields = {}) {
  return decodeCommand(commandNamed(type).value(), fields);
}

// The outcome of one command as a line a test compares: "" when accepted, else
// "code" or "code reason".
inline std::string describe(const CommandError& e) {
  return e.reason.empty() ? e.code : e.code + " " + e.reason;
}

struct Table {
  explicit Table(GameSettings s)
      : settings(std::move(s)),
        machine(
            std::move(GameMachine::create(settings, Player{kAlice.userId, kAlice.name}).value())) {}

  GameSettings settings;
  GameMachine machine;
  std::vector<LoggedEvent> log;
  std::vector<boost::json::object> wire;  // each logged event as a spectator sees it
  int64_t nowMs = kStartMs;

  // Decides at nowMs (then advances it by stepMs) and applies the events; returns the
  // refusal, or the kinds of the events appended ("pass end").
  std::expected<std::string, CommandError> send(const Actor& actor, const Command& c,
                                                int64_t stepMs = 1000) {
    const int64_t at = nowMs;
    nowMs += stepMs;
    auto decided = machine.decide(actor, c, at);
    if (!decided) return std::unexpected(decided.error());
    std::string kinds;
    for (const Event& e : *decided) {
      // Through the log's format and back, as a replay reads it.
      const LoggedEvent row = machine.logged(e, machine.version() + 1, at);
      EXPECT_EQ(row.type, eventKind(e));
      auto applied = machine.apply(row);
      EXPECT_TRUE(applied) << applied.error().toString();
      if (!applied)
        return std::unexpected(CommandError{"apply_failed", applied.error().toString(), ""});
      log.push_back(row);
      wire.push_back(machine.eventMessage(e, row.seq, row.timeMs, Viewer::Spectator, at)
                         .at("event")
                         .as_object());
      kinds += (kinds.empty() ? "" : " ") + std::string(eventKind(e));
    }
    return kinds;
  }

  // "" if accepted, else the refusal ("illegal_move ko").
  std::string refusal(const Actor& actor, const Command& c, int64_t stepMs = 1000) {
    auto r = send(actor, c, stepMs);
    return r ? "" : describe(r.error());
  }

  // Plays "B D4 W C3 B pass" with the seated players; returns "" or the first refusal,
  // prefixed with its move ("W D4: illegal_move occupied").
  std::string play(const std::string& moves) {
    std::istringstream in(moves);
    std::string colour, point;
    while (in >> colour >> point) {
      const Actor& actor = colour == "B" ? blackActor() : whiteActor();
      const Command c = point == "pass" ? command("pass") : command("move", {{"point", point}});
      const std::string refused = refusal(actor, c);
      if (!refused.empty()) return colour + " " + point + ": " + refused;
    }
    return "";
  }

  const Actor& blackActor() const {
    return machine.black() && machine.black()->id == kBob.userId ? kBob : kAlice;
  }
  const Actor& whiteActor() const {
    return machine.white() && machine.white()->id == kBob.userId ? kBob : kAlice;
  }

  boost::json::object state() const { return machine.stateJson(nowMs); }
  std::string lastKind() const { return log.empty() ? "" : log.back().type; }
  // The game_event message of a logged event as `viewer` would get it now.
  boost::json::object messageFor(const LoggedEvent& row, Viewer viewer) const {
    auto event = fromLogged(row, machine.game().geometry());
    EXPECT_TRUE(event) << event.error().toString();
    return machine.eventMessage(*event, row.seq, row.timeMs, viewer, nowMs);
  }
  // The last event as clients see it (the wire's `event` object, not the log's payload).
  boost::json::object lastPayload() const { return wire.back(); }
};

// A table alice opened as Black (or the given colour) and bob joined: the game runs.
inline Table startedTable(std::string rules, int size = 9, std::string colour = "black") {
  Table t(settingsFor(std::move(rules), size, std::move(colour)));
  auto joined = t.send(kBob, command("join", {{"coin", 1}}));
  EXPECT_TRUE(joined) << describe(joined.error());
  return t;
}

// The board of the state as rows, top first, joined by '\n' (easier to read on failure).
inline std::string boardRows(const boost::json::object& state, int size) {
  const std::string board(state.at("board").as_string());
  std::string out;
  for (int row = 0; row < size; ++row) out += board.substr(row * size, size) + "\n";
  return out;
}

}  // namespace tengen::game::test
