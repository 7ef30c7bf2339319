#pragma once

// Blocks, reports and moderators' actions (docs/protocol.md, "Moderation"): each checks who
// asks, writes the store, then makes the change felt at once (ModerationState for chat,
// challenges and pairing; closed sockets and cancelled tables for a ban). Every method blocks
// on the store: call them on the blocking pool. Every moderator action is checked against the
// store's roles at the time it is asked, so a revoked moderator can do nothing more.

#include <boost/json/object.hpp>

#include <cstdint>
#include <expected>
#include <memory>

#include "base/result.h"
#include "server/login_sockets.h"
#include "server/message_handlers.h"
#include "site/moderation/moderation_requests.h"
#include "site/moderation_state.h"
#include "site/site_context.h"

namespace tengen::site {

class Matchmaker;

// Reports one player may make in an hour: enough for a bad evening, too few to flood the queue.
inline constexpr int64_t kMaxReportsPerHour = 10;
// How many reports and log lines the moderators' page shows.
inline constexpr int kModeratorListLimit = 100;

using ModerationReply = std::expected<boost::json::object, server::HandlerError>;

class ModerationService {
 public:
  explicit ModerationService(SiteContext& context) : context_(context) {}
  ModerationState& state() { return state_; }
  // Reads the blocks and mutes in force (Site::resumeGames).
  Result<void> load(int64_t nowMs) { return state_.load(context_.store, nowMs); }
  // Set by Site::install and the Site constructor: what a ban closes and cancels.
  void setLoginSockets(std::shared_ptr<server::LoginSockets> sockets) {
    loginSockets_ = std::move(sockets);
  }
  void setMatchmaker(Matchmaker* matchmaker) { matchmaker_ = matchmaker; }

  // `moderation_status`: the caller's blocks, mute and whether they moderate.
  ModerationReply status(const server::SessionUser& user);
  // `block` / `unblock` of the player named `name`.
  ModerationReply block(const server::SessionUser& user, const std::string& name, bool on);
  ModerationReply report(const server::SessionUser& user, const ReportRequest& request);
  // `mod_overview`: the queue, the latest resolved reports, the restrictions in force and the
  // log. Moderators only.
  ModerationReply overview(const server::SessionUser& user);
  // `mod_action`. Moderators only.
  ModerationReply act(const server::SessionUser& user, const ModeratorRequest& request);

 private:
  // nullopt when `user` moderates; the refusal otherwise.
  std::optional<server::HandlerError> refuseUnlessModerator(const server::SessionUser& user);
  // What a ban does besides the store's rows: sockets closed, tables and searches cancelled.
  void enforceBan(const store::UserRef& user, const std::vector<std::string>& endedSessions);

  SiteContext& context_;
  ModerationState state_;
  std::shared_ptr<server::LoginSockets> loginSockets_;
  Matchmaker* matchmaker_ = nullptr;
};

}  // namespace tengen::site
