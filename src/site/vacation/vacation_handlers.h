#pragma once

// WebSocket messages of vacations (docs/protocol.md, "Vacation"): vacation_status,
// vacation_start and vacation_end, each answered with the account's `vacation` status. Only
// registered accounts have a bank: guests play no correspondence games that last.

#include "server/message_handlers.h"
#include "site/site_context.h"

namespace tengen::site {

class VacationService;

void addVacationHandlers(server::MessageHandlers& handlers, SiteContext& context,
                         VacationService& vacations);

}  // namespace tengen::site
