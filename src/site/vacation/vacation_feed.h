#pragma once

// The rooms' side of vacations (docs/protocol.md, "Vacation"): the site knows who is away
// (VacationService), a correspondence game's log says whose vacation pauses its clocks, and
// this subscriber brings the second in line with the first whenever either may have changed:
// when a room starts or takes a game over, after every change to a game, and when a vacation
// begins or ends. It does so by submitting a "vacation" command to the game's room, which logs
// it like any other; a command refused at a version is not sent again until the game changes.

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "site/rooms/room_request.h"
#include "site/rooms/room_subscriber.h"

namespace tengen::site {

class VacationFeed : public RoomSubscriber {
 public:
  // `away`: whether a user is on vacation now; any thread, no I/O.
  explicit VacationFeed(std::function<bool(int64_t userId)> away) : away_(std::move(away)) {}

  void changed(const RoomChange& change) override;
  // A user's vacation began or ended: the games seating them are brought in line.
  void vacationChanged(int64_t userId);

 private:
  // A correspondence game in play that this node runs, as its last change left it.
  struct Seat {
    int64_t userId = 0;  // 0: empty, or a bot (bots take no vacations)
    std::string name;
    bool onVacation = false;         // the game's log says so
    std::optional<int64_t> triedAt;  // the version the last command for this seat met
  };
  struct Table {
    std::weak_ptr<GameRoom> room;
    int64_t version = 0;
    std::array<Seat, 2> seats;  // by go::colorIndex
  };
  struct Pending {
    std::shared_ptr<GameRoom> room;
    RoomRequest request;
  };

  // The commands that bring `table` in line, marked as tried at its version; under mutex_.
  void collect(Table& table, std::vector<Pending>& out);

  std::function<bool(int64_t)> away_;
  std::mutex mutex_;
  std::map<int64_t, Table> tables_;  // by game id
};

}  // namespace tengen::site
