#include "site/tournaments/tournament_feed.h"

#include <boost/asio/post.hpp>

#include <string>

#include "site/tournaments/tournament_service.h"

namespace tengen::site {

void TournamentFeed::changed(const RoomChange& change) {
  if (!change.owning || change.event != RoomEvent::Committed) return;
  if (change.before == game::Phase::Finished || change.machine.phase() != game::Phase::Finished) {
    return;
  }
  boost::asio::post(context_.blocking, [&service = service_, game = change.gameId,
                                        result = change.machine.settings().result] {
    service.gameEnded(game, result);
  });
}

}  // namespace tengen::site
