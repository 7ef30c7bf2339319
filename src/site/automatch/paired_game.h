#pragma once

// Starts a game between two people at once (an automatch pair, an accepted challenge): the
// table is created for `owner` from create_table's fields, `joiner` sits down (nigiri drawn
// when the table says so) and, once the start is durable, `started` gets the game's summary
// (docs/protocol.md "A game summary"); `failed` gets a message when the store or the rules
// refused. Either runs on a site thread.

#include <boost/json/object.hpp>

#include <functional>
#include <memory>
#include <string>

#include "game/game_machine.h"
#include "site/site_context.h"

namespace tengen::site {

// `created`, when given, hears the game's id as soon as the store has the game, before the
// joiner sits (on the blocking pool): a caller that must not open the same game twice records
// it there.
void startPairedGame(SiteContext& context, const boost::json::object& table, game::Player owner,
                     game::Player joiner, std::function<void(boost::json::object game)> started,
                     std::function<void(std::string message)> failed,
                     std::function<void(int64_t game)> created = {});

class GameRoom;

// The second half of startPairedGame: `joiner` sits down at the open table `room`.
void seatPairedJoiner(SiteContext& context, const std::shared_ptr<GameRoom>& room,
                      game::Player joiner, std::function<void(boost::json::object game)> started,
                      std::function<void(std::string message)> failed);

}  // namespace tengen::site
