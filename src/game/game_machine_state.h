#pragma once

// The state behind GameMachine (game_machine.h), shared by its implementation files: the
// steps by concern (game_machine_steps.h), the JSON views (game_machine_views.cpp) and SGF
// (game_machine_sgf.cpp). Nothing outside src/game includes it.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game/game_clock.h"
#include "game/game_events.h"
#include "game/game_machine.h"
#include "game/game_settings.h"
#include "game/logged_event.h"
#include "go/confirmation.h"
#include "go/game.h"
#include "go/point_set.h"
#include "go/rules.h"
#include "go/scoring.h"

namespace tengen::game::machine {

// One move or pass on the board now, in the order of go::Game::moves().
struct MoveRecord {
  int64_t version = 0;  // seq of its event
  go::Color colour = go::Color::Black;
  go::Point point = go::kPass;
  int64_t timeMs = 0;
  std::optional<double> secondsLeft;  // the mover's clock after the move (SGF BL/WL)
  std::optional<int> overtimeLeft;    // in overtime: byo-yomi periods or Canadian stones left
                                      // (SGF OB/OW)
};

struct ChatRecord {
  int64_t version = 0;
  ChatChannel channel = ChatChannel::Players;
  Player from;
  std::string text;
  int64_t timeMs = 0;
};

// Play resumed (after passes) with `toMove` to play when `moveCount` moves had been played.
// Rebuilding the game after an undo needs these: a plain replay of the moves would leave the
// game ended by the passes before the resumption.
struct ResumeMark {
  size_t moveCount = 0;
  go::Color toMove = go::Color::Black;
};

// A confirmation that has ended (its verdict is in the marks), for the state and the SGF.
struct ConfirmationRecord {
  size_t moveCount = 0;  // moves and passes of the game when it was played (at its stop)
  std::vector<go::Point> disputed;
  std::vector<go::Move> moves;  // the confirmation's own moves and passes
  bool dead = false;
  ConfirmEndReason reason = ConfirmEndReason::Agreed;
};

// The confirmation under way in the removal phase.
struct RunningConfirmation {
  go::Confirmation play;
  std::array<bool, 2> finish{false, false};  // who said it may end since the last move or pass
  int64_t deadlineMs = 0;                    // it ends by itself once this passes (confirm_expire)
};

struct MachineState {
  GameSettings settings;
  Player owner;
  GameClock clock;
  go::Game game;
  Phase phase = Phase::Open;
  int64_t version = 0;
  // Seq of the last event that can change what a command means: every event but chat and
  // removal_accept. A command sent against any version from this one on is still current
  // (GameMachine::isCurrent).
  int64_t settledVersion = 0;
  std::optional<Player> black;
  std::optional<Player> white;
  bool nigiri = false;
  int64_t startMs = 0;  // time of the start event (SGF DT)
  std::vector<go::Point> handicapStones;
  std::vector<MoveRecord> moves;
  std::vector<ResumeMark> resumes;
  std::optional<go::Color> undoRequest;
  // Removal phase: the stones marked dead, the proposal's doubtful ones, who accepted.
  go::PointSet dead;
  go::PointSet uncertain;
  std::array<bool, 2> accepted{false, false};
  // Removal phase under rules with `confirmation`: the confirmation under way, and those
  // finished in this game, oldest first.
  std::optional<RunningConfirmation> confirmation;
  std::vector<ConfirmationRecord> confirmations;
  // The colour whose engine failed (a "forfeit" event): the game ended with "B+F"/"W+F".
  std::optional<go::Color> forfeited;
  std::string forfeitReason;  // the event's reason and detail, for the state's `forfeit`
  std::string forfeitDetail;
  std::optional<go::ScoreBreakdown> finalScore;  // finished by counting
  // The game ended because a player left (leaving.cpp): claimed or annulled by the one who
  // stayed, or an untimed game without a move for the inactivity limit.
  std::optional<ClaimEvent> claim;
  std::optional<InactiveEvent> inactive;
  int64_t lastActivityMs = 0;  // time of the last event other than chat
  // Who is on vacation (vacation.cpp); the clock is paused while either is.
  std::array<bool, 2> vacation{false, false};
  std::vector<ChatRecord> chat;

  bool seated(int64_t userId) const {
    return userId != 0 && ((black && black->id == userId) || (white && white->id == userId));
  }
  std::optional<go::Color> colourOf(int64_t userId) const {
    if (userId == 0) return std::nullopt;
    if (black && black->id == userId) return go::Color::Black;
    if (white && white->id == userId) return go::Color::White;
    return std::nullopt;
  }
  bool running() const {
    return phase == Phase::Open || phase == Phase::Handicap || phase == Phase::Play ||
           phase == Phase::Removal;
  }
};

// A fresh game of these settings with the handicap stones placed (none before start).
go::Game freshGame(const MachineState& state);
// Rebuilds state.game from the setup, state.moves and state.resumes (after an undo). False
// if a recorded move no longer plays, which would mean a corrupt log.
bool rebuildGame(MachineState& state);
// Index of the first move that `colour` may take back with an undo, i.e. its last move since
// play last resumed; nullopt when it has none.
std::optional<size_t> undoableMove(const MachineState& state, go::Color colour);
// What the dead-stone estimator proposes once passes end the game (game_machine_proposal.cpp).
struct RemovalProposal {
  go::PointSet dead;
  go::PointSet uncertain;
};
RemovalProposal proposeRemoval(const go::Game& game, uint64_t seed);

}  // namespace tengen::game::machine

namespace tengen::game {

struct GameMachine::State : machine::MachineState {};

}  // namespace tengen::game
