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

// Each finished confirmation as a variation beside the game's stop: a second child of the
// node before the last pass, holding that pass and then the confirmation's moves, with the
// dispute and its verdict as a comment on its first move.
std::vector<sgf::Variation> confirmationVariations(const machine::MachineState& s) {
  std::vector<sgf::Variation> out;
  const auto& moves = s.game.moves();
  const go::Geometry& g = s.game.geometry();
  for (const machine::ConfirmationRecord& r : s.confirmations) {
    if (r.moveCount == 0 || r.moveCount > moves.size()) continue;
    sgf::Variation v;
    v.after = r.moveCount - 1;
    v.moves.push_back(moves[r.moveCount - 1]);
    v.moves.insert(v.moves.end(), r.moves.begin(), r.moves.end());
    v.commentAt = v.moves.size() > 1 ? 1 : 0;
    v.comment = "Confirmation of";
    for (go::Point p : r.disputed) v.comment += " " + g.toGtp(p);
    v.comment += r.dead ? ": dead" : ": alive";
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace

std::string GameMachine::toSgf(const SgfRanks& ranks) const {
  const machine::MachineState& s = *state_;
  sgf::GameInfo info;
  if (s.black) info.blackName = s.black->name;
  if (s.white) info.whiteName = s.white->name;
  info.blackRank = ranks.black;
  info.whiteRank = ranks.white;
  if (s.phase != Phase::Open && s.phase != Phase::Cancelled) info.date = sgfDate(s.startMs);
  // A running game has no result yet; a cancelled one never had a game.
  if (s.phase == Phase::Finished && s.settings.result) info.result = s.settings.result->toSgf();
  if (s.settings.timeControl.kind != TimeKind::None) {
    info.timeSeconds = s.settings.timeControl.sgfMainSeconds();
    info.overtime = s.settings.timeControl.sgfOvertime();
  }
  std::vector<sgf::MoveTime> times;
  if (s.clock.enabled()) {
    for (const machine::MoveRecord& m : s.moves) times.push_back({m.secondsLeft, m.overtimeLeft});
  }
  return sgf::writeGame(s.game, info, times, confirmationVariations(s));
}

}  // namespace tengen::game
