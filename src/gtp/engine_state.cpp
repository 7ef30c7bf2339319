#include "gtp/engine_state.h"

#include "base/log.h"

namespace tengen::gtp {

go::Rules defaultRules() { return go::Rules::fromPreset(go::Preset::Chinese); }

std::optional<bot::ClockView> clockView(const TimeState& time, go::Color c) {
  const TimeSettings& s = time.settings;
  if (s.system == TimeSystem::None) return std::nullopt;
  bot::ClockView view;
  const std::optional<TimeLeft>& left = time.left[static_cast<std::size_t>(go::colorIndex(c))];
  // time_left's stones are 0 in main time; in overtime they are the stones (Canadian) or,
  // from KGS, the periods (byo-yomi) left. Before any report the clock is as set.
  const bool overtime = left ? left->stones > 0 : s.mainSeconds == 0;
  switch (s.system) {
    case TimeSystem::None:
      return std::nullopt;
    case TimeSystem::Absolute:
      view.system = bot::ClockView::System::Absolute;
      view.mainSeconds = left ? left->seconds : s.mainSeconds;
      break;
    case TimeSystem::Canadian:
      view.system = bot::ClockView::System::Canadian;
      view.mainSeconds = overtime ? 0 : (left ? left->seconds : s.mainSeconds);
      view.periodSeconds = overtime && left ? left->seconds : s.periodSeconds;
      view.periodStones = overtime && left ? left->stones : s.periodStones;
      break;
    case TimeSystem::Byoyomi:
      view.system = bot::ClockView::System::Byoyomi;
      view.mainSeconds = overtime ? 0 : (left ? left->seconds : s.mainSeconds);
      view.periodSeconds = overtime && left ? left->seconds : s.periodSeconds;
      view.periods = overtime && left ? left->stones : s.periods;
      break;
  }
  return view;
}

EngineState::EngineState(int size, const go::Rules& rules, std::uint64_t seed,
                         const bot::BotOptions& botOptions)
    : game(size, rules), rng(seed), bot(std::make_unique<bot::Bot>(botOptions)) {}

go::PointSet EngineState::settled(go::PointSet dead) const {
  dead |= confirmedDead;
  dead -= confirmedAlive;
  return dead;
}

go::LifeVerdict EngineState::endConfirmation() {
  const go::LifeVerdict verdict = confirmation->verdict();
  const go::PointSet& chains = confirmation->disputed();
  confirmedDead -= chains;
  confirmedAlive -= chains;
  (verdict == go::LifeVerdict::Dead ? confirmedDead : confirmedAlive) |= chains;
  confirmation.reset();
  return verdict;
}

void EngineState::clearPositionMarks() {
  deadMarks.clear();
  confirmation.reset();
  confirmedDead.clear();
  confirmedAlive.clear();
}

void EngineState::newGame(int size) {
  game = go::Game(size, game.rules());
  bot->clearTree();
  clearPositionMarks();
  info = sgf::GameInfo{};
  moveTimes.clear();
}

void EngineState::replaceGame(go::Game loaded, sgf::GameInfo loadedInfo,
                              std::vector<sgf::MoveTime> loadedTimes) {
  game = std::move(loaded);
  bot->clearTree();
  clearPositionMarks();
  info = std::move(loadedInfo);
  moveTimes = std::move(loadedTimes);
  moveTimes.resize(game.moves().size());
}

go::MoveVerdict EngineState::play(go::Color c, go::Point p) {
  const go::MoveVerdict verdict = game.play(c, p, go::PlayMode::Free);
  if (verdict == go::MoveVerdict::Legal) {
    clearPositionMarks();
    info.result.clear();  // a loaded record's result no longer describes this game
    moveTimes.resize(game.moves().size() - 1);
    moveTimes.push_back({});
  }
  return verdict;
}

bool EngineState::undo() {
  if (!game.undo()) return false;
  clearPositionMarks();
  info.result.clear();
  moveTimes.resize(game.moves().size());
  return true;
}

GeneratedMove EngineState::genmove(go::Color c, bool cleanup) {
  const std::optional<bot::ClockView> clock = clockView(time, c);
  const bot::Decision d = bot->genmove(game, c, clock ? &*clock : nullptr, cleanup);
  // One line per move on stderr, for whoever watches the engine (controllers ignore it).
  log::info("genmove",
            {{"color", go::colorName(c)},
             {"move", d.kind == bot::DecisionKind::Resign ? std::string("resign")
                                                          : game.geometry().toGtp(d.point)},
             {"playouts", d.playouts},
             {"seconds", d.seconds},
             {"winrate", d.winRate},
             {"reused", bot->lastSearch().reusedVisits},
             {"nodes", static_cast<long>(bot->lastSearch().nodes)},
             {"full_tree_playouts", bot->lastSearch().playoutsWithFullTree}});
  if (d.kind == bot::DecisionKind::Resign) return GeneratedMove{go::kPass, true};
  const go::Point p = d.kind == bot::DecisionKind::Play ? d.point : go::kPass;
  // The bot only plays moves the rules allow, and a pass is always legal.
  play(c, p);
  return GeneratedMove{p, false};
}

bool EngineState::prepareForHandicap() {
  const go::Board& board = game.board();
  if (board.emptyCount() != board.size() * board.size()) return false;
  if (!game.moves().empty() || game.handicap() != 0) newGame(game.size());
  return true;
}

bool EngineState::placeHandicap(const std::vector<go::Point>& stones) {
  if (!prepareForHandicap()) return false;
  clearPositionMarks();
  return game.placeHandicap(stones);
}

}  // namespace tengen::gtp
