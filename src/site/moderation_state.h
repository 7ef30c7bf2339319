#pragma once

// What every message and room checks at once (the rooms too, so it lives beside
// site_context.h rather than in site/moderation, which includes the rooms), in memory: who blocks
// whom and who is muted until when. Loaded from the store when the site starts (Site::resumeGames)
// and changed by the moderation service right after each store write, so a block or a mute takes
// effect for the next chat line or challenge without any reload. Thread-safe: one shared mutex,
// held only to read or change the sets; checks are a hash lookup.
//
// Several nodes: each node holds its own copy; a change made on one reaches the others when
// they restart (docs/protocol.md, "Moderation").

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
  // Replaces the state with the store's blocks and the mutes in force at nowMs. Blocking.
  Result<void> load(store::Store& store, int64_t nowMs);

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
};

}  // namespace tengen::site
