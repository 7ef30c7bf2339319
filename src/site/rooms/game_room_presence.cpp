// GameRoom's presence and leaving (docs/protocol.md "Leaving a game"): which seated player
// has a socket in the room, the debounced `presence` pushes, the facts a claim is decided on,
// and the inactivity timer of untimed games. Split from game_room.cpp; the same strand rules
// apply.
#include <boost/asio/post.hpp>

#include <algorithm>
#include <chrono>

#include "server/envelope.h"
#include "site/rooms/game_room.h"
#include "site/rooms/leaving_grace.h"
#include "site/rooms/room_network.h"

namespace tengen::site {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

bool isRunning(game::Phase phase) {
  return phase == game::Phase::Handicap || phase == game::Phase::Play ||
         phase == game::Phase::Removal;
}

constexpr go::Color kSeats[2] = {go::Color::Black, go::Color::White};

}  // namespace

void GameRoom::updatePresence() {
  // Only a running game can be left; an open table or a finished game arms no timers.
  if (!isRunning(machine_.phase())) return;
  // A following room's presence is the owner's, which counts this node's sockets too.
  if (!owning()) return reportSeats();
  const int64_t now = nowMs();
  for (go::Color colour : kSeats) {
    const int index = go::colorIndex(colour);
    const auto player = colour == go::Color::Black ? machine_.black() : machine_.white();
    if (!player || player->bot) continue;  // a bot has no socket and never leaves
    SeatPresence& seat = presence_[index];
    const bool here = std::ranges::any_of(watchers_,
                                          [&](const auto& entry) {
                                            return entry.second.userId == player->id &&
                                                   !entry.second.alive.expired();
                                          }) ||
                      seatedElsewhere(index, now);
    if (here) {
      if (!seat.leftMs) continue;
      seat.leftMs.reset();
      presenceTimers_[index].cancel();
      if (seat.shownAbsent) {
        seat.shownAbsent = false;
        seat.connectedSinceMs = now;
        broadcastPresence();
      }
    } else if (!seat.leftMs) {
      // The absence counts from the leaving; only showing it waits for the debounce.
      seat.leftMs = now;
      presenceTimers_[index].expires_after(context_.limits.presenceDebounce);
      presenceTimers_[index].async_wait(
          [self = shared_from_this(), index, now](const boost::system::error_code& ec) {
            if (!ec) self->presenceSettled(index, now);
          });
    }
  }
}

void GameRoom::presenceSettled(int seat, int64_t leftMs) {
  SeatPresence& presence = presence_[seat];
  if (presence.leftMs != leftMs || presence.shownAbsent) return;
  presence.shownAbsent = true;
  broadcastPresence();
}

void GameRoom::presenceBeat() {
  asio::post(strand_, [self = shared_from_this()] {
    if (self->owning()) {
      self->updatePresence();
    } else {
      self->reportSeats();
    }
  });
}

void GameRoom::reportSeats() {
  if (!context_.network || !isRunning(machine_.phase())) return;
  json::array seated;
  for (go::Color colour : kSeats) {
    const auto player = colour == go::Color::Black ? machine_.black() : machine_.white();
    seated.emplace_back(player && std::ranges::any_of(watchers_, [&](const auto& entry) {
                          return entry.second.userId == player->id && !entry.second.alive.expired();
                        }));
  }
  context_.network->publishPresence(
      gameId_, {{"kind", "seats"}, {"node", context_.network->node()}, {"seated", seated}});
}

bool GameRoom::seatedElsewhere(int seat, int64_t now) const {
  if (!context_.network) return false;
  // Three beats without a report: that node stopped, or its player left it.
  const int64_t freshMs = context_.network->leaseTtl().count();
  return std::ranges::any_of(remoteSeats_, [&](const auto& entry) {
    return entry.second.seated[seat] && now - entry.second.atMs <= freshMs;
  });
}

void GameRoom::presenceMessage(json::object message) {
  const json::value* kind = message.if_contains("kind");
  if (!kind || !kind->is_string()) return;
  if (kind->as_string() == "seats" && owning()) {
    const json::value* node = message.if_contains("node");
    const json::value* seated = message.if_contains("seated");
    if (!node || !node->is_string() || !seated || !seated->is_array() ||
        seated->as_array().size() != 2 || !seated->as_array()[0].is_bool() ||
        !seated->as_array()[1].is_bool()) {
      return;
    }
    auto [it, added] = remoteSeats_.try_emplace(std::string(node->as_string()));
    RemoteSeats& seats = it->second;
    const bool changed = added || seats.seated[0] != seated->as_array()[0].as_bool() ||
                         seats.seated[1] != seated->as_array()[1].as_bool();
    seats.seated[0] = seated->as_array()[0].as_bool();
    seats.seated[1] = seated->as_array()[1].as_bool();
    seats.atMs = nowMs();
    updatePresence();
    // A node that starts following, or whose players came or went, hears the presence now
    // rather than at the next change.
    if (changed) broadcastPresence();
  } else if (kind->as_string() == "presence" && !owning()) {
    const json::value* presence = message.if_contains("presence");
    if (!presence || !presence->is_object()) return;
    ownerPresence_ = presence->as_object();
    json::object body{{"type", "presence"}, {"gameId", gameId_}, {"presence", *ownerPresence_}};
    const auto relayed = server::serializeMessage(body);
    for (auto& [id, watcher] : watchers_) {
      if (!watcher.alive.expired()) watcher.send(relayed);
    }
  }
}

