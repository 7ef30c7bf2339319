// The vacation bank's arithmetic (site/vacation/vacation_bank.h): a week to start with, a day
// earned per week away from vacation up to a month, spent in real time and never below zero.
#include <gtest/gtest.h>

#include "site/vacation/vacation_bank.h"

namespace tengen::site {
namespace {

constexpr int64_t kT0 = 1'796'000'000'000;

TEST(VacationBank, ANewAccountHasAWeekAndEarnsADayAWeekUpToAMonth) {
  const store::Vacation fresh = freshVacation(kT0);
  EXPECT_EQ(bankAt(fresh, kT0), 7 * kDayMs);
  EXPECT_EQ(bankAt(fresh, kT0 + 7 * kDayMs), 8 * kDayMs);
  EXPECT_EQ(bankAt(fresh, kT0 + 70 * kDayMs), 17 * kDayMs);
  EXPECT_EQ(bankAt(fresh, kT0 + 700 * kDayMs), kCapMs);
  EXPECT_EQ(bankAt(fresh, kT0 - kDayMs), 7 * kDayMs);  // a time before the record: no change
  EXPECT_EQ(vacationEndsAtMs(fresh), std::nullopt);
}

TEST(VacationBank, AVacationSpendsTheBankInRealTimeAndEndsWhenItIsEmpty) {
  const store::Vacation away = startVacation(freshVacation(kT0), kT0 + 7 * kDayMs);
  ASSERT_TRUE(away.sinceMs);
  EXPECT_EQ(away.bankMs, 8 * kDayMs);
  EXPECT_EQ(vacationEndsAtMs(away), kT0 + 15 * kDayMs);
  EXPECT_EQ(bankAt(away, kT0 + 10 * kDayMs), 5 * kDayMs);
  EXPECT_EQ(bankAt(away, kT0 + 30 * kDayMs), 0);
  // Ended after three days: five left, and earning again from then on.
  const store::Vacation back = endVacation(away, kT0 + 10 * kDayMs);
  EXPECT_FALSE(back.sinceMs);
  EXPECT_EQ(back.bankMs, 5 * kDayMs);
  EXPECT_EQ(bankAt(back, kT0 + 17 * kDayMs), 6 * kDayMs);
  // Ended after ten minutes: it still costs the hour a vacation needs to start, so starting
  // and ending over and over empties the bank.
  const store::Vacation brief = endVacation(away, kT0 + 7 * kDayMs + 600'000);
  EXPECT_EQ(brief.bankMs, 8 * kDayMs - kMinimumStartMs);
  // Ended by a sweep long after the bank ran out: it ended when the bank did, at zero.
  const store::Vacation late = endVacation(away, kT0 + 40 * kDayMs);
  EXPECT_EQ(late.bankMs, 0);
  EXPECT_EQ(late.asOfMs, kT0 + 15 * kDayMs);
}

TEST(VacationBank, StartingTwiceOrEndingNoneChangesNothing) {
  const store::Vacation away = startVacation(freshVacation(kT0), kT0);
  EXPECT_EQ(startVacation(away, kT0 + kDayMs), away);
  const store::Vacation home = freshVacation(kT0);
  EXPECT_EQ(endVacation(home, kT0 + kDayMs), home);
}

}  // namespace
}  // namespace tengen::site
