// time_settings, time_left (GTP v2 6.3.7). genmove budgets the bot's thinking time from
// them (bot/time_manager.h, through clockView in engine_state.h).
#include "gtp/arguments.h"
#include "gtp/commands.h"
#include "gtp/engine_state.h"

namespace tengen::gtp {

namespace {

Result<int> parseSeconds(std::string_view text) {
  const auto value = parseInt(text);
  if (!value || *value < 0) return fail("syntax error");
  return *value;
}

Result<std::string> timeSettings(EngineState& state, Args args) {
  const auto main = parseSeconds(args[0]);
  const auto period = parseSeconds(args[1]);
  const auto stones = parseSeconds(args[2]);
  if (!main || !period || !stones) return fail("syntax error");
  TimeSettings settings{TimeSystem::Canadian, *main, *period, *stones, 0};
  // GTP v2 6.3.7: byo-yomi time with zero stones means no time limit; no byo-yomi time
  // means main time only.
  if (*period > 0 && *stones == 0) {
    settings = TimeSettings{};
  } else if (*period == 0) {
    settings = TimeSettings{TimeSystem::Absolute, *main, 0, 0, 0};
  }
  state.time.settings = settings;
  state.time.left = {};
  return "";
}

Result<std::string> timeLeft(EngineState& state, Args args) {
  const auto color = parseColor(args[0]);
  const auto seconds = parseNumber(args[1]);
  const auto stones = parseSeconds(args[2]);
  if (!color || !seconds || !stones) return fail("syntax error");
  state.time.left[go::colorIndex(*color)] = TimeLeft{*seconds, *stones};
  return "";
}

}  // namespace

void addTimeCommands(CommandTable& table) {
  table.add("time_settings", 3, 3, timeSettings);
  table.add("time_left", 3, 3, timeLeft);
}

}  // namespace tengen::gtp
