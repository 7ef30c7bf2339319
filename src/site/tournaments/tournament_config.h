#pragma once

// What a director announces when creating a tournament (docs/protocol.md, "Tournaments"),
// validated once at the edge. The store keeps it as the JSON text toJson() writes; fromJson()
// reads that text back (and a create message's fields) with the same checks.

#include <boost/json/object.hpp>

#include <cstdint>
#include <string>

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
};

// Every error names its field (Error::where) and what it accepts.
Result<TournamentConfig> tournamentConfigFromJson(const boost::json::object& message);
boost::json::object toJson(const TournamentConfig& config);

// "mcmahon", "swiss", "roundrobin", "knockout".
const char* systemName(tournament::PairingSystem system);

}  // namespace tengen::site
