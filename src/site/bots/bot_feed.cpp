#include "site/bots/bot_feed.h"

#include "site/rooms/game_room.h"

namespace tengen::site {

void BotFeed::changed(const RoomChange& change) {
  const auto black = change.machine.black();
  const auto white = change.machine.white();
  // Most games seat no bot: they cost this feed two reads and no lock.
  if (!(black && black->bot) && !(white && white->bot)) return;
  bots_.show(change.gameId, change.machine);
  if (!change.owning) return;
  const bool resumed = change.event == RoomEvent::Loaded && change.resumed && clustered_;
  if (!resumed && change.event != RoomEvent::TookOver) return;
  const game::Phase phase = change.machine.phase();
  if (phase != game::Phase::Handicap && phase != game::Phase::Play &&
      phase != game::Phase::Removal) {
    return;
  }
  bots_.attach(change.room.shared_from_this(), change.gameId, black ? black->id : 0,
               white ? white->id : 0, true);
}

}  // namespace tengen::site
