// No input crashes the engine or breaks the reply framing: random bytes, random words and
// random commands with random arguments, from a fixed seed so a failure replays.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "go/random.h"
#include "gtp/engine.h"

namespace tengen::gtp {
namespace {

// `=[id] text\n\n` or `?[id] text\n\n`, with no empty line inside.
bool wellFormed(const std::string& reply) {
  if (reply.size() < 4 || (reply[0] != '=' && reply[0] != '?')) return false;
  std::size_t i = 1;
  while (i < reply.size() && std::isdigit(static_cast<unsigned char>(reply[i]))) ++i;
  if (reply[i] != ' ') return false;
  if (!reply.ends_with("\n\n")) return false;
  // An internal error means a handler threw: a bug, even though the loop survived it.
  return reply.find("\n\n") == reply.size() - 2 &&
         reply.find("internal error") == std::string::npos;
}

std::string randomBytes(go::Random& rng, std::size_t maxLength) {
  std::string line(rng.below(static_cast<std::uint32_t>(maxLength)), '\0');
  for (char& c : line) {
    c = static_cast<char>(rng.below(256));
    if (c == '\n') c = ' ';
  }
  return line;
}

std::string pick(go::Random& rng, const std::vector<std::string>& words) {
  return words[rng.below(static_cast<std::uint32_t>(words.size()))];
}

// A command from the engine's own list with plausible and implausible arguments.
std::string randomCommand(go::Random& rng, const std::vector<std::string>& commands) {
  static const std::vector<std::string> args = {"b",
                                                "w",
                                                "black",
                                                "WHITE",
                                                "x",
                                                "pass",
                                                "a1",
                                                "A1",
                                                "e5",
                                                "T19",
                                                "Z25",
                                                "i5",
                                                "j9",
                                                "0",
                                                "1",
                                                "2",
                                                "3",
                                                "5",
                                                "9",
                                                "19",
                                                "25",
                                                "26",
                                                "-1",
                                                "7.5",
                                                "-3.5",
                                                "1e300",
                                                "nan",
                                                "alive",
                                                "dead",
                                                "seki",
                                                "japanese",
                                                "chinese",
                                                "aga",
                                                "new_zealand",
                                                "tromp-taylor",
                                                "ko=simple",
                                                "ko=situational",
                                                "suicide=allowed",
                                                "cycles=void",
                                                "komi=1",
                                                "byoyomi",
                                                "canadian",
                                                "none",
                                                "absolute",
                                                "=",
                                                "",
                                                "\xff\xfe",
                                                "99999999999999999999"};
  std::string line;
  if (rng.below(4) == 0) line = std::to_string(rng.below(1000)) + " ";
  line += pick(rng, commands);
  // printsgf with an argument writes a file; loadsgf would read one.
  if (line.ends_with("printsgf") || line.ends_with("loadsgf")) return line;
  const std::uint32_t n = rng.below(5);
  for (std::uint32_t i = 0; i < n; ++i) line += " " + pick(rng, args);
  return line;
}

TEST(Robustness, RandomCommandsGetWellFormedReplies) {
  Engine engine;
  std::vector<std::string> commands;
  std::istringstream list(engine.handleLine("list_commands").substr(2));
  for (std::string name; list >> name;) {
    if (name != "quit") commands.push_back(name);
  }
  ASSERT_GT(commands.size(), 25u);
  go::Random rng(2024);
  for (int i = 0; i < 6000; ++i) {
    const std::string line = randomCommand(rng, commands);
    const std::string reply = engine.handleLine(line);
    ASSERT_TRUE(wellFormed(reply)) << "line " << i << ": " << line << " -> " << reply;
  }
  EXPECT_TRUE(engine.state().game.board().checkInvariants());
}

TEST(Robustness, RandomBytesGetWellFormedRepliesOrNone) {
  Engine engine;
  go::Random rng(7);
  for (int i = 0; i < 20000; ++i) {
    const std::string line = randomBytes(rng, 80);
    if (line.find("printsgf") != std::string::npos) continue;
    const std::string reply = engine.handleLine(line);
    if (reply.empty()) continue;  // blank or comment after preprocessing
    ASSERT_TRUE(wellFormed(reply)) << "line " << i << " -> " << reply;
  }
  EXPECT_FALSE(engine.quitRequested());
}

TEST(Robustness, TheLoopSurvivesAGarbageStream) {
  Engine engine;
  go::Random rng(99);
  std::string input;
  for (int i = 0; i < 2000; ++i) {
    input += randomBytes(rng, 200);
    input += rng.below(3) == 0 ? "\r\n" : "\n";
  }
  input += "12 name\n";
  std::istringstream in(input);
  std::ostringstream out;
  engine.run(in, out);
  const std::string text = out.str();
  ASSERT_TRUE(text.ends_with("=12 tengen\n\n"))
      << text.substr(text.size() > 200 ? text.size() - 200 : 0);
  // Every reply is framed: split on the empty lines that end them.
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find("\n\n", start);
    ASSERT_NE(end, std::string::npos);
    ASSERT_TRUE(wellFormed(text.substr(start, end + 2 - start)))
        << text.substr(start, end + 2 - start);
    start = end + 2;
  }
}

}  // namespace
}  // namespace tengen::gtp
