#pragma once

// Runs a program the way an operator would from a shell, for the tests of what the `tengen`
// binary itself does (backup, refusing a database): its exit status and what it printed.

#include <chrono>
#include <string>
#include <vector>

namespace tengen::ops::test {

struct CommandResult {
  int exitCode = -1;      // -1: killed (by the timeout, or a signal)
  std::string output;     // stdout and stderr together, in the order written
  bool timedOut = false;  // still running after the timeout, and killed
};

// Runs `args` (args[0] is the program's path) and waits at most `timeout`.
CommandResult runCommand(const std::vector<std::string>& args,
                         std::chrono::milliseconds timeout = std::chrono::seconds(30));

}  // namespace tengen::ops::test
