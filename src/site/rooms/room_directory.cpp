#include "site/rooms/room_directory.h"

#include <boost/asio/post.hpp>

#include "base/log.h"
#include "site/rooms/game_room.h"
#include "site/rooms/room_loader.h"
#include "site/rooms/room_network.h"

namespace tengen::site {

void RoomDirectory::withRoom(int64_t gameId, Found done) {
  if (auto room = find(gameId)) return done(std::move(room), std::nullopt);
  boost::asio::post(context_.blocking, [this, gameId, done = std::move(done)] {
    // Another request may have loaded it meanwhile.
    if (auto room = find(gameId)) return done(std::move(room), std::nullopt);
    auto loaded = loadRoom(context_.store, gameId);
    if (!loaded) {
      log::error("room_load_failed", {{"game", gameId}, {"error", loaded.error().toString()}});
      return done(nullptr, server::HandlerError{"internal_error", "the game could not be loaded"});
    }
    if (!*loaded) {
      return done(nullptr, server::HandlerError{"not_found", "no game " + std::to_string(gameId)});
    }
    // In one process a game in play without a room means the server restarted since.
    auto room = std::make_shared<GameRoom>(context_, gameId, std::move(**loaded), true);
    done(adopt(std::move(room)), std::nullopt);
  });
}

std::shared_ptr<GameRoom> RoomDirectory::find(int64_t gameId) const {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(gameId);
  return it == rooms_.end() ? nullptr : it->second;
}

std::shared_ptr<GameRoom> RoomDirectory::adopt(std::shared_ptr<GameRoom> room,
                                               std::optional<Tenure> claimed) {
  if (context_.network) {
    if (auto live = find(room->gameId())) return live;
    // Before anyone can reach the room: whether it runs the game or follows is settled first.
    room->setTenure(claimed ? std::move(*claimed) : context_.network->claim(room->gameId()));
  }
  {
    std::lock_guard lock(mutex_);
    auto [it, inserted] = rooms_.try_emplace(room->gameId(), room);
    if (!inserted) return it->second;
  }
  room->start();
  return room;
}

void RoomDirectory::erase(int64_t gameId, const GameRoom* room) {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(gameId);
  if (it != rooms_.end() && it->second.get() == room) rooms_.erase(it);
}

std::vector<std::shared_ptr<GameRoom>> RoomDirectory::all() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<GameRoom>> rooms;
  rooms.reserve(rooms_.size());
  for (const auto& [id, room] : rooms_) rooms.push_back(room);
  return rooms;
}

std::size_t RoomDirectory::size() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

}  // namespace tengen::site
