#pragma once

// What every session shares: options, the routing table, the message registry, the session
// registry, the WebSockets per address and per login. Router and handlers are filled before
// start() and only read afterwards.

#include <memory>

#include "server/address_slots.h"
#include "server/login_sockets.h"
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
  // Shared: a slot given back by a socket that outlives the server still finds its owner.
  std::shared_ptr<AddressSlots> socketSlots = std::make_shared<AddressSlots>();
  // Shared with Accounts, which closes a session's sockets on logout.
  std::shared_ptr<LoginSockets> logins = std::make_shared<LoginSockets>();
};

}  // namespace tengen::server
