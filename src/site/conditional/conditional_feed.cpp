#include "site/conditional/conditional_feed.h"

#include <boost/asio/post.hpp>
#include <boost/json/parse.hpp>

#include <algorithm>

#include "base/log.h"
#include "site/conditional/conditional_tree.h"
#include "site/ratings/game_rating.h"
#include "site/rooms/game_handlers.h"
#include "site/rooms/room_request.h"

namespace tengen::site {

namespace {

// The opponent's move that the waiting player's plan may answer.
struct Arrived {
  int64_t gameId = 0;
  int moveNumber = 0;  // the game's moves after it
  go::Point point;
  go::Geometry geometry;
  game::Player waiting;
};

bool isMoveOrPass(const store::GameEvent& event) {
  return event.type == "move" || event.type == "pass";
}

// On the blocking pool: consumes the plan's branch for `arrived` and plays its answer.
void answer(SiteContext& context, const Arrived& arrived) {
  store::Store& store = context.store;
  const int64_t user = arrived.waiting.id;
  auto row = store.conditionalMovesOf(arrived.gameId, user);
  if (!row) {
    log::warn("conditional_read_failed",
              {{"game", arrived.gameId}, {"error", row.error().toString()}});
    return;
  }
  if (!*row) return;
  const auto drop = [&](const char* why) {
    if (auto dropped = store.dropConditionalMoves(arrived.gameId, user); !dropped) {
      log::warn("conditional_drop_failed",
                {{"game", arrived.gameId}, {"error", dropped.error().toString()}});
    }
    log::info("conditional_dropped", {{"game", arrived.gameId}, {"user", user}, {"why", why}});
  };
  // Planned at another point of the game: the position it was checked against is gone.
  if ((*row)->moveNumber + 1 != arrived.moveNumber) return drop("moved_on");
  boost::system::error_code parseError;
  const boost::json::value json = boost::json::parse((*row)->tree, parseError);
  auto tree = parseError ? std::unexpected<std::string>(parseError.message())
                         : parseConditionalTree(json, arrived.geometry);
  if (!tree) return drop("unreadable");
  const ConditionalBranch* branch = branchFor(*tree, arrived.point);
  if (!branch) return drop("not_planned");
  const go::Point reply = branch->answer;
  // The rest of the plan waits for the opponent's move after the answer.
  const auto kept =
      branch->then.empty()
          ? store.dropConditionalMoves(arrived.gameId, user)
          : store.saveConditionalMoves(
                arrived.gameId, user,
                store::ConditionalMoves{arrived.moveNumber + 1,
                                        conditionalTreeText(branch->then, arrived.geometry)});
  if (!kept) {
    // Playing an answer the store cannot account for would leave the plan to answer again.
    log::warn("conditional_write_failed",
              {{"game", arrived.gameId}, {"error", kept.error().toString()}});
    return;
  }
  RoomRequest request;
  request.actor = game::Actor{user, arrived.waiting.name};
  request.command.kind = game::CommandKind::Move;
  request.command.args = game::PointArgs{arrived.geometry.toGtp(reply)};
  request.reply = ReplyKind::Ok;
  // No expected version: a chat line between the move and this answer must not stop it. The
  // room still refuses it unless the player is to move (a move made by hand came first).
  request.answer = [gameId = arrived.gameId, user](Outcome outcome) {
    if (outcome) {
      log::info("conditional_played", {{"game", gameId}, {"user", user}});
    } else {
      log::info("conditional_refused", {{"game", gameId}, {"code", outcome.error().code}});
    }
  };
  submitToRoom(context, arrived.gameId, std::move(request));
}

void dropPlans(SiteContext& context, int64_t gameId, std::vector<int64_t> users) {
  boost::asio::post(context.blocking, [&context, gameId, users = std::move(users)] {
    for (int64_t user : users) {
      if (auto dropped = context.store.dropConditionalMoves(gameId, user); !dropped) {
        log::warn("conditional_drop_failed",
                  {{"game", gameId}, {"error", dropped.error().toString()}});
      }
    }
  });
}

}  // namespace

bool takesConditionalMoves(const game::GameMachine& machine) {
  return machine.phase() == game::Phase::Play && isTimedCorrespondence(machine.settings());
}

void ConditionalFeed::changed(const RoomChange& change) {
  if (!change.owning || change.event != RoomEvent::Committed || !change.committed) return;
  const game::GameMachine& machine = change.machine;
  const game::Phase phase = machine.phase();
  // A correspondence game just ended (from play, or from its removal phase): no plan can be
  // played now. Live games never have plans, so their ends cost no store write here.
  const bool over = phase == game::Phase::Finished || phase == game::Phase::Cancelled;
  if (over && change.before != phase) {
    if (!isTimedCorrespondence(machine.settings())) return;
    std::vector<int64_t> users;
    for (const auto& seat : {machine.black(), machine.white()}) {
      if (seat && !seat->bot) users.push_back(seat->id);
    }
    if (!users.empty()) dropPlans(context_, change.gameId, std::move(users));
    return;
  }
  if (!takesConditionalMoves(machine)) return;
  const auto& events = change.committed->events;
  if (std::none_of(events.begin(), events.end(), isMoveOrPass)) return;
  const std::vector<go::Move>& moves = machine.game().moves();
  if (moves.empty()) return;
  const go::Move& last = moves.back();
  const auto waiting = last.color == go::Color::Black ? machine.white() : machine.black();
  if (!waiting || waiting->bot) return;
  // A pass is never planned: it ends the waiting player's plan like any move it did not name.
  if (last.point == go::kPass) return dropPlans(context_, change.gameId, {waiting->id});
  boost::asio::post(context_.blocking,
                    [&context = context_,
                     arrived = Arrived{change.gameId, machine.moveNumber(), last.point,
                                       machine.game().geometry(), *waiting}] {
                      answer(context, arrived);
                    });
}

}  // namespace tengen::site
