#include "site/rooms/game_room.h"

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <chrono>
#include <exception>
#include <utility>

#include "base/log.h"
#include "game/event_log_format.h"
#include "server/envelope.h"
#include "site/rooms/blocked_chat.h"
#include "site/rooms/event_effects.h"
#include "site/rooms/room_directory.h"
#include "site/rooms/room_network.h"
#include "site/rooms/room_subscriber.h"

namespace tengen::site {

namespace json = boost::json;
namespace asio = boost::asio;

// The events of one accepted command on their way through the store.
struct GameRoom::Batch {
  RoomRequest request;
  std::vector<game::Event> events;       // as decided
  std::vector<store::GameEvent> logged;  // the same as the log keeps them
  store::AppendResult result;
};

GameRoom::GameRoom(SiteContext& context, int64_t gameId, LoadedRoom loaded, bool restartClock)
    : context_(context),
      gameId_(gameId),
      strand_(asio::make_strand(context.io)),
      clock_(strand_),
      restartClock_(restartClock),
      initialSettings_(std::move(loaded.settings)),
      owner_(std::move(loaded.owner)),
      log_(std::move(loaded.events)),
      machine_(std::move(loaded.machine)),
      idle_(strand_) {
  summary_ = machine_.summaryJson();
  phase_ = machine_.phase();
}

GameRoom::~GameRoom() = default;

json::object GameRoom::summary() const {
  std::lock_guard lock(snapshotMutex_);
  return summary_;
}

game::Phase GameRoom::phase() const {
  std::lock_guard lock(snapshotMutex_);
  return phase_;
}

void GameRoom::setTenure(Tenure tenure) {
  setLease(tenure.lease);
  if (tenure.lease) restartAliveUntil_ = tenure.aliveUntilMs;
}

void GameRoom::setLease(std::optional<store::GameLease> lease) {
  lease_ = lease;
  std::lock_guard lock(snapshotMutex_);
  leaseSnapshot_ = std::move(lease);
}

std::optional<store::GameLease> GameRoom::lease() const {
  std::lock_guard lock(snapshotMutex_);
  return leaseSnapshot_;
}

void GameRoom::promote(Tenure tenure) {
  asio::post(strand_, [self = shared_from_this(), tenure = std::move(tenure)]() mutable {
    if (!tenure.lease) return;
    const bool renewal = self->lease_ && self->lease_->token == tenure.lease->token;
    self->setLease(tenure.lease);
    if (renewal) return;
    // The events the previous owner wrote last may never have been announced here.
    self->takingOver_ = std::move(tenure);
    if (!self->busy_) self->catchUp();
  });
}

void GameRoom::demote() {
  asio::post(strand_, [self = shared_from_this()] {
    if (!self->lease_) return;
    self->setLease(std::nullopt);
    self->tellAudience(AudienceEvent::Demoted);
    self->armClock();
    self->armInactivity();
    // An append in flight is fenced and catches the room up when it returns.
    if (!self->busy_) self->catchUp();
  });
}

void GameRoom::start() {
  asio::post(strand_, [self = shared_from_this()] {
    if (self->context_.network) {
      std::weak_ptr<GameRoom> weak = self;
      self->announcements_ = self->context_.network->follow(
          self->gameId_,
          [weak](Committed committed) {
            if (auto room = weak.lock()) {
              asio::post(room->strand_, [room, committed = std::move(committed)]() mutable {
                room->announced(std::move(committed));
              });
            }
          });
    }
    self->takeSnapshot();
    RoomChange loaded = self->change(RoomEvent::Loaded, self->machine_.phase(), true);
    loaded.resumed = self->restartClock_;
    loaded.storedStatus = self->initialSettings_.status;
    self->notify(loaded);
    if (!self->owning()) {
      // What the owner wrote between this room's load and its subscription.
      self->catchUp();
      return;
    }
    self->armInactivity();
    if (self->restartClock_ && self->machine_.clockDeadlineMs()) {
      // Ahead of any command that came in meanwhile: the running clock restarts now, and the
      // log says so, so that no later replay charges anyone for this downtime.
      RoomRequest restart = clockRequest(game::CommandKind::ClockRestart);
      restart.command.args = game::ClockRestartArgs{
          self->restartAliveUntil_ ? self->restartAliveUntil_ : self->context_.previousAliveMs};
      self->queue_.push_front(std::move(restart));
    }
    // Not pump() on an empty queue: it would drop a finished room before the request that
    // loaded it arrives.
    if (!self->queue_.empty() && !self->busy_) return self->pump();
    self->armClock();
  });
}

void GameRoom::submit(RoomRequest request) {
  asio::post(strand_, [self = shared_from_this(), request = std::move(request)]() mutable {
    if (self->dropped_) {
      // A request that raced with the room's retirement goes to its successor.
      self->context_.rooms.withRoom(
          self->gameId_, [request = std::move(request)](std::shared_ptr<GameRoom> room,
                                                        std::optional<server::HandlerError> error) {
            if (room) return room->submit(std::move(request));
            refuse(request, error->code, error->message);
          });
      return;
    }
    self->queue_.push_back(std::move(request));
    self->pump();
  });
}

RoomRequest GameRoom::clockRequest(game::CommandKind kind) {
  RoomRequest request;
  request.command.kind = kind;
  request.reply = ReplyKind::None;
  return request;
}

void GameRoom::pump() {
  // Watches still waiting for a reload (watchOnStrand) whose room changed hands meanwhile:
  // an append that was in flight when the lease went reloads nothing if it succeeded.
  if (!busy_ && !deferredWatches_.empty()) {
    if (!owning()) return catchUp();
    answerDeferredWatches(true);
  }
  if (!owning()) {
    // A following room decides nothing: the owner does (cluster.h).
    while (!busy_ && !queue_.empty()) {
      context_.network->forward(gameId_, std::move(queue_.front()));
      queue_.pop_front();
    }
    if (!busy_) maybeDrop();
    return;
  }
  while (!busy_ && !queue_.empty()) {
    RoomRequest request = std::move(queue_.front());
    queue_.pop_front();
    if (request.expectedVersion && !machine_.isCurrent(*request.expectedVersion)) {
      if (const auto played = playedAlready(request)) {
        // The same move sent again (a forward resent after the bus lost its answer, a client
        // retrying after a reconnect): it took effect the first time, and says so again.
        respond(request, Reply{request.reply, gameId_, *played, {}});
        continue;
      }
      respond(request, std::unexpected(game::CommandError{
                           "stale_version",
                           "the game is at version " + std::to_string(machine_.version()) +
                               ", not " + std::to_string(*request.expectedVersion),
                           ""}));
      continue;
    }
    const int64_t now = nowMs();
    withPresence(request, now);
    if (game::commandSpec(request.command.kind).offStrand) {
      decideElsewhere(std::move(request), now);
      return;
    }
    auto decided = machine_.decide(request.actor, request.command, now);
    act(std::move(request), std::move(decided), now);
  }
  if (!busy_) {
    armClock();
    armInactivity();
    maybeDrop();
  }
}

void GameRoom::decideElsewhere(RoomRequest request, int64_t now) {
  // A pass that ends the game has decide() propose the dead stones: playouts, and a search
  // where a fight is open, up to about 0.15 s of CPU that must not hold up the other rooms
  // on this thread. busy_ keeps every other command queued meanwhile, so the machine
  // is only read, here and on the strand.
  busy_ = true;
  asio::post(context_.blocking,
             [self = shared_from_this(), request = std::move(request), now]() mutable {
               // A decision that throws fails only this command: the room must not stay busy.
               std::expected<std::vector<game::Event>, game::CommandError> decided;
               try {
                 decided = self->machine_.decide(request.actor, request.command, now);
               } catch (const std::exception& e) {
                 log::error("decide_threw", {{"game", self->gameId_}, {"what", e.what()}});
                 decided = std::unexpected(
                     game::CommandError{"internal_error", "the server failed on this command", ""});
               }
               asio::post(self->strand_, [self, request = std::move(request),
                                          decided = std::move(decided), now]() mutable {
                 self->busy_ = false;
                 self->act(std::move(request), std::move(decided), now);
                 self->pump();
               });
             });
}

void GameRoom::act(RoomRequest request,
                   std::expected<std::vector<game::Event>, game::CommandError> decided,
                   int64_t now) {
  if (!decided) {
    const game::CommandKind kind = request.command.kind;
    if (decided.error().code == "time_out" && kind != game::CommandKind::Timeout) {
      // The mover's time ran out before the timer fired: the clock ends the game first, then
      // the command is refused by the finished game like any late command.
      queue_.push_front(std::move(request));
      queue_.push_front(clockRequest(game::CommandKind::Timeout));
      return;
    }
    if (kind == game::CommandKind::Timeout) refusedDeadline_ = machine_.clockDeadlineMs();
    if (kind == game::CommandKind::ConfirmExpire) {
      refusedDeadline_ = machine_.confirmationDeadlineMs();
    }
    respond(request, std::unexpected(decided.error()));
    return;
  }
  commit(std::move(request), std::move(*decided), now);
}

void GameRoom::commit(RoomRequest request, std::vector<game::Event> events, int64_t now) {
  busy_ = true;
  auto batch = std::make_shared<Batch>();
  batch->request = std::move(request);
  int64_t seq = machine_.version();
  for (const game::Event& event : events) {
    batch->logged.push_back(machine_.logged(event, ++seq, now));
  }
  batch->events = std::move(events);
  // One append for the whole command: its events are written together or not at all, so a
  // crash can never leave a pass without its removal_start or a resign without its end.
  context_.appends.begin();
  auto done = [self = shared_from_this(), batch](store::AppendResult result) mutable {
    batch->result = std::move(result);
    asio::post(self->strand_, [self, batch] { self->committed(batch); });
    // The store destroys this callback later, on its own thread, maybe after the site is
    // gone (stop() waits only for end()): let go of the room and the batch before that.
    PendingAppends& appends = self->context_.appends;
    batch.reset();
    self.reset();
    appends.end();
  };
  // Several nodes: written only while this node still holds the lease it decided under.
  if (lease_) {
    context_.store.appendEventsFenced(batch->logged, lease_->token, std::move(done));
  } else {
    context_.store.appendEvents(batch->logged, std::move(done));
  }
}

void GameRoom::committed(const std::shared_ptr<Batch>& batch) {
  if (const store::AppendResult& result = batch->result; !result.ok()) {
    log::warn("append_refused",
              {{"game", gameId_},
               {"status", result.status == store::AppendStatus::Conflict ? "conflict"
                          : result.status == store::AppendStatus::Fenced ? "fenced"
                                                                         : "failed"},
               {"lastSeq", result.lastSeq},
               {"message", result.message}});
    refuse(batch->request, "store_failed", "the store refused the write; nothing changed");
    if (result.status == store::AppendStatus::Fenced) {
      // Another node took the game over: from now on this room follows it.
      setLease(std::nullopt);
      tellAudience(AudienceEvent::Demoted);
      armClock();
      armInactivity();
    }
    // The store is the truth: a conflicting or failed write may hold events this room lacks.
    catchUp();
    return;
  }
  const game::Phase before = machine_.phase();
  // A sender watching the game hears its command's last event as the reply, after the others
  // heard it (below): one message and one socket write fewer for every move.
  const uint64_t repliedInEvent = answersWithEvent(batch->request) ? batch->request.sessionId : 0;
  for (std::size_t i = 0; i < batch->events.size(); ++i) {
    const bool last = i + 1 == batch->events.size();
    applyAndBroadcast(batch->events[i], batch->logged[i], last ? repliedInEvent : 0);
  }
  const bool summaryChanged = !std::ranges::all_of(
      batch->events, [](const game::Event& e) { return touchesOnlyMoveNumber(e); });
  // Before the reply goes out: the other nodes' rooms start catching up before anyone can
  // hold an acknowledgement of this version, the lobby shows the game at least this new, and
  // a bot driver that sent the command acts on a state at least as new as its own change.
  const Committed committed{gameId_, machine_.version(), std::move(batch->logged)};
  RoomChange change = this->change(RoomEvent::Committed, before, summaryChanged);
  change.committed = &committed;
  notify(change);
  if (repliedInEvent == 0 || !replyWithEvent(batch->request)) reply(batch->request);
  busy_ = false;
  pump();
}

bool GameRoom::applyAndBroadcast(const game::Event& event, const store::GameEvent& logged,
                                 uint64_t exceptSession) {
  if (auto applied = machine_.apply(event, logged.seq, logged.timeMs); !applied) {
    log::error("apply_failed",
               {{"game", gameId_}, {"seq", logged.seq}, {"error", applied.error().toString()}});
    return false;
  }
  log_.push_back(logged);
  // Before anyone hears of the event, so that a client that reads GET /api/games/{id} on
  // receiving it sees the game at least this new.
  if (touchesOnlyMoveNumber(event)) {
    refreshMoveNumber();
  } else {
    takeSnapshot();
  }
  if (std::holds_alternative<game::StartEvent>(event)) {
    // Whoever just sat down sees the game as a player from now on.
    for (auto& [id, watcher] : watchers_) watcher.viewer = machine_.viewerOf(watcher.userId);
  }
  const int64_t now = nowMs();
  RecentEvent& recent = recent_.emplace_back();
  recent.version = logged.seq;
  if (recent_.size() > kRecentEvents) recent_.pop_front();
  std::shared_ptr<const std::string>* messages = recent.byViewer;
  const auto build = [&](game::Viewer viewer) {
    return std::make_shared<const std::string>(
        machine_.eventText(event, logged.seq, logged.timeMs, viewer, now));
  };
  // Built once per event (each build computes the legal points of the whole board), whether
  // anybody watches now or not, and kept for watchers catching up. Only chat reads
  // differently: players do not see the spectators' channel, so it is built for each side.
  messages[0] = messages[1] = messages[2] = build(game::Viewer::Black);
  if (std::holds_alternative<game::ChatEvent>(event)) {
    messages[2] = build(game::Viewer::Spectator);
  }
  // A watcher who blocks the sender gets the line as a placeholder (blocked_chat.h), built
  // only when somebody needs it.
  const game::ChatEvent* chat = std::get_if<game::ChatEvent>(&event);
  std::shared_ptr<const std::string> hidden;
  for (auto it = watchers_.begin(); it != watchers_.end();) {
    if (it->second.alive.expired()) {
      it = watchers_.erase(it);
      continue;
    }
    if (it->first != exceptSession) {
      if (chat && hidesChatFrom(context_, it->second.userId, chat->from.id)) {
        if (!hidden) {
          hidden = server::serializeMessage(withChatHidden(
              machine_.eventMessage(event, logged.seq, logged.timeMs, game::Viewer::Black, now)));
        }
        it->second.send(hidden);
      } else {
        it->second.send(messages[static_cast<int>(it->second.viewer)]);
      }
    }
    ++it;
  }
  return true;
}

bool GameRoom::answersWithEvent(const RoomRequest& request) const {
  return request.sessionId != 0 && request.send && !request.answer &&
         request.reply == ReplyKind::Ok && watchers_.contains(request.sessionId);
}

bool GameRoom::replyWithEvent(const RoomRequest& request) {
  const auto watcher = watchers_.find(request.sessionId);
  // Gone while the events went out (its session ended): an `ok` to nobody then.
  if (watcher == watchers_.end() || recent_.empty()) return false;
  const auto& message = recent_.back().byViewer[static_cast<int>(watcher->second.viewer)];
  request.send(withId(*message, request.id));
  return true;
}

void GameRoom::reply(const RoomRequest& request) {
  if (!request.awaitsAnswer() || request.reply == ReplyKind::None) return;
  Reply answer{request.reply, gameId_, machine_.version(), {}};
  if (request.reply == ReplyKind::Joined || request.reply == ReplyKind::ChallengeAccepted ||
      request.reply == ReplyKind::BotMatchStarted) {
    answer.game = machine_.summaryJson();
  }
  respond(request, answer);
}

void GameRoom::inspect(RoomInspector inspect) {
  asio::post(strand_,
             [self = shared_from_this(), inspect = std::move(inspect)] { inspect(self->machine_); });
}

json::object GameRoom::takeSnapshot() {
  json::object summary = machine_.summaryJson();
  std::lock_guard lock(snapshotMutex_);
  summary_ = summary;
  phase_ = machine_.phase();
  return summary;
}

void GameRoom::refreshMoveNumber() {
  const int64_t moveNumber = machine_.moveNumber();
  std::lock_guard lock(snapshotMutex_);
  summary_["moveNumber"] = moveNumber;
}

std::optional<int64_t> GameRoom::playedAlready(const RoomRequest& request) const {
  int64_t version = *request.expectedVersion;
  const auto* args = std::get_if<game::PointArgs>(&request.command.args);
  if (request.command.kind != game::CommandKind::Move || request.reply != ReplyKind::Ok ||
      !args || version < 0) {
    return std::nullopt;
  }
  // Chat does not make a move stale (GameMachine::isCurrent), so the move may have come after
  // lines of chat.
  while (version < static_cast<int64_t>(log_.size()) &&
         log_[static_cast<std::size_t>(version)].type == game::ChatEvent::kKind) {
    ++version;
  }
  if (version >= static_cast<int64_t>(log_.size())) return std::nullopt;
  const store::GameEvent& next = log_[static_cast<std::size_t>(version)];
  if (next.type != game::MoveEvent::kKind) return std::nullopt;
  const go::Geometry& geometry = machine_.game().geometry();
  auto event = game::fromLogged(next, geometry);
  const auto* move = event ? std::get_if<game::MoveEvent>(&*event) : nullptr;
  if (!move || geometry.fromGtp(args->point) != move->point) return std::nullopt;
  const auto mover = move->colour == go::Color::Black ? machine_.black() : machine_.white();
  if (!mover || mover->id != request.actor.userId) return std::nullopt;
  return next.seq;
}

RoomChange GameRoom::change(RoomEvent event, game::Phase before, bool summaryChanged) {
  return RoomChange{event, gameId_, *this, machine_, before, summaryChanged, owning()};
}

void GameRoom::notify(const RoomChange& change) {
  for (RoomSubscriber* subscriber : context_.roomSubscribers) subscriber->changed(change);
}

void GameRoom::reload(int64_t fromVersion) {
  log::warn("room_reload", {{"game", gameId_}, {"version", machine_.version()}});
  busy_ = true;
  announcedAtReload_ = announcedVersion_;
  for (DeferredWatch& waiting : deferredWatches_) waiting.reloadBegun = true;
  asio::post(context_.blocking, [self = shared_from_this(), fromVersion] {
    Result<std::optional<LoadedRoom>> loaded;
    try {
      loaded = loadRoom(self->context_.store, self->gameId_);
    } catch (const std::exception& e) {
      // Reported like a failed load: the room goes on with what it had and is not left busy.
      loaded = fail(std::string("loading the game threw: ") + e.what());
    }
    asio::post(self->strand_, [self, fromVersion, loaded = std::move(loaded)]() mutable {
      self->reloaded(fromVersion, std::move(loaded));
    });
  });
}

void GameRoom::reloaded(int64_t fromVersion, Result<std::optional<LoadedRoom>> loaded) {
  if (!loaded || !*loaded) {
    log::error("room_reload_failed",
               {{"game", gameId_}, {"error", loaded ? "game gone" : loaded.error().toString()}});
    answerDeferredWatches(true);
  } else {
    initialSettings_ = std::move((*loaded)->settings);
    owner_ = std::move((*loaded)->owner);
    log_ = std::move((*loaded)->events);
    // Events another writer appended were never broadcast from here.
    recent_.clear();
    machine_ = std::move((*loaded)->machine);
    for (auto& [id, watcher] : watchers_) watcher.viewer = machine_.viewerOf(watcher.userId);
    broadcastSince(fromVersion);
    // Whoever wrote the other events also wrote the games row; only the lobby needs updating.
    takeSnapshot();
    notify(change(RoomEvent::Reloaded, machine_.phase(), true));
    return settle(fromVersion);
  }
  busy_ = false;
  pump();
}

void GameRoom::tookOver() {
  const Tenure tenure = *std::exchange(takingOver_, std::nullopt);
  // The bots play from here now, and the games row catches up with the log if the previous
  // owner died between an append and the row's update (records/game_rows.h).
  RoomChange tookOver = change(RoomEvent::TookOver, machine_.phase(), true);
  tookOver.storedStatus = initialSettings_.status;
  notify(tookOver);
  if (machine_.clockDeadlineMs()) {
    // The running clock restarts now, charged up to the previous owner's last renewal: the
    // time no node ran the game is nobody's.
    RoomRequest restart = clockRequest(game::CommandKind::ClockRestart);
    restart.command.args = game::ClockRestartArgs{tenure.aliveUntilMs};
    queue_.push_front(std::move(restart));
  }
  busy_ = false;
  pump();
}

void GameRoom::armClock() {
  if (!owning()) {
    // Only the owning node fires a game's time-outs (cluster.h).
    armedDeadline_.reset();
    clock_.cancel();
    return;
  }
  // The game clock runs in the handicap and play phases, a confirmation's time only in the
  // removal phase: at most one of them has a deadline.
  std::optional<int64_t> deadline = machine_.clockDeadlineMs();
  game::CommandKind kind = game::CommandKind::Timeout;
  if (!deadline) {
    deadline = machine_.confirmationDeadlineMs();
    kind = game::CommandKind::ConfirmExpire;
  }
  if (deadline == armedDeadline_) return;
  armedDeadline_ = deadline;
  if (!deadline) {
    clock_.cancel();
    return;
  }
  // A command the machine refused for this very deadline would only be refused again.
  if (refusedDeadline_ && *refusedDeadline_ == *deadline && *deadline <= nowMs()) return;
  const int64_t waitMs = std::max<int64_t>(0, *deadline - nowMs()) + 1;
  clock_.expires_after(std::chrono::milliseconds(waitMs));
  clock_.async_wait(
      [self = shared_from_this(), deadline, kind](const boost::system::error_code& ec) {
        if (ec || self->armedDeadline_ != deadline) return;
        self->armedDeadline_.reset();
        self->queue_.push_back(clockRequest(kind));
        self->pump();
      });
}

void GameRoom::maybeDrop() {
  if (dropped_ || busy_ || !queue_.empty()) return;
  const game::Phase phase = machine_.phase();
  // A following room is there for its watchers only; the owner keeps a live game's room.
  const bool over = phase == game::Phase::Finished || phase == game::Phase::Cancelled;
  if (!over && owning()) return;
  for (auto it = watchers_.begin(); it != watchers_.end();) {
    it = it->second.alive.expired() ? watchers_.erase(it) : std::next(it);
  }
  if (!watchers_.empty()) return;
  dropped_ = true;
  announcements_.reset();
  clock_.cancel();
  idle_.cancel();
  tellAudience(AudienceEvent::Dropped);
  context_.rooms.erase(gameId_, this);
}

}  // namespace tengen::site
