// Standings from a real tournament's published results (tournaments-reference "Standings and
// tie-breaks"): the Tournoi de Juvisy 2019 (data/juvisy-2019.h9, see data/README.md), 19 players,
// 4 McMahon rounds with handicap games and absences. The games alone go in; the main scores
// (MMS), SOS, SOSOS and places must come out as the published table has them.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "tournament/standings.h"

namespace tengen::tournament {
namespace {

struct PublishedLine {
  int place = 0;  // 0: blank (tied with the line above)
  int mms = 0, sos = 0, sosos = 0;
  std::vector<std::string> entries;
};

struct Published {
  Tournament tournament;
  std::vector<PublishedLine> lines;  // by PlayerId = line number - 1
};

// Reads the OpenGotha flavour of the EGF file: place, two name words, rank, country, club,
// the three score columns, one more number, then one entry per round.
Published readPublished(const std::string& path, int rounds) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  Published out;
  std::vector<std::vector<std::string>> entries;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == ';') continue;
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    std::size_t i = 0;
    PublishedLine pl;
    if (std::isdigit(static_cast<unsigned char>(line[3]))) pl.place = std::stoi(w[i++]);
    Player p;
    p.name = w[i] + " " + w[i + 1];
    i += 2;
    p.rank = *parseRank(w[i++]);
    p.country = w[i++];
    p.club = w[i++];
    pl.mms = std::stoi(w[i++]);
    pl.sos = std::stoi(w[i++]);
    pl.sosos = std::stoi(w[i++]);
    ++i;  // an unused criterion column, always 0
    for (int r = 0; r < rounds; ++r) pl.entries.push_back(w[i++]);
    out.tournament.players.push_back(p);
    out.lines.push_back(pl);
  }
  const std::regex game(R"((\d+)([+\-=])([/!])([bw])(\d*))");
  out.tournament.rounds.resize(rounds);
  for (int r = 0; r < rounds; ++r) {
    for (int p = 0; p < static_cast<int>(out.lines.size()); ++p) {
      const std::string& e = out.lines[p].entries[r];
      std::smatch m;
      if (!std::regex_match(e, m, game) || std::stoi(m[1]) == 0) {
        EXPECT_EQ(e, "0=") << "line " << p + 1;  // the only unplayed kind in this file
        out.tournament.rounds[r].absent.push_back(p);
        continue;
      }
      const int opponent = std::stoi(m[1]) - 1;
      if (opponent < p) continue;  // read from the other line already
      const bool black = m[4] == "b";
      const bool won = m[2] == "+";
      Pairing g;
      g.black = black ? p : opponent;
      g.white = black ? opponent : p;
      g.handicap = m[5].length() ? std::stoi(m[5]) : 0;
      g.result = GameResult{won == black ? Outcome::BlackWins : Outcome::WhiteWins,
                            m[3] == "/" ? ResultSource::Played : ResultSource::Forfeit};
      g.board = static_cast<int>(out.tournament.rounds[r].games.size()) + 1;
      out.tournament.rounds[r].games.push_back(g);
    }
  }
  return out;
}

TEST(PublishedResults, JuvisyTwentyNineteenMatchesTheTable) {
  Published pub = readPublished(TENGEN_SOURCE_DIR "/tests/tournament/data/juvisy-2019.h9", 4);
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
