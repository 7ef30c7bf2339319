#pragma once

// One game of the site as a state machine over its event log (docs/protocol.md, "Game rooms").
// Pure logic: no sockets, no threads, no store. The room that owns it (site/rooms/game_room.h) runs
// it on the game's strand:
//
//   auto decided = machine.decide(actor, command, nowMs);  // typed events; nothing changes yet
//   // append machine.logged(e, seq, now) for each, seq = version()+1, +2, ...; once durable:
//   machine.apply(e, seq, now);                             // each event, in order
//   broadcast machine.eventMessage(e, seq, now, viewer, now)
//
// State is a fold of the log through go::Game: replay(settings, events) rebuilds exactly the
// game that was running, so a restarted server continues with nothing lost.

#include <boost/json/object.hpp>

#include <cstdint>
#include <expected>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "game/command.h"
#include "game/game_clock.h"
#include "game/game_commands.h"
#include "game/game_events.h"
#include "game/game_settings.h"
#include "game/logged_event.h"
#include "game/player.h"
#include "go/color.h"
#include "go/game.h"
#include "go/point_set.h"

namespace tengen::game {

enum class Phase { Open, Handicap, Play, Removal, Finished, Cancelled };
std::string_view phaseName(Phase phase);  // "open", "handicap", "play", ...

// What a viewer may see: players do not see the spectators' chat while the game runs.
enum class Viewer { Black, White, Spectator };

// The commands (command.h). Those the server itself issues: "join" (an actor sits at an open
// table; at a nigiri table it carries the room's draw, else it is refused), "timeout" (the
// clock deadline passed; any actor, even anonymous), "cancel" (the owner cancels an open
// table), "forfeit" (gives forfeit then end "B+F"/"W+F" against the actor: a bot's engine
// failed, the actor being the bot's user, or a human abandoned an untimed bot game, the actor
// being the human; only the bot drivers send it), "clock_restart" (the room was loaded by a
// restarted server while a clock ran: the running clock restarts at the event's time, so
// neither this downtime nor any earlier one is charged when the log is replayed again),
// "confirm_expire" (a confirmation's deadline passed: it ends, the position deciding).
//
// Semantics where docs/protocol.md is silent:
// - Checks run in this order: known type (bad_request), logged in (not_logged_in; not for
//   timeout), expectedVersion (stale_version), game over or not started (wrong_phase, "the
//   game is over"), seated (not_a_player), phase (wrong_phase), turn (not_your_turn), the
//   mover's clock (time_out: the room then sends itself "timeout"), then the fields.
// - move: a malformed point ("I5", "D0", 44, "pass") is bad_request; a well-formed one off this
//   board ("K5" on 9x9) is illegal_move/off_board. A move that makes a position recur the third
//   time under cycles=void ends the game "Void" (move, end).
// - pass: if it ends the game (go::Game counts the passes: AGA needs White's pass last), under
//   tromp-taylor the board is scored as it stands (pass, end {result, score}); under any
//   other rules the removal phase opens with go::proposeDeadStones' proposal, seeded with the
//   game id (pass, removal_start {dead, uncertain}).
// - undo_request: either player in play with a move of theirs since play last started or
//   resumed (nothing_to_undo otherwise; moves before a resumption are settled); one request
//   at a time (bad_request). undo_reply: the other player only (no_undo_request); accepted, it
//   takes back the requester's last move and everything after it (`undone` counts them), so
//   the requester is to move; the requester's clock then runs, with no time refunded. Any
//   move or pass declines an open request.
// - removal_toggle flips the whole chain at a stone (an empty point is bad_request) and drops
//   it from `uncertain`: the players have decided it. Any toggle clears both acceptances, so
//   two acceptances are of one set; accepting twice is bad_request.
// - resume: under japanese and korean the opponent of the asker moves first (Japanese 1989
//   art. 9), under other rules the colour whose turn it was; the dead marks are dropped, two
//   fresh passes end the game again and that player's clock runs.
// - confirm_start, confirm_move, confirm_pass, confirm_finish (confirmation_play.cpp): only
//   under rules with `confirmation` (else bad_request "these rules have no confirmation play"),
//   by the players in the removal phase. While a confirmation is under way removal_toggle,
//   removal_accept and resume are bad_request: the marks wait for its verdict. confirm_expire
//   (the room's timer, any actor) only once confirmationDeadlineMs() <= nowMs.
// - resign: handicap, play or removal phase. timeout: only once clockDeadlineMs() <= nowMs
//   (else bad_request), in the handicap or play phase.
// - chat: 1..500 characters (at most 2000 bytes), not only blanks; any logged-in actor in any
//   phase. Seated players write to "players", everyone else to "spectators"; players see the
//   spectators' chat only once the game is over.
// - claim_win, annul (leaving.cpp): a seated player in the handicap, play or removal phase,
//   with ClaimArgs the room filled in: refused bad_request when the game has no grace (its
//   clock handles absence), opponent_present while the opponent has a socket in the room,
//   too_early before the grace has passed. Accepted: claim then end, "B+F"/"W+F" (the claimer
//   wins) or "Void". inactivity_end (the room's timer): an untimed running game whose last
//   event other than chat is at least InactivityArgs::limitMs old: inactive then end "Void".
// - vacation (the site, for the actor, vacation.cpp): a seated player of a game with a clock
//   in the handicap, play or removal phase, whose vacation state changes (bad_request if it
//   does not); refused time_out once the running clock's deadline has passed. While either
//   player is on vacation both clocks are paused.

// The players' ranks for a record's BR and WR ("3k", "6k?"); the machine knows no ratings.
struct SgfRanks {
  std::string black;
  std::string white;
};

class GameMachine {
 public:
  // A game with no events yet (an open table). Fails if the settings do not parse (rules, time).
  static Result<GameMachine> create(const GameSettings& settings, Player owner);
  // Rebuilds a game from its log. Fails, naming the seq, if an event does not apply.
  static Result<GameMachine> replay(const GameSettings& settings, Player owner,
                                    const std::vector<LoggedEvent>& events);

