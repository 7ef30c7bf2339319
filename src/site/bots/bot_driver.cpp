#include "site/bots/bot_driver.h"

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>

#include <utility>

#include "base/log.h"
#include "go/board.h"
#include "site/bots/bot_service.h"
#include "site/rooms/game_handlers.h"
#include "site/rooms/game_room.h"

namespace tengen::site {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

// A chain toggled back this often is left as the opponent marks it.
constexpr int kMaxTogglesPerChain = 2;

std::string_view colourWord(go::Color colour) {
  return colour == go::Color::Black ? "black" : "white";
}

std::string verdictText(go::MoveVerdict verdict) {
  switch (verdict) {
    case go::MoveVerdict::Occupied:
      return "the point is occupied";
    case go::MoveVerdict::Ko:
      return "it retakes a ko";
    case go::MoveVerdict::Superko:
      return "it repeats an earlier position (superko)";
    case go::MoveVerdict::Suicide:
      return "it is suicide";
    case go::MoveVerdict::OffBoard:
      return "it is off the board";
    default:
      return std::string(go::verdictName(verdict));
  }
}

// The lowest stone of the chain at `p`: one name per chain.
go::Point chainKey(const go::Board& board, go::Point p) {
  go::Point lowest = p;
  board.chainStones(p).forEach([&](go::Point q) { lowest = std::min(lowest, q); });
  return lowest;
}

}  // namespace

BotDriver::BotDriver(SiteContext& context, int64_t gameId, game::Player bot, Strand strand,
                     std::shared_ptr<BotPlayer> player,
                     std::function<void(const BotDriver*)> finished)
    : context_(context),
      gameId_(gameId),
      bot_(std::move(bot)),
      strand_(std::move(strand)),
      player_(std::move(player)),
      finished_(std::move(finished)),
      idle_(strand_) {}

void BotDriver::observe(const game::GameMachine& machine) {
  asio::post(strand_, [self = shared_from_this(), snapshot = BotSnapshot::of(machine, nowMs())]() {
    // Observations arrive in order; an older one never replaces a newer one.
    if (self->latest_ && self->latest_->version > snapshot.version) return;
    self->latest_ = std::move(snapshot);
    self->watchIdle();
    self->act();
  });
}

void BotDriver::shutdown() {
  asio::post(strand_, [self = shared_from_this()] {
    if (self->closed_) return;
    self->closed_ = true;
    self->idle_.cancel();
    self->player_->close();
  });
}

void BotDriver::watchIdle() {
  const BotSnapshot& snapshot = *latest_;
  const bool running = snapshot.phase == game::Phase::Handicap ||
                       snapshot.phase == game::Phase::Play ||
                       snapshot.phase == game::Phase::Removal;
  const std::optional<game::Player>& other =
      colourIn(snapshot) == go::Color::Black ? snapshot.white : snapshot.black;
  const bool human = other && !context_.bots->isBot(other->id);
  if (closed_ || forfeited_ || !running || !human ||
      snapshot.timeControl.kind != game::TimeKind::None) {
    idle_.cancel();
    idleSince_ = -1;
    return;
  }
  // Any change (a move, a mark, a chat line) counts as the game going on. While the bot is to
  // act its engine's own time limit applies, so a long wait is always the human's.
  if (snapshot.version == idleSince_) return;
  idleSince_ = snapshot.version;
  idle_.expires_after(context_.limits.botGameIdleLimit);
  idle_.async_wait([self = shared_from_this(), version = snapshot.version,
                    human = *other](const boost::system::error_code& ec) {
    if (ec || self->closed_ || self->idleSince_ != version) return;
    self->abandoned(human);
  });
}

void BotDriver::abandoned(const game::Player& human) {
  const auto hours =
      std::chrono::duration_cast<std::chrono::hours>(context_.limits.botGameIdleLimit).count();
  const std::string span = hours >= 1
                               ? std::to_string(hours) + " h"
                               : std::to_string(context_.limits.botGameIdleLimit.count()) + " ms";
  log::info("bot_game_abandoned", {{"game", gameId_}, {"bot", bot_.name}, {"user", human.id}});
  sendAs(game::Actor{human.id, human.name}, game::CommandKind::Forfeit,
         {{"reason", "abandoned"},
          {"detail", human.name + " did not play for " + span + "; the game was ended"}},
         [](const std::string&) {});
}

