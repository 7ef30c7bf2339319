// The dead-stone proposal on 19x19 games of the strength matches (tools/strength, tengen
// against GNU Go 3.8 level 10, Chinese rules, komi 7) that ended by two passes with a fight
// between an enclosing group and stones inside it still open. tengen's proposal used to
// settle each of them the wrong way (an enclosed group with one eye alive, or an
// enclosing group that captures to live dead), so the bot passed believing it had won.
// tests/data/enclosed_fights/manifest.tsv keeps, per game, GNU Go's final_status_list dead
// and final_score on the final position and the result after both engines played the
// dispute out (kgs-genmove_cleanup until two more passes, docs/strength.md "Disputed counts
// played out"); the SGF files are as the match wrote them (RE is the match's result), but
// those from matches that played the dispute out stop at their first two passes:
// bank-seed41-game007.sgf (a White corner whose shared liberties a Black throw-in turns
// into a bulky five), playouts13600-seed42-game005.sgf (a White corner whose eye space is a
// bent three with Black on its vital point and a liberty outside: the killing two-stone
// self-atari decides it, and the Black stone inside a dead White group elsewhere lives),
// playouts13600-seed42-game007.sgf (a White corner that captures two stones for one eye,
// and those two stones) and treeshare25-seed40-game007.sgf.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "bot/ownership_estimate.h"
#include "go/game.h"
#include "go/rules.h"
#include "go/scoring.h"
#include "support/files.h"

namespace tengen::bot::enclosed_fights_test {
using namespace tengen::go;
namespace {

namespace fs = std::filesystem;
using tengen::test::readFile;

const fs::path kDir = fs::path(TENGEN_SOURCE_DIR) / "tests" / "data" / "enclosed_fights";

struct Entry {
  std::string file;
  std::vector<std::string> dead;  // GNU Go's, sorted
  std::string gnuGoScore;
  std::string playedOut;  // "0", "B+6", ...
};

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, separator);) out.push_back(part);
  return out;
}

std::vector<Entry> manifest() {
  std::stringstream in(readFile(kDir / "manifest.tsv"));
  std::vector<Entry> entries;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    const std::vector<std::string> f = split(line, '\t');
    if (f.size() != 4) throw std::runtime_error("manifest.tsv: 4 fields expected: " + line);
    Entry e{f[0], split(f[1], ','), f[2], f[3]};
    std::sort(e.dead.begin(), e.dead.end());
    entries.push_back(e);
  }
  return entries;
}

// The match's moves (`;B[cd]`, `;W[]` for a pass) under its rules.
Game replay(const Entry& e) {
  const std::string sgf = readFile(kDir / e.file);
  Rules rules = Rules::parse("chinese").value();
  rules.komi = 7;
  Game game(19, rules);
  const Geometry& g = game.geometry();
  for (std::size_t i = sgf.find(';', 1); i != std::string::npos; i = sgf.find(';', i + 1)) {
    if (i + 2 >= sgf.size() || sgf[i + 2] != '[') continue;
    const Color c = sgf[i + 1] == 'B' ? Color::Black : Color::White;
    const bool pass = sgf[i + 3] == ']';
    const Point p = pass ? kPass : g.point(sgf[i + 3] - 'a', 19 - 1 - (sgf[i + 4] - 'a'));
    EXPECT_EQ(game.play(c, p), MoveVerdict::Legal) << e.file << " move at offset " << i;
  }
  return game;
}

// "B", "W" or "0" (a draw) from a result such as "B+6" or "0".
char winner(const std::string& result) { return result == "0" ? '0' : result.front(); }

TEST(EnclosedFights, ManifestListsTheNineDisputedGames) { EXPECT_EQ(manifest().size(), 9u); }

TEST(EnclosedFights, ProposalAgreesWithGnuGoAndThePlayedOutResult) {
  for (const Entry& e : manifest()) {
    const Game game = replay(e);
    ASSERT_TRUE(game.isOver()) << e.file << ": the game ended by passes";
    const PointSet dead = bot::finalDeadStones(game);
    std::vector<std::string> ours;
    dead.forEach([&](Point p) { ours.push_back(game.geometry().toGtp(p)); });
    std::sort(ours.begin(), ours.end());
    EXPECT_EQ(ours, e.dead) << e.file;
    // The winner, not the margin: GNU Go counts some points the dead corner leaves behind
    // as dame (as in docs/strength.md, "Counting apart from dead stones"), and the play-out
    // changed the board.
    const ScoreBreakdown score = scoreGame(game, dead);
    const char ourWinner = score.margin > 0 ? 'B' : score.margin < 0 ? 'W' : '0';
    EXPECT_EQ(ourWinner, winner(e.playedOut))
        << e.file << " tengen " << score.margin << ", GNU Go " << e.gnuGoScore;
  }
}

}  // namespace
}  // namespace tengen::bot::enclosed_fights_test
