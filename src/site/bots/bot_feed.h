#pragma once

// The bots' side of every room with a bot seated (room_subscriber.h):
// - each change reaches the game's bot drivers (BotService::show), on the room's strand and
//   before the command's sender hears its reply, so a driver that sent the command always acts
//   on a state at least as new as its own change;
// - a game in play that this node starts to run, resumed from the store by a node of several
//   or taken over from another node, gets its drivers here: its bots play from here, their
//   engines starting afresh and learning the game from its log. (A lone node attaches the bots
//   of the games it resumes itself, site.cpp resumeGames.)

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
