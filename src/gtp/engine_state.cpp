#include "gtp/engine_state.h"

#include "gtp/move_generator.h"

namespace tengen::gtp {

go::Rules defaultRules() { return go::Rules::fromPreset(go::Preset::Chinese); }

EngineState::EngineState(int size, const go::Rules& rules, std::uint64_t seed)
    : game(size, rules), rng(seed) {}

void EngineState::newGame(int size) {
  game = go::Game(size, game.rules());
  deadMarks.clear();
  info = sgf::GameInfo{};
  moveTimesLeft.clear();
}

void EngineState::replaceGame(go::Game loaded, sgf::GameInfo loadedInfo,
                              std::vector<std::optional<double>> loadedTimes) {
  game = std::move(loaded);
  deadMarks.clear();
  info = std::move(loadedInfo);
  moveTimesLeft = std::move(loadedTimes);
  moveTimesLeft.resize(game.moves().size());
}

go::MoveVerdict EngineState::play(go::Color c, go::Point p) {
  const go::MoveVerdict verdict = game.play(c, p, go::PlayMode::Free);
  if (verdict == go::MoveVerdict::Legal) {
    deadMarks.clear();
    info.result.clear();  // a loaded record's result no longer describes this game
    moveTimesLeft.resize(game.moves().size() - 1);
    moveTimesLeft.push_back(std::nullopt);
  }
  return verdict;
}

bool EngineState::undo() {
  if (!game.undo()) return false;
  deadMarks.clear();
  info.result.clear();
  moveTimesLeft.resize(game.moves().size());
  return true;
}

go::Point EngineState::genmove(go::Color c) {
  const go::Point p = randomMove(game, c, rng);
  // The generator only offers moves the rules allow, and a pass is always legal.
  play(c, p);
  return p;
}

bool EngineState::prepareForHandicap() {
  const go::Board& board = game.board();
  if (board.emptyCount() != board.size() * board.size()) return false;
  if (!game.moves().empty() || game.handicap() != 0) newGame(game.size());
  return true;
}

bool EngineState::placeHandicap(const std::vector<go::Point>& stones) {
  if (!prepareForHandicap()) return false;
  deadMarks.clear();
  return game.placeHandicap(stones);
}

}  // namespace tengen::gtp
