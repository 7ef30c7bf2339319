#include <CLI/CLI.hpp>

#include <cstdio>

#include "cli/commands.h"
#include "site/bots/bot_roster.h"

namespace tengen::cli {

namespace {

constexpr const char* kLevelsFormatHelp =
    "Output: one line per level, weakest first, four tab-separated fields:\n"
    "  NAME <TAB> PLAYOUTS <TAB> SECONDS <TAB> RANK\n"
    "PLAYOUTS and SECONDS are what each move may use (0: no limit of that kind); RANK is\n"
    "the 19x19 rank the site shows (e.g. 11k). tools/strength/calibrate_levels.sh plays the\n"
    "levels from these lines and compares the ranks it measures with them.\n";

int printLevels() {
  for (const site::BotSpec& level : site::builtinBots()) {
    const std::string rank = site::shownRank(level).value_or("?");
    std::printf("%s\t%d\t%g\t%s\n", level.name.c_str(), level.playouts, level.seconds,
                rank.c_str());
  }
  return 0;
}

}  // namespace

void addLevelsCommand(CLI::App& app, int& exitCode) {
  auto* cmd = app.add_subcommand(
      "levels", "List the site's built-in bot levels: playouts, seconds and shown rank");
  cmd->footer(kLevelsFormatHelp);
  cmd->callback([&exitCode] { exitCode = printLevels(); });
}

}  // namespace tengen::cli
