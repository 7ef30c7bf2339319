// KGS extensions (https://www.gokgs.com/help/gtp.html): kgs-rules, kgs-time_settings,
// kgs-genmove_cleanup.
#include <string>

#include "go/rules.h"
#include "gtp/arguments.h"
#include "gtp/commands.h"
#include "gtp/engine_state.h"

namespace tengen::gtp {

namespace {

// KGS names its four rulesets itself; komi stays whatever `komi` set.
Result<std::string> kgsRules(EngineState& state, Args args) {
  go::Preset preset;
  if (args[0] == "japanese") {
    preset = go::Preset::Japanese;
  } else if (args[0] == "chinese") {
    preset = go::Preset::Chinese;
  } else if (args[0] == "aga") {
    preset = go::Preset::Aga;
  } else if (args[0] == "new_zealand") {
    preset = go::Preset::NewZealand;
  } else {
    return fail("unknown rules, expected japanese, chinese, aga or new_zealand");
  }
  go::Rules rules = go::Rules::fromPreset(preset);
  rules.komi = state.game.rules().komi;
  state.game.setRules(rules);
  return "";
}

Result<std::string> kgsTimeSettings(EngineState& state, Args args) {
  std::vector<int> values;
  for (std::string_view text : args.subspan(1)) {
    const auto value = parseInt(text);
    if (!value || *value < 0) return fail("syntax error");
    values.push_back(*value);
  }
  const std::string_view system = args[0];
  TimeSettings settings;
  if (system == "none" && values.empty()) {
    settings = TimeSettings{};
  } else if (system == "absolute" && values.size() == 1) {
    settings = TimeSettings{TimeSystem::Absolute, values[0], 0, 0, 0};
  } else if (system == "byoyomi" && values.size() == 3) {
    settings = TimeSettings{TimeSystem::Byoyomi, values[0], values[1], 0, values[2]};
  } else if (system == "canadian" && values.size() == 3) {
    settings = TimeSettings{TimeSystem::Canadian, values[0], values[1], values[2], 0};
  } else {
    return fail("syntax error");
  }
  state.time.settings = settings;
  state.time.left = {};
  return "";
}

}  // namespace

void addKgsCommands(CommandTable& table) {
  table.add("kgs-rules", 1, 1, kgsRules);
  table.add("kgs-time_settings", 1, 4, kgsTimeSettings);
  // KGS sends this after a dead-stone dispute, wanting every dead stone captured: the bot
  // does not pass while opponent stones it thinks dead remain on the board.
  table.add("kgs-genmove_cleanup", 1, 1, [](EngineState& state, Args args) -> Result<std::string> {
    const auto color = parseColor(args[0]);
    if (!color) return std::unexpected(color.error());
    const GeneratedMove move = state.genmove(*color, true);
    if (move.resign) return std::string("resign");
    return state.game.geometry().toGtp(move.point);
  });
}

}  // namespace tengen::gtp
