#pragma once

// Rival writers (two server nodes, or a retried request) racing for the same seqs of the same
// games, shared by the concurrency tests of both backends and the two-node PostgreSQL test.

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "store/store.h"

namespace tengen::store::testing {

struct SeqRace {
  // (game, seq) -> the payload of each writer whose append of it was acknowledged.
  std::map<std::pair<int64_t, int64_t>, std::vector<std::string>> winners;
  int conflicts = 0;
};

// `threads` writers, thread t appending through nodes[t % nodes.size()], each writing seqs
// 1..events of every game with its own payload and, on Conflict, going on from the last seq
// the Conflict reports. Anything but Ok or such a Conflict fails the test.
SeqRace raceForSeqs(const std::vector<Store*>& nodes, int threads,
                    const std::vector<int64_t>& games, int events);

// The log of `game` as `store` reads it holds seqs 1..events, each the one acknowledged
// writer's payload.
void expectOneWinnerPerSeq(Store& store, int64_t game, int events, const SeqRace& race);

}  // namespace tengen::store::testing
