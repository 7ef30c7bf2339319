#pragma once

// The bots a site hosts (docs/protocol.md, "Bots"): external GTP engines configured with
// `tengen serve --bot "NAME[declarations]=COMMAND"` and the built-in bot at named strengths.
// Each declares the tables it accepts (board sizes, rules presets, time systems, handicap) and
// how many games it plays at once. BotRoster is the live list: the bots' user ids and game
// counts, thread-safe (one mutex, held only to read or count).

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "game/game_clock.h"
#include "store/store.h"

namespace tengen::site {

enum class BotKind { Gtp, Builtin };

struct BotSpec {
  std::string name;
  BotKind kind = BotKind::Gtp;
  std::string command;               // GTP: program and arguments
  std::vector<int> sizes;            // board sizes it plays, ascending
  std::vector<std::string> rules;    // rules presets (go::presetName) it plays
  std::vector<game::TimeKind> time;  // time systems it plays
  int maxHandicap = 9;
  int maxGames = 4;
  int moveSeconds = 60;  // GTP: how long a genmove may take when no clock runs
  int playouts = 0;      // built-in: playouts per move (0: no limit)
  double seconds = 0;    // built-in: seconds per move at most (0: no limit)
  // Built-in: the rank it plays at on 19x19 as a rank number (rating/rank.h: k kyu spans
  // [30 - k, 31 - k)), measured by tools/strength/calibrate_levels.sh (docs/strength.md,
  // "Levels").
  std::optional<double> rank;
};

// "NAME=COMMAND" or "NAME[key=v,v;key=v]=COMMAND" with keys sizes, rules, time, maxHandicap,
// maxGames, moveSeconds. Errors name the bad part ("--bot \"X[sizes=9,31]=…\": size 31 is
// outside 5..25").
Result<BotSpec> parseBotSpec(std::string_view text);
// The built-in bot's levels, weakest first: Tengen Beginner (10 playouts), Tengen Easy (100),
// Tengen Casual (300), Tengen Medium (1,000), Tengen Advanced (3,000) and Tengen Strong (1 s
// with time management, about 7,700 on 19x19 on a quiet core), each with its measured rank.
// Casual and Advanced fill the widest gaps: Medium gives Easy nine stones and wins every
// game, and Strong wins every even game against Medium.
std::vector<BotSpec> builtinBots();
// The rank the site shows for a bot ("8k"), or nothing for a bot with no measured rank.
std::optional<std::string> shownRank(const BotSpec& bot);

// Why a bot declines a table: the field (size, rules, time, handicap) and a message naming
// what the bot accepts ("GNU Go plays 9x9, 13x13 and 19x19").
struct BotDecline {
  std::string field;
  std::string message;
};
std::optional<BotDecline> checkTable(const BotSpec& bot, const store::GameSettings& settings);

class BotRoster {
 public:
  explicit BotRoster(std::vector<BotSpec> specs);

  std::size_t size() const { return specs_.size(); }
  const BotSpec& spec(std::size_t index) const { return specs_[index]; }
  // The bot of this name (case-insensitive), nullopt if none.
  std::optional<std::size_t> find(std::string_view name) const;
  // The bot of this user id, nullopt if it is no bot of this roster.
  std::optional<std::size_t> findUser(int64_t userId) const;

  void setUserId(std::size_t index, int64_t userId);
  int64_t userId(std::size_t index) const;
  // Takes one of the bot's game slots; false when it already plays maxGames.
  bool reserve(std::size_t index);
  // Takes a slot even past maxGames (a game resumed after a restart must go on).
  void reserveAlways(std::size_t index);
  void release(std::size_t index);

  // The lobby's "bots" array (docs/protocol.md).
  boost::json::array toJson() const;

 private:
  std::vector<BotSpec> specs_;
  mutable std::mutex mutex_;
  std::vector<int64_t> userIds_;
  std::vector<int> games_;
};

}  // namespace tengen::site
