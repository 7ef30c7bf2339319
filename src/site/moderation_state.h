#pragma once

// What every message and room checks at once (the rooms too, so it lives beside
// site_context.h rather than in site/moderation, which includes the rooms), in memory: who blocks
// whom and who is muted until when. Loaded from the store when the site starts (Site::resumeGames)
// and changed by the moderation service right after each store write, so a block or a mute takes
// effect for the next chat line or challenge without any reload. Thread-safe: one shared mutex,
// held only to read or change the sets; checks are a hash lookup.
//
// Several nodes: each node holds its own copy. The node where a block or mute is made publishes
// it on the moderation's bus channel right after the store write, and every other node applies
// it here at once (moderation_service.h). A node that missed such a message (the bus lost its
// connection) is put right by a full load from the store every kModerationReloadInterval; a
// load that raced with a change applied meanwhile is dropped (the next one is exact), so a
// reload never undoes a newer change (docs/protocol.md, "Moderation").

#include <cstdint>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "base/result.h"
#include "store/store.h"

namespace tengen::site {

struct Mute {
  int64_t untilMs = 0;  // 0: until lifted
  std::string reason;
};

// What a muted player's chat is refused with: until when (UTC) and why.
std::string muteRefusal(const Mute& mute);

class ModerationState {
 public:
  // Replaces the state with the store's blocks and the mutes in force at nowMs. Blocking. When
  // setBlock or setMute ran while the store was being read, the state stays as it is (the
  // store's rows may predate that change) and the answer is false.
  Result<bool> load(store::Store& store, int64_t nowMs);

  // Whether `blocker` blocks `other`.
  bool blocks(int64_t blocker, int64_t other) const;
  // Whether either of the two blocks the other: they are never paired or challenged.
  bool apart(int64_t a, int64_t b) const { return blocks(a, b) || blocks(b, a); }
  void setBlock(int64_t blocker, int64_t blocked, bool on);

  // The user's mute in force at nowMs; nullopt when they may chat.
  std::optional<Mute> muteOf(int64_t user, int64_t nowMs) const;
  void setMute(int64_t user, std::optional<Mute> mute);

 private:
  mutable std::shared_mutex mutex_;
  std::unordered_map<int64_t, std::unordered_set<int64_t>> blocked_;  // by blocker
  std::unordered_map<int64_t, Mute> mutes_;
  uint64_t changes_ = 0;  // setBlock and setMute calls, for load's race check
};

}  // namespace tengen::site