  GameMachine(GameMachine&&) noexcept;
  GameMachine& operator=(GameMachine&&) noexcept;
  ~GameMachine();

  // Validates `command` from `actor` at `nowMs` (Unix ms). On success returns the events to
  // append, in order (e.g. pass then end; at least one); the machine is unchanged until apply().
  std::expected<std::vector<Event>, CommandError> decide(const Actor& actor, const Command& command,
                                                         int64_t nowMs) const;
  // The log's row for `event` as seq `seq` at `timeMs` (event_log_format.h).
  LoggedEvent logged(const Event& event, int64_t seq, int64_t timeMs) const;
  // Folds one committed event (seq == version() + 1, stamped timeMs) into the state. Fails
  // only for an event that decide() could not have produced (a corrupt log); the state is then
  // unchanged.
  Result<void> apply(const Event& event, int64_t seq, int64_t timeMs);
  // The same for a row of the log, decoded first (replay).
  Result<void> apply(const LoggedEvent& row);

  int64_t version() const;  // seq of the last applied event, 0 for none
  // Whether a command sent by a client that had seen `expectedVersion` still means what its
  // sender meant: no event since changed the position, the phase, the marks or a request.
  // Chat and removal_accept do not, so a move clicked while the opponent chats, or an Accept
  // clicked while the opponent accepts the same marks, is not refused as stale.
  bool isCurrent(int64_t expectedVersion) const;
  Phase phase() const;
  const GameSettings& settings() const;  // seats, status and result follow the log
  std::optional<Player> black() const;
  std::optional<Player> white() const;
  Viewer viewerOf(int64_t userId) const;  // Black/White for a seated player, else Spectator
  int moveNumber() const;                 // moves and passes played
  std::string result() const;             // "" until finished; then "B+3.5", "W+T", "Void", ...
  int64_t startMs() const;                // time of the start event, 0 before the game started

  // What a bot driver (bot_driver.h) reads to decide its next action, on the room's strand.
  const go::Game& game() const;                          // the rules engine's game as it stands
  const std::vector<go::Point>& handicapStones() const;  // placed so far (fixed or free)
  const go::PointSet& deadStones() const;                // removal phase: the current marks
  bool accepted(go::Color colour) const;                 // removal phase
  // Removal phase: whose turn it is in the confirmation under way (nullopt when none runs),
  // and whether `colour` has said it may end since its last move or pass.
  std::optional<go::Color> confirmationToMove() const;
  bool confirmationFinished(go::Color colour) const;
  std::optional<go::Color> undoRequest() const;  // who asks, while a request is open
  const TimeControl& timeControl() const;
  ClockState clockState(go::Color colour, int64_t nowMs) const;

  // When the running clock runs out (Unix ms), nullopt when no clock runs. The room arms a
  // timer for it and sends the internal "timeout" command when it fires.
  std::optional<int64_t> clockDeadlineMs() const;
  // When the confirmation under way ends by itself (Unix ms), nullopt when none runs. The
  // room arms a timer for it and sends the internal "confirm_expire" command when it fires.
  std::optional<int64_t> confirmationDeadlineMs() const;
  // Time of the last event other than chat (Unix ms): an untimed game ends by itself once it
  // is older than the site's inactivity limit (the room's "inactivity_end").
  int64_t lastActivityMs() const;
  // Whether `colour`'s vacation pauses this game's clock (the site's "vacation" command).
  bool onVacation(go::Color colour) const;

  // Messages as docs/protocol.md shows them (without "id": the room adds it to replies).
  std::string stateText(int64_t nowMs) const;          // the `state` object, as JSON text
  boost::json::object stateJson(int64_t nowMs) const;  // the same, parsed
  boost::json::object summaryJson() const;             // a game summary (lobby, REST)
  // `game_state`: summary, you, state, moves, chat (hidden spectator chat for players).
  boost::json::object gameStateMessage(Viewer viewer, int64_t nowMs) const;
  // `game_event` for the event just applied as seq `seq` at `timeMs` (call right after apply).
  // Its `event` object is the wire form of the event, which is not the log's.
  // As text, the way the room sends it to every watcher; eventMessage is the same, parsed.
  std::string eventText(const Event& event, int64_t seq, int64_t timeMs, Viewer viewer,
                        int64_t nowMs) const;
  boost::json::object eventMessage(const Event& event, int64_t seq, int64_t timeMs, Viewer viewer,
                                   int64_t nowMs) const;

  // The game as SGF: RU KM HA AB PB PW DT RE, TM/OT, and each move's time left (BL/WL, in
  // seconds: main time, or the current period in overtime; in overtime OB/OW, the byo-yomi
  // periods or Canadian stones left). DT is the start's UTC day; a running game has no RE.
  // BR/WR are the given ranks, left out when empty (guests, open seats).
  std::string toSgf(const SgfRanks& ranks = {}) const;

 private:
  struct State;
  explicit GameMachine(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace tengen::game
