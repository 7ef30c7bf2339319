#pragma once

// What a director announces about the way a tournament is paired and scored
// (tournaments-reference "The systems", "Byes and absences", "Standings and tie-breaks").

#include <cstdint>
#include <vector>

#include "tournament/rank.h"
#include "tournament/score.h"

namespace tengen::tournament {

enum class PairingSystem { McMahon, Swiss, RoundRobin, SingleElimination };

// Within an equal-score group ordered strongest first: 1 plays n, 2 plays n-1 (Fold); 1 plays
// n/2+1 (Slip); or any order (Random, the seed decides).
enum class GroupOrder { Fold, Slip, Random };

// McMahon only: handicap = MMS difference minus `reduction`, capped at `maxStones`. A result of
// exactly 1 is a "no komi" game (Black first, komi 0.5) when `noKomiAtThreshold`, otherwise
// even. No handicap between two players whose ranks are both at or above the bar when
// `noneAboveBar`. `enabled` false: every game even.
struct HandicapPolicy {
  bool enabled = false;
  int reduction = 1;
  bool noKomiAtThreshold = true;
  int maxStones = 9;
  bool noneAboveBar = true;
  double handicapKomi = 0.5;  // komi of "no komi" and handicap games
};

// What a bye and a round without a game (absence) add to the main score.
struct ByePolicy {
  HalfPoints byePoints = kWinPoints;
  HalfPoints absencePoints = kJigoPoints;
  // OpenGotha's rule, which our published check reproduces: the points of all byes and
  // absences together are rounded down to a whole number before they enter the score.
  bool roundDownUnplayedPoints = true;
};

// The score that stands in for the missing opponent of a round without a game, in SOS: the
// player's own starting score (OpenGotha, the default), or the player's own final score.
enum class UnplayedOpponent { OwnStartingScore, OwnFinalScore };

enum class TieBreak { MainScore, Sos, Sosos, Sodos };

struct TieBreakPolicy {
  std::vector<TieBreak> order{TieBreak::MainScore, TieBreak::Sos, TieBreak::Sosos};
  UnplayedOpponent unplayed = UnplayedOpponent::OwnStartingScore;
  // In a handicap game the opponent's score enters SOS corrected by the stones: plus the
  // stones one gave, minus the stones one received (OpenGotha; fair to the player who gave).
  bool correctSosForHandicap = true;
};

struct TournamentSettings {
  PairingSystem system = PairingSystem::McMahon;
  int rounds = 5;
  double komi = 6.5;
  // McMahon: starting score = rank value (30k = 0, 1d = 30) clamped to [floor, bar].
  Rank bar = Rank::dan(9);
  Rank floor = Rank::kyu(30);
  HandicapPolicy handicap;
  ByePolicy bye;
  TieBreakPolicy tieBreaks;
  GroupOrder groupOrder = GroupOrder::Fold;
  // Keep players of one club apart (a criterion below colour balance; docs/tournaments.md).
  bool avoidSameClub = false;
  // The pairing is a function of the tournament and this seed (a test pins it).
  std::uint64_t seed = 1;
};

}  // namespace tengen::tournament
