#include "site/cluster/cluster.h"

#include <boost/asio/post.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <charconv>
#include <utility>
#include <vector>

#include "base/log.h"
#include "site/cluster/committed_codec.h"
#include "site/cluster/forwarded_request.h"
#include "site/lobby/lobby.h"
#include "site/rooms/game_handlers.h"
#include "site/rooms/game_room.h"
#include "site/rooms/room_directory.h"
#include "site/rooms/room_loader.h"

namespace tengen::site {

namespace json = boost::json;
namespace asio = boost::asio;

namespace {

// A request that went round this many nodes without finding the owner is answered instead:
// leases moved under it, and the client is told to look at the game again.
constexpr int kMaxForwards = 2;
// Games taken over per beat: a node coming back to a crowd of orphans takes them in slices.
constexpr int kTakeoversPerBeat = 200;

const std::string kLobbyChannel = "tengen.lobby";

// A command goes unanswered at most this many forward time-outs in all, whatever the nodes do.
constexpr int kMaxTimeouts = 4;
// How many forwarded commands a beat looks at again when their owner is slow to answer.
constexpr std::size_t kStaleChecksPerBeat = 64;

// Whether sending the command again cannot apply it twice if the first one did reach an owner
// that died before answering: it names the version it was meant for (the second is refused as
// stale), or a game can take it only once (a resignation, a claim, a join).
bool takesEffectOnce(const RoomRequest& request) {
  using game::CommandKind;
  const CommandKind kind = request.command.kind;
  return request.expectedVersion || kind == CommandKind::Resign || kind == CommandKind::ClaimWin ||
         kind == CommandKind::Annul || kind == CommandKind::Join;
}

std::string nodeChannel(const std::string& node) { return "tengen.node." + node; }
std::string gameChannel(int64_t gameId) { return "tengen.game." + std::to_string(gameId); }

std::optional<json::object> parseObject(std::string_view text) {
  boost::system::error_code ec;
  json::value value = json::parse(text, ec);
  if (ec || !value.is_object()) return std::nullopt;
  return std::move(value.as_object());
}

}  // namespace

Cluster::Cluster(SiteContext& context, ClusterOptions options)
    : context_(context),
      options_(std::move(options)),
      beat_(context.io),
      expiry_(context.io),
      renewer_(1) {}

Cluster::~Cluster() { stop(); }

void Cluster::start() {
  inbox_ = options_.bus->subscribe(nodeChannel(options_.node),
                                   [this](std::string_view message) { received(message); });
  lobby_ = options_.bus->subscribe(kLobbyChannel,
                                   [this](std::string_view message) { lobbyReceived(message); });
  // Announcements published while the bus was down are lost to this node: every room that
  // follows a game reads what it missed from the store.
  // And forwarded commands may have been lost both ways: this node's own are sent again, and
  // the other nodes are told to send again what they sent here (lobbyReceived).
  options_.bus->setResubscribed([this] {
    log::info("bus_resubscribed", {{"rooms", static_cast<int64_t>(context_.rooms.size())}});
    for (const auto& room : context_.rooms.all()) room->resync();
    options_.bus->publish(kLobbyChannel,
                          json::serialize(json::object{{"from", options_.node}, {"back", true}}));
    asio::post(context_.blocking, [this] { resendPending(""); });
  });
  asio::post(renewer_, [this] { beat(); });
}

void Cluster::stop() {
  if (stopped_.exchange(true)) return;
  options_.bus->setResubscribed({});
  inbox_.reset();
  lobby_.reset();
  std::map<uint64_t, Pending> pending;
  {
    std::lock_guard lock(mutex_);
    pending.swap(pending_);
  }
  for (auto& [ticket, p] : pending) {
    refuse(p.request, "owner_unavailable", "the server is stopping; send it again");
  }
  renewer_.join();
}

Tenure Cluster::claim(int64_t gameId) {
  Tenure tenure;
  auto before = context_.store.leaseOf(gameId);
  const int64_t now = nowMs();
  auto lease = context_.store.acquireLease(gameId, options_.node, now, options_.leaseTtl.count());
  if (!before || !lease) {
    log::warn("lease_claim_failed",
              {{"game", gameId}, {"error", (!before ? before.error() : lease.error()).toString()}});
    return tenure;
  }
  tenure.lease = *lease;
  // The previous holder was last seen renewing a lease's time before it ran out.
  if (*lease && *before) tenure.aliveUntilMs = (*before)->expiresMs - options_.leaseTtl.count();
  return tenure;
}

void Cluster::forward(int64_t gameId, RoomRequest request) {
  asio::post(context_.blocking, [this, gameId, request = std::move(request)]() mutable {
    resend(gameId, std::move(request), Clock::now());
  });
}

void Cluster::resend(int64_t gameId, RoomRequest request, Clock::time_point firstSentAt) {
  auto lease = context_.store.leaseOf(gameId);
  if (!lease) {
    log::warn("lease_read_failed", {{"game", gameId}, {"error", lease.error().toString()}});
    return refuse(request, "internal_error", "the game's owner is unknown");
  }
  const int64_t now = nowMs();
  if (*lease && (*lease)->node != options_.node && (*lease)->expiresMs > now) {
    return forwardTo((*lease)->node, gameId, std::move(request), firstSentAt);
  }
  // Nobody else runs the game now: this node takes it, and the request runs here.
  Tenure tenure = claim(gameId);
  if (!tenure.lease) {
    return refuse(request, "owner_unavailable", "no server runs this game just now; send it again");
  }
  if (auto room = context_.rooms.find(gameId)) {
    room->promote(tenure);
    return room->submit(std::move(request));
  }
  submitToRoom(context_, gameId, std::move(request));
}

void Cluster::forwardTo(const std::string& owner, int64_t gameId, RoomRequest request,
                        Clock::time_point firstSentAt) {
  if (request.forwards >= kMaxForwards) {
    return refuse(request, "owner_unavailable", "the game moved between servers; send it again");
  }
  json::object message{{"kind", "command"},
                       {"from", options_.node},
                       {"ticket", 0},
                       {"game", gameId},
                       {"forwards", request.forwards + 1},
                       {"request", encodeRequest(request)}};
  if (request.awaitsAnswer()) {
    std::lock_guard lock(mutex_);
    const uint64_t ticket = nextTicket_++;
    message["ticket"] = ticket;
    pending_[ticket] = Pending{gameId, owner, std::move(request), firstSentAt, Clock::now()};
  }
  options_.bus->publish(nodeChannel(owner), json::serialize(message));
}

void Cluster::received(std::string_view text) {
  auto message = parseObject(text);
  if (!message) {
    log::warn("bus_message_malformed", {{"channel", nodeChannel(options_.node)}});
    return;
  }
  const json::value* kind = message->if_contains("kind");
  if (kind && kind->is_string() && kind->as_string() == "command") {
    // Off the bus's delivery thread: decoding and finding the room may touch the store.
    asio::post(context_.blocking, [this, message = std::move(*message)] { runForwarded(message); });
  } else if (kind && kind->is_string() && kind->as_string() == "answer") {
    answered(*message);
  } else {
    log::warn("bus_message_malformed", {{"channel", nodeChannel(options_.node)}});
  }
}

void Cluster::runForwarded(const json::object& message) {
  const json::value* from = message.if_contains("from");
  const json::value* ticket = message.if_contains("ticket");
  const json::value* game = message.if_contains("game");
  const json::value* forwards = message.if_contains("forwards");
  const json::value* encoded = message.if_contains("request");
  if (!from || !from->is_string() || !ticket || !ticket->is_int64() || !game || !game->is_int64() ||
      !forwards || !forwards->is_int64() || !encoded || !encoded->is_object()) {
    log::warn("forwarded_command_malformed", {{"what", "envelope"}});
    return;
  }
  auto request = decodeRequest(encoded->as_object());
  if (!request) {
    log::warn("forwarded_command_malformed", {{"what", request.error().toString()}});
    return;
  }
  request->forwards = static_cast<int>(forwards->as_int64());
  if (ticket->as_int64() != 0) {
    // The answer goes back to the sender's node, which hands it to the sender's socket.
    request->send = [bus = options_.bus, channel = nodeChannel(std::string(from->as_string())),
                     ticket = ticket->as_int64()](std::shared_ptr<const std::string> reply) {
      bus->publish(channel, json::serialize(json::object{
                                {"kind", "answer"}, {"ticket", ticket}, {"message", *reply}}));
    };
  }
  submitToRoom(context_, game->as_int64(), std::move(*request));
}

void Cluster::answered(const json::object& message) {
  const json::value* ticket = message.if_contains("ticket");
  const json::value* reply = message.if_contains("message");
  if (!ticket || !ticket->is_int64() || !reply || !reply->is_string()) {
    log::warn("forwarded_answer_malformed", {});
    return;
  }
  Pending pending;
  {
    std::lock_guard lock(mutex_);
    auto it = pending_.find(static_cast<uint64_t>(ticket->as_int64()));
    if (it == pending_.end()) return;  // given up on already
    pending = std::move(it->second);
    pending_.erase(it);
  }
  respondWithText(pending.request, std::make_shared<const std::string>(reply->as_string()));
}

void Cluster::announce(const Committed& committed) {
  options_.bus->publish(gameChannel(committed.gameId), encodeCommitted(committed));
}

std::unique_ptr<bus::Subscription> Cluster::follow(int64_t gameId,
                                                   std::function<void(Committed)> announced) {
  return options_.bus->subscribe(
      gameChannel(gameId), [gameId, announced = std::move(announced)](std::string_view text) {
        if (!text.starts_with('{')) {
          if (auto committed = decodeCommitted(gameId, text, nullptr)) {
            announced(std::move(*committed));
          }
          return;
        }
        auto message = parseObject(text);
        if (!message) return;
        if (auto committed = decodeCommitted(gameId, text, &*message)) {
          announced(std::move(*committed));
        } else {
          log::warn("announcement_unreadable", {{"game", gameId}});
        }
      });
}

void Cluster::mirrorGame(int64_t gameId, game::Phase phase, const json::object& summary) {
  options_.bus->publish(kLobbyChannel,
                        json::serialize(json::object{{"from", options_.node},
                                                     {"game", gameId},
                                                     {"phase", static_cast<int>(phase)},
                                                     {"summary", summary}}));
}

void Cluster::mirrorMoveNumber(int64_t gameId, int64_t moveNumber) {
  options_.bus->publish(
      kLobbyChannel, json::serialize(json::object{
                         {"from", options_.node}, {"game", gameId}, {"moveNumber", moveNumber}}));
}

void Cluster::lobbyReceived(std::string_view text) {
  auto message = parseObject(text);
  if (!message) return log::warn("bus_message_malformed", {{"channel", kLobbyChannel}});
  const json::value* from = message->if_contains("from");
  if (!from || !from->is_string()) {
    return log::warn("bus_message_malformed", {{"channel", kLobbyChannel}});
  }
  if (from->as_string() == options_.node) return;  // this node's own lobby has it already
  if (message->contains("back")) {
    // That node was cut off from the bus: what this node forwarded to it meanwhile is lost.
    return asio::post(context_.blocking,
                      [this, node = std::string(from->as_string())] { resendPending(node); });
  }
  const json::value* game = message->if_contains("game");
  if (!game || !game->is_int64()) {
    return log::warn("bus_message_malformed", {{"channel", kLobbyChannel}});
  }
  if (const json::value* moves = message->if_contains("moveNumber"); moves && moves->is_int64()) {
    return context_.lobby.updateMoveNumber(game->as_int64(), moves->as_int64());
  }
  const json::value* phase = message->if_contains("phase");
  const json::value* summary = message->if_contains("summary");
  if (!phase || !phase->is_int64() || phase->as_int64() < 0 ||
      phase->as_int64() > static_cast<int>(game::Phase::Cancelled) || !summary ||
      !summary->is_object()) {
    return log::warn("bus_message_malformed", {{"channel", kLobbyChannel}});
  }
  context_.lobby.updateGame(game->as_int64(), static_cast<game::Phase>(phase->as_int64()),
                            summary->as_object());
}

void Cluster::arm() {
  if (stopped_) return;
  beat_.expires_after(options_.leaseTtl / 3);
  beat_.async_wait([this](const boost::system::error_code& ec) {
    if (ec || stopped_) return;
    asio::post(renewer_, [this] { beat(); });
  });
}

void Cluster::beat() {
  if (stopped_) return;
  const int64_t now = nowMs();
  auto renewed = context_.store.renewLeases(options_.node, now, options_.leaseTtl.count());
  if (!renewed) {
    log::warn("lease_renewal_failed", {{"error", renewed.error().toString()}});
  } else {
    for (const auto& room : context_.rooms.all()) {
      auto held = room->lease();
      if (!held || std::ranges::binary_search(*renewed, room->gameId())) continue;
      // Not renewed: claimed after the renewal, finished, or lost. Only the last one stops
      // the room, and only the store can tell.
      auto stored = context_.store.leaseOf(room->gameId());
      if (stored && *stored &&
          ((*stored)->node != options_.node || (*stored)->token != held->token)) {
        log::info("lease_lost", {{"game", room->gameId()}, {"to", (*stored)->node}});
        room->demote();
      }
    }
  }
  // The leases that run out before the next beat too: a dead node's games are taken the
  // moment its lease ends (armExpiry), not up to a beat after it.
  const int64_t nextBeat = now + (options_.leaseTtl / 3).count();
  auto expiring = context_.store.expiredLeases(nextBeat, kTakeoversPerBeat);
  std::optional<int64_t> soonest;
  std::vector<store::GameLease> expired;
  if (!expiring) {
    log::warn("expired_leases_unread", {{"error", expiring.error().toString()}});
  } else {
    for (const store::GameLease& lease : *expiring) {
      if (lease.expiresMs <= now) {
        expired.push_back(lease);
      } else if (lease.node != options_.node && (!soonest || lease.expiresMs < *soonest)) {
        soonest = lease.expiresMs;
      }
    }
  }
  // Taking games over (a write behind the moves, then the game's log read) and resending
  // forwards can take long on a busy node: they go to the blocking pool, so that the next
  // renewal is never late because of them.
  asio::post(context_.blocking, [this, expired = std::move(expired), now] {
    if (stopped_) return;
    for (const store::GameLease& lease : expired) takeOver(lease, now);
    expireForwards();
  });
  asio::post(context_.io, [this, soonest] {
    arm();
    if (soonest) armExpiry(*soonest);
  });
}

void Cluster::armExpiry(int64_t atMs) {
  if (stopped_) return;
  expiry_.expires_after(std::chrono::milliseconds(std::max<int64_t>(0, atMs - nowMs()) + 1));
  expiry_.async_wait([this](const boost::system::error_code& ec) {
    if (ec || stopped_) return;
    asio::post(context_.blocking, [this] {
      if (stopped_) return;
      const int64_t now = nowMs();
      auto expired = context_.store.expiredLeases(now, kTakeoversPerBeat);
      if (!expired) {
        return log::warn("expired_leases_unread", {{"error", expired.error().toString()}});
      }
      for (const store::GameLease& lease : *expired) takeOver(lease, now);
    });
  });
}

void Cluster::takeOver(const store::GameLease& expired, int64_t now) {
  auto lease =
      context_.store.acquireLease(expired.game, options_.node, now, options_.leaseTtl.count());
  if (!lease || !*lease) return;  // another node was quicker, or the store failed
  Tenure tenure{*lease, expired.expiresMs - options_.leaseTtl.count()};
  log::info("game_taken_over", {{"game", expired.game}, {"from", expired.node}});
  if (auto room = context_.rooms.find(expired.game)) return room->promote(tenure);
  auto loaded = loadRoom(context_.store, expired.game);
  if (!loaded || !*loaded) {
    log::error("takeover_load_failed",
               {{"game", expired.game}, {"error", loaded ? "gone" : loaded.error().toString()}});
    return;
  }
  auto room = std::make_shared<GameRoom>(context_, expired.game, std::move(**loaded), true);
  context_.rooms.adopt(std::move(room), tenure);
}

void Cluster::expireForwards() {
  const auto now = Clock::now();
  const auto oldest = now - options_.forwardTimeout;
  // An answer normally comes within milliseconds: a command still unanswered a beat after it
  // went out may have gone to a node that died. Those whose owner no longer holds the lease go
  // again now rather than after the time-out (a few per beat: each costs a store read).
  const auto suspect = now - options_.leaseTtl / 3;
  std::vector<std::pair<uint64_t, Pending>> late;
  std::vector<std::pair<uint64_t, Pending>> stale;
  {
    std::lock_guard lock(mutex_);
    for (auto it = pending_.begin(); it != pending_.end();) {
      if (it->second.sentAt <= oldest) {
        late.emplace_back(it->first, std::move(it->second));
      } else if (it->second.sentAt <= suspect && stale.size() < kStaleChecksPerBeat &&
                 takesEffectOnce(it->second.request)) {
        stale.emplace_back(it->first, std::move(it->second));
      } else {
        ++it;
        continue;
      }
      it = pending_.erase(it);
    }
  }
  for (auto& [ticket, pending] : late) retryLate(ticket, std::move(pending));
  for (auto& [ticket, pending] : stale) resendIfOwnerGone(ticket, std::move(pending));
}

void Cluster::resendIfOwnerGone(uint64_t ticket, Pending pending) {
  auto lease = context_.store.leaseOf(pending.gameId);
  const bool ownerHolds =
      !lease || (*lease && (*lease)->node == pending.owner && (*lease)->expiresMs > nowMs());
  if (ownerHolds) {
    // Alive but slow (or the store could not tell): its answer may still come.
    std::lock_guard lock(mutex_);
    pending_.emplace(ticket, std::move(pending));
    return;
  }
  log::info("forward_resent", {{"game", pending.gameId}, {"gone", pending.owner}});
  resend(pending.gameId, std::move(pending.request), pending.firstSentAt);
}

void Cluster::resendPending(const std::string& owner) {
  std::vector<Pending> lost;
  {
    std::lock_guard lock(mutex_);
    for (auto it = pending_.begin(); it != pending_.end();) {
      if ((!owner.empty() && it->second.owner != owner) || !takesEffectOnce(it->second.request)) {
        ++it;  // chat waits for its time-out: sent twice, it would be said twice
        continue;
      }
      lost.push_back(std::move(it->second));
      it = pending_.erase(it);
    }
  }
  for (Pending& pending : lost) {
    log::info("forward_resent", {{"game", pending.gameId}, {"after", "bus_reconnect"}});
    resend(pending.gameId, std::move(pending.request), pending.firstSentAt);
  }
}

void Cluster::retryLate(uint64_t ticket, Pending pending) {
  const bool tooLong = Clock::now() - pending.firstSentAt > kMaxTimeouts * options_.forwardTimeout;
  if (tooLong || !takesEffectOnce(pending.request)) {
    return refuse(
        pending.request, "owner_unavailable",
        "the game's server did not answer; the game shows whether the command took effect");
  }
  auto lease = context_.store.leaseOf(pending.gameId);
  if (lease && *lease && (*lease)->node == pending.owner && (*lease)->expiresMs > nowMs()) {
    // Alive but slow, or dead with its lease not yet run out: its answer may still come, and
    // sending again would not reach anyone else. Looked at again on the next beat.
    std::lock_guard lock(mutex_);
    pending_.emplace(ticket, std::move(pending));
    return;
  }
  log::info("forward_resent", {{"game", pending.gameId}, {"silent", pending.owner}});
  resend(pending.gameId, std::move(pending.request), pending.firstSentAt);
}

}  // namespace tengen::site
