#pragma once

// Keeps an exception that escaped a handler (a bug: none should leave an async handler) inside
// the work that threw it. Without this, an exception reaching the top of
// a thread's function ends the whole process, every game on the site with it.
//
//   runContained("bot_pool", job);                      // one job of a pool's thread
//   runContainedLoop("site_io", [&] { io.run(); });     // the loop of a thread running handlers
//
// What is caught is logged as `handler_threw where=... what=...` (base/log.h) and dropped: the
// work at hand fails (a reply never sent, a timer not rearmed), the thread goes on.

#include <exception>
#include <string_view>
#include <utility>

#include "base/log.h"

namespace tengen {

namespace detail {

inline void logThrown(std::string_view where) {
  try {
    throw;
  } catch (const std::exception& e) {
    log::error("handler_threw", {{"where", where}, {"what", std::string_view(e.what())}});
  } catch (...) {
    log::error("handler_threw", {{"where", where}, {"what", "not a std::exception"}});
  }
}

}  // namespace detail

// Runs `work()`; true if it returned, false if it threw (logged).
template <typename Work>
bool runContained(std::string_view where, Work&& work) noexcept {
  try {
    std::forward<Work>(work)();
    return true;
  } catch (...) {
    detail::logThrown(where);
    return false;
  }
}

// The loop of a thread that runs handlers: calls `run()` (io_context::run() and the like) again
// after a handler threw out of it, until it returns. Re-entering run() after a throw is allowed
// and goes on with the handlers still queued.
template <typename Run>
void runContainedLoop(std::string_view where, Run&& run) noexcept {
  while (!runContained(where, run)) {
  }
}

}  // namespace tengen
