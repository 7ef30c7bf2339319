#include "site/moderation_state.h"

#include <ctime>
#include <mutex>
#include <utility>

namespace tengen::site {

std::string muteRefusal(const Mute& mute) {
  if (mute.untilMs == 0) return "a moderator has muted you until further notice: " + mute.reason;
  const std::time_t seconds = static_cast<std::time_t>(mute.untilMs / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char until[32];
  std::strftime(until, sizeof until, "%Y-%m-%d %H:%M UTC", &tm);
  return "a moderator has muted you until " + std::string(until) + ": " + mute.reason;
}

Result<bool> ModerationState::load(store::Store& store, int64_t nowMs) {
  uint64_t before = 0;
  {
    std::shared_lock lock(mutex_);
    before = changes_;
  }
  auto blocks = store.allBlocks();
  if (!blocks) return std::unexpected(blocks.error());
  auto restrictions = store.restrictionsInForce(nowMs);
  if (!restrictions) return std::unexpected(restrictions.error());
  std::unordered_map<int64_t, std::unordered_set<int64_t>> blocked;
  for (const auto& [blocker, other] : *blocks) blocked[blocker].insert(other);
  std::unordered_map<int64_t, Mute> mutes;
  for (const store::RestrictionRow& row : *restrictions) {
    if (row.kind == store::Restriction::Mute) mutes[row.userId] = Mute{row.untilMs, row.reason};
  }
  std::unique_lock lock(mutex_);
  if (changes_ != before) return false;
  blocked_ = std::move(blocked);
  mutes_ = std::move(mutes);
  return true;
}

bool ModerationState::blocks(int64_t blocker, int64_t other) const {
  std::shared_lock lock(mutex_);
  const auto it = blocked_.find(blocker);
  return it != blocked_.end() && it->second.contains(other);
}

void ModerationState::setBlock(int64_t blocker, int64_t blocked, bool on) {
  std::unique_lock lock(mutex_);
  ++changes_;
  if (on) {
    blocked_[blocker].insert(blocked);
    return;
  }
  const auto it = blocked_.find(blocker);
  if (it == blocked_.end()) return;
  it->second.erase(blocked);
  if (it->second.empty()) blocked_.erase(it);
}

std::optional<Mute> ModerationState::muteOf(int64_t user, int64_t nowMs) const {
  std::shared_lock lock(mutex_);
  const auto it = mutes_.find(user);
  if (it == mutes_.end()) return std::nullopt;
  // An ended mute is simply not in force; the next load drops it.
  if (it->second.untilMs != 0 && it->second.untilMs <= nowMs) return std::nullopt;
  return it->second;
}

void ModerationState::setMute(int64_t user, std::optional<Mute> mute) {
  std::unique_lock lock(mutex_);
  ++changes_;
  if (mute) {
    mutes_[user] = std::move(*mute);
  } else {
    mutes_.erase(user);
  }
}

}  // namespace tengen::site
