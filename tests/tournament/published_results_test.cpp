// Standings from a real tournament's published results (tournaments-reference "Standings and
// tie-breaks"): the Tournoi de Juvisy 2019 (data/juvisy-2019.h9, see data/README.md), 19 players,
// 4 McMahon rounds with handicap games and absences. The games alone go in; the main scores
// (MMS), SOS, SOSOS and places must come out as the published table has them.
#include <gtest/gtest.h>

#include "published_file.h"
#include "tournament/standings.h"

namespace tengen::tournament {
namespace {

using testing::Published;
using testing::PublishedLine;

TEST(PublishedResults, JuvisyTwentyNineteenMatchesTheTable) {
  Published pub = testing::readPublished(testing::dataFile("juvisy-2019.h9"), 4);
  ASSERT_EQ(pub.tournament.players.size(), 19u);
  TournamentSettings& s = pub.tournament.settings;
  s.system = PairingSystem::McMahon;
  s.rounds = 4;
  // Nobody above 3d and nobody below 18k played: the bar and floor change no starting score.
  s.bar = Rank::dan(9);
  s.floor = Rank::kyu(30);
  // OpenGotha's defaults, as the file was made: an absence is worth 1/2, the unplayed points
  // summed and rounded down; the missing opponent counts its player's own starting score; a
  // handicap game's opponent score is corrected by the stones.
  s.bye = ByePolicy{kWinPoints, kJigoPoints, true};
  s.tieBreaks = TieBreakPolicy{{TieBreak::MainScore, TieBreak::Sos, TieBreak::Sosos},
                               UnplayedOpponent::OwnStartingScore,
                               true};

  const auto rows = computeStandings(pub.tournament);
  ASSERT_EQ(rows.size(), 19u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const StandingRow& row = rows[i];
    const PublishedLine& want = pub.lines[row.player];
    const std::string who = pub.tournament.players[row.player].name;
    EXPECT_EQ(row.mainScore, HalfPoints::points(want.mms)) << who;
    EXPECT_EQ(row.sos, HalfPoints::points(want.sos)) << who;
    EXPECT_EQ(row.sosos, HalfPoints::points(want.sosos)) << who;
    EXPECT_EQ(row.place, want.place) << who;
    // The file lists players in final order: our order is the same.
    EXPECT_EQ(row.player, static_cast<int>(i)) << who;
  }
}

}  // namespace
}  // namespace tengen::tournament
