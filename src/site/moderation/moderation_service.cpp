#include "site/moderation/moderation_service.h"

#include <boost/asio/post.hpp>

#include <algorithm>

#include "base/log.h"
#include "site/automatch/matchmaker.h"
#include "site/lobby/lobby.h"
#include "site/moderation/moderation_json.h"
#include "site/rooms/game_handlers.h"
#include "site/rooms/room_request.h"
#include "site/site_messages.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerError;
using store::ModerationKind;
using store::ModerationOutcome;

namespace {

constexpr int64_t kHourMs = 60 * 60 * 1000;

std::unexpected<HandlerError> storeFailed(std::string_view doing, const Error& error) {
  log::error("moderation_store_failed", {{"doing", doing}, {"error", error.toString()}});
  return std::unexpected(
      handlerError("store_failed", "the server could not " + std::string(doing)));
}

std::unexpected<HandlerError> unknownUser(const std::string& name) {
  return std::unexpected(handlerError("unknown_user", "no player is called \"" + name + "\""));
}

}  // namespace

Result<void> ModerationService::load(int64_t nowMs) {
  auto loaded = state_.load(context_.store, nowMs);
  if (!loaded) return std::unexpected(loaded.error());
  if (context_.bus && !following_) {
    following_ = true;
    subscription_ = context_.bus->subscribe(kModerationChannel, [this](std::string_view text) {
      auto news = decodeModerationNews(text);
      if (!news) {
        log::warn("moderation_bad_news", {{"bytes", static_cast<int64_t>(text.size())}});
        return;
      }
      if (news->node != context_.node) apply(*news);
    });
    reloadLater();
  }
  return {};
}

void ModerationService::reloadLater() {
  // One thread at a time touches the timer: this call, then the pool job its wait posted.
  reloadTimer_.expires_after(kModerationReloadInterval);
  reloadTimer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;
    boost::asio::post(context_.blocking, [this] {
      auto loaded = state_.load(context_.store, nowMs());
      if (!loaded) {
        log::warn("moderation_reload_failed", {{"error", loaded.error().toString()}});
      } else if (!*loaded) {
        log::info("moderation_reload_raced", {});
      }
      reloadLater();
    });
  });
}

void ModerationService::publish(ModerationNews news) {
  if (!context_.bus) return;
  news.node = context_.node;
  context_.bus->publish(kModerationChannel, encodeModerationNews(news));
}

void ModerationService::apply(const ModerationNews& news) {
  switch (news.kind) {
    case ModerationNewsKind::Block:
    case ModerationNewsKind::Unblock: {
      const bool on = news.kind == ModerationNewsKind::Block;
      state_.setBlock(news.userId, news.otherId, on);
      if (on && matchmaker_) matchmaker_->closeChallengesBetween(news.userId, news.otherId);
      break;
    }
    case ModerationNewsKind::Mute:
      state_.setMute(news.userId, Mute{news.untilMs, news.reason});
      break;
    case ModerationNewsKind::Unmute:
      state_.setMute(news.userId, std::nullopt);
      break;
    case ModerationNewsKind::Ban:
      boost::asio::post(context_.blocking, [this, news] {
        const std::size_t closed = closeSessions(news.userId, news.endedSessions);
        log::info("user_banned_elsewhere",
                  {{"user", news.userId}, {"sockets", static_cast<int64_t>(closed)}});
      });
      break;
  }
  log::info("moderation_news_applied", {{"from", news.node}, {"user", news.userId}});
}

std::optional<HandlerError> ModerationService::refuseUnlessModerator(
    const server::SessionUser& user) {
  auto roles = context_.store.rolesOf(user.id);
  if (!roles) return storeFailed("read your roles", roles.error()).error();
  if (std::find(roles->begin(), roles->end(), store::Role::Moderator) == roles->end()) {
    return handlerError("not_moderator", "only moderators may do this");
  }
  return std::nullopt;
}

ModerationReply ModerationService::status(const server::SessionUser& user) {
  auto blocked = context_.store.blockedBy(user.id);
  if (!blocked) return storeFailed("read your blocks", blocked.error());
  auto roles = context_.store.rolesOf(user.id);
  if (!roles) return storeFailed("read your roles", roles.error());
  json::object reply{{"type", "moderation_status"}};
  reply["moderator"] =
      std::find(roles->begin(), roles->end(), store::Role::Moderator) != roles->end();
  reply["blocked"] = usersJson(*blocked);
  const auto mute = state_.muteOf(user.id, nowMs());
  reply["mute"] =
      mute ? json::value(json::object{{"untilMs", mute->untilMs}, {"reason", mute->reason}})
           : json::value(nullptr);
  return reply;
}

