#pragma once

// A game in play that this node starts to run with a bot seated (room_subscriber.h): resumed
// from the store by a node of several, or taken over from another node, its bots play from
// here. Their engines start afresh and learn the game from its log. (A lone node attaches the
// bots of the games it resumes itself, site.cpp resumeGames.)

#include "site/bots/bot_service.h"
#include "site/rooms/room_subscriber.h"

namespace tengen::site {

class BotFeed final : public RoomSubscriber {
 public:
  BotFeed(BotService& bots, bool clustered) : bots_(bots), clustered_(clustered) {}
  void changed(const RoomChange& change) override;

 private:
  BotService& bots_;
  const bool clustered_;
};

}  // namespace tengen::site
