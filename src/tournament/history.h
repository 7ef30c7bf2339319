#pragma once

// Each player's rounds as the standings and the pairing read them: whom they met, with which
// colour and handicap, and what came of it; or a bye, or no game at all.

#include <optional>
#include <span>
#include <vector>

#include "tournament/player.h"
#include "tournament/round.h"
#include "tournament/score.h"
#include "tournament/settings.h"

namespace tengen::tournament {

enum class EntryKind { Game, Bye, Absent };
enum class PlayerResult { Win, Loss, Jigo, Pending };

struct RoundEntry {
  EntryKind kind = EntryKind::Absent;
  PlayerId opponent = -1;  // Game only
  bool black = false;
  int handicap = 0;
  PlayerResult result = PlayerResult::Pending;
  ResultSource source = ResultSource::Played;
};

// What `result` means to the player on `black` or white.
PlayerResult resultFor(const std::optional<GameResult>& result, bool black);

// entries[player][round] for every player of a tournament with `playerCount` players. A player
// who is in no game, not the bye and not listed absent (registered later, say) is Absent.
std::vector<std::vector<RoundEntry>> roundEntries(int playerCount, std::span<const Round> rounds);

// McMahon: the rank clamped to [floor, bar], in points (30k = 0, 1d = 30). Swiss, round robin
// and knockout: 0.
HalfPoints startingScore(const TournamentSettings& settings, Rank rank);

// The main score after `entries`: starting score, 1 per win, 1/2 per jigo, and the bye and
// absence points of ByePolicy.
HalfPoints mainScore(const TournamentSettings& settings, Rank rank,
                     std::span<const RoundEntry> entries);

}  // namespace tengen::tournament
