#pragma once

// The tournaments' timer: every second it asks the service to start the rounds whose time has
// come (TournamentService::startDueRounds, on the blocking pool, where store calls belong).
// One thread at a time touches the timer: start() once, then the pool job that the previous
// wait posted; stopping the io_context ends the chain.

#include <boost/asio/steady_timer.hpp>

#include <chrono>

#include "site/site_context.h"

namespace tengen::site {

class TournamentService;

class TournamentClock {
 public:
  TournamentClock(SiteContext& context, TournamentService& service,
                  std::chrono::milliseconds interval = std::chrono::seconds(1))
      : context_(context), service_(service), interval_(interval), timer_(context.io) {}
  void start() { arm(); }

 private:
  void arm();

  SiteContext& context_;
  TournamentService& service_;
  std::chrono::milliseconds interval_;
  boost::asio::steady_timer timer_;
};

}  // namespace tengen::site
