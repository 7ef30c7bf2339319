#include "site/lobby/lobby_feed.h"

#include <boost/json/object.hpp>

#include <optional>
#include <utility>

#include "site/rooms/game_room.h"

namespace tengen::site {

namespace json = boost::json;

bool onlyMoveNumberChanged(const RoomChange& change) {
  return (change.event == RoomEvent::Committed || change.event == RoomEvent::Followed) &&
         !change.summaryChanged && change.machine.phase() == change.before;
}

void LobbyFeed::changed(const RoomChange& change) {
  if (onlyMoveNumberChanged(change)) {
    lobby_.updateMoveNumber(change.gameId, change.machine.moveNumber());
    return;
  }
  // The room took its snapshot of the change before telling anyone.
  lobby_.updateGame(change.gameId, change.machine.phase(), change.room.summary());
}

// The "your move" entry (turn_board.h) of the player to move, if one is awaited.
void TurnFeed::changed(const RoomChange& change) {
  const game::GameMachine& machine = change.machine;
  const game::Phase phase = machine.phase();
  int64_t userId = 0;
  json::object entry;
  if (phase == game::Phase::Handicap || phase == game::Phase::Play) {
    const go::Color colour =
        phase == game::Phase::Handicap ? go::Color::Black : machine.game().toMove();
    const auto mover = colour == go::Color::Black ? machine.black() : machine.white();
    const auto opponent = colour == go::Color::Black ? machine.white() : machine.black();
    if (mover && opponent) {
      userId = mover->id;
      entry["gameId"] = change.gameId;
      entry["size"] = machine.settings().size;
      entry["moveNumber"] = machine.moveNumber();
      entry["colour"] = go::colorName(colour);
      entry["opponent"] = json::object{{"id", opponent->id}, {"name", opponent->name}};
      entry["time"] = machine.timeControl().toJson();
      const auto deadline = machine.clockDeadlineMs();
      entry["deadlineMs"] = deadline ? json::value(*deadline) : json::value(nullptr);
      // No deadline because a vacation stopped the clocks (vacation_service.h).
      if (machine.onVacation(go::Color::Black) || machine.onVacation(go::Color::White))
        entry["paused"] = true;
    }
  }
  turns_.update(change.gameId, userId, std::move(entry));
}

}  // namespace tengen::site