std::optional<go::Color> BotDriver::colourIn(const BotSnapshot& snapshot) const {
  if (snapshot.black && snapshot.black->id == bot_.id) return go::Color::Black;
  if (snapshot.white && snapshot.white->id == bot_.id) return go::Color::White;
  return std::nullopt;
}

void BotDriver::act() {
  if (closed_ || !latest_) return;
  const BotSnapshot& snapshot = *latest_;
  if (snapshot.phase == game::Phase::Finished || snapshot.phase == game::Phase::Cancelled)
    return finish();
  const std::optional<go::Color> colour = colourIn(snapshot);
  if (!colour || forfeited_) return;
  if (snapshot.undoRequest && *snapshot.undoRequest != *colour && !undoInFlight_) {
    // A bot does not take back moves it was answered with: decline at once, even mid-search.
    undoInFlight_ = true;
    send(game::CommandKind::UndoReply, {{"accept", false}},
         [this](const std::string&) { undoInFlight_ = false; });
  }
  if (busy_) return;
  switch (snapshot.phase) {
    case game::Phase::Handicap:
      if (*colour != go::Color::Black) return;
      busy_ = true;
      player_->placeHandicap(snapshot, [self = shared_from_this()](auto points) {
        if (self->closed_) return;
        if (!points) return self->forfeit(points.error());
        json::array list;
        const go::Geometry& g = self->latest_->game.geometry();
        for (go::Point p : *points) list.push_back(json::string(g.toGtp(p)));
        self->send(game::CommandKind::PlaceHandicap, {{"points", std::move(list)}},
                   [self](const std::string& code) {
                     self->busy_ = false;
                     if (code == "bad_request") {
                       return self->forfeit({"engine_illegal_move",
                                             self->bot_.name + " placed its handicap stones "
                                                               "where the rules do not allow"});
                     }
                     self->act();
                   });
      });
      return;
    case game::Phase::Play:
      return actInPlay(snapshot, *colour);
    case game::Phase::Removal:
      return actInRemoval(snapshot, *colour);
    default:
      return;
  }
}

void BotDriver::actInPlay(const BotSnapshot& snapshot, go::Color colour) {
  view_.reset();
  toggles_.clear();
  if (snapshot.game.isOver() || snapshot.game.toMove() != colour) return;
  busy_ = true;
  player_->genmove(snapshot, colour,
                   [self = shared_from_this(), snapshot, colour](BotResult<BotMove> move) {
                     self->moveChosen(snapshot, colour, std::move(move));
                   });
}

void BotDriver::moveChosen(const BotSnapshot& snapshot, go::Color colour, BotResult<BotMove> move) {
  if (closed_) return;
  if (!move) return forfeit(move.error());
  const auto done = [self = shared_from_this()](const std::string&) {
    self->busy_ = false;
    self->act();
  };
  switch (move->kind) {
    case BotMoveKind::Resign:
      return send(game::CommandKind::Resign, {}, done);
    case BotMoveKind::Pass:
      return send(game::CommandKind::Pass, {}, done);
    case BotMoveKind::Play:
      break;
  }
  const go::Geometry& g = snapshot.game.geometry();
  const go::MoveVerdict verdict = snapshot.game.check(colour, move->point, go::PlayMode::Strict);
  if (verdict != go::MoveVerdict::Legal) {
    return forfeit({"engine_illegal_move", bot_.name + " played " + g.toGtp(move->point) + " as " +
                                               std::string(colourWord(colour)) +
                                               ", which is illegal: " + verdictText(verdict)});
  }
  send(game::CommandKind::Move, {{"point", g.toGtp(move->point)}}, done);
}

