#pragma once

// The steps of GameMachine (game_machine.h), grouped by concern, each deciding a command and
// applying the events it produces side by side: play.cpp, undo.cpp, removal.cpp, ending.cpp,
// confirmation_play.cpp, clocks.cpp, chat.cpp and seating.cpp, with the checks they share in
// game_machine_checks.cpp. GameMachine::decide (game_machine_decide.cpp) and
// GameMachine::apply (game_machine_apply.cpp) dispatch to them. Nothing outside the game
// core includes this header.
//
// A decideX reads the state and returns the events to append or the refusal; an applyX folds
// one committed event into the state, checking it as decide would have (a corrupt log fails
// at its first bad event).

#include <cstdint>
#include <expected>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "game/command.h"
#include "game/game_events.h"
#include "game/game_machine.h"
#include "game/game_machine_json.h"
#include "game/game_machine_state.h"
#include "go/scoring.h"

namespace tengen::game::machine {

using Decided = std::expected<std::vector<Event>, CommandError>;

// The state an event is applied to, and the event's committed time.
struct Applying {
  MachineState& s;
  int64_t timeMs;
};

// game_machine_checks.cpp
std::unexpected<CommandError> refuse(std::string code, std::string message,
                                     std::string reason = {});

// The checks every player command shares: a running game, the actor seated, an allowed
// phase. Returns the actor's colour.
std::expected<go::Color, CommandError> playerIn(const MachineState& s, const Actor& actor,
                                                std::initializer_list<Phase> phases,
                                                std::string_view what);

// The player to move, with time left on the clock.
std::expected<go::Color, CommandError> moverIn(const MachineState& s, const Actor& actor,
                                               Phase phase, std::string_view what, int64_t nowMs);

// The command's fields failed to decode (command.h): refused here, after the checks that say
// whether the command could apply at all.
std::optional<std::unexpected<CommandError>> malformed(const Command& c);

// A point of this board named in GTP text, as parsePoint names a bad one.
std::expected<go::Point, CommandError> boardPoint(const MachineState& s, const std::string& text,
                                                  const std::string& field);

std::string winsBy(go::Color loser, char how);
// The `reason` of an illegal_move refusal: "ko", "superko", "suicide", "occupied",
// "off_board", "not_your_turn" (docs/protocol.md).
std::string_view verdictReason(go::MoveVerdict verdict);

Result<void> inPhase(const MachineState& s, std::initializer_list<Phase> phases);

go::PointSet toSet(const std::vector<go::Point>& points);

// play.cpp
Decided decideMove(const MachineState& s, const Actor& actor, const Command& c, int64_t nowMs);

Decided decidePass(const MachineState& s, const Actor& actor, int64_t nowMs);

Decided decideHandicap(const MachineState& s, const Actor& actor, const Command& c, int64_t nowMs);

Result<void> applyHandicap(Applying& a, const HandicapEvent& e);

Result<void> applyMoveOrPass(Applying& a, go::Color colour, go::Point point);

// undo.cpp
Decided decideUndoRequest(const MachineState& s, const Actor& actor);

Decided decideUndoReply(const MachineState& s, const Actor& actor, const Command& c);

Result<void> applyUndoRequest(Applying& a, const UndoRequestEvent& e);

Result<void> applyUndoReply(Applying& a, const UndoReplyEvent& e);

// removal.cpp
// The removal phase opens with the estimator's proposal for `ended` (the game after the
// last pass), seeded with the game id so that the same game gets the same proposal.
RemovalStartEvent removalStart(const MachineState& s, const go::Game& ended);

Decided decideToggle(const MachineState& s, const Actor& actor, const Command& c);

Decided decideAccept(const MachineState& s, const Actor& actor);

Decided decideResume(const MachineState& s, const Actor& actor);

Result<void> applyRemovalStart(Applying& a, const RemovalStartEvent& e);

Result<void> applyToggle(Applying& a, const RemovalToggleEvent& e);

Result<void> applyAccept(Applying& a, const RemovalAcceptEvent& e);

Result<void> applyResume(Applying& a, const ResumeEvent& e);

// confirmation_play.cpp
// A confirmation ends by itself this long after its start or its last move or pass: the
// players have had 5 minutes to play, which is long enough to read out a dispute and short
// enough that nobody keeps a finished game from its count.
inline constexpr int64_t kConfirmationIdleMs = 5 * 60 * 1000;

// A confirmation ends by itself after this many moves and passes: 4 x size x size.
int confirmationMoveCap(const MachineState& s);

Decided decideConfirmStart(const MachineState& s, const Actor& actor, const Command& c);

Decided decideConfirmMove(const MachineState& s, const Actor& actor, const Command& c);

Decided decideConfirmPass(const MachineState& s, const Actor& actor);

Decided decideConfirmFinish(const MachineState& s, const Actor& actor);

// The room's timer: the confirmation's deadline passed (only once it has).
Decided decideConfirmExpire(const MachineState& s, int64_t nowMs);

Result<void> applyConfirmStart(Applying& a, const ConfirmStartEvent& e);

// A confirmation move, or a pass (point kPass).
Result<void> applyConfirmMove(Applying& a, go::Color colour, go::Point point);

Result<void> applyConfirmFinish(Applying& a, const ConfirmFinishEvent& e);

Result<void> applyConfirmEnd(Applying& a, const ConfirmEndEvent& e);

// ending.cpp
Decided decideResign(const MachineState& s, const Actor& actor);

// A bot's engine crashed, hung or broke the protocol (bot_driver.h): it loses on the spot.
Decided decideForfeit(const MachineState& s, const Actor& actor, const Command& c);

Result<void> applyResignOrTimeout(Applying& a, go::Color colour, bool timeout);

Result<void> applyForfeit(Applying& a, const ForfeitEvent& e);

Result<void> applyEnd(Applying& a, const EndEvent& e);

// clocks.cpp
Decided decideTimeout(const MachineState& s, int64_t nowMs);

// A restarted server's room restarts the clock that ran when the previous one stopped. The
// event records it, so a later replay restarts it at the same time (the documented policy:
// after a restart the running clock restarts from the time it had at the last event).
Decided decideClockRestart(const MachineState& s, const Command& command);

Result<void> applyClockRestart(Applying& a, const ClockRestartEvent&);

// vacation.cpp
Decided decideVacation(const MachineState& s, const Actor& actor, const Command& c, int64_t nowMs);

Result<void> applyVacation(Applying& a, const VacationEvent& e);

// chat.cpp
Decided decideChat(const MachineState& s, const Actor& actor, const Command& c);

Result<void> applyChat(Applying& a, const ChatEvent& e);

// seating.cpp
Decided decideJoin(const MachineState& s, const Actor& actor, const Command& c);

Decided decideCancel(const MachineState& s, const Actor& actor);

Result<void> applyStart(Applying& a, const StartEvent& e);

Result<void> applyCancel(Applying& a, const CancelEvent&);

// leaving.cpp
// claim_win and annul: the player who stayed, once the opponent has been gone for the grace
// (ClaimArgs, filled in by the room).
Decided decideClaim(const MachineState& s, const Actor& actor, const Command& c);

// The room's timer: an untimed game without a move for InactivityArgs::limitMs.
Decided decideInactivityEnd(const MachineState& s, const Command& c, int64_t nowMs);

Result<void> applyClaim(Applying& a, const ClaimEvent& e);

Result<void> applyInactive(Applying& a, const InactiveEvent& e);

// The result the end event after a claim or an inactivity end carries; nullopt for neither.
std::optional<std::string> leavingResult(const MachineState& s);

}  // namespace tengen::game::machine
