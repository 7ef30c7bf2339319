#include "site/lobby/table_expiry.h"

#include "base/log.h"
#include "game/game_clock.h"
#include "site/lobby/lobby.h"
#include "site/ratings/game_rating.h"
#include "site/rooms/game_handlers.h"
#include "site/rooms/game_room.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

// How long a table may wait for an owner who has gone: by its clock's speed.
int64_t limitFor(const json::object& table, const SiteLimits& limits) {
  bool correspondence = false;
  const json::value* time = table.if_contains("time");
  const json::value* size = table.if_contains("size");
  if (time && size && size->is_int64()) {
    if (auto control = game::TimeControl::fromJson(*time)) {
      correspondence =
          control->kind != game::TimeKind::None &&
          speedOf(*control, static_cast<int>(size->as_int64())) == Speed::Correspondence;
    }
  }
  return (correspondence ? limits.abandonedCorrespondenceTableLimit : limits.abandonedTableLimit)
      .count();
}

}  // namespace

void TableExpiry::start() {
  running_ = true;
  arm();
}

void TableExpiry::arm() {
  timer_.expires_after(context_.limits.abandonedTableCheck);
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec || !running_) return;
    sweep(nowMs());
    arm();
  });
}

int TableExpiry::sweep(int64_t now) {
  const SiteLimits& limits = context_.limits;
  const auto abandoned = context_.lobby.abandonedTables(
      now, [&](const json::object& table) { return limitFor(table, limits); });
  for (const Lobby::AbandonedTable& table : abandoned) {
    log::info("table_abandoned", {{"game", table.gameId}, {"owner", table.ownerId}});
    RoomRequest request;
    request.actor = game::Actor{table.ownerId, table.ownerName};
    request.command.kind = game::CommandKind::Cancel;
    request.reply = ReplyKind::None;
    submitToRoom(context_, table.gameId, std::move(request));
  }
  return static_cast<int>(abandoned.size());
}

}  // namespace tengen::site
