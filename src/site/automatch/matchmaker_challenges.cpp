// Direct challenges of the Matchmaker (matchmaker.h): one player offers a table to another
// who is online; the offer is accepted, declined, withdrawn or expires.

#include <algorithm>

#include "server/envelope.h"
#include "server/http_message.h"
#include "site/automatch/matchmaker.h"
#include "site/automatch/paired_game.h"
#include "site/moderation_state.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

// The colour the challenged player gets from the challenger's "colour".
std::string_view answererColour(const json::object& table) {
  const json::value* colour = table.if_contains("colour");
  if (!colour || !colour->is_string()) return "nigiri";
  if (colour->get_string() == "black") return "white";
  if (colour->get_string() == "white") return "black";
  return "nigiri";
}

json::object publicTable(const json::object& table) {
  json::object shown;
  for (const char* key : {"size", "rules", "time", "komi", "handicap", "colour", "rated"}) {
    if (const json::value* value = table.if_contains(key)) shown[key] = *value;
  }
  return shown;
}

}  // namespace

std::expected<int64_t, server::HandlerError> Matchmaker::challenge(ChallengeRequest request) {
  Outbox out;
  int64_t id = 0;
  {
    std::lock_guard lock(mutex_);
    const Socket* target = nullptr;
    for (const auto& [sessionId, socket] : sockets_) {
      if (server::equalsIgnoreCase(socket.name, request.toName)) target = &socket;
    }
    if (!target) {
      return std::unexpected(handlerError(
          "player_offline", request.toName + " is not online; a challenge needs them here"));
    }
    if (target->guest) {
      return std::unexpected(handlerError(
          "registered_only", request.toName + " plays as a guest; guests play at open tables"));
    }
    const int64_t toId = target->userId;
    const std::string toName = target->name;
    // A block keeps both ways apart; the challenger learns only that the offer cannot be made.
    if (context_.moderation && context_.moderation->blocks(toId, request.fromId)) {
      return std::unexpected(
          handlerError("blocked", toName + " does not accept challenges from you"));
    }
    if (context_.moderation && context_.moderation->blocks(request.fromId, toId)) {
      return std::unexpected(handlerError(
          "blocked", "you have blocked " + toName + "; unblock them to challenge them"));
    }
    const auto outgoing = std::count_if(challenges_.begin(), challenges_.end(), [&](const auto& c) {
      return c.second.request.fromId == request.fromId;
    });
    const auto incoming = std::count_if(challenges_.begin(), challenges_.end(),
                                        [&](const auto& c) { return c.second.toId == toId; });
    if (outgoing >= kMaxOutgoingChallenges) {
      return std::unexpected(handlerError(
          "too_many_challenges", "you already have " + std::to_string(kMaxOutgoingChallenges) +
                                     " challenges waiting for an answer; cancel one first"));
    }
    if (incoming >= kMaxIncomingChallenges) {
      return std::unexpected(handlerError(
          "too_many_challenges", toName + " already has " + std::to_string(kMaxIncomingChallenges) +
                                     " challenges to answer; try again later"));
    }
    id = nextChallengeId_++;
    const int64_t expiresMs = nowMs() + options_.challengeTimeout.count();
    json::object notice{{"type", "challenge_received"},
                        {"challengeId", id},
                        {"from", json::object{{"id", request.fromId}, {"name", request.fromName}}},
                        {"table", publicTable(request.table)},
                        {"yourColour", answererColour(request.table)},
                        {"expiresInMs", options_.challengeTimeout.count()}};
    sendToUser(toId, notice, out);
    challenges_[id] = Challenge{id, std::move(request), toId, toName, expiresMs};
  }
  flush(out);
  return id;
}

std::optional<server::HandlerError> Matchmaker::answer(int64_t userId, SendFunction send,
                                                       int64_t challengeId, bool accept) {
  Outbox out;
  Challenge accepted;
  {
    std::lock_guard lock(mutex_);
    auto found = challenges_.find(challengeId);
    if (found == challenges_.end() || found->second.toId != userId) {
      return handlerError("unknown_challenge",
                          "no challenge " + std::to_string(challengeId) + " waits for your answer");
    }
    if (!accept) {
      closeChallenge(challengeId, "declined", out);
    } else {
      accepted = found->second;
      closeChallenge(challengeId, "accepted", out);
    }
  }
  flush(out);
  if (!accept) return std::nullopt;
  const ChallengeRequest& request = accepted.request;
  SendFunction sends[2] = {request.fromSend, std::move(send)};
  startPairedGame(
      context_, request.table, game::Player{request.fromId, request.fromName, false},
      game::Player{accepted.toId, accepted.toName, false},
      [sends, challengeId](json::object game) {
        const int64_t gameId = game.at("id").as_int64();
        auto message = server::serializeMessage(json::object{{"type", "challenge_started"},
                                                             {"challengeId", challengeId},
                                                             {"gameId", gameId},
                                                             {"game", game}});
        for (const SendFunction& to : sends) to(message);
      },
      [sends, challengeId](std::string why) {
        auto message = server::serializeMessage(json::object{
            {"type", "challenge_failed"}, {"challengeId", challengeId}, {"message", why}});
        for (const SendFunction& to : sends) to(message);
      });
  return std::nullopt;
}

std::optional<server::HandlerError> Matchmaker::withdraw(int64_t userId, int64_t challengeId) {
  Outbox out;
  {
    std::lock_guard lock(mutex_);
    auto found = challenges_.find(challengeId);
    if (found == challenges_.end() || found->second.request.fromId != userId) {
      return handlerError("unknown_challenge",
                          "you have no challenge " + std::to_string(challengeId) + " waiting");
    }
    closeChallenge(challengeId, "cancelled", out);
  }
  flush(out);
  return std::nullopt;
}

void Matchmaker::expireChallenges(int64_t now, Outbox& out) {
  std::vector<int64_t> expired;
  for (const auto& [id, challenge] : challenges_) {
    if (now >= challenge.expiresMs) expired.push_back(id);
  }
  for (int64_t id : expired) closeChallenge(id, "timeout", out);
}

void Matchmaker::closeChallengesBetween(int64_t a, int64_t b) {
  Outbox out;
  {
    std::lock_guard lock(mutex_);
    std::vector<int64_t> closing;
    for (const auto& [id, challenge] : challenges_) {
      const int64_t from = challenge.request.fromId;
      if ((from == a && challenge.toId == b) || (from == b && challenge.toId == a)) {
        closing.push_back(id);
      }
    }
    for (int64_t id : closing) closeChallenge(id, "blocked", out);
  }
  flush(out);
}

void Matchmaker::closeChallenge(int64_t id, std::string_view reason, Outbox& out) {
  auto found = challenges_.find(id);
  if (found == challenges_.end()) return;
  const Challenge challenge = std::move(found->second);
  challenges_.erase(found);
  // Every tab of the challenged player closes its notice; the challenger hears the outcome
  // unless it was his own doing.
  sendToUser(challenge.toId,
             json::object{{"type", "challenge_closed"}, {"challengeId", id}, {"reason", reason}},
             out);
  if (reason != "cancelled" && reason != "accepted") {
    out.messages.emplace_back(challenge.request.fromSend,
                              server::serializeMessage(json::object{{"type", "challenge_declined"},
                                                                    {"challengeId", id},
                                                                    {"to", challenge.toName},
                                                                    {"reason", reason}}));
  }
}

}  // namespace tengen::site
