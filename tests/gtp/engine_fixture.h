#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <string_view>

#include "gtp/engine.h"

namespace tengen::gtp {

// Drives an engine through handleLine, as a controller would through the pipe.
class EngineTest : public ::testing::Test {
 protected:
  // The whole reply to one line, "=..\n\n" or "?..\n\n".
  std::string send(std::string_view line) { return engine_.handleLine(line); }

  // The result text of a command expected to succeed (without "= " and the final blank line).
  std::string ok(std::string_view line) {
    const std::string reply = send(line);
    EXPECT_TRUE(reply.starts_with("= ") && reply.ends_with("\n\n")) << line << " -> " << reply;
    return reply.size() >= 4 ? reply.substr(2, reply.size() - 4) : reply;
  }

  // The message of a command expected to fail.
  std::string error(std::string_view line) {
    const std::string reply = send(line);
    EXPECT_TRUE(reply.starts_with("? ") && reply.ends_with("\n\n")) << line << " -> " << reply;
    return reply.size() >= 4 ? reply.substr(2, reply.size() - 4) : reply;
  }

  // Runs commands separated by newlines; each must succeed.
  void run(std::string_view script) {
    std::istringstream in{std::string(script)};
    for (std::string line; std::getline(in, line);) {
      if (!line.empty()) ok(line);
    }
  }

  // The board part of showboard: the rows between the two letter lines, as the style
  // guide draws diagrams (X, O, .), one line per row, top row first.
  std::string board() {
    const std::string text = ok("showboard");
    std::istringstream in(text);
    std::string out;
    for (std::string line; std::getline(in, line);) {
      if (line.size() < 4 || line[2] < '0' || line[2] > '9') continue;
      std::string row;
      for (std::size_t i = 4; i < line.size(); i += 2) {
        if (line[i] != 'X' && line[i] != 'O' && line[i] != '.') break;
        row += line[i];
      }
      out += row + "\n";
    }
    return out;
  }

  Engine engine_;
};

}  // namespace tengen::gtp
