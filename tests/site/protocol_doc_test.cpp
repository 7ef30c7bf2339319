// docs/protocol.md, "Commands", lists the game commands a client may send; the command table
// (game/game_commands.h) is what the server accepts. The two must name the same commands.

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <sstream>
#include <string>

#include "game/game_commands.h"
#include "support/files.h"

namespace tengen::site {
namespace {

namespace fs = std::filesystem;
using tengen::test::readFile;

// The text from the line `heading` to the next heading of the same or a higher level.
std::string section(const std::string& markdown, const std::string& heading) {
  const size_t start = markdown.find("\n" + heading + "\n");
  if (start == std::string::npos) return {};
  const std::string level = heading.substr(0, heading.find(' '));
  size_t end = start + 1;
  while ((end = markdown.find("\n#", end + 1)) != std::string::npos) {
    const size_t hashes = markdown.find_first_not_of('#', end + 1) - (end + 1);
    if (hashes <= level.size()) break;
  }
  return markdown.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// The names in the first column of the section's tables: rows starting "| `name` |".
std::set<std::string> firstColumnNames(const std::string& text) {
  std::set<std::string> names;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.starts_with("| `")) continue;
    const size_t end = line.find('`', 3);
    if (end != std::string::npos) names.insert(line.substr(3, end - 3));
  }
  return names;
}

std::string joined(const std::set<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

TEST(ProtocolDoc, CommandsSectionNamesEveryClientCommandAndNoOther) {
  const std::string doc = readFile(fs::path(TENGEN_SOURCE_DIR) / "docs/protocol.md");
  ASSERT_FALSE(doc.empty()) << "cannot read docs/protocol.md";
  const std::string commands = section(doc, "### Commands");
  ASSERT_FALSE(commands.empty()) << "docs/protocol.md has no \"### Commands\" section";
  const std::set<std::string> documented = firstColumnNames(commands);

  std::set<std::string> clientCommands;
  for (const game::CommandSpec* spec = game::commandTableBegin(); spec != game::commandTableEnd();
       ++spec) {
    if (spec->sender == game::CommandSender::Client) clientCommands.emplace(spec->wireName);
  }
  std::set<std::string> missing;
  for (const std::string& name : clientCommands) {
    if (!documented.contains(name)) missing.insert(name);
  }
  std::set<std::string> extra;
  for (const std::string& name : documented) {
    if (!clientCommands.contains(name)) extra.insert(name);
  }
  EXPECT_TRUE(missing.empty()) << "client commands of game/game_commands.cpp missing from the "
                                  "table of docs/protocol.md, \"Commands\": "
                               << joined(missing);
  EXPECT_TRUE(extra.empty()) << "docs/protocol.md, \"Commands\", lists commands no client may "
                                "send (not Client commands in game/game_commands.cpp): "
                             << joined(extra);
}

}  // namespace
}  // namespace tengen::site
