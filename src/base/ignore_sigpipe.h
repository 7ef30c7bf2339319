#pragma once

// A write to a pipe or socket whose other end is gone (an engine that died, a Redis server
// killed mid-write) must fail with EPIPE, not end the server with SIGPIPE. Called by whatever
// writes to such descriptors without MSG_NOSIGNAL (engine pipes, hiredis); once per process,
// and only when nobody chose a handler already.

#include <signal.h>

#include <mutex>

namespace tengen {

inline void ignoreSigpipe() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction current {};
    if (sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL) {
      signal(SIGPIPE, SIG_IGN);
    }
  });
}

}  // namespace tengen
