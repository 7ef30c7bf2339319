#pragma once

// The bot's view of every position of a game, for an engine review (engine_reviewer.h):
// Black's win rate and the bot's move from a search of a fixed number of playouts, and the
// estimated score from the ownership of heavy playouts, counted as the score estimate counts
// (score_estimator.h). A fixed budget, not a time, so that a review's cost is known in advance
// and the same game gets the same review on any machine (one search thread, a seed per
// position, no tree carried between positions).

#include <cstdint>
#include <functional>

#include "bot/bot.h"
#include "go/game.h"
#include "store/store.h"

namespace tengen::site {

// Playouts per position. 1,600 is about a quarter of a core-second on 19x19 (6,800 playouts
// per core-second, docs/strength.md), so a 200-move game costs under a minute of one core
// (docs/performance.md, "Engine review"); the root's win rate then has a standard error near
// 1.3 points (sqrt(0.25 / 1600)), well under the 10-point drops that make a turning point.
inline constexpr int kReviewPlayouts = 1600;
// Heavy playouts per position for the score's ownership: a few milliseconds on 19x19.
inline constexpr int kReviewOwnershipPlayouts = 64;

// A bot that reviews at `playouts` per position: one search thread, never resigning, a fresh
// tree for each position (a subtree carried over would give the positions unequal budgets).
bot::BotOptions reviewBotOptions(int playouts, uint64_t seed);

// The review of `position` alone (its side to move, its rules) with a bot made from
// reviewBotOptions. Blocking: a quarter of a core-second at the default budget on 19x19.
store::EngineReviewPosition reviewPosition(bot::Bot& bot, const go::Game& position);

// Every position of `game`, from before its first move to after its last (moves().size() + 1
// positions), in order; `each` hears of each as it is made and returns false to stop early
// (then the result holds the positions made so far). bot.stop() from another thread ends the
// running search early.
std::vector<store::EngineReviewPosition> reviewGame(
    bot::Bot& bot, const go::Game& game,
    const std::function<bool(const store::EngineReviewPosition&)>& each);

}  // namespace tengen::site
