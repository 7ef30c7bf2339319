#include "site/automatch/paired_game.h"

#include <boost/asio/post.hpp>

#include <memory>
#include <utility>

#include "base/log.h"
#include "site/rooms/game_room.h"
#include "site/rooms/room_directory.h"
#include "site/rooms/table_settings.h"

namespace tengen::site {

namespace json = boost::json;

void seatPairedJoiner(SiteContext& context, const std::shared_ptr<GameRoom>& room,
                      game::Player joiner, std::function<void(json::object game)> started,
                      std::function<void(std::string message)> failed) {
  RoomRequest request;
  request.actor = game::Actor{joiner.id, joiner.name};
  request.command.kind = game::CommandKind::Join;
  request.command.args = game::JoinArgs{context.coin(), std::nullopt, false};
  request.reply = ReplyKind::Joined;
  request.id = nullptr;
  // The room answers the join like join_table: the summary, or why not.
  request.answer = [started = std::move(started), failed = std::move(failed)](Outcome outcome) {
    if (outcome) return started(outcome->game);
    failed(outcome.error().message.empty() ? "the game could not start" : outcome.error().message);
  };
  room->submit(std::move(request));
}

void startPairedGame(SiteContext& context, const json::object& table, game::Player owner,
                     game::Player joiner, std::function<void(json::object game)> started,
                     std::function<void(std::string message)> failed,
                     std::function<void(int64_t game)> created) {
  auto settings = tableSettingsFromJson(table, owner.id);
  if (!settings) return failed(settings.error().message);
  boost::asio::post(context.blocking, [&context, settings = std::move(*settings), owner, joiner,
                                       started = std::move(started), failed = std::move(failed),
                                       createdHook = std::move(created)]() mutable {
    settings.createdMs = nowMs();
    auto created = context.store.createGame(settings);
    if (!created) {
      log::error("create_game_failed", {{"error", created.error().toString()}});
      return failed("the store refused the new game");
    }
    settings.id = *created;
    if (createdHook) createdHook(settings.id);
    auto machine = game::GameMachine::create(settings, owner);
    if (!machine) {
      log::error("create_machine_failed",
                 {{"game", settings.id}, {"error", machine.error().toString()}});
      return failed(machine.error().toString());
    }
    auto room = context.rooms.adopt(std::make_shared<GameRoom>(
        context, settings.id, LoadedRoom{settings, owner, {}, std::move(*machine)}, false));
    seatPairedJoiner(context, room, joiner, std::move(started), std::move(failed));
  });
}

}  // namespace tengen::site
