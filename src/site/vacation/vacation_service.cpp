#include "site/vacation/vacation_service.h"

#include "base/log.h"
#include "site/site_messages.h"
#include "site/vacation/vacation_bank.h"

namespace tengen::site {

namespace {

server::HandlerError storeFailed(const Error& error) {
  log::error("vacation_store_failed", {{"error", error.toString()}});
  return handlerError("store_failed", "the vacation could not be read or saved");
}

VacationStatus statusOf(const store::Vacation& vacation, int64_t nowMs) {
  return VacationStatus{vacation.sinceMs.has_value(), bankAt(vacation, nowMs),
                        vacationEndsAtMs(vacation)};
}

}  // namespace

Result<void> VacationService::load(int64_t nowMs) {
  auto underway = context_.store.vacationsUnderway();
  if (!underway) return std::unexpected(underway.error());
  for (const auto& [userId, vacation] : *underway) setAway(userId, true);
  if (auto ended = endExpired(nowMs); !ended) return std::unexpected(ended.error());
  return {};
}

bool VacationService::away(int64_t userId) const {
  std::lock_guard lock(awayMutex_);
  return away_.contains(userId);
}

Result<store::Vacation> VacationService::recordOf(int64_t userId) {
  auto stored = context_.store.vacationOf(userId);
  if (!stored) return std::unexpected(stored.error());
  if (*stored) return **stored;
  auto user = context_.store.findUserById(userId);
  if (!user) return std::unexpected(user.error());
  if (!*user) return fail("user " + std::to_string(userId) + " does not exist");
  return freshVacation((*user)->createdMs);
}

std::expected<VacationStatus, server::HandlerError> VacationService::status(int64_t userId,
                                                                            int64_t nowMs) {
  auto vacation = recordOf(userId);
  if (!vacation) return std::unexpected(storeFailed(vacation.error()));
  return statusOf(*vacation, nowMs);
}

std::expected<VacationStatus, server::HandlerError> VacationService::start(int64_t userId,
                                                                           int64_t nowMs) {
  std::lock_guard lock(changeMutex_);
  auto vacation = recordOf(userId);
  if (!vacation) return std::unexpected(storeFailed(vacation.error()));
  if (vacation->sinceMs) return statusOf(*vacation, nowMs);
  if (bankAt(*vacation, nowMs) < kMinimumStartMs) {
    return std::unexpected(handlerError(
        "vacation_empty", "less than an hour of vacation is left: it grows by a day a week"));
  }
  const store::Vacation started = startVacation(*vacation, nowMs);
  if (auto saved = context_.store.saveVacation(userId, started); !saved) {
    return std::unexpected(storeFailed(saved.error()));
  }
  log::info("vacation_started", {{"user", userId}, {"bankMs", started.bankMs}});
  setAway(userId, true);
  return statusOf(started, nowMs);
}

std::expected<VacationStatus, server::HandlerError> VacationService::end(int64_t userId,
                                                                         int64_t nowMs) {
  std::lock_guard lock(changeMutex_);
  auto vacation = recordOf(userId);
  if (!vacation) return std::unexpected(storeFailed(vacation.error()));
  if (!vacation->sinceMs) return statusOf(*vacation, nowMs);
  const store::Vacation ended = endVacation(*vacation, nowMs);
  if (auto saved = context_.store.saveVacation(userId, ended); !saved) {
    return std::unexpected(storeFailed(saved.error()));
  }
  log::info("vacation_ended", {{"user", userId}, {"bankMs", ended.bankMs}});
  setAway(userId, false);
  return statusOf(ended, nowMs);
}

Result<int> VacationService::endExpired(int64_t nowMs) {
  std::lock_guard lock(changeMutex_);
  auto underway = context_.store.vacationsUnderway();
  if (!underway) return std::unexpected(underway.error());
  int ended = 0;
  for (const auto& [userId, vacation] : *underway) {
    const auto endsAt = vacationEndsAtMs(vacation);
    if (!endsAt || *endsAt > nowMs) continue;
    // Written as ending when the bank ran out (bank 0), whenever the sweep saw it.
    if (auto saved = context_.store.saveVacation(userId, endVacation(vacation, *endsAt)); !saved) {
      return std::unexpected(saved.error());
    }
    log::info("vacation_ran_out", {{"user", userId}});
    setAway(userId, false);
    ++ended;
  }
  return ended;
}

void VacationService::setAway(int64_t userId, bool away) {
  {
    std::lock_guard lock(awayMutex_);
    if (away ? !away_.insert(userId).second : away_.erase(userId) == 0) return;
  }
  feed_.vacationChanged(userId);
}

}  // namespace tengen::site
