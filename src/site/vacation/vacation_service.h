#pragma once

// Vacations of correspondence players (docs/protocol.md, "Vacation"): who is away now, kept in
// memory for the rooms, and the banks in the store. Starting or ending one tells its feed
// (vacation_feed.h), a subscriber of the rooms, which has each correspondence game seating
// that player pause or resume its clocks with a logged "vacation" event. A vacation ends when
// its player ends it or when the bank runs out (endExpired, run by the site's timer and at
// start).

#include <cstdint>
#include <expected>
#include <mutex>
#include <optional>
#include <set>

#include "base/result.h"
#include "server/message_handlers.h"
#include "site/site_context.h"
#include "site/vacation/vacation_feed.h"
#include "store/store.h"

namespace tengen::site {

struct VacationStatus {
  bool on = false;
  int64_t bankMs = 0;               // left now
  std::optional<int64_t> endsAtMs;  // when the vacation under way runs out
};

class VacationService {
 public:
  explicit VacationService(SiteContext& context)
      : context_(context), feed_([this](int64_t userId) { return away(userId); }) {}

  // The rooms' subscriber that keeps games in line with who is away (Site registers it).
  VacationFeed& feed() { return feed_; }

  // Blocking (store). Who is on vacation, after ending those whose bank ran out by nowMs; call
  // before any room starts, so rooms loaded after a restart see it.
  Result<void> load(int64_t nowMs);
  // Whether the user is on vacation; no I/O, any thread (rooms ask after every command).
  bool away(int64_t userId) const;

  // Blocking (store), for a registered account; store failures are store_failed.
  std::expected<VacationStatus, server::HandlerError> status(int64_t userId, int64_t nowMs);
  // Starting needs kMinimumStartMs in the bank (vacation_empty otherwise); starting one under
  // way or ending none changes nothing and answers the status.
  std::expected<VacationStatus, server::HandlerError> start(int64_t userId, int64_t nowMs);
  std::expected<VacationStatus, server::HandlerError> end(int64_t userId, int64_t nowMs);
  // Blocking: ends the vacations whose bank ran out by nowMs; how many it ended.
  Result<int> endExpired(int64_t nowMs);

 private:
  // The stored bank, or a fresh one from the account's creation.
  Result<store::Vacation> recordOf(int64_t userId);
  void setAway(int64_t userId, bool away);

  SiteContext& context_;
  // One change at a time: a start and an end from two tabs must not interleave their
  // read-modify-writes of the bank.
  std::mutex changeMutex_;
  mutable std::mutex awayMutex_;
  std::set<int64_t> away_;
  VacationFeed feed_;
};

}  // namespace tengen::site
