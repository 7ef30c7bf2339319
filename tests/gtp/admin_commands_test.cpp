// protocol_version, name, version, known_command, list_commands, quit (GTP v2 6.3.1).
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "engine_fixture.h"

namespace tengen::gtp {
namespace {

class Admin : public EngineTest {};

TEST_F(Admin, Identity) {
  EXPECT_EQ(ok("protocol_version"), "2");
  EXPECT_EQ(ok("name"), "tengen");
  EXPECT_FALSE(ok("version").empty());
}

TEST_F(Admin, ExtraArgumentsAreASyntaxError) {
  EXPECT_EQ(error("name please"), "syntax error");
  EXPECT_EQ(error("known_command"), "syntax error");
}

TEST_F(Admin, KnownCommand) {
  EXPECT_EQ(ok("known_command play"), "true");
  EXPECT_EQ(ok("known_command tengen-score"), "true");
  EXPECT_EQ(ok("known_command fly"), "false");
  EXPECT_EQ(ok("known_command PLAY"), "false");
}

TEST_F(Admin, ListCommandsHasEveryRequiredCommandOncePerLine) {
  const std::string list = ok("list_commands");
  std::istringstream in(list);
  std::vector<std::string> names;
  for (std::string line; std::getline(in, line);) names.push_back(line);
  for (const char* required : {"protocol_version",
                               "name",
                               "version",
                               "known_command",
                               "list_commands",
                               "quit",
                               "boardsize",
                               "clear_board",
                               "komi",
                               "play",
                               "genmove",
                               "undo",
                               "showboard",
                               "fixed_handicap",
                               "place_free_handicap",
                               "set_free_handicap",
                               "loadsgf",
                               "final_score",
                               "final_status_list",
                               "time_settings",
                               "time_left",
                               "printsgf",
                               "is_legal",
                               "kgs-rules",
                               "kgs-time_settings",
                               "kgs-genmove_cleanup",
                               "tengen-set_rules",
                               "tengen-legal_moves",
                               "tengen-mark_dead",
                               "tengen-score",
                               "tengen-status"}) {
    EXPECT_EQ(std::count(names.begin(), names.end(), required), 1) << required;
  }
  for (const std::string& name : names) EXPECT_EQ(ok("known_command " + name), "true") << name;
}

TEST_F(Admin, QuitSucceedsAndAsksTheLoopToStop) {
  EXPECT_FALSE(engine_.quitRequested());
  EXPECT_EQ(send("8 quit"), "=8 \n\n");
  EXPECT_TRUE(engine_.quitRequested());
}

}  // namespace
}  // namespace tengen::gtp
