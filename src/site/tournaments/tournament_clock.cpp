#include "site/tournaments/tournament_clock.h"

#include <boost/asio/post.hpp>

#include "site/tournaments/tournament_service.h"

namespace tengen::site {

void TournamentClock::arm() {
  timer_.expires_after(interval_);
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;
    boost::asio::post(context_.blocking, [this] {
      service_.startDueRounds(nowMs());
      arm();
    });
  });
}

}  // namespace tengen::site
