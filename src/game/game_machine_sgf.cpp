// GameMachine::toSgf: the game record for download (GET /api/games/{id}/sgf).
#include <ctime>
#include <optional>
#include <vector>

#include "game/game_machine.h"
#include "game/game_machine_state.h"
#include "sgf/game_record.h"

namespace tengen::game {

namespace {

// SGF DT: the day the game started, in UTC.
std::string sgfDate(int64_t unixMs) {
  const std::time_t seconds = static_cast<std::time_t>(unixMs / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &utc);
  return buf;
}

}  // namespace

std::string GameMachine::toSgf() const {
  const machine::MachineState& s = *state_;
  sgf::GameInfo info;
  if (s.black) info.blackName = s.black->name;
  if (s.white) info.whiteName = s.white->name;
  if (s.phase != Phase::Open && s.phase != Phase::Cancelled) info.date = sgfDate(s.startMs);
  // A running game has no result yet; a cancelled one never had a game.
  if (s.phase == Phase::Finished) info.result = s.result;
  if (s.timeControl.kind != TimeKind::None) {
    info.timeSeconds = s.timeControl.sgfMainSeconds();
    info.overtime = s.timeControl.sgfOvertime();
  }
  std::vector<sgf::MoveTime> times;
  if (s.clock.enabled()) {
    for (const machine::MoveRecord& m : s.moves) times.push_back({m.secondsLeft, m.overtimeLeft});
  }
  return sgf::writeGame(s.game, info, times);
}

}  // namespace tengen::game
