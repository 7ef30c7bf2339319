#include "game/game_machine.h"

#include <cmath>
#include <utility>

#include "game/game_machine_state.h"
#include "go/handicap.h"

namespace tengen::game {

std::string_view phaseName(Phase phase) {
  switch (phase) {
    case Phase::Open:
      return "open";
    case Phase::Handicap:
      return "handicap";
    case Phase::Play:
      return "play";
    case Phase::Removal:
      return "removal";
    case Phase::Finished:
      return "finished";
    case Phase::Cancelled:
      return "cancelled";
  }
  return "?";
}

namespace {

// The checks of create_table (docs/protocol.md), so that a game the store holds can always be
// played: a bad row fails here, with the field named, instead of mid-game.
Result<void> checkSettings(const GameSettings& s) {
  const go::Rules& rules = s.rules;
  if (s.size < 5 || s.size > go::kMaxSize) {
    return fail("board size " + std::to_string(s.size) + " is outside 5..25", "settings.size");
  }
  if (auto komi = go::checkKomi(rules.komi); !komi) {
    return fail(komi.error().message, "settings.komi");
  }
  if (s.handicap == 1 || s.handicap < 0 || s.handicap > 9) {
    return fail("handicap " + std::to_string(s.handicap) + " is not 0 or 2..9",
                "settings.handicap");
  }
  if (s.handicap > 0 && s.freeHandicap) {
    if (!rules.allowsFreeHandicap()) {
      return fail("free handicap placement is not allowed under " +
                      std::string(go::presetName(rules.preset)) + " rules, which fix the points",
                  "settings.freeHandicap");
    }
  } else if (s.handicap > 0 && !go::fixedHandicap(s.size, s.handicap)) {
    return fail("a fixed handicap of " + std::to_string(s.handicap) + " does not fit a " +
                    std::to_string(s.size) + "x" + std::to_string(s.size) + " board (at most " +
                    std::to_string(go::maxFixedHandicap(s.size)) + ")",
                "settings.handicap");
  }
  return {};
}

}  // namespace

Result<GameMachine> GameMachine::create(const GameSettings& settings, Player owner) {
  auto state = std::make_unique<State>();
  state->settings = settings;
  GameSettings& s = state->settings;
  if (s.ownerUserId == 0) s.ownerUserId = owner.id;
  if (owner.id == 0 || owner.id != s.ownerUserId) {
    return fail("the owner " + std::to_string(owner.id) + " is not the settings' owner " +
                    std::to_string(s.ownerUserId),
                "settings.ownerUserId");
  }
  if (auto ok = checkSettings(s); !ok) return std::unexpected(ok.error());

  state->owner = std::move(owner);
  state->clock = GameClock(s.timeControl);
  state->game = go::Game(s.size, s.rules);
  // Seats, status and result follow the log, which is empty: the owner sits where the
  // colour choice puts them, and with nigiri nobody sits yet.
  s.status = GameStatus::Open;
  s.result.reset();
  s.blackUserId = s.colourChoice == ColourChoice::Black ? state->owner.id : 0;
  s.whiteUserId = s.colourChoice == ColourChoice::White ? state->owner.id : 0;
  if (s.blackUserId) state->black = state->owner;
  if (s.whiteUserId) state->white = state->owner;
  return GameMachine(std::move(state));
}

Result<GameMachine> GameMachine::replay(const GameSettings& settings, Player owner,
                                        const std::vector<LoggedEvent>& events) {
  auto machine = create(settings, std::move(owner));
  if (!machine) return machine;
  for (const LoggedEvent& event : events) {
    if (auto ok = machine->apply(event); !ok) return std::unexpected(ok.error());
  }
  return machine;
}

GameMachine::GameMachine(std::unique_ptr<State> state) : state_(std::move(state)) {}
GameMachine::GameMachine(GameMachine&&) noexcept = default;
GameMachine& GameMachine::operator=(GameMachine&&) noexcept = default;
GameMachine::~GameMachine() = default;

int64_t GameMachine::version() const { return state_->version; }
Phase GameMachine::phase() const { return state_->phase; }
const GameSettings& GameMachine::settings() const { return state_->settings; }
std::optional<Player> GameMachine::black() const { return state_->black; }
std::optional<Player> GameMachine::white() const { return state_->white; }
int GameMachine::moveNumber() const { return static_cast<int>(state_->game.moves().size()); }
std::string GameMachine::result() const {
  return state_->settings.result ? state_->settings.result->toSgf() : std::string();
}
int64_t GameMachine::startMs() const { return state_->startMs; }

const go::Game& GameMachine::game() const { return state_->game; }
const std::vector<go::Point>& GameMachine::handicapStones() const { return state_->handicapStones; }
const go::PointSet& GameMachine::deadStones() const { return state_->dead; }
bool GameMachine::accepted(go::Color colour) const {
  return state_->accepted[go::colorIndex(colour)];
}
std::optional<go::Color> GameMachine::confirmationToMove() const {
  if (state_->phase != Phase::Removal || !state_->confirmation) return std::nullopt;
  return state_->confirmation->play.toMove();
}
bool GameMachine::confirmationFinished(go::Color colour) const {
  return state_->confirmation && state_->confirmation->finish[go::colorIndex(colour)];
}
std::optional<go::Color> GameMachine::undoRequest() const { return state_->undoRequest; }
const TimeControl& GameMachine::timeControl() const { return state_->settings.timeControl; }
ClockState GameMachine::clockState(go::Color colour, int64_t nowMs) const {
  return state_->clock.state(colour, nowMs);
}

Viewer GameMachine::viewerOf(int64_t userId) const {
  const auto colour = state_->colourOf(userId);
  if (!colour) return Viewer::Spectator;
  return *colour == go::Color::Black ? Viewer::Black : Viewer::White;
}

std::optional<int64_t> GameMachine::confirmationDeadlineMs() const {
  if (state_->phase != Phase::Removal || !state_->confirmation) return std::nullopt;
  return state_->confirmation->deadlineMs;
}

int64_t GameMachine::lastActivityMs() const { return state_->lastActivityMs; }

bool GameMachine::isCurrent(int64_t expectedVersion) const {
  return expectedVersion >= state_->settledVersion && expectedVersion <= state_->version;
}
bool GameMachine::onVacation(go::Color colour) const {
  return state_->vacation[go::colorIndex(colour)];
}

std::optional<int64_t> GameMachine::clockDeadlineMs() const {
  if (state_->phase != Phase::Handicap && state_->phase != Phase::Play) return std::nullopt;
  return state_->clock.deadlineMs();
}

namespace machine {

go::Game freshGame(const MachineState& state) {
  go::Game game(state.settings.size, state.settings.rules);
  if (!state.handicapStones.empty()) game.placeHandicap(state.handicapStones);
  return game;
}

bool rebuildGame(MachineState& state) {
  go::Game game = freshGame(state);
  size_t nextResume = 0;
  const auto resumeAt = [&](size_t moveCount) {
    while (nextResume < state.resumes.size() && state.resumes[nextResume].moveCount == moveCount) {
      game.resume(state.resumes[nextResume].toMove);
      ++nextResume;
    }
  };
  for (size_t i = 0; i < state.moves.size(); ++i) {
    resumeAt(i);
    const MoveRecord& m = state.moves[i];
    if (game.play(m.colour, m.point, go::PlayMode::Strict) != go::MoveVerdict::Legal) {
      return false;
    }
  }
  resumeAt(state.moves.size());
  state.game = std::move(game);
  return true;
}

std::optional<size_t> undoableMove(const MachineState& state, go::Color colour) {
  // Play that resumed after a count starts afresh: moves before it are not taken back.
  const size_t floor = state.resumes.empty() ? 0 : state.resumes.back().moveCount;
  for (size_t i = state.moves.size(); i > floor; --i) {
    if (state.moves[i - 1].colour == colour) return i - 1;
  }
  return std::nullopt;
}

}  // namespace machine

}  // namespace tengen::game