void BotDriver::actInRemoval(const BotSnapshot& snapshot, go::Color colour) {
  if (snapshot.confirmationToMove) {
    // A confirmation is under way (a human disputes stones): the bot plays none of it. It
    // passes when to move and says it may end, so the verdict is the human's line played out
    // or, at the latest, the position when the confirmation's time runs out.
    const auto done = [self = shared_from_this()](const std::string&) {
      self->busy_ = false;
      self->act();
    };
    if (*snapshot.confirmationToMove == colour) {
      busy_ = true;
      return send(game::CommandKind::ConfirmPass, {}, done);
    }
    if (!snapshot.confirmationFinished[go::colorIndex(colour)]) {
      busy_ = true;
      return send(game::CommandKind::ConfirmFinish, {}, done);
    }
    return;
  }
  const std::size_t moves = snapshot.game.moves().size();
  if (!view_ || viewMoves_ != moves) {
    busy_ = true;
    toggles_.clear();
    player_->deadStones(snapshot, [self = shared_from_this(), moves](BotResult<go::PointSet> dead) {
      if (self->closed_) return;
      if (!dead) return self->forfeit(dead.error());
      self->view_ = std::move(*dead);
      self->viewMoves_ = moves;
      self->busy_ = false;
      self->act();
    });
    return;
  }
  const go::Board& board = snapshot.game.board();
  std::optional<go::Point> differing;
  const go::Geometry& g = board.geometry();
  for (int row = 0; row < g.size() && !differing; ++row) {
    for (int col = 0; col < g.size() && !differing; ++col) {
      const go::Point p = g.point(col, row);
      if (!go::isStone(board.at(p)) || view_->contains(p) == snapshot.dead.contains(p)) continue;
      const go::Point key = chainKey(board, p);
      if (toggles_[key] >= kMaxTogglesPerChain) continue;  // given in to the opponent's mark
      differing = key;
    }
  }
  const auto done = [self = shared_from_this()](const std::string&) {
    self->busy_ = false;
    self->act();
  };
  if (differing) {
    ++toggles_[*differing];
    busy_ = true;
    return send(game::CommandKind::RemovalToggle, {{"point", board.geometry().toGtp(*differing)}},
                done);
  }
  if (!snapshot.accepted[go::colorIndex(colour)]) {
    busy_ = true;
    send(game::CommandKind::RemovalAccept, {}, done);
  }
}

void BotDriver::send(game::CommandKind kind, json::object fields,
                     std::function<void(std::string code)> then) {
  sendAs(game::Actor{bot_.id, bot_.name}, kind, std::move(fields), std::move(then));
}

void BotDriver::sendAs(game::Actor actor, game::CommandKind kind, json::object fields,
                       std::function<void(std::string code)> then) {
  RoomRequest request;
  request.actor = std::move(actor);
  request.command = game::decodeCommand(kind, fields);
  request.reply = ReplyKind::Ok;
  request.id = nullptr;
  request.answer = [self = shared_from_this(), then = std::move(then),
                    what = std::string(game::commandName(kind))](Outcome outcome) {
    std::string code = outcome ? "ok" : outcome.error().code;
    if (!outcome) {
      log::info(
          "bot_command_refused",
          {{"game", self->gameId_}, {"bot", self->bot_.name}, {"command", what}, {"code", code}});
    }
    asio::post(self->strand_, [then, code = std::move(code)] { then(code); });
  };
  submitToRoom(context_, gameId_, std::move(request));
}

void BotDriver::forfeit(const BotFailure& failure) {
  if (forfeited_ || closed_) return;
  forfeited_ = true;
  busy_ = true;
  log::warn("bot_forfeit", {{"game", gameId_},
                            {"bot", bot_.name},
                            {"reason", failure.reason},
                            {"detail", failure.detail}});
  // The process is killed at once: a hung or crashed engine gets no second chance.
  player_->close();
  send(game::CommandKind::Forfeit, {{"reason", failure.reason}, {"detail", failure.detail}},
       [](const std::string&) {});
}

void BotDriver::finish() {
  if (closed_) return;
  closed_ = true;
  idle_.cancel();
  player_->close();
  if (finished_) finished_(this);
}

}  // namespace tengen::site
