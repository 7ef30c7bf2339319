#pragma once

// What every session shares: options, the routing table, the message registry and the session
// registry. Router and handlers are filled before start() and only read afterwards.

#include "server/message_handlers.h"
#include "server/router.h"
#include "server/server_options.h"
#include "server/session_registry.h"

namespace tengen::server {

struct ServerContext {
  ServerOptions options;
  Router router;
  MessageHandlers handlers;
  SessionRegistry sessions;
};

}  // namespace tengen::server