json::object GameRoom::presenceJson(int64_t now) const {
  if (!owning() && ownerPresence_) {
    json::object relayed = *ownerPresence_;
    relayed["serverTimeMs"] = now;
    return relayed;
  }
  json::object out;
  for (go::Color colour : kSeats) {
    const auto player = colour == go::Color::Black ? machine_.black() : machine_.white();
    const SeatPresence& seat = presence_[go::colorIndex(colour)];
    if (!player) {
      out[go::colorName(colour)] = nullptr;
    } else if (seat.shownAbsent) {
      out[go::colorName(colour)] = {{"connected", false}, {"sinceMs", *seat.leftMs}};
    } else {
      out[go::colorName(colour)] = {{"connected", true}, {"sinceMs", seat.connectedSinceMs}};
    }
  }
  const auto grace = claimGrace();
  out["claimGraceMs"] = grace ? json::value(*grace) : json::value(nullptr);
  out["serverTimeMs"] = now;
  return out;
}

void GameRoom::broadcastPresence() {
  if (!isRunning(machine_.phase())) return;
  json::object body{{"type", "presence"}, {"gameId", gameId_}, {"presence", presenceJson(nowMs())}};
  // The rooms of this game on the other nodes show their watchers the same.
  if (context_.network) {
    context_.network->publishPresence(gameId_,
                                      {{"kind", "presence"}, {"presence", body["presence"]}});
  }
  const auto message = server::serializeMessage(body);
  for (auto& [id, watcher] : watchers_) {
    if (!watcher.alive.expired()) watcher.send(message);
  }
}

std::optional<int64_t> GameRoom::claimGrace() const {
  return claimGraceMs(machine_.timeControl(), machine_.settings().size, context_.limits);
}

void GameRoom::withPresence(RoomRequest& request, int64_t now) const {
  const game::CommandKind kind = request.command.kind;
  if (kind == game::CommandKind::InactivityEnd) {
    request.command.args = game::InactivityArgs{context_.limits.untimedInactivityLimit.count()};
    return;
  }
  if (kind != game::CommandKind::ClaimWin && kind != game::CommandKind::Annul) return;
  game::ClaimArgs args;
  args.graceMs = claimGrace();
  const game::Viewer viewer = machine_.viewerOf(request.actor.userId);
  if (viewer != game::Viewer::Spectator) {
    const go::Color opponent = viewer == game::Viewer::Black ? go::Color::White : go::Color::Black;
    const auto player = opponent == go::Color::Black ? machine_.black() : machine_.white();
    const SeatPresence& seat = presence_[go::colorIndex(opponent)];
    if (player && !player->bot && seat.leftMs)
      args.absentMs = std::max<int64_t>(0, now - *seat.leftMs);
  }
  request.command.args = args;
}

void GameRoom::armInactivity() {
  std::optional<int64_t> deadline;
  // Only the owning node ends a game (cluster.h): a following room's deadline stays unarmed.
  if (owning() && isRunning(machine_.phase()) &&
      machine_.timeControl().kind == game::TimeKind::None) {
    deadline = machine_.lastActivityMs() + context_.limits.untimedInactivityLimit.count();
  }
  if (deadline == armedIdleDeadline_) return;
  armedIdleDeadline_ = deadline;
  if (!deadline) {
    idle_.cancel();
    return;
  }
  // Overdue after a restart: fires at once, so a game abandoned while the server was down
  // ends as soon as it is loaded.
  const int64_t waitMs = std::max<int64_t>(0, *deadline - nowMs()) + 1;
  idle_.expires_after(std::chrono::milliseconds(waitMs));
  idle_.async_wait([self = shared_from_this(), deadline](const boost::system::error_code& ec) {
    if (ec || self->armedIdleDeadline_ != deadline) return;
    self->armedIdleDeadline_.reset();
    self->queue_.push_back(clockRequest(game::CommandKind::InactivityEnd));
    self->pump();
  });
}

}  // namespace tengen::site
