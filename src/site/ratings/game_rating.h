#pragma once

#include <optional>
#include <string>
#include <vector>

#include "game/game_clock.h"
#include "game/game_machine.h"
#include "store/store.h"

// Whether a finished game is rated and what it changes (players-reference section 2, the
// recipe for tengen): Glicko-2 per board size (9, 13, 19) x speed (blitz, live,
// correspondence), per size, per speed and overall; handicap through the rank shift.
namespace tengen::site {

enum class Speed { Blitz, Live, Correspondence };
std::string_view speedName(Speed speed);

// A clock's time per move on a board (players-reference 1.2, OGS's tpm): main time over
// round(0.7 * size^2) / 2 moves for each player, plus the increment or the period's share;
// 0 without a clock.
double secondsPerMove(const game::TimeControl& clock, int boardSize);

// The speed of a clock on a board: its time per move, with round(0.7 * size^2) / 2 moves for
// each player; 0 (no clock) or more than an hour is correspondence, under 10 s blitz.
Speed speedOf(const game::TimeControl& clock, int boardSize);
// A game with a clock at correspondence speed: the games vacations pause and conditional moves
// answer in. An untimed game is not one (no clock runs, so nothing waits on a player).
bool isTimedCorrespondence(const game::GameSettings& settings);

// "overall", "<speed>", "<N>x<N>", "<N>x<N>-<speed>" for rated sizes; the first two only for
// other sizes, which are not rated.
std::vector<std::string> ratingCategories(int boardSize, Speed speed);

// Who the seats hold, as far as rating cares.
struct SeatAccounts {
  bool blackGuest = false;
  bool whiteGuest = false;
};

// The ratings a game that just finished changes, or nullopt when it is unrated: the table
// did not ask for a rated game, a seat held a guest, the board is not 9x9, 13x13 or 19x19,
// the game had no clock, it ended without a result (Void, e.g. annulled), or it ended on time
// or by forfeit (+F: a claim after the opponent left) before both players had moved twice. The
// store applies it in the transaction that ends the game.
std::optional<store::RatedGame> ratedGameOf(const game::GameMachine& machine,
                                            const SeatAccounts& seats);

}  // namespace tengen::site
