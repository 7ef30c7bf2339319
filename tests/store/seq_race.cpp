#include "seq_race.h"

#include <gtest/gtest.h>

#include <mutex>
#include <thread>

namespace tengen::store::testing {

SeqRace raceForSeqs(const std::vector<Store*>& nodes, int threads,
                    const std::vector<int64_t>& games, int events) {
  SeqRace race;
  std::mutex mutex;
  std::vector<std::thread> writers;
  for (int t = 0; t < threads; ++t) {
    writers.emplace_back([&, t] {
      Store& node = *nodes[static_cast<size_t>(t) % nodes.size()];
      for (int64_t game : games) {
        int64_t next = 1;
        while (next <= events) {
          const std::string payload = "writer " + std::to_string(t);
          const AppendResult r = node.appendEventSync(GameEvent{game, next, "move", payload, 0});
          std::lock_guard lock(mutex);
          if (r.ok()) {
            race.winners[{game, next}].push_back(payload);
            ++next;
          } else {
            ASSERT_EQ(r.status, AppendStatus::Conflict) << r.message;
            ASSERT_GE(r.lastSeq, next);
            ++race.conflicts;
            next = r.lastSeq + 1;
          }
        }
      }
    });
  }
  for (auto& writer : writers) writer.join();
  return race;
}

void expectOneWinnerPerSeq(Store& store, int64_t game, int events, const SeqRace& race) {
  auto log = store.loadEvents(game, 0).value();
  ASSERT_EQ(log.size(), static_cast<size_t>(events)) << "game " << game;
  for (const GameEvent& e : log) {
    const auto won = race.winners.find({game, e.seq});
    ASSERT_NE(won, race.winners.end()) << "game " << game << " seq " << e.seq;
    ASSERT_EQ(won->second.size(), 1u) << "game " << game << " seq " << e.seq;
    EXPECT_EQ(e.payload, won->second[0]);
  }
}

}  // namespace tengen::store::testing
