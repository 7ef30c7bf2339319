#pragma once

// The refusals the tournament service answers with (docs/protocol.md, "Tournaments"): a code
// the client can act on and a message naming what is wrong.

#include <cstdint>
#include <expected>
#include <string>
#include <utility>

#include "base/log.h"
#include "base/result.h"
#include "server/message_handlers.h"

namespace tengen::site {

inline std::unexpected<server::HandlerError> tournamentRefusal(std::string code,
                                                               std::string message) {
  return std::unexpected(server::HandlerError{std::move(code), std::move(message)});
}

// The store failed: logged with its error, answered without it (it may name tables and paths).
inline std::unexpected<server::HandlerError> tournamentStoreFailed(const Error& error) {
  log::error("tournament_store_failed", {{"error", error.toString()}});
  return tournamentRefusal("store_failed", "the store could not be read or written");
}

inline std::string tournamentLabel(int64_t id) { return "tournament " + std::to_string(id); }

}  // namespace tengen::site
