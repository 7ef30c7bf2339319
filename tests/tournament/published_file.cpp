#include "published_file.h"

#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>

namespace tengen::tournament::testing {

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

std::string dataFile(const std::string& name) {
  return TENGEN_SOURCE_DIR "/tests/tournament/data/" + name;
}

}  // namespace tengen::tournament::testing
