#pragma once

// The room directory: game id → live room, the one map the whole site shares. A
// room is created on first touch by loading its game from the store on the blocking pool, and
// leaves when nobody watches and its game is over; rooms of games in play stay (their clocks
// run). The mutex is held only to look up, insert or erase.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "server/message_handlers.h"
#include "site/rooms/tenure.h"
#include "site/site_context.h"

namespace tengen::site {

class GameRoom;

class RoomDirectory {
 public:
  // `context` may still be under construction: it is used only once rooms are looked up.
  explicit RoomDirectory(SiteContext& context) : context_(context) {}

  // Calls `done` with the game's room: at once on this thread when it is live, else on the
  // blocking pool after loading it. `error` is not_found for an unknown game, internal_error
  // if the store failed.
  using Found = std::function<void(std::shared_ptr<GameRoom> room,
                                   std::optional<server::HandlerError> error)>;
  void withRoom(int64_t gameId, Found done);

  // The live room or nullptr; never loads.
  std::shared_ptr<GameRoom> find(int64_t gameId) const;
  // Inserts a new room and starts it, unless one for the game is already live: returns the
  // room that is. With several nodes (cluster.h) the room first claims the game's lease,
  // unless `claimed` says how it went already; blocking then, so call it off the strands.
  std::shared_ptr<GameRoom> adopt(std::shared_ptr<GameRoom> room,
                                  std::optional<Tenure> claimed = std::nullopt);
  // Removes the room of `gameId` if it is still `room` (a successor stays).
  void erase(int64_t gameId, const GameRoom* room);
  std::vector<std::shared_ptr<GameRoom>> all() const;
  std::size_t size() const;

 private:
  SiteContext& context_;
  mutable std::mutex mutex_;
  std::map<int64_t, std::shared_ptr<GameRoom>> rooms_;
};

}  // namespace tengen::site
