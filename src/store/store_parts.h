#pragma once

// What the files of both stores (sqlite_store*.cpp, postgres/postgres_store*.cpp) share: a
// failed write job's result, the clock they stamp rows with and the SQL they share. Included by
// those files only.

#include <chrono>
#include <cstdint>
#include <string>
#include <optional>
#include <utility>
#include <vector>

#include "base/result.h"
#include "store/store.h"

namespace tengen::store::parts {

// A lease query's holder expiry (the lease row is `l`), 0 for nobody (''): a game's lease is
// live while its holder's node lease is. The same SQL in both dialects.
inline constexpr const char* kHolderExpiry =
    "coalesce((SELECT n.expires_ms FROM node_leases n WHERE n.node = l.node), 0)";

inline int64_t nowMs() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// The result of a write job that failed, with what went wrong.
inline AppendResult failed(std::string message) {
  return AppendResult{AppendStatus::Failed, 0, std::move(message)};
}
inline AppendResult failed(const Error& error) { return failed(error.toString()); }

// A fenced append whose token is not the game's lease's (`current`, 0 for no lease).
inline AppendResult fenced(int64_t game, int64_t token, int64_t current) {
  return AppendResult{AppendStatus::Fenced, 0,
                      "game " + std::to_string(game) + " is fenced: token " +
                          std::to_string(token) + " is not the lease's (" +
                          std::to_string(current) + "); another node owns it now"};
}

// Why `events` cannot be one append, if they cannot: one append holds consecutive events of
// one game, at least one.
inline std::optional<AppendResult> notOneAppend(const std::vector<GameEvent>& events) {
  if (events.empty()) return failed("nothing to append");
  const int64_t game = events.front().game;
  for (size_t i = 1; i < events.size(); ++i) {
    if (events[i].game != game || events[i].seq != events[i - 1].seq + 1) {
      return failed("game " + std::to_string(game) +
                    ": one append must hold consecutive events of one game");
    }
  }
  return std::nullopt;
}

// An append starting at seq `first` of a game whose log ends at `last` (first != last + 1):
// the seq is taken, or the append would leave a gap.
inline AppendResult seqConflict(int64_t game, int64_t first, int64_t last) {
  const std::string what = first <= last ? " is taken" : " would leave a gap";
  return AppendResult{AppendStatus::Conflict, last,
                      "game " + std::to_string(game) + ": seq " + std::to_string(first) + what +
                          " (the next is " + std::to_string(last + 1) + ")"};
}

// Both players' ratings in `category` after a rated game, from theirs before it: what
// RatedGame::rate says, with the category and one more game counted.
inline std::pair<CategoryRating, CategoryRating> ratedAfter(const RatedGame& rating,
                                                            const std::string& category,
                                                            const CategoryRating& black,
                                                            const CategoryRating& white) {
  auto after = rating.rate(black, white);
  after.first.category = after.second.category = category;
  after.first.games = black.games + 1;
  after.second.games = white.games + 1;
  return after;
}

}  // namespace tengen::store::parts
