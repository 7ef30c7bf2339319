#pragma once

// What a bot driver (bot_driver.h) asks of the engine behind a bot seat, whatever it is: the
// built-in search (builtin_bot_player.h) or an external GTP process (gtp_bot_player.h). Every
// operation is asynchronous and completes on the driver's strand; a failure is a forfeit
// (docs/protocol.md, event `forfeit`) with its reason and a sentence for people.

#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "game/game_clock.h"
#include "game/game_machine.h"
#include "go/game.h"
#include "go/point_set.h"

namespace tengen::site {

// The game as the room had it when the driver looked: copied on the room's strand, read on
// the driver's.
struct BotSnapshot {
  int64_t gameId = 0;
  int64_t version = 0;
  game::Phase phase = game::Phase::Open;
  go::Game game;
  int handicap = 0;
  std::vector<go::Point> handicapStones;
  go::PointSet dead;
  bool accepted[2] = {false, false};
  // Removal phase: the confirmation under way, if any (whose turn, who said it may end).
  std::optional<go::Color> confirmationToMove;
  bool confirmationFinished[2] = {false, false};
  std::optional<go::Color> undoRequest;
  std::optional<game::Player> black;
  std::optional<game::Player> white;
  game::TimeControl timeControl;
  game::ClockState clocks[2];  // as of `takenMs`

  static BotSnapshot of(const game::GameMachine& machine, int64_t nowMs);
  const game::ClockState& clock(go::Color colour) const { return clocks[go::colorIndex(colour)]; }
};

enum class BotMoveKind { Play, Pass, Resign };

struct BotMove {
  BotMoveKind kind = BotMoveKind::Pass;
  go::Point point = go::kPass;
  std::string text;  // the engine's own words for the move ("D4"), for messages
};

// Why an engine forfeits: engine_exited, engine_timeout, engine_protocol, engine_illegal_move.
struct BotFailure {
  std::string reason;
  std::string detail;
};

template <typename T>
using BotResult = std::expected<T, BotFailure>;

class BotPlayer {
 public:
  virtual ~BotPlayer() = default;

  // A move for `colour` in `snapshot` (phase play, `colour` to move). The driver checks
  // legality against the snapshot; the player need not.
  virtual void genmove(const BotSnapshot& snapshot, go::Color colour,
                       std::function<void(BotResult<BotMove>)> done) = 0;
  // `snapshot.handicap` free handicap stones for Black (phase handicap).
  virtual void placeHandicap(const BotSnapshot& snapshot,
                             std::function<void(BotResult<std::vector<go::Point>>)> done) = 0;
  // The stones the engine thinks dead (phase removal).
  virtual void deadStones(const BotSnapshot& snapshot,
                          std::function<void(BotResult<go::PointSet>)> done) = 0;
  // Ends the engine: a search stops, a process quits (and is killed if it lingers). Callbacks
  // still pending may run afterwards with a failure; the driver ignores them.
  virtual void close() = 0;
};

}  // namespace tengen::site
