#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>

#include "go/rules.h"
#include "gtp/command_table.h"
#include "gtp/engine_state.h"

namespace tengen::gtp {

struct EngineOptions {
  int size = kDefaultSize;
  go::Rules rules = defaultRules();  // komi included
  std::uint64_t seed = 1;            // the bot's seed
  // The bot behind genmove. The default is a fixed number of playouts on one thread and no
  // resignation, so that an engine built in a test plays the same moves every run;
  // `tengen gtp` sets its own (--playouts, --seconds, --threads, --resign).
  bot::BotOptions bot{
      .threads = 1, .seed = 1, .limits = {.playouts = 1000, .seconds = 0}, .resignWinRate = 0};
};

// A GTP version 2 engine: reads requests, runs them against one game, writes replies.
// Not copyable: the command handlers refer to the engine's own table.
class Engine {
 public:
  explicit Engine(const EngineOptions& options = {});
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Handles one raw input line (without its LF) and returns the whole reply, "=..\n\n" or
  // "?..\n\n", or an empty string for a line that holds no command (blank or comment).
  // Never throws: a handler's exception becomes an error reply.
  std::string handleLine(std::string_view line);
  // Answers requests from `in` on `out` until `quit` or the end of the input. Each reply
  // is flushed before the engine would wait for more input.
  void run(std::istream& in, std::ostream& out);

  bool quitRequested() const { return state_.quitRequested; }
  const EngineState& state() const { return state_; }
  const CommandTable& commands() const { return table_; }

 private:
  std::string dispatch(const std::string& line);

  CommandTable table_;
  EngineState state_;
  std::string buffer_;
};

}  // namespace tengen::gtp
