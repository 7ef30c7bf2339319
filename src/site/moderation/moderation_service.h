#pragma once

// Blocks, reports and moderators' actions (docs/protocol.md, "Moderation"): each checks who
// asks, writes the store, then makes the change felt at once (ModerationState for chat,
// challenges and pairing; closed sockets and cancelled tables for a ban). Every method blocks
// on the store: call them on the blocking pool. Every moderator action is checked against the
// store's roles at the time it is asked, so a revoked moderator can do nothing more.
//
// Several nodes: each block, mute and ban is published on kModerationChannel
// (moderation_news.h) once it is in the store; every other node applies it to its own
// ModerationState, and for a ban closes its own sockets of the ended login sessions and
// cancels the user's searches there (the tables are cancelled once, by the moderator's node,
// through their rooms). Messages the bus loses are made good by reloading the state from the
// store every kModerationReloadInterval: a timer rather than a reload on the first message
// after a gap, because the lost message may be the last one for hours, and two small reads a
// node every 30 s cost nothing beside the games.

#include <boost/asio/steady_timer.hpp>
#include <boost/json/object.hpp>

#include <chrono>

#include <cstdint>
#include <expected>
#include <memory>

#include "base/result.h"
#include "server/login_sockets.h"
#include "server/message_handlers.h"
#include "site/moderation/moderation_news.h"
#include "site/moderation/moderation_requests.h"
#include "site/moderation_state.h"
#include "site/site_context.h"

namespace tengen::site {

class Matchmaker;

// Reports one player may make in an hour: enough for a bad evening, too few to flood the queue.
inline constexpr int64_t kMaxReportsPerHour = 10;
// How many reports and log lines the moderators' page shows.
inline constexpr int kModeratorListLimit = 100;

// How stale a node's blocks and mutes can be at worst after the bus lost a change.
inline constexpr std::chrono::seconds kModerationReloadInterval{30};

using ModerationReply = std::expected<boost::json::object, server::HandlerError>;

class ModerationService {
 public:
  explicit ModerationService(SiteContext& context)
      : context_(context), reloadTimer_(context.io) {}
  ~ModerationService() { subscription_.reset(); }
  ModerationState& state() { return state_; }
  // Reads the blocks and mutes in force (Site::resumeGames). The first call, on a site with a
  // bus, also starts following the other nodes' changes and the reload timer (on the io_context,
  // which Site stops before this goes).
  Result<void> load(int64_t nowMs);
  // Applies another node's change (the bus handler; public for tests). Quick: a ban's sockets
  // are closed on the blocking pool.
  void apply(const ModerationNews& news);
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
  // This node's part of a ban: its sockets of the ended sessions and its searches.
  std::size_t closeSessions(int64_t userId, const std::vector<std::string>& endedSessions);
  // Tells the other nodes, if there are any.
  void publish(ModerationNews news);
  void reloadLater();

  SiteContext& context_;
  ModerationState state_;
  std::shared_ptr<server::LoginSockets> loginSockets_;
  Matchmaker* matchmaker_ = nullptr;
  boost::asio::steady_timer reloadTimer_;
  bool following_ = false;  // load has subscribed; only Site::resumeGames calls it
  // Last: gone first, so no bus message arrives while the rest is being destroyed.
  std::unique_ptr<bus::Subscription> subscription_;
};

}  // namespace tengen::site
