#include "site/lobby/lobby.h"

#include <algorithm>
#include <set>
#include <vector>

#include "server/envelope.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

int64_t wallClockMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

Lobby::Lobby(boost::asio::io_context& io, std::chrono::milliseconds interval)
    : timer_(io), interval_(interval), createdMs_(wallClockMs()) {}

void Lobby::start() {
  running_ = true;
  arm();
}

void Lobby::stop() { running_ = false; }

void Lobby::arm() {
  timer_.expires_after(interval_);
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec || !running_) return;
    push();
    arm();
  });
}

void Lobby::push() {
  std::vector<SendFunction> targets;
  std::shared_ptr<const std::string> message;
  {
    std::lock_guard lock(mutex_);
    if (!dirty_) return;
    dirty_ = false;
    if (subscribers_.empty()) return;
    message = server::serializeMessage(snapshotLocked());
    targets.reserve(subscribers_.size());
    for (const auto& [id, send] : subscribers_) targets.push_back(send);
  }
  // Sending outside the lock: a send queues on the session and never calls back in here.
  for (const SendFunction& send : targets) send(message);
}

namespace {

int64_t ownerOf(const json::object& summary) {
  const json::value* owner = summary.if_contains("owner");
  if (!owner || !owner->is_object()) return 0;
  const json::value* id = owner->as_object().if_contains("id");
  return id && id->is_int64() ? id->as_int64() : 0;
}

}  // namespace

bool Lobby::reserveTable(int64_t ownerId, int limit) {
  std::lock_guard lock(mutex_);
  int count = 0;
  if (auto pending = tablesBeingCreated_.find(ownerId); pending != tablesBeingCreated_.end()) {
    count = pending->second;
  }
  for (const auto& [gameId, summary] : tables_) count += ownerOf(summary) == ownerId ? 1 : 0;
  if (count >= limit) return false;
  ++tablesBeingCreated_[ownerId];
  return true;
}

void Lobby::releaseTable(int64_t ownerId) {
  std::lock_guard lock(mutex_);
  auto it = tablesBeingCreated_.find(ownerId);
  if (it != tablesBeingCreated_.end() && --it->second <= 0) tablesBeingCreated_.erase(it);
}

void Lobby::updateGame(int64_t gameId, game::Phase phase, json::object summary) {
  std::lock_guard lock(mutex_);
  switch (phase) {
    case game::Phase::Open:
      games_.erase(gameId);
      if (!tables_.contains(gameId)) {
        // A new table: the place its owner reserved becomes the table itself.
        auto pending = tablesBeingCreated_.find(ownerOf(summary));
        if (pending != tablesBeingCreated_.end() && --pending->second <= 0) {
          tablesBeingCreated_.erase(pending);
        }
      }
      tables_[gameId] = std::move(summary);
      break;
    case game::Phase::Handicap:
    case game::Phase::Play:
    case game::Phase::Removal:
      tables_.erase(gameId);
      games_[gameId] = std::move(summary);
      break;
    case game::Phase::Finished:
    case game::Phase::Cancelled:
      tables_.erase(gameId);
      games_.erase(gameId);
      break;
  }
  dirty_ = true;
}

void Lobby::updateMoveNumber(int64_t gameId, int64_t moveNumber) {
  std::lock_guard lock(mutex_);
  auto game = games_.find(gameId);
  if (game == games_.end()) return;
  game->second["moveNumber"] = moveNumber;
  dirty_ = true;
}

void Lobby::playerOnline(int64_t userId, const std::string& name) {
  std::lock_guard lock(mutex_);
  OnlinePlayer& player = players_[userId];
  offlineSinceMs_.erase(userId);
  if (player.sockets++ == 0) {
    player.name = name;
    player.since = ++arrivals_;
    dirty_ = true;
  }
}

void Lobby::playerOffline(int64_t userId) {
  std::lock_guard lock(mutex_);
  auto it = players_.find(userId);
  if (it == players_.end()) return;
  if (--it->second.sockets <= 0) {
    players_.erase(it);
    offlineSinceMs_[userId] = wallClockMs();
    dirty_ = true;
  }
}

std::vector<Lobby::AbandonedTable> Lobby::abandonedTables(
    int64_t nowMs, const std::function<int64_t(const json::object&)>& limitMs) {
  std::lock_guard lock(mutex_);
  std::set<int64_t> owners;
  for (const auto& [gameId, summary] : tables_) owners.insert(ownerOf(summary));
  std::erase_if(offlineSinceMs_, [&](const auto& entry) { return !owners.contains(entry.first); });
  std::vector<AbandonedTable> abandoned;
  for (const auto& [gameId, summary] : tables_) {
    const int64_t owner = ownerOf(summary);
    if (owner == 0 || players_.contains(owner)) continue;
    const auto left = offlineSinceMs_.find(owner);
    const int64_t since = left == offlineSinceMs_.end() ? createdMs_ : left->second;
    if (nowMs - since < limitMs(summary)) continue;
    const json::value& name = summary.at("owner").at("name");
    abandoned.push_back({gameId, owner, name.is_string() ? std::string(name.get_string()) : ""});
  }
  return abandoned;
}

std::optional<int64_t> Lobby::tableOwner(int64_t gameId) const {
  std::lock_guard lock(mutex_);
  const auto table = tables_.find(gameId);
  if (table == tables_.end()) return std::nullopt;
  return ownerOf(table->second);
}

std::vector<int64_t> Lobby::tablesOwnedBy(int64_t ownerId) const {
  std::lock_guard lock(mutex_);
  std::vector<int64_t> owned;
  for (const auto& [gameId, summary] : tables_) {
    if (ownerOf(summary) == ownerId) owned.push_back(gameId);
  }
  return owned;
}

void Lobby::setBots(std::function<json::array()> bots) {
  std::lock_guard lock(mutex_);
  bots_ = std::move(bots);
}

void Lobby::markDirty() {
  std::lock_guard lock(mutex_);
  dirty_ = true;
}

json::object Lobby::subscribe(uint64_t sessionId, SendFunction send) {
  std::lock_guard lock(mutex_);
  subscribers_[sessionId] = std::move(send);
  return snapshotLocked();
}

void Lobby::unsubscribe(uint64_t sessionId) {
  std::lock_guard lock(mutex_);
  subscribers_.erase(sessionId);
}

json::object Lobby::snapshot() const {
  std::lock_guard lock(mutex_);
  return snapshotLocked();
}

json::object Lobby::snapshotLocked() const {
  auto newestFirst = [](const std::map<int64_t, json::object>& entries) {
    json::array list;
    for (auto it = entries.rbegin(); it != entries.rend() && list.size() < kLobbyMaxEntries; ++it) {
      list.push_back(it->second);
    }
    return list;
  };
  std::vector<const std::pair<const int64_t, OnlinePlayer>*> online;
  online.reserve(players_.size());
  for (const auto& entry : players_) online.push_back(&entry);
  std::sort(online.begin(), online.end(),
            [](const auto* a, const auto* b) { return a->second.since > b->second.since; });
  json::array players;
  for (const auto* entry : online) {
    if (players.size() >= kLobbyMaxEntries) break;
    players.push_back(json::object{{"id", entry->first}, {"name", entry->second.name}});
  }
  json::object lobby;
  lobby["type"] = "lobby";
  lobby["tables"] = newestFirst(tables_);
  lobby["games"] = newestFirst(games_);
  lobby["players"] = std::move(players);
  lobby["playersOnline"] = players_.size();
  lobby["bots"] = bots_ ? bots_() : json::array{};
  return lobby;
}

}  // namespace tengen::site
