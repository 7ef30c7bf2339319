// GameRoom's watchers: watch (with the events a reconnecting client missed), unwatch, and the
// catch-up broadcast after a reload. Split from game_room.cpp; the same strand rules apply.
#include <boost/asio/post.hpp>
#include <boost/json/parse.hpp>

#include <algorithm>
#include <utility>

#include "base/log.h"
#include "server/envelope.h"
#include "site/rooms/blocked_chat.h"
#include "site/rooms/game_room.h"

#include "game/event_log_format.h"
#include "site/rooms/room_directory.h"

namespace tengen::site {

namespace json = boost::json;
namespace asio = boost::asio;

void GameRoom::watch(uint64_t sessionId, int64_t userId, std::weak_ptr<void> alive,
                     SendFunction send, json::value id, std::optional<int64_t> sinceVersion) {
  asio::post(strand_, [self = shared_from_this(), sessionId, userId, alive = std::move(alive),
                       send = std::move(send), id = std::move(id), sinceVersion]() mutable {
    if (self->dropped_) {
      self->context_.rooms.withRoom(
          self->gameId_,
          [sessionId, userId, alive = std::move(alive), send = std::move(send), id = std::move(id),
           sinceVersion](std::shared_ptr<GameRoom> room,
                         std::optional<server::HandlerError> error) mutable {
            if (room) {
              return room->watch(sessionId, userId, std::move(alive), std::move(send),
                                 std::move(id), sinceVersion);
            }
            send(errorMessage(id, error->code, error->message));
          });
      return;
    }
    self->watchOnStrand(sessionId, userId, std::move(alive), std::move(send), std::move(id),
                        sinceVersion);
  });
}

void GameRoom::watchOnStrand(uint64_t sessionId, int64_t userId, std::weak_ptr<void> alive,
                             SendFunction send, json::value id, std::optional<int64_t> since) {
  if (!owning() && since && *since > machine_.version() &&
      deferredWatches_.size() < kMaxDeferredWatches) {
    deferredWatches_.push_back(
        DeferredWatch{sessionId, userId, std::move(alive), std::move(send), std::move(id), *since});
    // A reload in flight may have read the store before the client's version was written:
    // reloaded() starts another for this watch if it is still ahead.
    if (!busy_) catchUp();
    return;
  }
  answerWatch(sessionId, userId, std::move(alive), std::move(send), std::move(id), since);
}

bool GameRoom::answerDeferredWatches(bool all) {
  std::vector<DeferredWatch> waiting = std::exchange(deferredWatches_, {});
  for (DeferredWatch& w : waiting) {
    if (all || w.reloadBegun || w.since <= machine_.version()) {
      answerWatch(w.sessionId, w.userId, std::move(w.alive), std::move(w.send), std::move(w.id),
                  w.since);
    } else {
      deferredWatches_.push_back(std::move(w));
    }
  }
  if (deferredWatches_.empty()) return false;
  catchUp();
  return true;
}

void GameRoom::answerWatch(uint64_t sessionId, int64_t userId, std::weak_ptr<void> alive,
                           SendFunction send, json::value id, std::optional<int64_t> since) {
  if (alive.expired()) return maybeDrop();  // the socket closed while the room was loading
  const game::Viewer viewer = machine_.viewerOf(userId);
  watchers_[sessionId] = Watcher{send, userId, viewer, std::move(alive)};
  tellAudience(AudienceEvent::Watched, sessionId, userId);
  const int64_t now = nowMs();
  json::object state = machine_.gameStateMessage(viewer, now);
  state["presence"] = context_.presence ? context_.presence->presenceOf(gameId_, now) : nullptr;
  state["type"] = "game_state";
  state["gameId"] = gameId_;
  if (since) {
    // Left out when the room no longer holds them: the state alone is complete.
    if (auto events = recentEventsSince(*since, viewer)) state["events"] = std::move(*events);
  }
  hideBlockedChat(context_, userId, state);
  send(replyMessage(state, id));
}

std::optional<json::array> GameRoom::recentEventsSince(int64_t since, game::Viewer viewer) const {
  json::array events;
  const int64_t version = machine_.version();
  if (since >= version) return events;
  const int64_t oldest = recent_.empty() ? version + 1 : recent_.front().version;
  if (since + 1 < oldest) return std::nullopt;
  for (const RecentEvent& recent : recent_) {
    if (recent.version <= since) continue;
    boost::system::error_code ec;
    json::value parsed = json::parse(*recent.byViewer[static_cast<int>(viewer)], ec);
    if (ec) return std::nullopt;
    events.push_back(std::move(parsed));
  }
  return events;
}

void GameRoom::broadcast(std::shared_ptr<const std::string> message) {
  asio::post(strand_, [self = shared_from_this(), message = std::move(message)] {
    for (auto& [id, watcher] : self->watchers_) {
      if (!watcher.alive.expired()) watcher.send(message);
    }
  });
}

void GameRoom::unwatch(uint64_t sessionId) {
  asio::post(strand_, [self = shared_from_this(), sessionId] {
    self->watchers_.erase(sessionId);
    self->tellAudience(AudienceEvent::Unwatched, sessionId);
    self->maybeDrop();
  });
}

void GameRoom::broadcastSince(int64_t fromVersion) {
  if (fromVersion >= machine_.version()) return;
  struct Built {
    std::vector<json::object> bodies;
    std::vector<std::shared_ptr<const std::string>> messages;
  };
  std::optional<Built> byViewer[3];
  for (auto& [id, watcher] : watchers_) {
    auto& built = byViewer[static_cast<int>(watcher.viewer)];
    if (!built) {
      built.emplace();
      built->bodies = eventMessagesSince(fromVersion, watcher.viewer);
      for (const json::object& body : built->bodies) {
        built->messages.push_back(server::serializeMessage(body));
      }
    }
    for (std::size_t i = 0; i < built->messages.size(); ++i) {
      // A line from a sender this watcher blocks goes as a placeholder (blocked_chat.h).
      if (hidesChatOf(context_, watcher.userId, built->bodies[i])) {
        watcher.send(server::serializeMessage(withChatHidden(built->bodies[i])));
      } else {
        watcher.send(built->messages[i]);
      }
    }
  }
}

std::vector<json::object> GameRoom::eventMessagesSince(int64_t fromVersion,
                                                       game::Viewer viewer) const {
  std::vector<json::object> messages;
  const int64_t version = machine_.version();
  fromVersion = std::clamp<int64_t>(fromVersion, 0, version);
  if (fromVersion == version) return messages;
  std::vector<store::GameEvent> before(log_.begin(), log_.begin() + fromVersion);
  auto replayed = game::GameMachine::replay(initialSettings_, owner_, before);
  if (!replayed) {
    log::error("replay_failed", {{"game", gameId_}, {"error", replayed.error().toString()}});
    return messages;
  }
  for (auto it = log_.begin() + fromVersion; it != log_.end(); ++it) {
    auto event = game::fromLogged(*it, replayed->game().geometry());
    if (!event || !replayed->apply(*event, it->seq, it->timeMs)) break;
    messages.push_back(replayed->eventMessage(*event, it->seq, it->timeMs, viewer, it->timeMs));
  }
  return messages;
}

}  // namespace tengen::site
