#include "site/presence/game_presence.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <utility>

#include "server/envelope.h"
#include "site/presence/leaving_grace.h"
#include "site/rooms/game_room.h"
#include "site/site_context.h"

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

std::string presenceChannel(int64_t gameId) { return "presence:" + std::to_string(gameId); }

GamePresence::GamePresence(asio::io_context& io, const SiteLimits& limits,
                           PresenceNetwork network, int64_t gameId, const GameRoom* room)
    : io_(io),
      limits_(limits),
      network_(std::move(network)),
      gameId_(gameId),
      room_(room),
      received_(asio::make_strand(io)),
      timers_{asio::steady_timer(io), asio::steady_timer(io)} {
  for (Seat& seat : seats_) seat.connectedSinceMs = nowMs();
}

void GamePresence::start() {
  if (!network_.bus) return;
  std::weak_ptr<GamePresence> weak = weak_from_this();
  // Off the bus's delivery thread, in the order the messages came: what a message makes this
  // node say goes out from here, never from inside another delivery.
  auto channel = network_.bus->subscribe(
      presenceChannel(gameId_), [weak, strand = received_](std::string_view text) {
        asio::post(strand, [weak, text = std::string(text)] {
          if (auto self = weak.lock()) self->received(text);
        });
      });
  std::lock_guard lock(mutex_);
  if (!stopped_) channel_ = std::move(channel);
}

void GamePresence::stop() {
  std::unique_ptr<bus::Subscription> channel;
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    for (auto& timer : timers_) timer.cancel();
    channel = std::move(channel_);
  }
  // Outside the mutex: leaving the channel may wait for a delivery in flight, which takes it.
  channel.reset();
}

void GamePresence::gameChanged(std::weak_ptr<GameRoom> room, const game::GameMachine& machine,
                               bool owning) {
  Said said;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    target_ = std::move(room);
    const bool tookOver = owning && !owning_;
    owning_ = owning;
    running_ = isRunning(machine.phase());
    claimGrace_ = claimGraceMs(machine.timeControl(), machine.settings().size, limits_);
    for (go::Color colour : kSeats) {
      const auto player = colour == go::Color::Black ? machine.black() : machine.white();
      Seat& seat = seats_[go::colorIndex(colour)];
      seat.taken = player.has_value();
      seat.userId = player && !player->bot ? player->id : 0;
    }
    // The presence the previous owner decided is no news to a node that decides it now.
    if (tookOver) ownerPresence_.reset();
    if (!running_) {
      for (auto& timer : timers_) timer.cancel();
      return;
    }
    recount(said, nowMs());
  }
  say(std::move(said));
}

void GamePresence::watched(uint64_t sessionId, int64_t userId) {
  Said said;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    sockets_[sessionId] = userId;
    recount(said, nowMs());
  }
  say(std::move(said));
}

void GamePresence::unwatched(uint64_t sessionId) {
  Said said;
  {
    std::lock_guard lock(mutex_);
    if (stopped_ || !sockets_.erase(sessionId)) return;
    recount(said, nowMs());
  }
  say(std::move(said));
}

void GamePresence::demoted() {
  Said said;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    owning_ = false;
    remoteSeats_.clear();
    for (auto& timer : timers_) timer.cancel();
    recount(said, nowMs());
  }
  say(std::move(said));
}

void GamePresence::beat() {
  Said said;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    recount(said, nowMs());
  }
  say(std::move(said));
}

json::value GamePresence::toJson(int64_t now) {
  std::lock_guard lock(mutex_);
  if (!owning_ && ownerPresence_) {
    json::object relayed = *ownerPresence_;
    relayed["serverTimeMs"] = now;
    return relayed;
  }
  return decided(now);
}

game::ClaimArgs GamePresence::claimFacts(int64_t claimerId, int64_t now) {
  std::lock_guard lock(mutex_);
  game::ClaimArgs args;
  args.graceMs = claimGrace_;
  for (int index = 0; index < 2; ++index) {
    const Seat& claimer = seats_[index];
    const Seat& opponent = seats_[1 - index];
    // Only a seated human claims against the other seat's human.
    if (claimerId == 0 || claimer.userId != claimerId || !opponent.userId) continue;
    if (opponent.leftMs) args.absentMs = std::max<int64_t>(0, now - *opponent.leftMs);
    break;
  }
  return args;
}

bool GamePresence::here(int seat, int64_t now) const {
  const int64_t userId = seats_[seat].userId;
  if (std::ranges::any_of(sockets_, [&](const auto& entry) { return entry.second == userId; }))
    return true;
  // Three beats without a report: that node stopped, or its player left it.
  return std::ranges::any_of(remoteSeats_, [&](const auto& entry) {
    return entry.second.seated[seat] && now - entry.second.atMs <= network_.freshFor.count();
  });
}

