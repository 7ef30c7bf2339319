#pragma once

// Automatch pools and direct challenges (docs/protocol.md, "Automatch and challenges").
//
// - Who is online: every signed-in socket, by user, so a challenge reaches all of a player's
//   tabs and a search dies with the socket that started it.
// - Automatch: one live search per user, in the pool of its board size and speed. A wave
//   pairs each pool every waveInterval (plus jitter), or at once when it holds waveAtOnce;
//   the pure pairing is in pairing.h, the terms of the game in pair_terms.h. A search that
//   waits longer than its player's chosen time is offered the built-in bot nearest its rank.
// - Challenges: pending offers from one player to another, answered, cancelled or expired.
//
// Thread-safe: one mutex guards the state, held only to read and change it; messages are
// sent and games started after it is released. The tick runs on the site's io_context.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/json/object.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "site/automatch/automatch_options.h"
#include "site/automatch/pairing.h"
#include "site/ratings/game_rating.h"
#include "site/site_context.h"
#include "site/site_messages.h"

namespace tengen::site {

inline constexpr int kMaxOutgoingChallenges = 3;
inline constexpr int kMaxIncomingChallenges = 5;

// The built-in bot offered to a lone searcher.
struct BotOffer {
  std::string name;
  double rating = 0;
};

struct SearchRequest {
  int64_t userId = 0;
  std::string name;
  uint64_t sessionId = 0;
  SendFunction send;
  int size = 19;
  Speed speed = Speed::Live;
  PoolEntry entry;                    // rating, rules, handicap, window
  std::optional<int64_t> botAfterMs;  // nullopt: never offer a bot
  std::optional<BotOffer> bot;        // chosen when the search starts
};

struct ChallengeRequest {
  int64_t fromId = 0;
  std::string fromName;
  uint64_t fromSession = 0;
  SendFunction fromSend;
  std::string toName;
  boost::json::object table;  // create_table's fields, already validated
};

class Matchmaker {
 public:
  Matchmaker(SiteContext& context, AutomatchOptions options, uint64_t seed);
  void start();
  void stop();

  // Session hooks: signed-in sockets only.
  void online(uint64_t sessionId, int64_t userId, const std::string& name, bool guest,
              SendFunction send);
  void offline(uint64_t sessionId);

  // Adds (or replaces) the user's search; false when the socket closed meanwhile.
  bool search(SearchRequest request);
  // Ends the user's search; true if there was one.
  bool cancelSearch(int64_t userId);

  // Records a challenge to an online registered player and tells all their sockets; the
  // error (code, message) otherwise. Returns the challenge's id.
  std::expected<int64_t, server::HandlerError> challenge(ChallengeRequest request);
  // The challenged player's answer; accepting starts the game and tells `send` (the
  // answering socket) and the challenger's socket.
  std::optional<server::HandlerError> answer(int64_t userId, SendFunction send, int64_t challengeId,
                                             bool accept);
  std::optional<server::HandlerError> withdraw(int64_t userId, int64_t challengeId);
  // Whether a user of this name is online (case-insensitive).
  bool isOnline(const std::string& name) const;
  // Closes the challenges pending between the two, either way (a block between them was
  // just made: docs/protocol.md, "Moderation"); the challenger hears `blocked`.
  void closeChallengesBetween(int64_t a, int64_t b);

 private:
  struct Socket {
    int64_t userId = 0;
    std::string name;
    bool guest = false;
    SendFunction send;
  };
  struct Search {
    SearchRequest request;
    int64_t startedMs = 0;
    bool botOffered = false;
  };
  struct PoolKey {
    int size = 19;
    Speed speed = Speed::Live;
    auto operator<=>(const PoolKey&) const = default;
  };
  struct Challenge {
    int64_t id = 0;
    ChallengeRequest request;
    int64_t toId = 0;
    std::string toName;
    int64_t expiresMs = 0;
  };
  // Work decided under the lock, done after it.
  struct Pair {
    Search a;
    Search b;
  };
  struct Outbox {
    std::vector<std::pair<SendFunction, std::shared_ptr<const std::string>>> messages;
    std::vector<Pair> pairs;
  };

  void arm();
  void tick();
  void runWaves(int64_t now, Outbox& out);
  void offerBots(int64_t now, Outbox& out);
  void expireChallenges(int64_t now, Outbox& out);
  // Drops the challenge and tells both sides why (under the lock).
  void closeChallenge(int64_t id, std::string_view reason, Outbox& out);
  void sendToUser(int64_t userId, const boost::json::object& message, Outbox& out) const;
  void startPair(Pair pair);
  static void flush(Outbox& out);
  int64_t nextWaveMs(int64_t now);

  SiteContext& context_;
  AutomatchOptions options_;
  // The timer is touched by its handler and by stop(): both run on this strand.
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  std::atomic<bool> running_{false};

  mutable std::mutex mutex_;
  std::map<uint64_t, Socket> sockets_;  // by session id
  std::map<int64_t, Search> searches_;  // by user id
  std::map<PoolKey, int64_t> nextWave_;
  std::map<int64_t, Challenge> challenges_;  // by challenge id
  int64_t nextChallengeId_ = 1;
  std::mt19937_64 random_;
};

}  // namespace tengen::site
