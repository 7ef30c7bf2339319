// Tie-breaks computed by hand for a small Swiss tournament (tournaments-reference "Standings
// and tie-breaks"; the rules where it leaves a choice are in standings.h): five players, two
// rounds, a jigo and two byes.
//
//   round 1: A (b) beats B (w); C (b) and D (w) jigo; E has the bye
//   round 2: C (b) beats A (w); B (w) beats E (b); D has the bye
//
// Scores (a bye is worth a win): A 1, B 1, C 1.5, D 1.5, E 1.
// SOS (a bye's virtual opponent scores the player's starting score, 0 in Swiss):
//   A = B + C = 2.5   B = A + E = 2   C = D + A = 2.5   D = C + 0 = 1.5   E = 0 + B = 1
// SOSOS (the virtual opponent's SOS is its score times the rounds, 0 here):
//   A = 2 + 2.5 = 4.5   B = 2.5 + 1 = 3.5   C = 1.5 + 2.5 = 4   D = 2.5   E = 2
// SODOS (opponents beaten; a jigo and a bye add nothing): A = B = 1, B = E = 1, C = A = 1,
//   D = 0, E = 0.
#include <gtest/gtest.h>

#include "tournament/standings.h"

namespace tengen::tournament {
namespace {

enum : PlayerId { A, B, C, D, E };

Tournament smallSwiss() {
  Tournament t;
  t.settings.system = PairingSystem::Swiss;
  t.settings.rounds = 2;
  t.players = {{"Aoki A", Rank::dan(2), "", ""},
               {"Baker B", Rank::dan(1), "", ""},
               {"Chen C", Rank::kyu(1), "", ""},
               {"Dias D", Rank::kyu(2), "", ""},
               {"Egli E", Rank::kyu(3), "", ""}};
  t.rounds.resize(2);
  t.rounds[0].games = {{1, A, B, 0, 6.5, GameResult{Outcome::BlackWins}},
                       {2, C, D, 0, 6.5, GameResult{Outcome::Jigo}}};
  t.rounds[0].byes = {E};
  t.rounds[1].games = {{1, C, A, 0, 6.5, GameResult{Outcome::BlackWins}},
                       {2, E, B, 0, 6.5, GameResult{Outcome::WhiteWins}}};
  t.rounds[1].byes = {D};
  return t;
}

struct Expected {
  PlayerId player;
  int place;
  int mainHalves, sosHalves, sososHalves, sodosHalves;
};

void expectRows(const std::vector<StandingRow>& rows, const std::vector<Expected>& want) {
  ASSERT_EQ(rows.size(), want.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    SCOPED_TRACE("row " + std::to_string(i + 1));
    EXPECT_EQ(rows[i].player, want[i].player);
    EXPECT_EQ(rows[i].place, want[i].place);
    EXPECT_EQ(rows[i].mainScore.value, want[i].mainHalves);
    EXPECT_EQ(rows[i].sos.value, want[i].sosHalves);
    EXPECT_EQ(rows[i].sosos.value, want[i].sososHalves);
    EXPECT_EQ(rows[i].sodos.value, want[i].sodosHalves);
  }
}

TEST(TieBreaks, HandComputedSwissWithJigoAndByes) {
  expectRows(computeStandings(smallSwiss()), {{C, 1, 3, 5, 8, 2},
                                              {D, 2, 3, 3, 5, 0},
                                              {A, 3, 2, 5, 9, 2},
                                              {B, 4, 2, 4, 7, 2},
                                              {E, 5, 2, 2, 4, 0}});
}

TEST(TieBreaks, PlayersEqualOnEveryCriterionShareAPlace) {
  Tournament t = smallSwiss();
  t.settings.tieBreaks.order = {TieBreak::MainScore};
  const auto rows = computeStandings(t);
  std::vector<int> places;
  for (const auto& r : rows) places.push_back(r.place);
  EXPECT_EQ(places, (std::vector<int>{1, 1, 3, 3, 3}));
}

TEST(TieBreaks, SodosBeforeSosReordersTheTie) {
  Tournament t = smallSwiss();
  t.settings.tieBreaks.order = {TieBreak::MainScore, TieBreak::Sodos, TieBreak::Sos};
  const auto rows = computeStandings(t);
  // Among A, B, E (1 point): SODOS 1, 1, 0, then SOS 2.5 against 2.
  EXPECT_EQ(rows[2].player, A);
  EXPECT_EQ(rows[3].player, B);
  EXPECT_EQ(rows[4].player, E);
}

TEST(TieBreaks, EachRoundsEntryIsKept) {
  const auto rows = computeStandings(smallSwiss());
  const StandingRow& e = rows[4];
  ASSERT_EQ(e.player, E);
  EXPECT_EQ(e.rounds[0].kind, EntryKind::Bye);
  EXPECT_EQ(e.rounds[1].kind, EntryKind::Game);
  EXPECT_EQ(e.rounds[1].opponent, B);
  EXPECT_TRUE(e.rounds[1].black);
  EXPECT_EQ(e.rounds[1].result, PlayerResult::Loss);
}

TEST(TieBreaks, McMahonStartsFromTheRankBetweenFloorAndBar) {
  TournamentSettings s;
  s.system = PairingSystem::McMahon;
  s.bar = Rank::dan(2);
  s.floor = Rank::kyu(20);
  EXPECT_EQ(startingScore(s, Rank::dan(5)), HalfPoints::points(31));  // at the bar: 2d = 31
  EXPECT_EQ(startingScore(s, Rank::kyu(1)), HalfPoints::points(29));
  EXPECT_EQ(startingScore(s, Rank::kyu(25)), HalfPoints::points(10));  // lifted to 20k
  s.system = PairingSystem::Swiss;
  EXPECT_EQ(startingScore(s, Rank::dan(5)), HalfPoints{});
}

TEST(TieBreaks, UnplayedPointsRoundDownOnlyWhenAsked) {
  TournamentSettings s;
  s.system = PairingSystem::Swiss;
  const std::vector<RoundEntry> oneAbsence{RoundEntry{}};  // Absent, worth 1/2
  EXPECT_EQ(mainScore(s, Rank::kyu(5), oneAbsence), HalfPoints{});
  s.bye.roundDownUnplayedPoints = false;
  EXPECT_EQ(mainScore(s, Rank::kyu(5), oneAbsence), kJigoPoints);
}

}  // namespace
}  // namespace tengen::tournament
