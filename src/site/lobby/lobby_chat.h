#pragma once

// The lobby's chat room (docs/protocol.md, "Lobby chat"): registered players write lines that
// every reader of the lobby on every node gets at once; a newcomer reads the last
// kLobbyChatBacklog lines from the store, so a restart and the other nodes keep them. A muted
// writer is refused before anything is written; a reader never gets a line from someone they
// block, live or in the backlog (the block is read at each delivery, so it holds at once).
//
// Several nodes: the node a line is written on stores it, hands it to its own readers and
// publishes it on kLobbyChatChannel; the other nodes hand it to theirs. A line lost on the bus
// (a node cut off) is missed live only: the backlog comes from the store.
//
// Thread-safe: the readers are behind one mutex, held only to copy them; store calls run on
// the blocking pool; bus messages arrive on the bus's thread and only send.

#include <boost/json/value.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "bus/bus.h"
#include "server/message_handlers.h"
#include "site/accounts/token_buckets.h"
#include "site/site_context.h"
#include "site/site_messages.h"
#include "store/lobby_chat_rows.h"

namespace tengen::site {

// How many of the latest lines a newcomer reads, and how many the store keeps (older ones are
// deleted as lines are written, so the table never grows without bound).
inline constexpr int kLobbyChatBacklog = 50;
inline constexpr int64_t kLobbyChatLinesKept = 500;
// The lobby chat's own bus channel (bus.h), named after this folder.
inline constexpr const char* kLobbyChatChannel = "tengen.lobby.chat";
// Lines one writer may send: a burst of 5, then one every 2 s. The lobby reaches everybody,
// so a flood there costs more than in one game's chat; the message rate limit every socket
// has (50 a second) comes on top. Writers tracked at once are bounded like the login limits.
inline constexpr BucketRule kLobbyChatRate{5, std::chrono::milliseconds(2000)};
inline constexpr std::size_t kLobbyChatWritersTracked = 10'000;

class LobbyChat {
 public:
  explicit LobbyChat(SiteContext& context);
  ~LobbyChat();
  LobbyChat(const LobbyChat&) = delete;
  LobbyChat& operator=(const LobbyChat&) = delete;

  // Adds lobby_chat_subscribe, lobby_chat_unsubscribe and lobby_chat, and the close hook that
  // forgets a socket; follows the other nodes' lines when the site has a bus. Call once, after
  // the SiteContext's bus is set.
  void install(server::MessageHandlers& handlers);

  // `userId` (0: anonymous) reads from now on; the backlog goes to `send` as the reply to `id`.
  void join(uint64_t sessionId, int64_t userId, SendFunction send, boost::json::value id);
  void leave(uint64_t sessionId);
  // Writes `text` (already checked for length) as `user`'s line, or refuses it: muted, a guest,
  // or over the writer's rate. The reply to `id` goes to `send` once the line is stored.
  std::optional<server::HandlerError> say(const server::SessionUser& user, std::string text,
                                          SendFunction send, boost::json::value id);
  // Hands `line` to this node's readers who do not block its writer.
  void deliver(const store::LobbyChatRow& line);
  std::size_t readers() const;

 private:
  struct Reader {
    int64_t userId = 0;
    SendFunction send;
  };
  void received(std::string_view message);

  SiteContext& context_;
  TokenBuckets writers_{kLobbyChatRate, kLobbyChatWritersTracked};
  mutable std::mutex mutex_;
  std::map<uint64_t, Reader> readers_;  // by socket
  // Last: gone first, so no bus message arrives while the rest is being destroyed.
  std::unique_ptr<bus::Subscription> subscription_;
};

}  // namespace tengen::site
