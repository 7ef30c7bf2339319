// GameRoom following a game another node runs (cluster.h): it applies the events the owner
// announces, one by one as the owner applied them, and reads from the store only what it
// missed. Split from game_room.cpp; the same strand rules apply.
#include <boost/asio/post.hpp>

#include <algorithm>
#include <exception>
#include <string>
#include <utility>

#include "base/log.h"
#include "game/event_log_format.h"
#include "site/rooms/event_effects.h"
#include "site/rooms/game_room.h"
#include "site/rooms/room_subscriber.h"

namespace tengen::site {

namespace asio = boost::asio;

void GameRoom::announced(Committed committed) {
  announcedVersion_ = std::max(announcedVersion_, committed.version);
  // A busy room looks at announcedVersion_ again once its work lands (settle).
  if (owning() || busy_ || dropped_ || committed.version <= machine_.version()) return;
  const Applied applied = applyLogged(committed.events);
  if (applied == Applied::Refused) return reload(machine_.version());
  // Events this node never heard of (a lost message, or a bare version): the store has them.
  if (machine_.version() < announcedVersion_) return catchUp();
  if (!deferredWatches_.empty() && answerDeferredWatches(false)) return;
  maybeDrop();
}

GameRoom::Applied GameRoom::applyLogged(const std::vector<store::GameEvent>& rows) {
  const game::Phase before = machine_.phase();
  const int64_t from = machine_.version();
  bool summaryChanged = false;
  Applied applied = Applied::All;
  for (const store::GameEvent& row : rows) {
    if (row.seq <= machine_.version()) continue;
    if (row.seq != machine_.version() + 1) {
      applied = Applied::Gap;
      break;
    }
    auto event = game::fromLogged(row, machine_.game().geometry());
    if (!event) {
      log::error("event_unreadable",
                 {{"game", gameId_}, {"seq", row.seq}, {"error", event.error().toString()}});
      applied = Applied::Refused;
      break;
    }
    if (!touchesOnlyMoveNumber(*event)) summaryChanged = true;
    if (!applyAndBroadcast(*event, row)) {
      applied = Applied::Refused;
      break;
    }
  }
  // Whatever applied before a gap or a refusal is told as well.
  if (machine_.version() > from) followed(before, summaryChanged);
  return applied;
}

void GameRoom::resync() {
  asio::post(strand_, [self = shared_from_this()] {
    if (self->owning() || self->dropped_) return;
    if (self->busy_) {
      self->resyncOwed_ = true;
      return;
    }
    self->catchUp();
  });
}

void GameRoom::catchUp() {
  busy_ = true;
  resyncOwed_ = false;
  announcedAtReload_ = announcedVersion_;
  for (DeferredWatch& waiting : deferredWatches_) waiting.reloadBegun = true;
  const int64_t from = machine_.version();
  asio::post(context_.blocking, [self = shared_from_this(), from] {
    Result<std::vector<store::GameEvent>> rows;
    try {
      rows = self->context_.store.loadEvents(self->gameId_, from);
    } catch (const std::exception& e) {
      // Reported like a failed read: the room goes on with what it had and is not left busy.
      rows = fail(std::string("reading the game's events threw: ") + e.what());
    }
    asio::post(self->strand_, [self, from, rows = std::move(rows)]() mutable {
      self->caughtUp(from, std::move(rows));
    });
  });
}

void GameRoom::caughtUp(int64_t fromVersion, Result<std::vector<store::GameEvent>> rows) {
  if (!rows) {
    log::error("room_catch_up_failed", {{"game", gameId_}, {"error", rows.error().toString()}});
    answerDeferredWatches(true);
    busy_ = false;
    return pump();
  }
  const Applied applied = applyLogged(*rows);
  // The store's rows run 1..n without a gap, so anything but All is a log this room's game
  // cannot follow (its start differs from the store's): rebuild it whole.
  if (applied != Applied::All) return reload(machine_.version());
  settle(fromVersion);
}

void GameRoom::followed(game::Phase before, bool summaryChanged) {
  notify(change(RoomEvent::Followed, before, summaryChanged));
}

void GameRoom::settle(int64_t fromVersion) {
  if (takingOver_) {
    answerDeferredWatches(true);
    return tookOver();
  }
  if (!owning()) {
    // Announced while this read ran: once more, as long as each read gets further or a newer
    // version was announced meanwhile (this one may have read the store just before the
    // owner's commit). And a reconnected bus asked for a read of its own.
    const bool ahead = announcedVersion_ > machine_.version() &&
                       (machine_.version() > fromVersion || announcedVersion_ > announcedAtReload_);
    if (ahead || resyncOwed_) return catchUp();
  }
  resyncOwed_ = false;
  if (answerDeferredWatches(false)) return;
  busy_ = false;
  pump();
}

}  // namespace tengen::site