void GamePresence::recount(Said& said, int64_t now) {
  // Only a running game can be left; an open table or a finished game arms no timers.
  if (!running_) return;
  // A following room's presence is the owner's, which counts this node's sockets too.
  if (!owning_) return reportSeats(said);
  for (int index = 0; index < 2; ++index) {
    Seat& seat = seats_[index];
    if (!seat.userId) continue;  // an empty seat, or a bot: it never leaves
    if (here(index, now)) {
      if (!seat.leftMs) continue;
      seat.leftMs.reset();
      timers_[index].cancel();
      if (seat.shownAbsent) {
        seat.shownAbsent = false;
        seat.connectedSinceMs = now;
        broadcast(said, now);
      }
    } else if (!seat.leftMs) {
      // The absence counts from the leaving; only showing it waits for the debounce.
      seat.leftMs = now;
      timers_[index].expires_after(limits_.presenceDebounce);
      timers_[index].async_wait(
          [self = shared_from_this(), index, now](const boost::system::error_code& ec) {
            if (!ec) self->settled(index, now);
          });
    }
  }
}

void GamePresence::settled(int index, int64_t leftMs) {
  Said said;
  {
    std::lock_guard lock(mutex_);
    Seat& seat = seats_[index];
    if (stopped_ || !running_ || !owning_ || seat.leftMs != leftMs || seat.shownAbsent) return;
    seat.shownAbsent = true;
    broadcast(said, nowMs());
  }
  say(std::move(said));
}

json::object GamePresence::decided(int64_t now) const {
  json::object out;
  for (go::Color colour : kSeats) {
    const Seat& seat = seats_[go::colorIndex(colour)];
    if (!seat.taken) {
      out[go::colorName(colour)] = nullptr;
    } else if (seat.shownAbsent) {
      out[go::colorName(colour)] = {{"connected", false}, {"sinceMs", *seat.leftMs}};
    } else {
      out[go::colorName(colour)] = {{"connected", true}, {"sinceMs", seat.connectedSinceMs}};
    }
  }
  out["claimGraceMs"] = claimGrace_ ? json::value(*claimGrace_) : json::value(nullptr);
  out["serverTimeMs"] = now;
  return out;
}

void GamePresence::broadcast(Said& said, int64_t now) {
  said.toWatchers = decided(now);
  // The rooms of this game on the other nodes show their watchers the same.
  if (network_.bus) said.toBus = json::object{{"kind", "presence"}, {"presence", *said.toWatchers}};
}

void GamePresence::reportSeats(Said& said) const {
  if (!network_.bus) return;
  json::array seated;
  for (int index = 0; index < 2; ++index) {
    const int64_t userId = seats_[index].userId;
    seated.emplace_back(userId != 0 && std::ranges::any_of(sockets_, [&](const auto& entry) {
                          return entry.second == userId;
                        }));
  }
  said.toBus = json::object{{"kind", "seats"}, {"node", network_.node}, {"seated", seated}};
}

void GamePresence::received(std::string_view text) {
  boost::system::error_code ec;
  json::value parsed = json::parse(text, ec);
  if (ec || !parsed.is_object()) return;
  json::object& message = parsed.as_object();
  const json::value* kind = message.if_contains("kind");
  if (!kind || !kind->is_string()) return;
  Said said;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    if (kind->as_string() == "seats" && owning_) {
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
      const int64_t now = nowMs();
      seats.atMs = now;
      recount(said, now);
      // A node that starts following, or whose players came or went, hears the presence now
      // rather than at the next change.
      if (changed && running_) broadcast(said, now);
    } else if (kind->as_string() == "presence" && !owning_) {
      const json::value* presence = message.if_contains("presence");
      if (!presence || !presence->is_object()) return;
      ownerPresence_ = presence->as_object();
      said.toWatchers = ownerPresence_;
    }
  }
  say(std::move(said));
}

void GamePresence::say(Said said) {
  if (said.toWatchers) {
    std::shared_ptr<GameRoom> room;
    {
      std::lock_guard lock(mutex_);
      room = target_.lock();
    }
    if (room) {
      room->broadcast(server::serializeMessage(json::object{
          {"type", "presence"}, {"gameId", gameId_}, {"presence", std::move(*said.toWatchers)}}));
    }
  }
  if (said.toBus) network_.bus->publish(presenceChannel(gameId_), json::serialize(*said.toBus));
}

}  // namespace tengen::site
