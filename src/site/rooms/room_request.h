#pragma once

// A command on its way to a game's room, and how the room answers whoever sent it: a socket
// gets the reply as docs/protocol.md shows it (text), a caller inside the process (bot
// drivers, automatch, the lobby's timers) gets it typed, without parsing text back.

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <cstdint>
#include <expected>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "game/command.h"
#include "game/player.h"
#include "site/site_messages.h"

namespace tengen::site {

// How an accepted command is answered.
enum class ReplyKind {
  Ok,                 // {"type":"ok","version":N}
  Joined,             // {"type":"joined","game":summary}
  Cancelled,          // {"type":"table_cancelled","gameId":…}
  None,               // internal commands (the clock's timeout)
  ChallengeAccepted,  // {"type":"challenge_accepted","game":summary} (challenge_bot)
  BotMatchStarted,    // {"type":"bot_match_started","game":summary} (bot_match)
};

// An accepted command's answer.
struct Reply {
  ReplyKind kind = ReplyKind::Ok;
  int64_t gameId = 0;
  int64_t version = 0;       // the game's version after the command
  boost::json::object game;  // the summary, for Joined, ChallengeAccepted and BotMatchStarted
};
using Outcome = std::expected<Reply, game::CommandError>;
using AnswerFunction = std::function<void(Outcome outcome)>;

struct RoomRequest {
  game::Actor actor;
  game::Command command;
  std::optional<int64_t> expectedVersion;
  // Whoever waits for the answer: `answer` (typed) when set, else `send` (text, with `id`);
  // neither: nobody to answer.
  AnswerFunction answer;
  SendFunction send;
  boost::json::value id;
  // The socket session that sent it, on this node (0: none). When that session watches the
  // game, an accepted command's last game_event, with `id`, is its reply instead of an `ok`.
  uint64_t sessionId = 0;
  ReplyKind reply = ReplyKind::Ok;
  // How many nodes passed it on to the game's owner (cluster.h): a request that keeps missing
  // the owner while leases move is refused instead of circling.
  int forwards = 0;

  bool awaitsAnswer() const { return static_cast<bool>(answer) || static_cast<bool>(send); }
};

// Answers `request` with `outcome` in the form its sender takes. A Reply of kind None is
// answered to nobody.
void respond(const RoomRequest& request, const Outcome& outcome);
// Refuses `request` with an error code and message (CommandError without a reason).
void refuse(const RoomRequest& request, std::string code, std::string message);

// The text of an outcome (docs/protocol.md) with the request's id; nullptr for kind None.
std::shared_ptr<const std::string> outcomeMessage(const Outcome& outcome,
                                                  const boost::json::value& id);
// The typed outcome of such a text, as a room on another node answered it (cluster.h); a
// text that is not a reply is an internal_error.
Outcome outcomeOf(std::string_view text, ReplyKind kind);
// Hands an answer that arrived as text to `request`'s sender: the text itself to a socket, its
// typed form to a caller inside the process.
void respondWithText(const RoomRequest& request, std::shared_ptr<const std::string> text);

}  // namespace tengen::site
