#pragma once

// What happened in a game, one type per kind of event. GameMachine::decide() produces them,
// apply() folds them into the state, and two separate codecs write them out: the log's
// (event_log_format.h: versioned, what the store keeps) and the wire's (what clients see in a
// `game_event`, docs/protocol.md "Events"). A change to either format is a change to one codec.
//
// Fields are facts, already checked by decide(); apply() checks them again against the state,
// so a corrupt log fails at its first bad event instead of producing another game.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "game/player.h"
#include "go/color.h"
#include "go/point.h"

namespace tengen::game {

// Seating: the second player sat down (colours as drawn or chosen), or the owner cancelled the
// open table.
struct StartEvent {
  static constexpr std::string_view kKind = "start";
  Player black;
  Player white;
  bool nigiri = false;
};
struct CancelEvent {
  static constexpr std::string_view kKind = "cancel";
};

// Play.
struct HandicapEvent {
  static constexpr std::string_view kKind = "handicap";
  std::vector<go::Point> points;  // Black's free placement, in the order given
};
struct MoveEvent {
  static constexpr std::string_view kKind = "move";
  go::Color colour = go::Color::Black;
  go::Point point = go::kPass;
  int captured = 0;  // stones the move took off the board
};
struct PassEvent {
  static constexpr std::string_view kKind = "pass";
  go::Color colour = go::Color::Black;
};

// Undo.
struct UndoRequestEvent {
  static constexpr std::string_view kKind = "undo_request";
  go::Color colour = go::Color::Black;  // the asker
};
struct UndoReplyEvent {
  static constexpr std::string_view kKind = "undo_reply";
  go::Color colour = go::Color::Black;  // the answerer
  bool accept = false;
  int undone = 0;  // moves taken back when accepted
};

// Removal: the proposal that opens it, the players' marks, acceptances, and going back to play.
struct RemovalStartEvent {
  static constexpr std::string_view kKind = "removal_start";
  std::vector<go::Point> dead;
  std::vector<go::Point> uncertain;
};
struct RemovalToggleEvent {
  static constexpr std::string_view kKind = "removal_toggle";
  go::Color colour = go::Color::Black;  // who toggled
  go::Point point = go::kPass;          // the stone clicked
  bool dead = false;                    // the chain's new mark
  std::vector<go::Point> points;        // the whole chain at `point`
};
struct RemovalAcceptEvent {
  static constexpr std::string_view kKind = "removal_accept";
  go::Color colour = go::Color::Black;
};
struct ResumeEvent {
  static constexpr std::string_view kKind = "resume";
  go::Color colour = go::Color::Black;  // the asker
  go::Color toMove = go::Color::Black;
};

// Confirmation play in the removal phase (rules with `confirmation`: japanese, korean;
// go/confirmation.h): a player disputes chains, both play them out on a copy of the stopped
// position, and the verdict sets their marks.
struct ConfirmStartEvent {
  static constexpr std::string_view kKind = "confirm_start";
  go::Color colour = go::Color::Black;    // who disputes
  std::vector<go::Point> points;          // every stone of the disputed chains
  go::Color attacker = go::Color::Black;  // moves first: the opponent of the stones' owner
};
struct ConfirmMoveEvent {
  static constexpr std::string_view kKind = "confirm_move";
  go::Color colour = go::Color::Black;
  go::Point point = go::kPass;
};
struct ConfirmPassEvent {
  static constexpr std::string_view kKind = "confirm_pass";
  go::Color colour = go::Color::Black;
};
struct ConfirmFinishEvent {
  static constexpr std::string_view kKind = "confirm_finish";
  go::Color colour = go::Color::Black;  // says the confirmation may end
};
// Why a confirmation ended: both players finished, the move cap, or its time ran out.
enum class ConfirmEndReason { Agreed, Moves, Time };
std::string_view confirmEndReasonName(ConfirmEndReason reason);  // "agreed" | "moves" | "time"
struct ConfirmEndEvent {
  static constexpr std::string_view kKind = "confirm_end";
  bool dead = false;  // the verdict: the disputed chains are dead (else alive)
  ConfirmEndReason reason = ConfirmEndReason::Agreed;
};

// Ending.
struct ResignEvent {
  static constexpr std::string_view kKind = "resign";
  go::Color colour = go::Color::Black;
};
struct ForfeitEvent {
  static constexpr std::string_view kKind = "forfeit";
  go::Color colour = go::Color::Black;  // the side whose engine failed or who abandoned
  std::string reason;
  std::string detail;
};
struct EndEvent {
  static constexpr std::string_view kKind = "end";
  std::string result;  // SGF RE text: "B+3.5", "W+R", "B+T", "W+F", "Void"
};

// Clocks.
struct TimeoutEvent {
  static constexpr std::string_view kKind = "timeout";
  go::Color colour = go::Color::Black;  // whose time ran out
};
struct ClockRestartEvent {
  static constexpr std::string_view kKind = "clock_restart";
  // The last time (Unix ms) the previous server was known alive: the running player is
  // charged up to it, not for the downtime after it. Absent in logs written before it was
  // recorded: then nothing since the clock last started is charged.
  std::optional<int64_t> aliveUntilMs;
};
// A player's vacation began or ended (docs/protocol.md, "Vacation"): while either player of
// the game is on vacation both clocks are paused (GameClock::pause), so a move may still be
// made but no time is charged and none runs out.
struct VacationEvent {
  static constexpr std::string_view kKind = "vacation";
  go::Color colour = go::Color::Black;  // whose vacation
  bool on = false;                      // it began (true) or ended (false)
};

// Chat.
enum class ChatChannel { Players, Spectators };
std::string_view channelName(ChatChannel channel);  // "players" | "spectators"
struct ChatEvent {
  static constexpr std::string_view kKind = "chat";
  ChatChannel channel = ChatChannel::Players;
  Player from;
  std::string text;
};

// Leaving (docs/protocol.md "Leaving a game"). Presence itself is the room's knowledge, not
// the log's: a reconnect is no fact of the game. The claim records what the room knew when
// it accepted it (how long the opponent had been gone, the grace that applied), so the log
// alone says why the game ended; an end event follows ("B+F"/"W+F" or "Void").
enum class ClaimOutcome { Win, Annul };
std::string_view claimOutcomeName(ClaimOutcome outcome);  // "win" | "annul"
struct ClaimEvent {
  static constexpr std::string_view kKind = "claim";
  go::Color colour = go::Color::Black;  // the claimer: the player who stayed
  ClaimOutcome outcome = ClaimOutcome::Win;
  int64_t absentMs = 0;  // how long the opponent had had no socket in the room
  int64_t graceMs = 0;   // the grace of this game's time control; absentMs >= graceMs
};
// An untimed game without a move for the site's inactivity limit ends by itself, annulled;
// end "Void" follows.
struct InactiveEvent {
  static constexpr std::string_view kKind = "inactive";
  int64_t idleMs = 0;   // since the last event of play (chat does not count)
  int64_t limitMs = 0;  // the limit in force; idleMs >= limitMs
};

using Event =
    std::variant<StartEvent, CancelEvent, HandicapEvent, MoveEvent, PassEvent, UndoRequestEvent,
                 UndoReplyEvent, RemovalStartEvent, RemovalToggleEvent, RemovalAcceptEvent,
                 ResumeEvent, ConfirmStartEvent, ConfirmMoveEvent, ConfirmPassEvent,
                 ConfirmFinishEvent, ConfirmEndEvent, ResignEvent, ForfeitEvent, EndEvent,
                 TimeoutEvent, ClockRestartEvent, ChatEvent, ClaimEvent, InactiveEvent,
                 VacationEvent>;

// The event's kind as the log's type column and the wire's "kind" name it ("move", ...).
std::string_view eventKind(const Event& event);

}  // namespace tengen::game
