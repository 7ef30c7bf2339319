// Standings from a real tournament's published results (tournaments-reference "Standings and
// tie-breaks"): the Tournoi de Juvisy 2019 (data/juvisy-2019.h9, see data/README.md), 19 players,
// 4 McMahon rounds with handicap games and absences. The games alone go in; the main scores
// (MMS), SOS, SOSOS and places must come out as the published table has them.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "published_file.h"
#include "tournament/egf_results.h"
#include "tournament/standings.h"

namespace tengen::tournament {
namespace {

using testing::Published;
using testing::PublishedLine;

// The file's settings, as OpenGotha made it: McMahon (nobody above 3d or below 18k played,
// so no bar or floor changes a starting score); an absence is worth 1/2, the unplayed points
// summed and rounded down; the missing opponent counts its player's own starting score; a
// handicap game's opponent score is corrected by the stones.
Published juvisy() {
  Published pub = testing::readPublished(testing::dataFile("juvisy-2019.h9"), 4);
  TournamentSettings& s = pub.tournament.settings;
  s.system = PairingSystem::McMahon;
  s.rounds = 4;
  s.bar = Rank::dan(9);
  s.floor = Rank::kyu(30);
  s.bye = ByePolicy{kWinPoints, kJigoPoints, true};
  s.tieBreaks = TieBreakPolicy{{TieBreak::MainScore, TieBreak::Sos, TieBreak::Sosos},
                               UnplayedOpponent::OwnStartingScore,
                               true};
  return pub;
}

TEST(PublishedResults, JuvisyTwentyNineteenMatchesTheTable) {
  const Published pub = juvisy();
  ASSERT_EQ(pub.tournament.players.size(), 19u);
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

TEST(PublishedResults, JuvisyExportedAgainGivesThePublishedEntries) {
  // Our EGF file of the same games: line by line the same players and the same entries
  // (OpenGotha writes an even game's handicap as 0, we leave it out).
  const Published pub = juvisy();
  std::istringstream ours(egfResults(pub.tournament, "Tournoi de Juvisy"));
  std::string line;
  std::size_t player = 0;
  while (std::getline(ours, line)) {
    if (line.starts_with(";")) continue;
    ASSERT_LT(player, pub.lines.size());
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    ASSERT_EQ(w.size(), 6u + 4u) << line;
    EXPECT_EQ(w[1] + " " + w[2], pub.tournament.players[player].name);
    for (int r = 0; r < 4; ++r) {
      std::string want = pub.lines[player].entries[r];
      if (want.size() > 2 && want.ends_with("0") && !std::isdigit(want[want.size() - 2]))
        want.pop_back();
      EXPECT_EQ(w[6 + r], want) << "line " << player + 1 << " round " << r + 1;
    }
    ++player;
  }
  EXPECT_EQ(player, pub.lines.size());
}

}  // namespace
}  // namespace tengen::tournament
