#pragma once

// Cancels open tables whose owner has gone (docs/protocol.md, "Lobby"): a table waits for an
// opponent only while its owner may still play it. Every SiteLimits::abandonedTableCheck it asks
// the lobby for the tables whose owner has had no socket on the site for abandonedTableLimit
// (abandonedCorrespondenceTableLimit for a correspondence clock) and has each room cancel its
// table for the owner, as the owner's own cancel_table would.

#include <boost/asio/steady_timer.hpp>

#include <atomic>
#include <cstdint>

#include "site/site_context.h"

namespace tengen::site {

class TableExpiry {
 public:
  explicit TableExpiry(SiteContext& context) : context_(context), timer_(context.io) {}

  // Arms the timer on the site's io_context; stop() ends it (call before the io_context stops).
  void start();
  void stop() { running_ = false; }
  // One check at nowMs; how many tables it asked to cancel.
  int sweep(int64_t nowMs);

 private:
  void arm();

  SiteContext& context_;
  boost::asio::steady_timer timer_;
  std::atomic<bool> running_{false};
};

}  // namespace tengen::site