ModerationReply ModerationService::block(const server::SessionUser& user, const std::string& name,
                                         bool on) {
  auto other = context_.store.findUserByName(name);
  if (!other) return storeFailed("look up the player", other.error());
  if (!*other) return unknownUser(name);
  if ((*other)->id == user.id) {
    return std::unexpected(handlerError("bad_request", "you cannot block yourself"));
  }
  auto changed = context_.store.setBlock(user.id, (*other)->id, on);
  if (!changed) return storeFailed("save the block", changed.error());
  // Felt at once: the next chat line, challenge or wave reads the new state.
  state_.setBlock(user.id, (*other)->id, on);
  publish(ModerationNews{.kind = on ? ModerationNewsKind::Block : ModerationNewsKind::Unblock,
                         .userId = user.id,
                         .otherId = (*other)->id});
  if (on && matchmaker_) matchmaker_->closeChallengesBetween(user.id, (*other)->id);
  log::info(on ? "user_blocked" : "user_unblocked", {{"user", user.id}, {"other", (*other)->id}});
  return json::object{{"type", on ? "blocked" : "unblocked"},
                      {"user", json::object{{"id", (*other)->id}, {"name", (*other)->name}}},
                      {"changed", *changed}};
}

ModerationReply ModerationService::report(const server::SessionUser& user,
                                          const ReportRequest& request) {
  auto other = context_.store.findUserByName(request.name);
  if (!other) return storeFailed("look up the player", other.error());
  if (!*other) return unknownUser(request.name);
  if ((*other)->id == user.id) {
    return std::unexpected(handlerError("bad_request", "you cannot report yourself"));
  }
  const int64_t now = nowMs();
  auto recent = context_.store.reportsSince(user.id, now - kHourMs);
  if (!recent) return storeFailed("count your reports", recent.error());
  if (*recent >= kMaxReportsPerHour) {
    return std::unexpected(
        handlerError("rate_limited", "you have made " + std::to_string(kMaxReportsPerHour) +
                                         " reports in the last hour; wait before making another"));
  }
  if (request.gameId != 0) {
    auto game = context_.store.loadGame(request.gameId);
    if (!game) return storeFailed("read the game", game.error());
    if (!*game) {
      return std::unexpected(handlerError(
          "unknown_game", "game " + std::to_string(request.gameId) + " does not exist"));
    }
  }
  store::Report row;
  row.reporter.id = user.id;
  row.user.id = (*other)->id;
  row.gameId = request.gameId;
  row.reason = request.reason;
  row.text = request.text;
  row.createdMs = now;
  auto id = context_.store.createReport(row);
  if (!id) return storeFailed("save the report", id.error());
  log::info("report_made", {{"report", *id}, {"user", user.id}, {"about", (*other)->id}});
  return json::object{{"type", "reported"}, {"reportId", *id}};
}

ModerationReply ModerationService::overview(const server::SessionUser& user) {
  if (auto refused = refuseUnlessModerator(user)) return std::unexpected(*refused);
  auto open = context_.store.listReports(false, kModeratorListLimit);
  if (!open) return storeFailed("read the reports", open.error());
  auto resolved = context_.store.listReports(true, kModeratorListLimit);
  if (!resolved) return storeFailed("read the reports", resolved.error());
  auto restrictions = context_.store.restrictionsInForce(nowMs());
  if (!restrictions) return storeFailed("read the restrictions", restrictions.error());
  auto log = context_.store.moderationLog(kModeratorListLimit);
  if (!log) return storeFailed("read the log", log.error());
  json::array restricted;
  for (const store::RestrictionRow& row : *restrictions) {
    auto named = context_.store.findUserById(row.userId);
    if (!named) return storeFailed("read a restricted user", named.error());
    restricted.push_back(restrictionJson(row, *named ? (*named)->name : ""));
  }
  return json::object{{"type", "mod_overview"},
                      {"reports", reportsJson(*open)},
                      {"resolved", reportsJson(*resolved)},
                      {"restrictions", std::move(restricted)},
                      {"log", logJson(*log)}};
}

