#pragma once

// Two players who play one game after another against each other until the measuring window
// ends: create_table, join_table, both watch, then the player to move sends a random legal
// point every `interval` (the game's share of --rate) and the one to move at --moves-per-game
// resigns. Records the latency of each move (sent -> opponent's game_event) in RunStats.

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <cstdint>
#include <random>

#include "player.h"
#include "run_stats.h"

namespace tengen::loadgen {

struct PairSettings {
  int size = 19;
  int movesPerGame = 150;
  Clock::duration interval{};  // between two moves of this game
  Clock::duration timeout{};   // for any one reply or event
  Window window;               // stop once it has ended
};

class GamePair {
 public:
  GamePair(boost::asio::any_io_executor executor, Player& creator, Player& joiner,
           const PairSettings& settings, RunStats& stats, std::uint64_t seed);

  // Plays games until the window ends or an error leaves the pair unusable, then closes both
  // sockets.
  boost::asio::awaitable<void> run();

 private:
  // One whole game; a Failure that is not fatal abandons only this game.
  boost::asio::awaitable<Outcome<void>> playGame();
  boost::asio::awaitable<Outcome<std::int64_t>> openTable();
  boost::asio::awaitable<Outcome<void>> playMove(Player& mover, Player& opponent);
  boost::asio::awaitable<Outcome<void>> resign(Player& mover, Player& opponent);
  // Waits until both players have seen `version` of the game.
  boost::asio::awaitable<Outcome<void>> seenByBoth(Player& first, Player& second,
                                                   std::int64_t version);
  // Sleeps until this game's next move is due.
  boost::asio::awaitable<void> pace();
  Clock::time_point deadline() const { return Clock::now() + settings_.timeout; }

  Player& creator_;
  Player& joiner_;
  PairSettings settings_;
  RunStats& stats_;
  std::mt19937_64 random_;
  boost::asio::steady_timer timer_;
  Clock::time_point nextMoveAt_{};
};

}  // namespace tengen::loadgen
