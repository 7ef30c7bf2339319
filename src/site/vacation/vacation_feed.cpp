#include "site/vacation/vacation_feed.h"

#include "site/ratings/game_rating.h"
#include "site/rooms/game_room.h"

namespace tengen::site {

namespace {

// Vacations are for games that last days: a live game's players are at the board.
bool pausesForVacations(const game::GameMachine& machine) {
  const game::Phase phase = machine.phase();
  if (phase != game::Phase::Handicap && phase != game::Phase::Play &&
      phase != game::Phase::Removal) {
    return false;
  }
  return isTimedCorrespondence(machine.settings());
}

}  // namespace

void VacationFeed::changed(const RoomChange& change) {
  std::vector<Pending> pending;
  {
    std::lock_guard lock(mutex_);
    if (!change.owning || !pausesForVacations(change.machine)) {
      tables_.erase(change.gameId);
      return;
    }
    Table& table = tables_[change.gameId];
    table.room = change.room.shared_from_this();
    table.version = change.machine.version();
    for (go::Color colour : {go::Color::Black, go::Color::White}) {
      const auto player =
          colour == go::Color::Black ? change.machine.black() : change.machine.white();
      Seat& seat = table.seats[go::colorIndex(colour)];
      const int64_t userId = player && !player->bot ? player->id : 0;
      if (seat.userId != userId) seat.triedAt.reset();
      seat.userId = userId;
      seat.name = player ? player->name : std::string();
      seat.onVacation = change.machine.onVacation(colour);
    }
    collect(table, pending);
  }
  // The room's strand runs this call: submit() only posts, the commands run after it.
  for (Pending& p : pending) p.room->submit(std::move(p.request));
}

void VacationFeed::vacationChanged(int64_t userId) {
  std::vector<Pending> pending;
  {
    std::lock_guard lock(mutex_);
    for (auto it = tables_.begin(); it != tables_.end();) {
      Table& table = it->second;
      if (table.seats[0].userId != userId && table.seats[1].userId != userId) {
        ++it;
        continue;
      }
      // A room gone since (retired, or taken over elsewhere) checks again when it loads.
      if (table.room.expired()) {
        it = tables_.erase(it);
        continue;
      }
      collect(table, pending);
      ++it;
    }
  }
  for (Pending& p : pending) p.room->submit(std::move(p.request));
}

void VacationFeed::collect(Table& table, std::vector<Pending>& out) {
  std::shared_ptr<GameRoom> room = table.room.lock();
  if (!room) return;
  for (Seat& seat : table.seats) {
    if (seat.userId == 0) continue;
    const bool away = away_(seat.userId);
    if (away == seat.onVacation || seat.triedAt == table.version) continue;
    seat.triedAt = table.version;
    RoomRequest request;
    request.actor = game::Actor{seat.userId, seat.name};
    request.command.kind = game::CommandKind::Vacation;
    request.command.args = game::VacationArgs{away};
    request.reply = ReplyKind::None;
    out.push_back(Pending{room, std::move(request)});
  }
}

}  // namespace tengen::site
