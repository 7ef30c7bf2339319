#pragma once

// What a director announces when creating a tournament (docs/protocol.md, "Tournaments"),
// validated once at the edge. The store keeps it as the JSON text toJson() writes; fromJson()
// reads that text back (and a create message's fields) with the same checks.

#include <boost/json/object.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "base/result.h"
#include "tournament/settings.h"

namespace tengen::site {

struct TournamentConfig {
  std::string name;         // 1..80 bytes
  std::string description;  // at most 2,000 bytes
  tournament::TournamentSettings engine;
  int size = 19;
  std::string rules = "japanese";  // a go::Rules spec
  boost::json::object time;        // game::TimeControl's JSON; empty: the default
  bool rated = true;
  // When each round starts by itself (ms since the epoch), by round; 0, or no entry: when a
  // director starts it. A round starts at its time once every game of the previous has ended.
  std::vector<int64_t> roundStartsMs;
  // The start time of round `round` (1-based); 0: a director starts it.
  int64_t startMsOf(int round) const {
    return round >= 1 && round <= static_cast<int>(roundStartsMs.size()) ? roundStartsMs[round - 1]
                                                                         : 0;
  }
};

// Every error names its field (Error::where) and what it accepts.
Result<TournamentConfig> tournamentConfigFromJson(const boost::json::object& message);
boost::json::object toJson(const TournamentConfig& config);

// "mcmahon", "swiss", "roundrobin", "knockout".
const char* systemName(tournament::PairingSystem system);

}  // namespace tengen::site
