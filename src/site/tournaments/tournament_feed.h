#pragma once

// Follows every room (room_subscriber.h) for the end of a game: a tournament game's result
// goes to its board at once, so the standings count it (TournamentService::gameEnded, on the
// blocking pool). Only the node that runs the game reports it.

#include "site/rooms/room_subscriber.h"
#include "site/site_context.h"

namespace tengen::site {

class TournamentService;

class TournamentFeed final : public RoomSubscriber {
 public:
  TournamentFeed(SiteContext& context, TournamentService& service)
      : context_(context), service_(service) {}
  void changed(const RoomChange& change) override;

 private:
  SiteContext& context_;
  TournamentService& service_;
};

}  // namespace tengen::site
