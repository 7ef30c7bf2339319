#include "site/vacation/vacation_bank.h"

#include <algorithm>

namespace tengen::site {

store::Vacation freshVacation(int64_t accountCreatedMs) {
  return store::Vacation{kStartBankMs, accountCreatedMs, std::nullopt};
}

int64_t bankAt(const store::Vacation& vacation, int64_t nowMs) {
  const int64_t since = std::max<int64_t>(0, nowMs - vacation.asOfMs);
  if (vacation.sinceMs) return std::max<int64_t>(0, vacation.bankMs - since);
  // A bank above the cap (none is written so; a hand-edited row) is kept, never earned onto.
  if (vacation.bankMs >= kCapMs) return vacation.bankMs;
  return std::min(kCapMs, vacation.bankMs + since / kEarnDivisor);
}

std::optional<int64_t> vacationEndsAtMs(const store::Vacation& vacation) {
  if (!vacation.sinceMs) return std::nullopt;
  return vacation.asOfMs + vacation.bankMs;
}

store::Vacation startVacation(const store::Vacation& vacation, int64_t nowMs) {
  if (vacation.sinceMs) return vacation;
  const int64_t at = std::max(nowMs, vacation.asOfMs);
  return store::Vacation{bankAt(vacation, at), at, at};
}

store::Vacation endVacation(const store::Vacation& vacation, int64_t nowMs) {
  if (!vacation.sinceMs) return vacation;
  const int64_t at = std::clamp(nowMs, vacation.asOfMs, *vacationEndsAtMs(vacation));
  const int64_t spent = std::min(vacation.bankMs, std::max(at - vacation.asOfMs, kMinimumStartMs));
  return store::Vacation{vacation.bankMs - spent, at, std::nullopt};
}

}  // namespace tengen::site
