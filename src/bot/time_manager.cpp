#include "bot/time_manager.h"

#include <algorithm>

namespace tengen::bot {

double expectedMovesLeft(int boardSize, int emptyPoints) {
  // Games end with about a third of the board still empty (territory), and each side plays
  // half of the remaining moves; the floor keeps a reserve for a long endgame.
  const double playable = std::max(0.0, emptyPoints - boardSize * boardSize / 3.0);
  const double floor = boardSize <= 9 ? 10 : boardSize <= 13 ? 15 : 30;
  return std::max(floor, playable / 2.0);
}

namespace {

// Main time spread over the expected moves, keeping a margin.
double mainShare(const TimeBudgetInput& in) {
  const double left = std::max(0.0, in.clock.mainSeconds - kNetworkMarginSeconds);
  return left / expectedMovesLeft(in.boardSize, in.emptyPoints);
}

double clockBudget(const TimeBudgetInput& in) {
  const ClockView& c = in.clock;
  switch (c.system) {
    case ClockView::System::None:
      return 0;
    case ClockView::System::Absolute:
      return std::max(0.05, mainShare(in));
    case ClockView::System::Byoyomi: {
      // A period is spent only if a move takes longer than it: using most of one per move
      // costs nothing. Main time that runs into overtime may use the period on top.
      const double period = std::max(0.0, 0.8 * c.periodSeconds - kNetworkMarginSeconds);
      if (c.mainSeconds > 0) return std::max(0.05, mainShare(in) + (c.periods > 0 ? period : 0));
      return std::max(0.05, period);
    }
    case ClockView::System::Canadian: {
      if (c.mainSeconds > 0) {
        // Still in main time: the period that follows is a reserve; use a share of main time.
        return std::max(0.05, mainShare(in));
      }
      const int stones = std::max(1, c.periodStones);
      const double left = std::max(0.0, c.periodSeconds - kNetworkMarginSeconds);
      return std::max(0.05, 0.9 * left / stones);
    }
    case ClockView::System::Fischer: {
      const double bank = std::max(0.0, c.mainSeconds - kNetworkMarginSeconds);
      const double share = bank / expectedMovesLeft(in.boardSize, in.emptyPoints);
      // The increment comes back after the move; never plan on more than the bank holds.
      return std::max(0.05, std::min(bank * 0.5, share + 0.8 * c.incrementSeconds));
    }
  }
  return 0;
}

}  // namespace

double moveBudgetSeconds(const TimeBudgetInput& input, const SearchLimits& limits) {
  const double clock = clockBudget(input);
  if (clock <= 0) return limits.seconds;
  if (limits.seconds <= 0) return clock;
  return std::min(clock, limits.seconds);
}

}  // namespace tengen::bot
