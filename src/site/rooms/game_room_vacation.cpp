// A room's side of vacations (docs/protocol.md, "Vacation"): the site knows who is away, the
// game's log says whose vacation pauses its clocks, and the room brings the second in line with
// the first whenever either may have changed: at start, after every command, and when told.
#include <boost/asio/post.hpp>

#include "site/ratings/game_rating.h"
#include "site/rooms/game_room.h"

namespace tengen::site {

namespace asio = boost::asio;

void GameRoom::vacationsChanged() {
  asio::post(strand_, [self = shared_from_this()] {
    if (self->dropped_ || self->busy_) return;  // a busy room checks again once it is idle
    if (self->queueVacationChanges()) self->pump();
  });
}

bool GameRoom::queueVacationChanges() {
  if (!context_.away) return false;
  const game::Phase phase = machine_.phase();
  if (phase != game::Phase::Handicap && phase != game::Phase::Play &&
      phase != game::Phase::Removal) {
    return false;
  }
  // Vacations are for games that last days: a live game's players are at the board.
  const game::TimeControl& control = machine_.timeControl();
  if (control.kind == game::TimeKind::None ||
      speedOf(control, machine_.settings().size) != Speed::Correspondence) {
    return false;
  }
  bool queued = false;
  for (go::Color colour : {go::Color::Black, go::Color::White}) {
    const auto player = colour == go::Color::Black ? machine_.black() : machine_.white();
    if (!player || player->bot) continue;
    const bool away = context_.away(player->id);
    std::optional<int64_t>& tried = vacationTriedAt_[go::colorIndex(colour)];
    if (away == machine_.onVacation(colour) || tried == machine_.version()) continue;
    tried = machine_.version();
    RoomRequest request = clockRequest(game::CommandKind::Vacation);
    request.actor = game::Actor{player->id, player->name};
    request.command.args = game::VacationArgs{away};
    queue_.push_back(std::move(request));
    queued = true;
  }
  return queued;
}

}  // namespace tengen::site
