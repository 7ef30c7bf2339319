// GameRoom's part in leaving a game (docs/protocol.md "Leaving a game"): what a claim or the
// end of an abandoned untimed game is decided on, and telling the presence tracker
// (room_presence.h) who watches. Split from game_room.cpp; the same strand rules apply.
#include <algorithm>
#include <chrono>

#include "site/rooms/game_room.h"

namespace tengen::site {

namespace {

bool isRunning(game::Phase phase) {
  return phase == game::Phase::Handicap || phase == game::Phase::Play ||
         phase == game::Phase::Removal;
}

}  // namespace

void GameRoom::tellAudience(AudienceEvent event, uint64_t sessionId, int64_t userId) {
  if (!context_.presence) return;
  context_.presence->audienceChanged(
      AudienceChange{event, gameId_, *this, machine_, owning(), sessionId, userId});
}

void GameRoom::withPresence(RoomRequest& request, int64_t now) const {
  const game::CommandKind kind = request.command.kind;
  if (kind == game::CommandKind::InactivityEnd) {
    request.command.args = game::InactivityArgs{context_.limits.untimedInactivityLimit.count()};
    return;
  }
  if (kind != game::CommandKind::ClaimWin && kind != game::CommandKind::Annul) return;
  request.command.args = context_.presence
                             ? context_.presence->claimFacts(gameId_, request.actor.userId, now)
                             : game::ClaimArgs{};
}

void GameRoom::armInactivity() {
  std::optional<int64_t> deadline;
  // Only the owning node ends a game (cluster.h): a following room's deadline stays unarmed.
  if (owning() && isRunning(machine_.phase()) &&
      machine_.timeControl().kind == game::TimeKind::None) {
    deadline = machine_.lastActivityMs() + context_.limits.untimedInactivityLimit.count();
  }
  if (deadline == armedIdleDeadline_) return;
  armedIdleDeadline_ = deadline;
  if (!deadline) {
    idle_.cancel();
    return;
  }
  // Overdue after a restart: fires at once, so a game abandoned while the server was down
  // ends as soon as it is loaded.
  const int64_t waitMs = std::max<int64_t>(0, *deadline - nowMs()) + 1;
  idle_.expires_after(std::chrono::milliseconds(waitMs));
  idle_.async_wait([self = shared_from_this(), deadline](const boost::system::error_code& ec) {
    if (ec || self->armedIdleDeadline_ != deadline) return;
    self->armedIdleDeadline_.reset();
    self->queue_.push_back(clockRequest(game::CommandKind::InactivityEnd));
    self->pump();
  });
}

}  // namespace tengen::site
