#include "site/presence/presence_feed.h"

#include <utility>
#include <vector>

#include "site/rooms/game_room.h"

namespace tengen::site {

namespace json = boost::json;

PresenceFeed::PresenceFeed(boost::asio::io_context& io, const SiteLimits& limits,
                           PresenceNetwork network)
    : io_(io), limits_(limits), network_(std::move(network)), beat_(io) {}

PresenceFeed::~PresenceFeed() { stop(); }

void PresenceFeed::start() {
  if (network_.bus) arm();
}

void PresenceFeed::stop() {
  stopped_ = true;
  beat_.cancel();
  std::unordered_map<int64_t, std::shared_ptr<GamePresence>> games;
  {
    std::lock_guard lock(mutex_);
    games.swap(games_);
  }
  for (auto& [id, presence] : games) presence->stop();
}

void PresenceFeed::arm() {
  beat_.expires_after(network_.freshFor / 3);
  beat_.async_wait([this](const boost::system::error_code& ec) {
    if (ec || stopped_) return;
    std::vector<std::shared_ptr<GamePresence>> games;
    {
      std::lock_guard lock(mutex_);
      games.reserve(games_.size());
      for (const auto& [id, presence] : games_) games.push_back(presence);
    }
    for (const auto& presence : games) presence->beat();
    arm();
  });
}

std::shared_ptr<GamePresence> PresenceFeed::of(int64_t gameId, const GameRoom& room) {
  std::shared_ptr<GamePresence> made;
  std::shared_ptr<GamePresence> replaced;
  {
    std::lock_guard lock(mutex_);
    auto& slot = games_[gameId];
    if (slot && slot->room() == &room) return slot;
    replaced = std::exchange(slot, nullptr);
    made = std::make_shared<GamePresence>(io_, limits_, network_, gameId, &room);
    slot = made;
  }
  if (replaced) replaced->stop();
  made->start();
  return made;
}

std::shared_ptr<GamePresence> PresenceFeed::find(int64_t gameId) {
  std::lock_guard lock(mutex_);
  auto it = games_.find(gameId);
  return it == games_.end() ? nullptr : it->second;
}

void PresenceFeed::changed(const RoomChange& change) {
  // A move changes neither the seats nor whether the game runs: most changes stop here.
  if (stopped_ || (!change.summaryChanged && change.machine.phase() == change.before &&
                   (change.event == RoomEvent::Committed || change.event == RoomEvent::Followed)))
    return;
  of(change.gameId, change.room)
      ->gameChanged(change.room.weak_from_this(), change.machine, change.owning);
}

void PresenceFeed::audienceChanged(const AudienceChange& change) {
  if (stopped_) return;
  switch (change.event) {
    case AudienceEvent::Watched: {
      auto presence = of(change.gameId, change.room);
      presence->gameChanged(change.room.weak_from_this(), change.machine, change.owning);
      presence->watched(change.sessionId, change.userId);
      return;
    }
    case AudienceEvent::Unwatched:
      if (auto presence = find(change.gameId); presence && presence->room() == &change.room)
        presence->unwatched(change.sessionId);
      return;
    case AudienceEvent::Demoted:
      if (auto presence = find(change.gameId); presence && presence->room() == &change.room)
        presence->demoted();
      return;
    case AudienceEvent::Dropped: {
      std::shared_ptr<GamePresence> dropped;
      {
        std::lock_guard lock(mutex_);
        auto it = games_.find(change.gameId);
        if (it == games_.end() || it->second->room() != &change.room) return;
        dropped = std::move(it->second);
        games_.erase(it);
      }
      dropped->stop();
      return;
    }
  }
}

json::value PresenceFeed::presenceOf(int64_t gameId, int64_t nowMs) {
  auto presence = find(gameId);
  return presence ? presence->toJson(nowMs) : json::value(nullptr);
}

game::ClaimArgs PresenceFeed::claimFacts(int64_t gameId, int64_t claimerId, int64_t nowMs) {
  auto presence = find(gameId);
  return presence ? presence->claimFacts(claimerId, nowMs) : game::ClaimArgs{};
}

}  // namespace tengen::site