ModerationReply ModerationService::act(const server::SessionUser& user,
                                       const ModeratorRequest& request) {
  if (auto refused = refuseUnlessModerator(user)) return std::unexpected(*refused);
  store::ModerationAction action;
  action.moderator = {user.id, user.name};
  action.kind = request.kind;
  action.gameId = request.gameId;
  action.reportId = request.reportId;
  action.reason = request.reason;
  action.atMs = nowMs();
  if (!request.name.empty()) {
    auto target = context_.store.findUserByName(request.name);
    if (!target) return storeFailed("look up the player", target.error());
    if (!*target) return unknownUser(request.name);
    action.user = {(*target)->id, (*target)->name};
    if (action.user.id == user.id &&
        (request.kind == ModerationKind::Mute || request.kind == ModerationKind::Ban)) {
      return std::unexpected(handlerError("bad_request", "you cannot restrict yourself"));
    }
  }
  if (request.minutes > 0) action.untilMs = action.atMs + request.minutes * 60'000;
  auto applied = context_.store.applyModeration(action);
  if (!applied) return storeFailed("apply the action", applied.error());
  switch (applied->outcome) {
    case ModerationOutcome::UnknownTarget:
      if (request.kind == ModerationKind::Annul) {
        return std::unexpected(handlerError(
            "unknown_game", "game " + std::to_string(request.gameId) + " does not exist"));
      }
      if (request.kind == ModerationKind::Resolve) {
        return std::unexpected(handlerError(
            "unknown_report", "report " + std::to_string(request.reportId) + " does not exist"));
      }
      return unknownUser(request.name);
    case ModerationOutcome::GameNotOver:
      return std::unexpected(handlerError(
          "game_not_over", "game " + std::to_string(request.gameId) +
                               " is still open or in play; annul it once it has ended"));
    case ModerationOutcome::NothingToDo:
      return json::object{{"type", "mod_done"}, {"changed", false}};
    case ModerationOutcome::Done:
      break;
  }
  switch (request.kind) {
    case ModerationKind::Mute:
      state_.setMute(action.user.id, Mute{action.untilMs, action.reason});
      publish(ModerationNews{.kind = ModerationNewsKind::Mute,
                             .userId = action.user.id,
                             .untilMs = action.untilMs,
                             .reason = action.reason});
      break;
    case ModerationKind::Unmute:
      state_.setMute(action.user.id, std::nullopt);
      publish(ModerationNews{.kind = ModerationNewsKind::Unmute, .userId = action.user.id});
      break;
    case ModerationKind::Ban:
      enforceBan(action.user, applied->endedSessions);
      break;
    default:
      break;
  }
  log::info("moderation_action",
            {{"moderator", user.id},
             {"action", std::string(store::nameIn(store::kModerationKinds, request.kind))},
             {"user", action.user.id},
             {"game", action.gameId},
             {"report", action.reportId}});
  return json::object{{"type", "mod_done"}, {"changed", true}};
}

std::size_t ModerationService::closeSessions(int64_t userId,
                                             const std::vector<std::string>& endedSessions) {
  std::size_t closed = 0;
  if (loginSockets_) {
    for (const std::string& key : endedSessions) closed += loginSockets_->closeAll(key);
  }
  if (matchmaker_) matchmaker_->cancelSearch(userId);
  return closed;
}

void ModerationService::enforceBan(const store::UserRef& user,
                                   const std::vector<std::string>& endedSessions) {
  // The sockets of every login session the ban ended close now (their close hooks end the
  // searches and challenges they started); the keys stay refused, so a cached cookie cannot
  // open a new one.
  const std::size_t closed = closeSessions(user.id, endedSessions);
  publish(ModerationNews{
      .kind = ModerationNewsKind::Ban, .userId = user.id, .endedSessions = endedSessions});
  // Tables waiting for an opponent go; games already in play go on (a moderator may annul
  // them once they end).
  const std::vector<int64_t> tables = context_.lobby.tablesOwnedBy(user.id);
  for (int64_t gameId : tables) {
    RoomRequest request;
    request.actor = game::Actor{user.id, user.name};
    request.command.kind = game::CommandKind::Cancel;
    request.reply = ReplyKind::None;
    submitToRoom(context_, gameId, std::move(request));
  }
  log::info("user_banned", {{"user", user.id},
                            {"sockets", static_cast<int64_t>(closed)},
                            {"tables", static_cast<int64_t>(tables.size())}});
}

}  // namespace tengen::site
