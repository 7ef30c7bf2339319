// The EGF results file (egf_results.h; tournaments-reference "Results file"): one line per
// player in final order with entries naming opponents by line, colour, handicap; byes and
// absences as 0+ / 0= / 0-; games not played marked '!'; tied players after the first with a
// blank place.
#include "tournament/egf_results.h"

#include <gtest/gtest.h>

namespace tengen::tournament {
namespace {

TEST(EgfResults, LinesInPlaceOrderWithEntriesByLine) {
  Tournament t;
  t.settings.system = PairingSystem::McMahon;
  t.settings.rounds = 2;
  t.settings.bar = Rank::dan(2);
  t.players = {{"Ivanov Ivan", Rank::dan(2), "Msk", "RU"},
               {"Nurlan Abay", Rank::kyu(3), "", "KZ"},
               {"Petrova Anna Maria", Rank::kyu(1), "SPb", "RU"}};
  t.rounds.resize(2);
  // Round 1: Abay (3k) takes Black in a "no komi" game (handicap 1) and loses to Anna; Ivan
  // has the bye.
  t.rounds[0].games = {{1, 1, 2, 1, 0.5, GameResult{Outcome::WhiteWins}}};
  t.rounds[0].byes = {0};
  // Round 2: Ivan wins by forfeit against Anna; Abay absent.
  t.rounds[1].games = {{1, 2, 0, 0, 6.5, GameResult{Outcome::WhiteWins, ResultSource::Forfeit}}};
  t.rounds[1].absent = {1};
  // Scores: Ivan 31 + bye 1 + win 1 = 33; Anna 29 + 1 = 30; Abay 27 + absence 1/2 rounded
  // down = 27.
  EXPECT_EQ(egfResults(t, "Club cup [spring]"),
            "; EV[Club cup [spring]\n"
            "; Pl Name                            Rk Co Club\n"
            "   1 Ivanov Ivan                       2d RU  Msk        0+      2+!w\n"
            "   2 Petrova Anna_Maria                1k RU  SPb     3+/w1      1-!b\n"
            "   3 Nurlan Abay                       3k KZ xxxx     2-/b1        0=\n");
}

TEST(EgfResults, TiedPlayersAfterTheFirstHaveABlankPlace) {
  Tournament t;
  t.settings.system = PairingSystem::Swiss;
  t.settings.rounds = 1;
  t.settings.tieBreaks.order = {TieBreak::MainScore};
  t.players = {{"A A", Rank::kyu(5), "C", "FR"},
               {"B B", Rank::kyu(5), "C", "FR"},
               {"C C", Rank::kyu(6), "C", "FR"},
               {"D D", Rank::kyu(6), "C", "FR"}};
  t.rounds.resize(1);
  t.rounds[0].games = {{1, 0, 1, 0, 6.5, GameResult{Outcome::Jigo}},
                       {2, 2, 3, 0, 6.5, GameResult{Outcome::Jigo}}};
  EXPECT_EQ(egfResults(t, "T"),
            "; EV[T]\n"
            "; Pl Name                            Rk Co Club\n"
            "   1 A A                               5k FR    C      2=/b\n"
            "     B B                               5k FR    C      1=/w\n"
            "     C C                               6k FR    C      4=/b\n"
            "     D D                               6k FR    C      3=/w\n");
}

TEST(EgfResults, ALongNameWidensItsLineAndKeepsEveryField) {
  Tournament t;
  t.settings.system = PairingSystem::Swiss;
  t.settings.rounds = 1;
  const std::string longSurname(150, 'W');
  t.players = {{longSurname + " Given Middle", Rank::kyu(5), "Club;x", "FR"},
               {"B B", Rank::kyu(6), "", ""}};
  t.rounds.resize(1);
  t.rounds[0].games = {{1, 1, 0, 0, 6.5, GameResult{Outcome::WhiteWins}}};
  EXPECT_EQ(egfResults(t, "T\nx"),
            "; EV[Tx]\n"
            "; Pl Name                            Rk Co Club\n"
            "   1 " +
                longSurname +
                " Given_Middle  5k FR Clubx      2+/w\n"
                "   2 B B                               6k xx xxxx      1-/b\n");
}

}  // namespace
}  // namespace tengen::tournament
