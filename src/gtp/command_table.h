#pragma once

#include <cstddef>
#include <functional>
#include <limits>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace tengen::gtp {

struct EngineState;

using Args = std::span<const std::string_view>;
// A command handler: the reply text on success, or the GTP error message (Error::message,
// e.g. "illegal move") on failure. Handlers may throw; the protocol loop turns that into
// an error reply.
using Handler = std::function<Result<std::string>(EngineState&, Args)>;

constexpr std::size_t kAnyCount = std::numeric_limits<std::size_t>::max();

struct Command {
  std::size_t minArgs = 0;
  std::size_t maxArgs = 0;  // kAnyCount for no limit
  Handler handler;
};

// Command name -> handler. Names are case-sensitive, as GTP v2 section 2.3 has them.
class CommandTable {
 public:
  // Replaces any command already registered under `name`. The handler only sees argument
  // counts within [minArgs, maxArgs].
  void add(std::string name, std::size_t minArgs, std::size_t maxArgs, Handler handler);
  const Command* find(std::string_view name) const;
  bool contains(std::string_view name) const { return find(name) != nullptr; }
  // Every command name, sorted.
  std::vector<std::string> names() const;

  // Runs `name`: "unknown command", "syntax error" for a wrong argument count, else the
  // handler's reply.
  Result<std::string> run(EngineState& state, std::string_view name, Args args) const;

 private:
  std::map<std::string, Command, std::less<>> commands_;
};

}  // namespace tengen::gtp
