#pragma once

// Starting a program as a child process with its standard streams on pipes: the one place
// that knows how posix_spawn, pipes and close-on-exec fit together. What to do with the
// pipes, and when to wait for the child, stays with the caller (gtp::EngineProcess,
// cli::runChild, the GNU Go peer of tests/gnugo).

#include <sys/types.h>

#include <string>
#include <vector>

#include "base/result.h"

namespace tengen {

struct SpawnOptions {
  // argv[0] is looked up in PATH (posix_spawnp); otherwise it is a path.
  bool searchPath = false;
  // Standard error on a third pipe; otherwise it goes to /dev/null.
  bool stderrPipe = false;
  // For long-lived children of a server: a process group of their own (so killing the group
  // also kills what the child started), default signal dispositions and an empty signal mask
  // (an ignored or blocked signal would otherwise survive exec), and no descriptors but 0..2.
  // Without it the child inherits signal dispositions, mask, group and every descriptor
  // opened without close-on-exec.
  bool isolate = false;
};

struct SpawnedChild {
  pid_t pid = -1;
  // The parent's pipe ends, close-on-exec; the caller owns them. stderrFd is -1 unless
  // SpawnOptions::stderrPipe.
  int stdinFd = -1;
  int stdoutFd = -1;
  int stderrFd = -1;
};

// Starts argv[0] with argv as its arguments and no shell. On failure nothing is left open and
// the error's message is strerror's text ("No such file or directory"); a pipe that could
// not be made has `where` "pipe".
Result<SpawnedChild> spawnChild(const std::vector<std::string>& argv, const SpawnOptions& options);

}  // namespace tengen
