// docs/protocol.md, "Commands", lists the game commands a client may send; the command table
// (game/game_commands.h) is what the server accepts. The two must name the same commands. Its
// "Events" lists the kinds of game_event; game/game_events.h has one type per kind. The two
// must name the same kinds.

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <variant>

#include "game/game_commands.h"
#include "game/game_events.h"
#include "support/files.h"

namespace tengen::game {
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

// The names of `heading`'s tables in docs/protocol.md against `inCode`, the names `source`
// defines: what the doc misses and what it names in excess, each as a failure naming them.
void expectSameNames(const std::string& heading, const std::set<std::string>& inCode,
                     const std::string& source) {
  const std::string doc = readFile(fs::path(TENGEN_SOURCE_DIR) / "docs/protocol.md");
  ASSERT_FALSE(doc.empty()) << "cannot read docs/protocol.md";
  const std::string text = section(doc, heading);
  ASSERT_FALSE(text.empty()) << "docs/protocol.md has no \"" << heading << "\" section";
  const std::set<std::string> documented = firstColumnNames(text);
  std::set<std::string> missing;
  for (const std::string& name : inCode) {
    if (!documented.contains(name)) missing.insert(name);
  }
  std::set<std::string> extra;
  for (const std::string& name : documented) {
    if (!inCode.contains(name)) extra.insert(name);
  }
  EXPECT_TRUE(missing.empty()) << source << " names what docs/protocol.md, \"" << heading
                               << "\", misses: " << joined(missing);
  EXPECT_TRUE(extra.empty()) << "docs/protocol.md, \"" << heading << "\", names what " << source
                             << " does not have: " << joined(extra);
}

TEST(ProtocolDoc, CommandsSectionNamesEveryClientCommandAndNoOther) {
  std::set<std::string> clientCommands;
  for (const CommandSpec* spec = commandTableBegin(); spec != commandTableEnd(); ++spec) {
    if (spec->sender == CommandSender::Client) clientCommands.emplace(spec->wireName);
  }
  expectSameNames("### Commands", clientCommands, "the Client commands of game/game_commands.cpp");
}

// Every kind of the Event variant, by its kKind.
template <size_t... I>
std::set<std::string> eventKinds(std::index_sequence<I...>) {
  return {std::string(std::variant_alternative_t<I, Event>::kKind)...};
}

TEST(ProtocolDoc, EventsSectionNamesEveryEventKindAndNoOther) {
  expectSameNames("### Events", eventKinds(std::make_index_sequence<std::variant_size_v<Event>>()),
                  "game/game_events.h");
}

}  // namespace
}  // namespace tengen::game
